import { Avatar, Badge, Box, Group, Menu, Stack, Text, UnstyledButton } from '@mantine/core';
import { TEAM_ROLE_LABELS } from '@switchboard/shared/roles';
import type { SessionUser } from '@switchboard/shared/auth';
import { IconBuildingStore, IconChevronDown, IconLogout, IconSettings } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { SIGNED_OUT_STATE } from '../api/get-session';
import { useLogout } from '../api/logout';
import classes from './user-menu.module.css';

/** "Ada Lovelace" → "AL", "office@acme.com" → "OF". */
function initialsOf(name: string): string {
  const words = name.split(/[\s@._-]+/).filter(Boolean);
  const letters =
    words.length >= 2 ? `${words[0]?.[0] ?? ''}${words[1]?.[0] ?? ''}` : name.slice(0, 2);
  return letters.toUpperCase();
}

/** The account menu in the app header: who is signed in, for which business, and sign out. */
export function UserMenu({ user }: { user: SessionUser }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const logoutMutation = useLogout();
  const isAdmin = user.role === 'admin';
  const subtitle = user.business?.name ?? (isAdmin ? 'Operator' : user.email);
  // The user name of a business account is its email: said once is enough.
  const showEmail = Boolean(user.email) && user.email !== user.userName;

  const signOut = async () => {
    await logoutMutation.mutateAsync();
    // Nothing of this user may outlive the session: requests in flight stop here, and the
    // sign-in page drops the cache once these screens have left (useSignedOutArrival).
    await queryClient.cancelQueries();
    await navigate('/login', { replace: true, state: SIGNED_OUT_STATE });
  };

  return (
    <Menu position="bottom-end" width={300} shadow="lg" withinPortal>
      <Menu.Target>
        <UnstyledButton
          className={classes.trigger}
          aria-label={`Account menu for ${user.userName}`}
        >
          <Group gap={10} wrap="nowrap">
            <Avatar color="brand" radius="xl" size={34}>
              {initialsOf(user.userName)}
            </Avatar>
            <Box visibleFrom="sm" maw={200}>
              <Text size="sm" fw={600} lh={1.25} truncate="end">
                {user.userName}
              </Text>
              <Text size="xs" c="dimmed" lh={1.25} truncate="end">
                {subtitle}
              </Text>
            </Box>
            <IconChevronDown size={16} stroke={1.8} className={classes.chevron} />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Group gap="sm" wrap="nowrap" align="flex-start" px="sm" pt="sm" pb="xs">
          <Avatar color="brand" radius="xl" size={40}>
            {initialsOf(user.userName)}
          </Avatar>
          <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
            <Group gap={6} wrap="nowrap" justify="space-between" align="flex-start">
              <Text fw={600} size="sm" className={classes.wrap}>
                {user.userName}
              </Text>
              {isAdmin && (
                <Badge color="grape" variant="light" size="sm" style={{ flexShrink: 0 }}>
                  Admin
                </Badge>
              )}
              {(user.role === 'owner' || user.role === 'manager') && (
                <Badge
                  color={user.role === 'owner' ? 'brand' : 'teal'}
                  variant="light"
                  size="sm"
                  style={{ flexShrink: 0 }}
                >
                  {TEAM_ROLE_LABELS[user.role]}
                </Badge>
              )}
            </Group>
            {showEmail && (
              <Text size="xs" c="dimmed" className={classes.wrap}>
                {user.email}
              </Text>
            )}
          </Stack>
        </Group>
        <Menu.Divider />
        <Group gap={8} wrap="nowrap" px="sm" py={6} className={classes.business}>
          <IconBuildingStore size={16} stroke={1.7} />
          <Text size="sm" className={classes.wrap}>
            {user.business?.name ?? 'All businesses (operator)'}
          </Text>
        </Group>
        <Menu.Divider />
        <Menu.Item
          component={Link}
          to="/settings"
          leftSection={<IconSettings size={16} stroke={1.8} />}
        >
          Settings
        </Menu.Item>
        <Menu.Item
          color="red"
          leftSection={<IconLogout size={16} stroke={1.8} />}
          disabled={logoutMutation.isPending}
          closeMenuOnClick={false}
          onClick={() => void signOut().catch(() => undefined)}
        >
          Sign out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
