import { AppShell, Badge, Box, NavLink, Text } from '@mantine/core';
import {
  IconAddressBook,
  IconBooks,
  IconBroadcast,
  IconBuildingStore,
  IconCalendarEvent,
  IconChartBar,
  IconDatabaseExport,
  IconChecklist,
  IconInbox,
  IconLayoutDashboard,
  IconMail,
  IconMessages,
  IconPhone,
  IconPhoneCall,
  IconRobot,
  IconServer,
  IconSpeakerphone,
  IconTool,
  IconUsersGroup,
  type Icon,
} from '@tabler/icons-react';
import { memo } from 'react';
import { Link, useMatch, useResolvedPath } from 'react-router';
import classes from './app-navbar.module.css';
import { useQuery } from '@tanstack/react-query';
import { agentQueryOptions } from '../../features/agents/api/get-agent';
import { useAgentSectionSearch } from '../../features/analytics/components/agent-section-links';
import { useUnreadCounts } from '../../features/enquiries/api/get-unread-counts';

type NavItem = {
  label: string;
  to: string;
  icon: Icon;
  end?: boolean;
  /** Unread items, shown as a badge when above 0. */
  unread?: number;
};

const mainItems: NavItem[] = [
  { label: 'Dashboard', to: '/dashboard', icon: IconLayoutDashboard },
  { label: 'Calls', to: '/calls', icon: IconPhoneCall },
  { label: 'Live calls', to: '/live-calls', icon: IconBroadcast },
  { label: 'Contacts', to: '/contacts', icon: IconAddressBook },
  { label: 'Enquiries', to: '/enquiries', icon: IconMessages },
  { label: 'Appointments', to: '/appointments', icon: IconCalendarEvent },
];

/** The platform console: the business's own resources on the voice platform (decision 032). */
const platformItems: NavItem[] = [
  { label: 'Phone numbers', to: '/phone-numbers', icon: IconPhone },
  { label: 'Tools', to: '/tools', icon: IconTool },
  { label: 'Knowledge bases', to: '/knowledge-bases', icon: IconBooks },
  { label: 'Squads', to: '/squads', icon: IconUsersGroup },
  { label: 'Structured outputs', to: '/structured-outputs', icon: IconDatabaseExport },
  { label: 'Agent tests', to: '/tests', icon: IconChecklist },
  { label: 'Campaigns', to: '/campaigns', icon: IconSpeakerphone },
];

/** The operator's screens; members never see them (and the server refuses them anyway). */
const adminItems: NavItem[] = [
  { label: 'Businesses', to: '/admin/businesses', icon: IconBuildingStore },
  { label: 'Agents', to: '/admin/agents', icon: IconRobot },
  { label: 'Platform resources', to: '/admin/platform-resources', icon: IconServer },
  { label: 'Mailbox', to: '/admin/mail', icon: IconMail },
  { label: 'Service enquiries', to: '/admin/service-enquiries', icon: IconInbox },
];

/** The agent's screens; `search` carries the date range and test-call switch between them. */
function agentItems(agentId: string, search: string): NavItem[] {
  const base = `/agent/${encodeURIComponent(agentId)}`;
  return [
    { label: 'Overview', to: `${base}${search}`, icon: IconRobot, end: true },
    { label: 'Statistics', to: `${base}/statistics${search}`, icon: IconChartBar },
    { label: 'Call logs', to: `${base}/call-logs${search}`, icon: IconPhoneCall },
  ];
}

/** The agent's enquiries are the inbox filtered to it (each screen under it is one contact's). */
function agentEnquiriesItem(agentId: string, unread: number): NavItem {
  return {
    label: 'Enquiries',
    to: `/enquiries?agentId=${encodeURIComponent(agentId)}`,
    icon: IconMessages,
    unread,
  };
}

type AppNavbarProps = {
  /** Shows the Admin section. */
  isAdmin: boolean;
  /** Called after a link is followed, so the mobile drawer can close. */
  onNavigate: () => void;
};

