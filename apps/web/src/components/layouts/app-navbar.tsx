import { AppShell, Box, NavLink, ScrollArea, Text } from '@mantine/core';
import {
  IconAddressBook,
  IconCalendarEvent,
  IconChartBar,
  IconLayoutDashboard,
  IconMessages,
  IconPhoneCall,
  IconRobot,
  type Icon,
} from '@tabler/icons-react';
import { Link, useMatch, useResolvedPath } from 'react-router';
import classes from './app-navbar.module.css';

type NavItem = { label: string; to: string; icon: Icon; end?: boolean };

const mainItems: NavItem[] = [
  { label: 'Dashboard', to: '/dashboard', icon: IconLayoutDashboard },
  { label: 'Contacts', to: '/contacts', icon: IconAddressBook },
  { label: 'Enquiries', to: '/enquiries', icon: IconMessages },
  { label: 'Appointments', to: '/appointments', icon: IconCalendarEvent },
];

function agentItems(agentId: string): NavItem[] {
  const base = `/agent/${encodeURIComponent(agentId)}`;
  return [
    { label: 'Overview', to: base, icon: IconRobot, end: true },
    { label: 'Statistics', to: `${base}/statistics`, icon: IconChartBar },
    { label: 'Call logs', to: `${base}/call-logs`, icon: IconPhoneCall },
  ];
}

type AppNavbarProps = {
  /** Called after a link is followed, so the mobile drawer can close. */
  onNavigate: () => void;
};

export function AppNavbar({ onNavigate }: AppNavbarProps) {
  const agentMatch = useMatch('/agent/:agentId/*');
  const agentId = agentMatch?.params.agentId;

  return (
    <AppShell.Section grow component={ScrollArea} type="scroll">
      <Box component="nav" aria-label="Main">
        {mainItems.map((item) => (
          <NavItemLink key={item.to} item={item} onNavigate={onNavigate} />
        ))}
      </Box>

      {agentId && (
        <Box component="nav" aria-label="Agent" mt="lg">
          <Text className={classes.sectionLabel}>Agent</Text>
          <Text className={classes.agentId} title={agentId} truncate="end">
            {agentId}
          </Text>
          {agentItems(agentId).map((item) => (
            <NavItemLink key={item.to} item={item} onNavigate={onNavigate} />
          ))}
        </Box>
      )}
    </AppShell.Section>
  );
}

function NavItemLink({ item, onNavigate }: { item: NavItem; onNavigate: () => void }) {
  const resolved = useResolvedPath(item.to);
  const active = useMatch({ path: resolved.pathname, end: item.end ?? false }) !== null;
  const ItemIcon = item.icon;
  return (
    <NavLink
      component={Link}
      to={item.to}
      label={item.label}
      leftSection={<ItemIcon size={19} stroke={1.6} />}
      active={active}
      aria-current={active ? 'page' : undefined}
      onClick={onNavigate}
      className={classes.link}
    />
  );
}
