import {
  Alert,
  Chip,
  Group,
  SegmentedControl,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import {
  CAMPAIGN_DEFAULT_CONCURRENCY,
  CAMPAIGN_MAX_CONCURRENCY,
  CAMPAIGN_MAX_CONTACTS,
  CAMPAIGN_MAX_ATTEMPTS,
  CAMPAIGN_MAX_RETRY_GAP_MINUTES,
  CAMPAIGN_RETRY_LABELS,
  CAMPAIGN_RETRY_OUTCOMES,
  type CampaignRetryOutcome,
  WEEKDAYS,
  WEEKDAY_SHORT,
  WORKING_WEEKDAYS,
  createCampaignSchema,
  type Campaign,
  type CreateCampaignInput,
} from '@switchboard/shared/campaigns';
import { useId } from 'react';
import { Controller, useController, useWatch, type Control } from 'react-hook-form';
import { useCreateForm } from '../../../lib/use-create-form';
import { ConsoleFormModal, ConsoleForm } from '../../../components/console-form-modal';
import { FormNumberInput, FormSelect } from '../../../components/console-fields';
import { AgentOrSquadSelect, parseAgentOrSquad } from '../../../components/agent-or-squad-select';
import { useCampaignOptions, useCreateCampaign } from '../api/campaigns';
import { bindField } from '../../../lib/bind-field';

type AudienceKind = 'all' | 'search' | 'import';
type FormValues = {
  name: string;
  /** `agent:<id>` or `squad:<id>`. */
  target: string;
  phoneNumberId: string;
  audience: AudienceKind;
  search: string;
  importId: string;
  startLater: boolean;
  /** datetime-local, in the browser's time. */
  startAt: string;
  callingHoursStart: string;
  callingHoursEnd: string;
  /** Weekdays as strings ("0" Sunday … "6" Saturday), the chips' values. */
  callingDays: string[];
  maxConcurrency: number;
  /** Outcomes called again: the chips' values. */
  retryOn: string[];
  retryAttempts: number;
  retryGapMinutes: number;
};

const EMPTY: FormValues = {
  name: '',
  target: '',
  phoneNumberId: '',
  audience: 'all',
  search: '',
  importId: '',
  startLater: false,
  startAt: '',
  callingHoursStart: '09:00',
  callingHoursEnd: '17:00',
  // Working days by default: a business that wants weekends ticks them.
  callingDays: WORKING_WEEKDAYS.map(String),
  maxConcurrency: CAMPAIGN_DEFAULT_CONCURRENCY,
  retryOn: [],
  retryAttempts: 2,
  retryGapMinutes: 60,
};

const FIELDS = [
  'name',
  'phoneNumberId',
  'callingHoursStart',
  'callingHoursEnd',
  'callingDays',
  'startAt',
  'maxConcurrency',
  'retryOn',
  'retryAttempts',
  'retryGapMinutes',
] as const;

function toInput(values: FormValues): CreateCampaignInput {
  const audience =
    values.audience === 'search'
      ? { kind: 'search' as const, search: values.search }
      : values.audience === 'import'
        ? { kind: 'import' as const, importId: values.importId }
        : { kind: 'all' as const };
  const startAt =
    values.startLater && values.startAt && !Number.isNaN(Date.parse(values.startAt))
      ? new Date(values.startAt).toISOString()
      : values.startLater
        ? values.startAt
        : undefined;
  return {
    name: values.name,
    ...parseAgentOrSquad(values.target),
    phoneNumberId: values.phoneNumberId,
    audience,
    ...(startAt !== undefined ? { startAt } : {}),
    callingHoursStart: values.callingHoursStart,
    callingHoursEnd: values.callingHoursEnd,
    callingDays: values.callingDays.map(Number).sort((a, b) => a - b),
    maxConcurrency: values.maxConcurrency,
    // No outcome chosen: one call a number (no retries).
    retry:
      values.retryOn.length === 0
        ? { on: [], attempts: 1, gapMinutes: values.retryGapMinutes }
        : {
            on: values.retryOn as CampaignRetryOutcome[],
            attempts: values.retryAttempts,
            gapMinutes: values.retryGapMinutes,
          },
  };
}

/** How often a number is called again, and how long after: shown once an outcome is chosen. */
const RETRY_LIMITS = [
  {
    name: 'retryAttempts',
    label: 'Calls to a number at most',
    description: 'The first call included',
    min: 2,
    max: CAMPAIGN_MAX_ATTEMPTS,
  },
  {
    name: 'retryGapMinutes',
    label: 'Minutes between calls',
    description: '0: as soon as the line is free',
    min: 0,
    max: CAMPAIGN_MAX_RETRY_GAP_MINUTES,
  },
] as const;

/** Where a schema issue shows in the form. */
function fieldOf(path: readonly PropertyKey[]): keyof FormValues | undefined {
  const [first, second] = path;
  if (first === 'agentId' || first === 'squadId') return 'target';
  if (first === 'audience') return second === 'importId' ? 'importId' : 'search';
  if (first === 'retry') {
    if (second === 'on') return 'retryOn';
    if (second === 'attempts') return 'retryAttempts';
    if (second === 'gapMinutes') return 'retryGapMinutes';
  }
  if (typeof first === 'string' && first in EMPTY) return first as keyof FormValues;
  return undefined;
}

type ChipsFieldProps = {
  control: Control<FormValues>;
  name: 'callingDays' | 'retryOn';
  label: string;
  chips: { value: string; label: string }[];
};

/** Several of a few choices as chips, under a label, with the field's message below. */
function ChipsField({ control, name, label, chips }: ChipsFieldProps) {
  const labelId = useId();
  const { field, fieldState } = useController({ control, name });
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500} id={labelId}>
        {label}
      </Text>
      <Group gap={6} role="group" aria-labelledby={labelId}>
        <Chip.Group multiple value={field.value} onChange={field.onChange}>
          {chips.map((chip) => (
            <Chip key={chip.value} value={chip.value} size="sm">
              {chip.label}
            </Chip>
          ))}
        </Chip.Group>
      </Group>
      {fieldState.error?.message && (
        <Text size="xs" c="red">
          {fieldState.error.message}
        </Text>
      )}
    </Stack>
  );
}