export function AppNavbar({ isAdmin, onNavigate }: AppNavbarProps) {
  const agentMatch = useMatch('/agent/:agentId/*');
  const agentId = agentMatch?.params.agentId;
  // The agent screens load the same query, so this adds no request of its own.
  const agent = useQuery({ ...agentQueryOptions(agentId ?? ''), enabled: agentId !== undefined });
  const agentLabel = agent.data?.name ?? agentId;
  // Members only: an administrator has no business, hence no enquiries.
  const unread = useUnreadCounts(!isAdmin).data;
  const agentUnread = unread?.byAgent.find((entry) => entry.agentId === agentId)?.count ?? 0;
  const sectionSearch = useAgentSectionSearch();

  return (
    // A plain scrolling box, not Mantine's ScrollArea: its scrollbar effects read the scroll
    // position after every render of the navbar (as when an agent's name arrives), forcing a
    // style and layout pass of the whole page inside the screen's longest task (decision 098).
    <AppShell.Section grow className={classes.scroll}>
      <Box component="nav" aria-label="Main">
        {mainItems.map((item) => (
          <NavItemLink
            key={item.to}
            item={item.to === '/enquiries' ? { ...item, unread: unread?.total } : item}
            onNavigate={onNavigate}
          />
        ))}
      </Box>

      {agentId && (
        <Box component="nav" aria-label="Agent" mt="lg">
          <Text className={classes.sectionLabel}>Agent</Text>
          <Text className={classes.agentName} title={agentLabel} truncate="end">
            {agentLabel}
          </Text>
          {agentItems(agentId, sectionSearch).map((item) => (
            <NavItemLink key={item.to} item={item} onNavigate={onNavigate} />
          ))}
          {!isAdmin && (
            <NavItemLink item={agentEnquiriesItem(agentId, agentUnread)} onNavigate={onNavigate} />
          )}
        </Box>
      )}

      {!isAdmin && (
        <Box component="nav" aria-label="Platform" mt="lg">
          <Text className={classes.sectionLabel} mb={6}>
            Platform
          </Text>
          {platformItems.map((item) => (
            <NavItemLink key={item.to} item={item} onNavigate={onNavigate} />
          ))}
        </Box>
      )}

      {isAdmin && (
        <Box component="nav" aria-label="Admin" mt="lg">
          <Text className={classes.sectionLabel} mb={6}>
            Admin
          </Text>
          {adminItems.map((item) => (
            <NavItemLink key={item.to} item={item} onNavigate={onNavigate} />
          ))}
        </Box>
      )}
    </AppShell.Section>
  );
}

type NavItemLinkProps = { item: NavItem; onNavigate: () => void };

/**
 * A link redraws when its own item or the address changes, not with the rest of the navbar (the
 * agent's name arriving redrew all sixteen, inside the screen's longest task; decision 098).
 */
const NavItemLink = memo(
  NavItemLinkImpl,
  (before: NavItemLinkProps, after: NavItemLinkProps) =>
    before.onNavigate === after.onNavigate &&
    before.item.label === after.item.label &&
    before.item.to === after.item.to &&
    before.item.icon === after.item.icon &&
    before.item.end === after.item.end &&
    before.item.unread === after.item.unread,
);

function NavItemLinkImpl({ item, onNavigate }: NavItemLinkProps) {
  const resolved = useResolvedPath(item.to);
  const active = useMatch({ path: resolved.pathname, end: item.end ?? false }) !== null;
  const ItemIcon = item.icon;
  return (
    <NavLink
      component={Link}
      to={item.to}
      label={item.label}
      leftSection={<ItemIcon size={19} stroke={1.6} />}
      rightSection={
        item.unread ? (
          <Badge size="sm" circle={item.unread < 10} aria-label={`${item.unread} unread`}>
            {item.unread > 99 ? '99+' : item.unread}
          </Badge>
        ) : undefined
      }
      active={active}
      aria-current={active ? 'page' : undefined}
      onClick={onNavigate}
      className={classes.link}
    />
  );
}
