import {
  Checkbox,
  Modal,
  MultiSelect,
  NumberInput,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
} from '@mantine/core';
import { countries } from '@switchboard/shared/countries';
import {
  RISKY_NUMBER_KINDS,
  RISKY_NUMBER_KIND_LABELS,
  updateCallingRulesSchema,
  type CallingRules,
  type RiskyNumberKind,
} from '@switchboard/shared/dialing';
import { useState } from 'react';
import { FormAlert } from '../../../components/form-alert';
import { QueryError } from '../../../components/query-error';
import { countryFilter } from '../../../lib/country-filter';
import { useIsPhone } from '../../../lib/use-is-phone';
import { useCallingRules, useSaveCallingRules } from '../api/calling-rules';
import { FormActions } from '../../../components/form-actions';

const COUNTRY_OPTIONS = countries.map((country) => ({ value: country.code, label: country.name }));
const nameOf = (code: string | null) =>
  countries.find((country) => country.code === code)?.name ?? code ?? 'unknown';

type CallingRulesModalProps = {
  business: { id: string; name: string } | null;
  onClose: () => void;
};

/**
 * The operator's calling rules for one business (decision 053): which countries and kinds of
 * number the platform may dial for it, and its daily caps, with today's usage beside them.
 */
export function CallingRulesModal({ business, onClose }: CallingRulesModalProps) {
  const rules = useCallingRules(business?.id ?? null);
  const isPhone = useIsPhone();
  return (
    <Modal
      opened={business !== null}
      onClose={onClose}
      title={business ? `Calling rules of ${business.name}` : ''}
      size="lg"
      fullScreen={isPhone}
      closeOnClickOutside={false}
    >
      {rules.isError ? (
        <QueryError
          title="Could not load the calling rules"
          error={rules.error}
          onRetry={() => void rules.refetch()}
        />
      ) : !rules.data || !business ? (
        <Skeleton h={320} />
      ) : (
        <RulesForm key={rules.data.businessId} rules={rules.data} onClose={onClose} />
      )}
    </Modal>
  );
}

/** The daily limits: a number each, with what was used of it today. */
const DAILY_CAPS = [
  {
    key: 'dailyCallCap',
    label: 'Outbound calls a day',
    today: (today: CallingRules['today']) =>
      `${today.calls.toLocaleString('en-US')} handed to the platform`,
  },
  {
    key: 'dailyMinuteCap',
    label: 'Call minutes a day',
    today: (today: CallingRules['today']) =>
      `${today.minutes.toLocaleString('en-US')} minutes of outbound calls`,
  },
] as const;
type DailyCap = (typeof DAILY_CAPS)[number]['key'];

/** A number box's value: an emptied box is no number, and the schema says so under it. */
function asNumber(value: number | string): number {
  return typeof value === 'number' ? value : Number.NaN;
}

function RulesForm({ rules, onClose }: { rules: CallingRules; onClose: () => void }) {
  const save = useSaveCallingRules(rules.businessId);
  const [homeOnly, setHomeOnly] = useState(rules.countriesAreDefault);
  const [countryCodes, setCountryCodes] = useState<string[]>(rules.allowedCountries);
  const [kinds, setKinds] = useState<string[]>(rules.allowedNumberKinds);
  const [caps, setCaps] = useState<Record<DailyCap, number | string>>({
    dailyCallCap: rules.dailyCallCap,
    dailyMinuteCap: rules.dailyMinuteCap,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = () => {
    const input = {
      allowedCountries: homeOnly ? null : countryCodes,
      allowedNumberKinds: kinds as RiskyNumberKind[],
      dailyCallCap: asNumber(caps.dailyCallCap),
      dailyMinuteCap: asNumber(caps.dailyMinuteCap),
    };
    const checked = updateCallingRulesSchema.safeParse(input);
    if (!checked.success) {
      setErrors(
        Object.fromEntries(
          checked.error.issues.map((issue) => [String(issue.path[0]), issue.message]),
        ),
      );
      return;
    }
    setErrors({});
    save.mutate(input, { onSuccess: onClose });
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Every call the platform places for this business is paid from your platform account.
          Numbers outside these rules are never dialled: a campaign leaves them out and says why,
          and transfer or fallback numbers are refused when saved.
        </Text>

        <Stack gap="xs">
          <Text size="sm" fw={500}>
            Countries it may call
          </Text>
          <Checkbox
            label={`Only its own country (${nameOf(rules.homeCountry)})`}
            checked={homeOnly}
            onChange={(event) => setHomeOnly(event.currentTarget.checked)}
          />
          {!homeOnly && (
            <MultiSelect
              label="Countries"
              description="Numbers in other countries are not dialled"
              data={COUNTRY_OPTIONS}
              value={countryCodes}
              onChange={setCountryCodes}
              searchable
              filter={countryFilter}
              nothingFoundMessage="No country matches"
              error={errors.allowedCountries}
            />
          )}
        </Stack>

        <Checkbox.Group
          label="Special numbers it may call"
          description="Refused unless ticked: a call to one of these costs far more than an ordinary call"
          value={kinds}
          onChange={setKinds}
          error={errors.allowedNumberKinds}
        >
          <Stack gap={6} mt="xs">
            {RISKY_NUMBER_KINDS.map((kind) => (
              <Checkbox key={kind} value={kind} label={RISKY_NUMBER_KIND_LABELS[kind]} />
            ))}
          </Stack>
        </Checkbox.Group>

        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {DAILY_CAPS.map((cap) => (
            <NumberInput
              key={cap.key}
              label={cap.label}
              description={`Today: ${cap.today(rules.today)}`}
              min={0}
              allowDecimal={false}
              thousandSeparator=","
              value={caps[cap.key]}
              onChange={(value) => setCaps((current) => ({ ...current, [cap.key]: value }))}
              error={errors[cap.key]}
            />
          ))}
        </SimpleGrid>
        <Text size="xs" c="dimmed">
          A day is the business’s own calendar day. When a limit is reached, its campaigns wait and
          go on when there is room again; calls under way finish.
        </Text>

        {save.error && <FormAlert title="Could not save the calling rules" error={save.error} />}
        <FormActions onCancel={onClose} pending={save.isPending} submitLabel="Save rules" />
      </Stack>
    </form>
  );
}
