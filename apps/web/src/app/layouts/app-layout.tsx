import { AppShell, Burger, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Outlet } from 'react-router';
import { useSessionUser } from '../../lib/session-context';
import { SessionGate } from '../../features/auth/components/session-gate';
import { UserMenu } from '../../features/auth/components/user-menu';
import { NotificationBell } from '../../features/notifications/components/notification-bell';
import { PlatformBadge } from '../../features/platform/components/platform-badge';
import { ColorSchemeToggle } from '../../components/color-scheme-toggle';
import { Logo } from '../../components/logo';
import { AppNavbar } from './app-navbar';
import classes from './app-layout.module.css';

/** Frame of the signed-in screens. Only a signed-in user gets past the gate. */
export function AppLayout() {
  return (
    <SessionGate>
      <AppFrame />
    </SessionGate>
  );
}

/** Header, navigation (a drawer behind the burger on phones) and the screen. */
function AppFrame() {
  const user = useSessionUser();
  const [navOpened, { toggle: toggleNav, close: closeNav }] = useDisclosure(false);

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 264, breakpoint: 'sm', collapsed: { mobile: !navOpened } }}
      classNames={{ main: classes.main }}
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={navOpened}
              onClick={toggleNav}
              hiddenFrom="sm"
              size="sm"
              aria-label={navOpened ? 'Close navigation' : 'Open navigation'}
            />
            <Logo to="/dashboard" markOnlyOnPhone />
          </Group>
          <Group gap="sm" wrap="nowrap">
            <PlatformBadge />
            <NotificationBell timeZone={user.business?.timezone} />
            <ColorSchemeToggle />
            <UserMenu user={user} />
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar p="sm">
        <AppNavbar isAdmin={user.role === 'admin'} onNavigate={closeNav} />
      </AppShell.Navbar>

      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
