import { Alert, Card, Group, Loader, Stack, Switch, Table, Text, Title } from '@mantine/core';
import {
  NOTIFICATION_CHANNEL_LABELS,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_KIND_LABELS,
  NOTIFICATION_KINDS,
  type NotificationChannel,
  type NotificationKind,
} from '@switchboard/shared/notifications';
import { useEffect, useState } from 'react';
import { QueryError } from '../../../components/query-error';
import { useIsPhone } from '../../../lib/use-is-phone';
import {
  removePushSubscription,
  savePushSubscription,
  useInvalidatePreferences,
  useNotificationPreferences,
  useSetNotificationPreference,
} from '../api/notifications';
import {
  PushRefused,
  currentPushSubscription,
  pushSupported,
  subscribeThisBrowser,
  subscriptionInput,
  unsubscribeThisBrowser,
} from '../push';

/** Narrow headers on a phone, so the three switches fit beside the names. */
const SHORT_CHANNEL_LABELS: Record<NotificationChannel, string> = {
  in_app: 'App',
  email: 'Email',
  push: 'Push',
};

const KIND_HINTS: Partial<Record<NotificationKind, string>> = {
  'enquiry-urgent': 'Instead of “New enquiry” when the caller said it is urgent',
  'email-answer': 'When a customer answers a reply sent from an enquiry',
  alert: 'The alerts your business has set',
};

/**
 * Settings → Notifications (each user their own): which kinds reach them in the app, by email
 * (one mail an hour at most) and as browser push; and whether this browser receives push.
 */
export function NotificationSettings() {
  const preferences = useNotificationPreferences();
  const setPreference = useSetNotificationPreference();
  const isPhone = useIsPhone();

  if (preferences.isPending) return <Loader size="sm" />;
  if (preferences.isError) {
    return (
      <QueryError
        title="Could not load your notification settings"
        error={preferences.error}
        onRetry={() => void preferences.refetch()}
      />
    );
  }
  const { data } = preferences;
  const enabled = (kind: NotificationKind, channel: NotificationChannel) =>
    data.preferences.find((p) => p.kind === kind && p.channel === channel)?.enabled ?? true;

  return (
    <Stack gap="lg">
      <Card withBorder padding={isPhone ? 'md' : 'lg'}>
        <Stack gap="sm">
          <div>
            <Title order={3} size="h4">
              What you are told, and where
            </Title>
            <Text size="sm" c="dimmed">
              Email comes as one mail an hour at most, listing everything since the last one.
              Browser push reaches the browsers you switch it on in, below.
            </Text>
          </div>
          {!data.hasEmail && (
            <Alert color="yellow" variant="light">
              Your profile has no email address, so email notifications cannot reach you.
            </Alert>
          )}
          <Table.ScrollContainer minWidth={300}>
            <Table verticalSpacing="xs" horizontalSpacing={isPhone ? 4 : 'sm'}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Notification</Table.Th>
                  {NOTIFICATION_CHANNELS.map((channel) => (
                    <Table.Th key={channel} ta="center" w={isPhone ? 52 : 96}>
                      {isPhone
                        ? SHORT_CHANNEL_LABELS[channel]
                        : NOTIFICATION_CHANNEL_LABELS[channel]}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {NOTIFICATION_KINDS.map((kind) => (
                  <Table.Tr key={kind}>
                    <Table.Td>
                      <Text size="sm" fw={500}>
                        {NOTIFICATION_KIND_LABELS[kind]}
                      </Text>
                      {KIND_HINTS[kind] && (
                        <Text size="xs" c="dimmed">
                          {KIND_HINTS[kind]}
                        </Text>
                      )}
                    </Table.Td>
                    {NOTIFICATION_CHANNELS.map((channel) => (
                      <Table.Td key={channel}>
                        <Group justify="center">
                          <Switch
                            aria-label={`${NOTIFICATION_KIND_LABELS[kind]}: ${NOTIFICATION_CHANNEL_LABELS[channel]}`}
                            checked={enabled(kind, channel)}
                            onChange={(event) =>
                              setPreference.mutate({
                                kind,
                                channel,
                                enabled: event.currentTarget.checked,
                              })
                            }
                          />
                        </Group>
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Stack>
      </Card>
      <ThisBrowserPush publicKey={data.pushPublicKey} devices={data.pushDevices} />
    </Stack>
  );
}

/** Push on this browser: on subscribes it (asking the person's permission), off forgets it. */
function ThisBrowserPush({ publicKey, devices }: { publicKey: string; devices: number }) {
  const supported = pushSupported();
  const invalidate = useInvalidatePreferences();
  const [subscribed, setSubscribed] = useState<boolean | null>(supported ? null : false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    if (!supported) return;
    let live = true;
    void currentPushSubscription()
      .then((found) => {
        if (live) setSubscribed(found !== null);
      })
      .catch(() => {
        if (live) setSubscribed(false);
      });
    return () => {
      live = false;
    };
  }, [supported]);

  const toggle = async (on: boolean) => {
    setBusy(true);
    setProblem(null);
    try {
      if (on) {
        const subscription = await subscribeThisBrowser(publicKey);
        await savePushSubscription(subscriptionInput(subscription));
      } else {
        const endpoint = await unsubscribeThisBrowser();
        if (endpoint) await removePushSubscription(endpoint);
      }
      setSubscribed(on);
    } catch (error) {
      setProblem(
        error instanceof PushRefused
          ? error.message
          : `This browser could not ${on ? 'turn push on' : 'turn push off'}: ${
              error instanceof Error ? error.message : String(error)
            }`,
      );
    } finally {
      setBusy(false);
      void invalidate();
    }
  };

  return (
    <Card withBorder padding="lg">
      <Stack gap="sm">
        <Title order={3} size="h4">
          Push on this browser
        </Title>
        {supported ? (
          <Switch
            label="Show notifications on this device, even when Switchboard is closed"
            checked={subscribed === true}
            disabled={subscribed === null || busy}
            onChange={(event) => void toggle(event.currentTarget.checked)}
          />
        ) : (
          <Text size="sm" c="dimmed">
            This browser cannot receive push notifications here (it needs HTTPS and a browser that
            supports them).
          </Text>
        )}
        {problem && (
          <Alert color="red" variant="light">
            {problem}
          </Alert>
        )}
        <Text size="sm" c="dimmed">
          {devices === 0
            ? 'No browser receives your push notifications yet.'
            : devices === 1
              ? '1 browser receives your push notifications.'
              : `${devices} browsers receive your push notifications.`}
        </Text>
      </Stack>
    </Card>
  );
}