type Props = { opened: boolean; onClose: () => void; onCreated: (campaign: Campaign) => void };

/**
 * A new campaign: who calls, from which number, whom, and when. It is saved as a draft; its page
 * then shows the review (who is called, who is left out, when, how long, the cost) and Start.
 */
export function CreateCampaignModal({ opened, onClose, onCreated }: Props) {
  const options = useCampaignOptions(opened);
  const create = useCreateCampaign();
  const { form, close, submit } = useCreateForm({
    create,
    empty: EMPTY,
    schema: createCampaignSchema,
    toInput,
    fieldOf,
    fields: FIELDS,
    onClose,
    onSaved: onCreated,
  });
  const audience = useWatch({ control: form.control, name: 'audience' });
  const startLater = useWatch({ control: form.control, name: 'startLater' });
  const retryOn = useWatch({ control: form.control, name: 'retryOn' });
  const { errors } = form.formState;
  const fieldProps = bindField(form.register, errors);

  const data = options.data;

  return (
    <ConsoleFormModal opened={opened} onClose={close} title="New campaign" formKey="new">
      {options.isError ? (
        <Alert color="red" title="Could not load your agents and numbers">
          {options.error.message}
        </Alert>
      ) : (
        <ConsoleForm
          onSubmit={submit}
          mutation={create}
          errorTitle="Could not create the campaign"
          onCancel={close}
          submitLabel="Review campaign"
        >
          <TextInput label="Name" placeholder="Spring check-up reminders" {...fieldProps('name')} />
          <Controller
            control={form.control}
            name="target"
            render={({ field }) => (
              <AgentOrSquadSelect
                label={data && data.squads.length > 0 ? 'Agent or squad' : 'Agent'}
                placeholder={options.isPending ? 'Loading…' : 'Who makes the calls'}
                agents={data?.agents ?? []}
                squads={data?.squads ?? []}
                value={field.value || null}
                onChange={(value) => field.onChange(value ?? '')}
                error={errors.target?.message}
                nothingFoundMessage="No agents"
                searchable
              />
            )}
          />
          <FormSelect
            control={form.control}
            name="phoneNumberId"
            label="Call from"
            placeholder={options.isPending ? 'Loading…' : 'One of your numbers'}
            data={(data?.phoneNumbers ?? []).map((p) => ({ value: p.id, label: p.name }))}
            nothingFoundMessage="No phone numbers"
          />
          <Stack gap={6}>
            <Text size="sm" fw={500} id="campaign-audience-label">
              Contacts to call
            </Text>
            <SegmentedControl
              aria-labelledby="campaign-audience-label"
              data={[
                { value: 'all', label: 'All contacts' },
                { value: 'search', label: 'A search' },
                { value: 'import', label: 'One import' },
              ]}
              value={audience}
              onChange={(value) => {
                form.setValue('audience', value);
                form.clearErrors(['search', 'importId']);
              }}
            />
            {audience === 'search' && (
              <TextInput
                label="Search"
                description="Contacts whose name, email or number contains this"
                {...fieldProps('search')}
              />
            )}
            {audience === 'import' && (
              <FormSelect
                control={form.control}
                name="importId"
                label="Import"
                placeholder="A finished contact import"
                data={(data?.imports ?? []).map((i) => ({
                  value: i.id,
                  label: `${i.fileName} (${i.contacts} ${i.contacts === 1 ? 'contact' : 'contacts'})`,
                }))}
                nothingFoundMessage="No imports yet"
              />
            )}
            <Text size="xs" c="dimmed">
              Contacts marked do-not-call or without a number are left out; each number is called
              once. At most {CAMPAIGN_MAX_CONTACTS.toLocaleString('en-US')} contacts.
            </Text>
          </Stack>
          <Switch label="Start later" {...form.register('startLater')} />
          {startLater && (
            <TextInput
              type="datetime-local"
              label="Start at (your local time)"
              {...fieldProps('startAt')}
            />
          )}
          <Group grow align="flex-start">
            <TextInput type="time" label="Calling from" {...fieldProps('callingHoursStart')} />
            <TextInput type="time" label="Calling until" {...fieldProps('callingHoursEnd')} />
          </Group>
          <ChipsField
            control={form.control}
            name="callingDays"
            label="Calling days"
            chips={WEEKDAYS.map((day) => ({ value: String(day), label: WEEKDAY_SHORT[day] }))}
          />
          <Text size="xs" c="dimmed" mt={-8}>
            Hours and days in your business’s time zone{data ? ` (${data.timeZone})` : ''}.
          </Text>
          <FormNumberInput
            control={form.control}
            name="maxConcurrency"
            label="Calls at a time"
            min={1}
            max={CAMPAIGN_MAX_CONCURRENCY}
          />
          <ChipsField
            control={form.control}
            name="retryOn"
            label="Call again after"
            chips={CAMPAIGN_RETRY_OUTCOMES.map((outcome) => ({
              value: outcome,
              label: CAMPAIGN_RETRY_LABELS[outcome],
            }))}
          />
          {retryOn.length > 0 && (
            <Group grow align="flex-start">
              {RETRY_LIMITS.map((limit) => (
                <FormNumberInput key={limit.name} control={form.control} {...limit} />
              ))}
            </Group>
          )}
        </ConsoleForm>
      )}
    </ConsoleFormModal>
  );
}
