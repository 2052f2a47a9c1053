import { Anchor, Box, Button, Container, Group, Stack, Text } from '@mantine/core';
import { Link, Outlet } from 'react-router';
import { ColorSchemeToggle } from '../../components/color-scheme-toggle';
import { Logo } from '../../components/logo';
import classes from './public-layout.module.css';

/** Frame of the pages a visitor sees before signing in: landing, sign-in, account creation. */
export function PublicLayout() {
  return (
    <Box className={classes.shell}>
      <header className={classes.header}>
        <Container size="lg" h="100%">
          <Group h="100%" justify="space-between" wrap="nowrap">
            <Logo to="/" />
            <Group gap="xs" wrap="nowrap" component="nav" aria-label="Account">
              <Button component={Link} to="/login" variant="subtle" color="gray">
                Sign in
              </Button>
              <Button component={Link} to="/create-account" visibleFrom="xs">
                Create account
              </Button>
              <ColorSchemeToggle />
            </Group>
          </Group>
        </Container>
      </header>

      <main className={classes.main}>
        <Outlet />
      </main>

      <footer className={classes.footer}>
        <Container size="lg">
          <Group justify="space-between" align="flex-start" gap="xl">
            <Stack gap="xs" maw={360}>
              <Logo to="/" size="sm" />
              <Text c="dimmed" size="sm">
                Dashboards for businesses that run voice-AI agents: calls, analytics, contacts,
                enquiries and appointments in one place.
              </Text>
            </Stack>
            <Group gap="lg" component="nav" aria-label="Footer">
              <Anchor component={Link} to="/login" c="dimmed" size="sm">
                Sign in
              </Anchor>
              <Anchor component={Link} to="/create-account" c="dimmed" size="sm">
                Create account
              </Anchor>
            </Group>
          </Group>
          <Text c="dimmed" size="xs" mt="xl">
            © {new Date().getFullYear()} Switchboard
          </Text>
        </Container>
      </footer>
    </Box>
  );
}
