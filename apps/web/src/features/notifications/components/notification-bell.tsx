import {
  ActionIcon,
  Box,
  Button,
  Group,
  Indicator,
  Loader,
  Popover,
  ScrollArea,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { formatDateTime } from '@switchboard/shared/format';
import type { Notification } from '@switchboard/shared/notifications';
import { IconBell } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { OPERATOR_TIME_ZONE } from '../../../lib/time-zones';
import {
  notificationsQueryKey,
  useMarkAllNotificationsRead,
  useMarkNotificationRead,
  useNotificationList,
} from '../api/notifications';
import classes from './notification-bell.module.css';

/** Open tabs hear of a push from the service worker and refresh the bell at once. */
function useRefreshOnPush() {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
    const onMessage = (event: MessageEvent) => {
      const data = event.data as { type?: unknown } | null;
      if (data?.type === 'switchboard:notification') {
        void queryClient.invalidateQueries({ queryKey: notificationsQueryKey });
      }
    };
    navigator.serviceWorker.addEventListener('message', onMessage);
    return () => navigator.serviceWorker.removeEventListener('message', onMessage);
  }, [queryClient]);
}

/**
 * The bell in the app header: how many notifications are unread, and the latest twenty in a
 * panel; opening one marks it read and goes where it points.
 */
export function NotificationBell({ timeZone }: { timeZone?: string | undefined }) {
  // The business's zone, as every screen shows times; the operator's screens are in UTC.
  const [opened, setOpened] = useState(false);
  const list = useNotificationList();
  const markRead = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const navigate = useNavigate();
  useRefreshOnPush();
  const unread = list.data?.unread ?? 0;
  const zone = timeZone ?? OPERATOR_TIME_ZONE;
  const label = unread === 0 ? 'Notifications, none unread' : `Notifications, ${unread} unread`;

  const open = (item: Notification) => {
    setOpened(false);
    if (!item.readAt) markRead.mutate(item.id);
    if (item.link) void navigate(item.link);
  };

  return (
    <Indicator
      label={unread > 99 ? '99+' : unread}
      size={18}
      offset={4}
      color="red"
      disabled={unread === 0}
    >
      <Popover
        opened={opened}
        onChange={setOpened}
        position="bottom-end"
        width={360}
        shadow="lg"
        withinPortal
      >
        <Popover.Target>
          <ActionIcon
            size="lg"
            aria-label={label}
            title="Notifications"
            onClick={() => setOpened((o) => !o)}
          >
            <IconBell size={18} stroke={1.7} />
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown p={0}>
          <Group justify="space-between" px="md" py="sm" className={classes.head}>
            <Text fw={600} size="sm">
              Notifications
            </Text>
            <Button
              variant="subtle"
              size="compact-xs"
              disabled={unread === 0}
              loading={markAll.isPending}
              onClick={() => markAll.mutate()}
            >
              Mark all read
            </Button>
          </Group>
          <NotificationItems list={list} zone={zone} onOpen={open} />
          <Box px="md" py="xs" className={classes.foot}>
            <Text
              size="xs"
              component={Link}
              to="/settings?section=notifications"
              onClick={() => setOpened(false)}
              c="brand"
            >
              Choose what you are told, and where
            </Text>
          </Box>
        </Popover.Dropdown>
      </Popover>
    </Indicator>
  );
}

/**
 * The panel's list, drawn only while the panel is open: its times are formatted (a
 * DateTimeFormat, which starts the browser's ICU) when someone looks, not on every render of the
 * header's bell (decision 109).
 */
function NotificationItems({
  list,
  zone,
  onOpen,
}: {
  list: ReturnType<typeof useNotificationList>;
  zone: string;
  onOpen: (item: Notification) => void;
}) {
  return list.isPending ? (
    <Group justify="center" p="lg">
      <Loader size="sm" />
    </Group>
  ) : list.isError ? (
    <Text size="sm" c="dimmed" p="md">
      Notifications could not be loaded. They will be tried again shortly.
    </Text>
  ) : list.data.items.length === 0 ? (
    <Text size="sm" c="dimmed" p="md">
      Nothing yet. New enquiries, bookings and answers show here.
    </Text>
  ) : (
    <ScrollArea.Autosize mah={420}>
      <Stack gap={0} component="ul" className={classes.list}>
        {list.data.items.map((item) => (
          <li key={item.id}>
            <UnstyledButton
              className={classes.item}
              data-unread={item.readAt ? undefined : true}
              onClick={() => onOpen(item)}
            >
              <Text size="sm" fw={item.readAt ? 400 : 600} lineClamp={2}>
                {item.title}
              </Text>
              {item.body && (
                <Text size="xs" c="dimmed" lineClamp={2}>
                  {item.body}
                </Text>
              )}
              <Text size="xs" c="dimmed" mt={2}>
                {formatDateTime(item.createdAt, zone)}
                {item.readAt ? '' : ' · unread'}
              </Text>
            </UnstyledButton>
          </li>
        ))}
      </Stack>
    </ScrollArea.Autosize>
  );
}
