import {
  Anchor,
  Badge,
  Button,
  Card,
  Chip,
  Group,
  NumberInput,
  Select,
  Skeleton,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import {
  ALERT_DEFAULTS,
  ALERT_KIND_LABELS,
  ALERT_KINDS,
  alertRuleInputSchema,
  type AlertCondition,
  type AlertEvent,
  type AlertRule,
} from '@switchboard/shared/alerts';
import { clockOfMinutes, WEEKDAY_SHORT } from '@switchboard/shared/campaigns';
import { formatDateTime } from '@switchboard/shared/format';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ConfirmDeleteModal } from '../../../components/confirm-delete-modal';
import { FormAlert } from '../../../components/form-alert';
import { QueryError } from '../../../components/query-error';
import { isApiError } from '../../../lib/api-client';
import { useAgentList } from '../../../lib/api/list-agents';
import { useCreateAlert } from '../api/create-alert';
import { useDeleteAlert } from '../api/delete-alert';
import { useAlerts, type AlertsBase } from '../api/get-alerts';
import { useUpdateAlert } from '../api/update-alert';
import { SectionHeading } from '../../../components/section-heading';

const EVERY_AGENT = '__all__';
const DAY_ORDER = [1, 2, 3, 4, 5, 6, 0];
const CLOCK_OPTIONS = Array.from({ length: 49 }, (_, n) => ({
  value: String(n * 30),
  label: clockOfMinutes(n * 30),
}));

type FieldErrors = Partial<Record<string, string>>;

