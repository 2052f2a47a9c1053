import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Checkbox,
  CopyButton,
  Group,
  List,
  Loader,
  Modal,
  Paper,
  Stack,
  Switch,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconCheck, IconCopy, IconRefresh } from '@tabler/icons-react';
import { formatDateTime } from '@switchboard/shared/format';
import {
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_MAX_ATTEMPTS,
  integrationMessages,
  webhookEventLabels,
  type DeliveryStatus,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEndpointCreated,
  type WebhookEventType,
} from '@switchboard/shared/integrations';
import { useState, type FormEvent } from 'react';
import { ConfirmDeleteModal, useConfirmDelete } from '../../../components/confirm-delete-modal';
import { FormAlert } from '../../../components/form-alert';
import { QueryError } from '../../../components/query-error';
import { isApiError } from '../../../lib/api-client';
import { useIsPhone } from '../../../lib/use-is-phone';
import {
  useCalendarFeed,
  useCreateWebhookEndpoint,
  useDeleteWebhookEndpoint,
  useResendDelivery,
  useRevokeCalendarFeed,
  useRotateCalendarFeed,
  useUpdateWebhookEndpoint,
  useWebhookDeliveries,
  useWebhookEndpoints,
} from '../api/integrations';
import { FormActions } from '../../../components/form-actions';
import { SectionHeading } from '../../../components/section-heading';

/**
 * Settings → Integrations (owners only, decision 061): the business's appointments in the
 * calendar its team already uses, and its events sent to Zapier, Make, n8n or its own system.
 */
export function IntegrationsSection({ timeZone }: { timeZone: string }) {
  return (
    <Stack gap="lg">
      <CalendarFeedCard timeZone={timeZone} />
      <WebhooksCard timeZone={timeZone} />
    </Stack>
  );
}

function CopyField({ label, value }: { label: string; value: string }) {
  return (
    <TextInput
      label={label}
      value={value}
      readOnly
      onFocus={(event) => event.currentTarget.select()}
      styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 12 } }}
      rightSection={
        <CopyButton value={value} timeout={1500}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? 'Copied' : 'Copy'} withArrow>
              <ActionIcon
                variant="subtle"
                color={copied ? 'teal' : 'gray'}
                onClick={copy}
                aria-label={copied ? `${label} copied` : `Copy ${label.toLowerCase()}`}
              >
                {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      }
    />
  );
}

function CalendarFeedCard({ timeZone }: { timeZone: string }) {
  const feed = useCalendarFeed();
  const rotate = useRotateCalendarFeed();
  const revoke = useRevokeCalendarFeed();
  const [confirm, setConfirm] = useState<'rotate' | 'revoke' | null>(null);
  const current = feed.data?.feed ?? null;
  return (
    <Card withBorder padding="lg" radius="md">
      <Stack gap="md">
        <SectionHeading title="Calendar feed">
          Your appointments in Google Calendar, Outlook or Apple Calendar. Bookings, new times and
          cancellations follow within the hour or so that each calendar takes to check again.
        </SectionHeading>
        {feed.isPending ? (
          <Loader size="sm" aria-label="Loading the calendar feed" />
        ) : feed.isError ? (
          <QueryError
            title="Could not load the calendar feed"
            error={feed.error}
            onRetry={() => void feed.refetch()}
          />
        ) : current ? (
          <Stack gap="sm">
            <CopyField label="Calendar address" value={current.url} />
            <Alert color="yellow" variant="light" p="xs">
              <Text size="xs">
                Anyone who has this address can see your appointments with your customers’ names and
                phone numbers. Share it only with your calendar; make a new address if it got out.
              </Text>
            </Alert>
            <List size="sm" spacing={4}>
              <List.Item>
                <Text span size="sm" fw={600}>
                  Google Calendar:
                </Text>{' '}
                Other calendars → + → From URL, then paste the address.
              </List.Item>
              <List.Item>
                <Text span size="sm" fw={600}>
                  Outlook:
                </Text>{' '}
                Add calendar → Subscribe from web, then paste the address.
              </List.Item>
              <List.Item>
                <Text span size="sm" fw={600}>
                  Apple Calendar:
                </Text>{' '}
                <Anchor href={current.webcalUrl} size="sm" underline="always">
                  open it in Calendar
                </Anchor>{' '}
                (or File → New Calendar Subscription).
              </List.Item>
            </List>
            <Text size="xs" c="dimmed">
              Made {formatDateTime(current.createdAt, timeZone)} · last read by a calendar{' '}
              {current.lastReadAt ? formatDateTime(current.lastReadAt, timeZone) : 'never'}
            </Text>
            <Group gap="sm">
              <Button
                variant="default"
                leftSection={<IconRefresh size={16} />}
                onClick={() => setConfirm('rotate')}
              >
                Make a new address
              </Button>
              <Button variant="subtle" color="red" onClick={() => setConfirm('revoke')}>
                Turn off
              </Button>
            </Group>
          </Stack>
        ) : (
          <Group>
            {rotate.isError && (
              <FormAlert title="Could not make the address" error={rotate.error} />
            )}
            <Button loading={rotate.isPending} onClick={() => rotate.mutate()}>
              Make a calendar address
            </Button>
          </Group>
        )}
      </Stack>
      <ConfirmDeleteModal
        opened={confirm === 'rotate'}
        title="Make a new calendar address?"
        confirmLabel="Make a new address"
        pending={rotate.isPending}
        error={rotate.error}
        errorTitle="Could not make the address"
        onClose={() => {
          rotate.reset();
          setConfirm(null);
        }}
        onConfirm={() => rotate.mutate(undefined, { onSuccess: () => setConfirm(null) })}
      >
        The current address stops working at once: every calendar subscribed to it stops getting
        your appointments until you subscribe it to the new one.
      </ConfirmDeleteModal>
      <ConfirmDeleteModal
        opened={confirm === 'revoke'}
        title="Turn off the calendar feed?"
        confirmLabel="Turn off"
        pending={revoke.isPending}
        error={revoke.error}
        errorTitle="Could not turn it off"
        onClose={() => {
          revoke.reset();
          setConfirm(null);
        }}
        onConfirm={() => revoke.mutate(undefined, { onSuccess: () => setConfirm(null) })}
      >
        The address stops working at once; calendars subscribed to it keep what they already have
        but get nothing new.
      </ConfirmDeleteModal>
    </Card>
  );
}

