import { Notifications } from '@mantine/notifications';

/**
 * Where toasts appear. Loaded with the first toast (app/provider.tsx): the component brings
 * its transition and scroll-lock libraries (~10 KB compressed), which no page needs to show its
 * first screen. The toast that asked for it waits in the notifications store and appears
 * as soon as it mounts.
 */
export function NotificationsHost() {
  return <Notifications position="top-right" />;
}
