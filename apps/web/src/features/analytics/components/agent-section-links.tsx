import { Button, Group } from '@mantine/core';
import { Link } from 'react-router';

export type AgentSection = 'overview' | 'statistics' | 'call-logs';

const SECTIONS: readonly { key: AgentSection; label: string; path: string }[] = [
  { key: 'overview', label: 'Overview', path: '' },
  { key: 'statistics', label: 'Statistics', path: '/statistics' },
  { key: 'call-logs', label: 'Call logs', path: '/call-logs' },
];

/** Links between an agent's screens, under the page header; the current one is marked. */
export function AgentSectionLinks({
  agentId,
  current,
}: {
  agentId: string;
  /** null: a screen under the agent that is none of these (e.g. a contact's enquiries). */
  current: AgentSection | null;
}) {
  const base = `/agent/${encodeURIComponent(agentId)}`;
  return (
    <Group component="nav" aria-label="Agent sections" gap={6} mt={-8} mb="lg">
      {SECTIONS.map((section) => {
        const active = section.key === current;
        return (
          <Button
            key={section.key}
            component={Link}
            to={`${base}${section.path}`}
            size="compact-md"
            variant={active ? 'light' : 'subtle'}
            color={active ? undefined : 'gray'}
            aria-current={active ? 'page' : undefined}
          >
            {section.label}
          </Button>
        );
      })}
    </Group>
  );
}