const STATUS_LABELS: Record<DeliveryStatus, { label: string; color: string }> = {
  pending: { label: 'Waiting to retry', color: 'yellow' },
  sending: { label: 'Sending', color: 'blue' },
  delivered: { label: 'Delivered', color: 'teal' },
  failed: { label: 'Failed', color: 'red' },
};

function WebhooksCard({ timeZone }: { timeZone: string }) {
  const endpoints = useWebhookEndpoints();
  const [adding, setAdding] = useState(false);
  const [created, setCreated] = useState<WebhookEndpointCreated | null>(null);
  const [logOf, setLogOf] = useState<WebhookEndpoint | null>(null);
  const { deleting, startDelete, deleteProps } = useConfirmDelete<WebhookEndpoint>(
    useDeleteWebhookEndpoint(),
  );
  const update = useUpdateWebhookEndpoint();
  const list = endpoints.data?.data ?? [];
  return (
    <Card withBorder padding="lg" radius="md">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <SectionHeading title="Webhooks" style={{ flex: '1 1 280px' }}>
            Send new enquiries, bookings and ended calls to Zapier, Make, n8n or your own system as
            they happen. Each request is signed the Standard Webhooks way, and one that fails is
            tried again for about 18 hours.
          </SectionHeading>
          <Button onClick={() => setAdding(true)}>Add webhook</Button>
        </Group>
        {update.isError && <FormAlert title="Could not change the webhook" error={update.error} />}
        {endpoints.isPending ? (
          <Loader size="sm" aria-label="Loading the webhooks" />
        ) : endpoints.isError ? (
          <QueryError
            title="Could not load the webhooks"
            error={endpoints.error}
            onRetry={() => void endpoints.refetch()}
          />
        ) : list.length === 0 ? (
          <Text size="sm" c="dimmed">
            No webhooks yet. Add the address your automation tool gives you (in Zapier: “Webhooks by
            Zapier → Catch Hook”).
          </Text>
        ) : (
          <Stack gap="sm" aria-label="Webhook endpoints">
            {list.map((endpoint) => (
              <Paper key={endpoint.id} withBorder p="sm" radius="md" aria-label={endpoint.url}>
                <Stack gap={6}>
                  <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
                    <Stack gap={2} style={{ minWidth: 0 }}>
                      <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                        {endpoint.url}
                      </Text>
                      {endpoint.description && (
                        <Text size="xs" c="dimmed">
                          {endpoint.description}
                        </Text>
                      )}
                    </Stack>
                    <Switch
                      checked={endpoint.enabled}
                      label={endpoint.enabled ? 'On' : 'Off'}
                      aria-label={`Send events to ${endpoint.url}`}
                      disabled={update.isPending}
                      onChange={(event) =>
                        update.mutate({ id: endpoint.id, enabled: event.currentTarget.checked })
                      }
                    />
                  </Group>
                  <Group gap={4}>
                    {endpoint.events.map((event) => (
                      <Badge key={event} size="sm" variant="light" color="gray">
                        {webhookEventLabels[event]}
                      </Badge>
                    ))}
                  </Group>
                  <Group justify="space-between" gap="xs">
                    <Text size="xs" c="dimmed">
                      {endpoint.lastDelivery ? (
                        <>
                          Latest:{' '}
                          <Badge
                            size="xs"
                            variant="light"
                            color={STATUS_LABELS[endpoint.lastDelivery.status].color}
                          >
                            {STATUS_LABELS[endpoint.lastDelivery.status].label}
                          </Badge>{' '}
                          {formatDateTime(endpoint.lastDelivery.at, timeZone)}
                        </>
                      ) : (
                        'Nothing sent yet'
                      )}
                    </Text>
                    <Group gap="xs">
                      <Button size="xs" variant="default" onClick={() => setLogOf(endpoint)}>
                        Delivery log
                      </Button>
                      <Button
                        size="xs"
                        variant="subtle"
                        color="red"
                        aria-label={`Delete the webhook ${endpoint.url}`}
                        onClick={() => startDelete(endpoint)}
                      >
                        Delete
                      </Button>
                    </Group>
                  </Group>
                </Stack>
              </Paper>
            ))}
          </Stack>
        )}
      </Stack>
      <AddWebhookModal
        opened={adding}
        publicOnly={endpoints.data?.publicOnly ?? true}
        onClose={() => setAdding(false)}
        onCreated={(endpoint) => {
          setAdding(false);
          setCreated(endpoint);
        }}
      />
      <SecretModal endpoint={created} onClose={() => setCreated(null)} />
      <DeliveryLogModal endpoint={logOf} timeZone={timeZone} onClose={() => setLogOf(null)} />
      <ConfirmDeleteModal
        title="Delete this webhook?"
        confirmLabel="Delete webhook"
        errorTitle="Could not delete the webhook"
        {...deleteProps}
      >
        {deleting?.url} gets no more events, and its delivery log is deleted with it. To pause it
        instead, turn it off.
      </ConfirmDeleteModal>
    </Card>
  );
}