/** The field messages of a refused condition, by field name ("belowPercent"). */
function fieldErrorsOf(issues: readonly { path: PropertyKey[] | string; message: string }[]) {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const path = typeof issue.path === 'string' ? issue.path.split('.') : issue.path.map(String);
    const field = path[path.length - 1];
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/**
 * Settings → Alerts (decision 062): the business's alerts in plain words and the times they fired
 * and cleared. Owners set, switch and delete them with a builder; managers and members read.
 */
export function AlertsSection({
  canEdit,
  timeZone,
  operatorOf = null,
}: {
  canEdit: boolean;
  timeZone: string;
  /** The business whose operator's alerts these are (the operator's screen); null: the user's own business. */
  operatorOf?: string | null;
}) {
  const base: AlertsBase = operatorOf;
  const alerts = useAlerts(base);
  return (
    <Stack gap="lg">
      <Card withBorder padding="lg" radius="md">
        <Stack gap="md">
          <SectionHeading title="Alerts">
            Switchboard checks every minute and tells {operatorOf ? 'the operators' : 'the owners'}{' '}
            (by mail, the bell and browser push) once when something starts going wrong and once
            when it is over.
            {canEdit ? '' : ' Only an owner of the business can set alerts.'}
          </SectionHeading>
          {alerts.isPending ? (
            <Skeleton h={80} />
          ) : alerts.isError ? (
            <QueryError
              title="The alerts could not be loaded"
              error={alerts.error}
              onRetry={() => void alerts.refetch()}
            />
          ) : alerts.data.rules.length === 0 ? (
            <Text size="sm" c="dimmed">
              No alerts yet.
            </Text>
          ) : (
            <Stack gap="xs">
              {alerts.data.rules.map((rule) => (
                <RuleRow
                  key={rule.id}
                  base={base}
                  rule={rule}
                  canEdit={canEdit}
                  timeZone={timeZone}
                />
              ))}
            </Stack>
          )}
        </Stack>
      </Card>
      {canEdit && <AlertBuilder base={base} businessId={operatorOf} />}
      <Card withBorder padding="lg" radius="md">
        <Stack gap="md">
          <Title order={3} size="h4">
            History
          </Title>
          {alerts.data && alerts.data.events.length === 0 && (
            <Text size="sm" c="dimmed">
              Nothing has fired yet.
            </Text>
          )}
          <Stack gap="sm" aria-label="Alert history">
            {alerts.data?.events.map((event) => (
              <EventRow key={event.id} event={event} timeZone={timeZone} />
            ))}
          </Stack>
        </Stack>
      </Card>
    </Stack>
  );
}

function RuleRow({
  base,
  rule,
  canEdit,
  timeZone,
}: {
  base: AlertsBase;
  rule: AlertRule;
  canEdit: boolean;
  timeZone: string;
}) {
  const update = useUpdateAlert(base);
  const remove = useDeleteAlert(base);
  const [confirming, setConfirming] = useState(false);
  const firing = rule.enabled && rule.state === 'firing';
  return (
    <Card withBorder padding="sm" radius="sm" data-testid="alert-rule">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Stack gap={2} style={{ flex: '1 1 260px', minWidth: 0 }}>
          <Text size="sm" fw={500}>
            {rule.description}
          </Text>
          <Group gap={6}>
            <Text size="xs" c="dimmed">
              {rule.agentName ?? 'All agents'}
            </Text>
            {!rule.enabled ? (
              <Badge size="sm" variant="light" color="gray">
                Off
              </Badge>
            ) : firing ? (
              <Badge size="sm" variant="filled" color="red">
                Firing since {formatDateTime(rule.stateSince, timeZone)}
              </Badge>
            ) : rule.lastEvaluatedAt === null ? (
              <Badge size="sm" variant="light" color="gray">
                Not checked yet
              </Badge>
            ) : (
              <Badge size="sm" variant="light" color="teal">
                All good
              </Badge>
            )}
          </Group>
        </Stack>
        {canEdit && (
          <Group gap="xs">
            <Switch
              label="On"
              checked={rule.enabled}
              disabled={update.isPending}
              onChange={(event) =>
                update.mutate({ id: rule.id, enabled: event.currentTarget.checked })
              }
              aria-label={`Alert on: ${rule.description}`}
            />
            <Button
              size="xs"
              variant="subtle"
              color="red"
              onClick={() => setConfirming(true)}
              aria-label={`Delete alert: ${rule.description}`}
            >
              Delete
            </Button>
          </Group>
        )}
      </Group>
      <ConfirmDeleteModal
        opened={confirming}
        title="Delete this alert?"
        confirmLabel="Delete alert"
        pending={remove.isPending}
        error={remove.error}
        errorTitle="The alert was not deleted"
        onConfirm={() => remove.mutate(rule.id, { onSuccess: () => setConfirming(false) })}
        onClose={() => setConfirming(false)}
      >
        “{rule.description}” will no longer be checked. The times it fired stay in the history.
      </ConfirmDeleteModal>
    </Card>
  );
}

function EventRow({ event, timeZone }: { event: AlertEvent; timeZone: string }) {
  const fired = event.kind === 'fired';
  return (
    <Stack gap={2} data-testid="alert-event">
      <Group gap="xs" wrap="wrap">
        <Badge size="sm" variant="light" color={fired ? 'red' : 'teal'}>
          {fired ? 'Fired' : 'Cleared'}
        </Badge>
        <Text size="sm" fw={500}>
          {event.title}
        </Text>
        <Text size="xs" c="dimmed">
          {formatDateTime(event.createdAt, timeZone)}
        </Text>
      </Group>
      <Text size="sm">
        {event.message}{' '}
        <Anchor component={Link} to={event.link} size="sm">
          See it
        </Anchor>
      </Text>
    </Stack>
  );
}

/** A line of the builder: words and fields in one sentence, wrapping on a phone. */
function Sentence({ children }: { children: ReactNode }) {
  return (
    <Group gap="xs" align="flex-start" wrap="wrap">
      {children}
    </Group>
  );
}

function Words({ children }: { children: ReactNode }) {
  return (
    <Text size="sm" pt={6}>
      {children}
    </Text>
  );
}

function AlertBuilder({ base, businessId }: { base: AlertsBase; businessId: string | null }) {
  const agents = useAgentList();
  const create = useCreateAlert(base);
  // The operator sees every agent: only the business's are offered.
  const offered = (agents.data ?? []).filter(
    (a) => businessId === null || a.businessId === businessId,
  );
  const [agent, setAgent] = useState<string>(EVERY_AGENT);
  const [condition, setCondition] = useState<AlertCondition>(ALERT_DEFAULTS.success_rate);
  const [errors, setErrors] = useState<FieldErrors>({});

  const edit = (change: Partial<Record<string, unknown>>) => {
    setCondition((current) => ({ ...current, ...change }));
    setErrors({});
  };
  const number = (name: string, value: number | string) =>
    edit({ [name]: typeof value === 'number' ? value : Number.NaN });
  const numberField = (
    name: string,
    label: string,
    props: { min: number; max: number; w?: number; decimals?: number; prefix?: string },
  ) => (
    <NumberInput
      aria-label={label}
      value={
        Number.isNaN((condition as Record<string, unknown>)[name])
          ? ''
          : ((condition as Record<string, unknown>)[name] as number)
      }
      onChange={(value) => number(name, value)}
      min={props.min}
      max={props.max}
      w={props.w ?? 90}
      size="sm"
      allowDecimal={(props.decimals ?? 0) > 0}
      decimalScale={props.decimals ?? 0}
      prefix={props.prefix}
      error={errors[name]}
    />
  );

  const submit = () => {
    const input = { agentId: agent === EVERY_AGENT ? null : agent, condition, enabled: true };
    const checked = alertRuleInputSchema.safeParse(input);
    if (!checked.success) {
      setErrors(fieldErrorsOf(checked.error.issues));
      return;
    }
    create.mutate(checked.data, {
      onSuccess: () => setCondition(ALERT_DEFAULTS[condition.kind]),
      onError: (error) => {
        if (isApiError(error) && error.details) setErrors(fieldErrorsOf(error.details.issues));
      },
    });
  };

  return (
    <Card withBorder padding="lg" radius="md">
      <Stack gap="md">
        <Title order={3} size="h4">
          Add an alert
        </Title>
        <Group gap="sm" wrap="wrap" align="flex-end">
          <Select
            label="Watch"
            data={[
              { value: EVERY_AGENT, label: 'All agents' },
              ...offered.map((a) => ({
                value: a.id,
                label: a.name || 'Unnamed agent',
              })),
            ]}
            value={agent}
            onChange={(value) => setAgent(value ?? EVERY_AGENT)}
            allowDeselect={false}
            w={240}
          />
          <Select
            label="Tell me when"
            data={ALERT_KINDS.map((kind) => ({ value: kind, label: ALERT_KIND_LABELS[kind] }))}
            value={condition.kind}
            onChange={(value) => {
              const kind = ALERT_KINDS.find((k) => k === value);
              if (kind) {
                setCondition(ALERT_DEFAULTS[kind]);
                setErrors({});
              }
            }}
            allowDeselect={false}
            w={320}
          />
        </Group>
        {condition.kind === 'success_rate' && (
          <Sentence>
            <Words>Success rate below</Words>
            {numberField('belowPercent', 'Success rate below, in percent', {
              min: 1,
              max: 99,
              w: 80,
            })}
            <Words>% over the last</Words>
            {numberField(
              'count',
              condition.over === 'calls' ? 'Number of calls' : 'Number of hours',
              {
                min: 1,
                max: 1000,
              },
            )}
            <Select
              aria-label="Calls or hours"
              data={[
                { value: 'calls', label: 'calls' },
                { value: 'hours', label: 'hours' },
              ]}
              value={condition.over}
              onChange={(value) => edit({ over: value === 'hours' ? 'hours' : 'calls' })}
              allowDeselect={false}
              w={100}
            />
          </Sentence>
        )}
        {condition.kind === 'daily_cost' && (
          <Sentence>
            <Words>Calls cost more than</Words>
            {numberField('aboveDollars', 'Cost in a day, in dollars', {
              min: 0.01,
              max: 100000,
              w: 120,
              decimals: 2,
              prefix: '$',
            })}
            <Words>in a day</Words>
          </Sentence>
        )}
        {condition.kind === 'no_calls' && (
          <Stack gap="xs">
            <Sentence>
              <Words>No call for</Words>
              {numberField('hours', 'Hours without a call', { min: 1, max: 72 })}
              <Words>hours within opening hours, from</Words>
              <Select
                aria-label="Opening time"
                data={CLOCK_OPTIONS.slice(0, 48)}
                value={String(condition.openFrom)}
                onChange={(value) => edit({ openFrom: Number(value) })}
                allowDeselect={false}
                w={100}
                error={errors.openFrom}
              />
              <Words>to</Words>
              <Select
                aria-label="Closing time"
                data={CLOCK_OPTIONS.slice(1)}
                value={String(condition.openTo)}
                onChange={(value) => edit({ openTo: Number(value) })}
                allowDeselect={false}
                w={100}
                error={errors.openTo}
              />
            </Sentence>
            <Chip.Group
              multiple
              value={condition.days.map(String)}
              onChange={(values) => edit({ days: values.map(Number) })}
            >
              <Group gap={6} aria-label="Days you are open">
                {DAY_ORDER.map((day) => (
                  <Chip key={day} value={String(day)} size="xs">
                    {WEEKDAY_SHORT[day]}
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
            {errors.days && (
              <Text size="xs" c="red">
                {errors.days}
              </Text>
            )}
          </Stack>
        )}
        {condition.kind === 'platform_errors' && (
          <Sentence>
            {numberField('atLeast', 'Number of failed calls', { min: 1, max: 1000 })}
            <Words>or more calls end with a platform error within</Words>
            {numberField('hours', 'Hours', { min: 1, max: 24 })}
            <Words>hours</Words>
          </Sentence>
        )}
        {condition.kind === 'webhooks' && (
          <Sentence>
            <Words>The platform's call updates are refused, or silent for</Words>
            {numberField('silentHours', 'Hours without webhooks', { min: 1, max: 72 })}
            <Words>hours while calls happen</Words>
          </Sentence>
        )}
        {condition.kind === 'campaign_stalled' && (
          <Sentence>
            <Words>A running campaign places no call for</Words>
            {numberField('hours', 'Hours without a call', { min: 1, max: 48 })}
            <Words>hours while numbers wait</Words>
          </Sentence>
        )}
        {create.error && !(isApiError(create.error) && create.error.details) ? (
          <FormAlert title="The alert was not set" error={create.error} />
        ) : null}
        <Group>
          <Button onClick={submit} loading={create.isPending}>
            Set alert
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