function AddWebhookModal({
  opened,
  publicOnly,
  onClose,
  onCreated,
}: {
  opened: boolean;
  publicOnly: boolean;
  onClose: () => void;
  onCreated: (endpoint: WebhookEndpointCreated) => void;
}) {
  const isPhone = useIsPhone();
  const create = useCreateWebhookEndpoint();
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>([...WEBHOOK_EVENT_TYPES]);
  const [eventsError, setEventsError] = useState<string | null>(null);
  const close = () => {
    create.reset();
    setUrl('');
    setDescription('');
    setEvents([...WEBHOOK_EVENT_TYPES]);
    setEventsError(null);
    onClose();
  };
  const urlError =
    create.error && isApiError(create.error) && create.error.status === 400
      ? create.error.message
      : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (events.length === 0) {
      setEventsError(integrationMessages.eventsRequired);
      return;
    }
    create.mutate(
      { url: url.trim(), description, events },
      {
        onSuccess: (endpoint) => {
          create.reset();
          setUrl('');
          setDescription('');
          setEvents([...WEBHOOK_EVENT_TYPES]);
          onCreated(endpoint);
        },
      },
    );
  };
  return (
    <Modal opened={opened} onClose={close} title="Add a webhook" centered fullScreen={isPhone}>
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          {create.isError && !urlError && (
            <FormAlert title="Could not add the webhook" error={create.error} />
          )}
          <TextInput
            label="Address (URL)"
            placeholder="https://hooks.zapier.com/hooks/catch/…"
            description={
              publicOnly
                ? 'A public https:// address; events carry customers’ details.'
                : 'The demo platform runs on this computer, so a local address works too.'
            }
            withAsterisk
            value={url}
            onChange={(event) => setUrl(event.currentTarget.value)}
            error={urlError}
            data-autofocus
          />
          <TextInput
            label="Description"
            placeholder="Optional, e.g. “Zapier: new bookings to Sheets”"
            value={description}
            onChange={(event) => setDescription(event.currentTarget.value)}
          />
          <Checkbox.Group
            label="Events to send"
            value={events}
            onChange={(value) => {
              setEventsError(null);
              setEvents(
                value.filter((item): item is WebhookEventType =>
                  (WEBHOOK_EVENT_TYPES as readonly string[]).includes(item),
                ),
              );
            }}
            error={eventsError}
            withAsterisk
          >
            <Stack gap={6} mt={6}>
              {WEBHOOK_EVENT_TYPES.map((type) => (
                <Checkbox key={type} value={type} label={webhookEventLabels[type]} />
              ))}
            </Stack>
          </Checkbox.Group>
          <FormActions onCancel={close} pending={create.isPending} submitLabel="Add webhook" />
        </Stack>
      </form>
    </Modal>
  );
}

function SecretModal({
  endpoint,
  onClose,
}: {
  endpoint: WebhookEndpointCreated | null;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={endpoint !== null}
      onClose={onClose}
      title="Webhook added: copy its signing secret"
      centered
      closeOnClickOutside={false}
    >
      {endpoint && (
        <Stack gap="md">
          <Text size="sm">
            Your receiver checks each request with this secret (the webhook-signature header). It is
            shown only now: copy it into your automation tool. Lost it? Delete the webhook and add
            it again.
          </Text>
          <CopyField label="Signing secret" value={endpoint.secret} />
          <Group justify="flex-end">
            <Button onClick={onClose}>I have copied it</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

function attemptResult(attempt: WebhookDelivery['attempts'][number]): string {
  if (attempt.ok) return `${attempt.statusCode ?? ''} OK`.trim();
  return attempt.error ?? (attempt.statusCode ? `Answered ${attempt.statusCode}` : 'Failed');
}

function DeliveryLogModal({
  endpoint,
  timeZone,
  onClose,
}: {
  endpoint: WebhookEndpoint | null;
  timeZone: string;
  onClose: () => void;
}) {
  const isPhone = useIsPhone();
  const deliveries = useWebhookDeliveries(endpoint?.id ?? null);
  const resend = useResendDelivery(endpoint?.id ?? '');
  const list = deliveries.data?.data ?? [];
  return (
    <Modal
      opened={endpoint !== null}
      onClose={() => {
        resend.reset();
        onClose();
      }}
      title="Delivery log"
      size="lg"
      fullScreen={isPhone}
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          The latest 25 events sent to {endpoint?.url}, newest first. A failed attempt is tried
          again after 5 s, 1 min, 5 min, 30 min, 2 h, 5 h and 10 h ({WEBHOOK_MAX_ATTEMPTS} attempts
          in all).
        </Text>
        {resend.isError && <FormAlert title="Could not resend" error={resend.error} />}
        {deliveries.isPending ? (
          <Loader size="sm" aria-label="Loading the delivery log" />
        ) : deliveries.isError ? (
          <QueryError
            title="Could not load the delivery log"
            error={deliveries.error}
            onRetry={() => void deliveries.refetch()}
          />
        ) : list.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nothing sent yet. Events are sent when an enquiry comes in, an appointment is booked,
            changed or cancelled, or a call ends.
          </Text>
        ) : (
          <Stack gap="xs" aria-label="Deliveries">
            {list.map((delivery) => (
              <Paper
                key={delivery.id}
                withBorder
                p="sm"
                radius="md"
                aria-label={`${webhookEventLabels[delivery.eventType]} delivery`}
              >
                <Stack gap={6}>
                  <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                    <Group gap="xs">
                      <Text size="sm" fw={600}>
                        {webhookEventLabels[delivery.eventType]}
                      </Text>
                      <Badge size="sm" variant="light" color={STATUS_LABELS[delivery.status].color}>
                        {STATUS_LABELS[delivery.status].label}
                      </Badge>
                    </Group>
                    <Button
                      size="xs"
                      variant="default"
                      style={{ flexShrink: 0 }}
                      loading={resend.isPending && resend.variables === delivery.id}
                      disabled={delivery.status === 'sending' || !endpoint?.enabled}
                      onClick={() => resend.mutate(delivery.id)}
                      aria-label={`Resend the ${webhookEventLabels[delivery.eventType].toLowerCase()} event`}
                    >
                      Resend
                    </Button>
                  </Group>
                  <Text size="xs" c="dimmed">
                    {formatDateTime(delivery.createdAt, timeZone)} · {delivery.messageId}
                    {delivery.nextAttemptAt &&
                      ` · next try ${formatDateTime(delivery.nextAttemptAt, timeZone)}`}
                  </Text>
                  {delivery.attempts.length > 0 && (
                    <Stack gap={2} component="ol" m={0} pl="md">
                      {delivery.attempts.map((attempt) => (
                        <Text key={attempt.id} component="li" size="xs">
                          {formatDateTime(attempt.at, timeZone)} ·{' '}
                          <Text span size="xs" fw={600}>
                            {attemptResult(attempt)}
                          </Text>{' '}
                          · {attempt.durationMs} ms
                          {attempt.trigger === 'resend' ? ' · resent by you' : ''}
                        </Text>
                      ))}
                    </Stack>
                  )}
                </Stack>
              </Paper>
            ))}
          </Stack>
        )}
      </Stack>
    </Modal>
  );
}
