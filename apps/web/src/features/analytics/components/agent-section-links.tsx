import { Button, Group } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';

export type AgentSection = 'overview' | 'statistics' | 'call-logs';

const SECTIONS: readonly { key: AgentSection; label: string; path: string }[] = [
  { key: 'overview', label: 'Overview', path: '' },
  { key: 'statistics', label: 'Statistics', path: '/statistics' },
  { key: 'call-logs', label: 'Call logs', path: '/call-logs' },
];

/** The keys an agent's screens share in the URL: the date range and the test-call switch. */
const SHARED_KEYS = ['from', 'to', 'includeTest'] as const;

/**
 * The query string that carries the date range and the test-call choice from one of an agent's
 * screens to another ("" when there is nothing to carry). A screen whose URL has no range but
 * shows one (the overview's default, the last 30 days) passes it as `shownRange`, so the next
 * screen covers the same days.
 */
export function agentSectionSearch(
  params: URLSearchParams,
  shownRange?: { from: string; to: string },
): string {
  const next = new URLSearchParams();
  for (const key of SHARED_KEYS) {
    const value = params.get(key);
    if (value) next.set(key, value);
  }
  if (!next.has('from') && !next.has('to') && shownRange) {
    next.set('from', shownRange.from);
    next.set('to', shownRange.to);
  }
  const search = next.toString();
  return search ? `?${search}` : '';
}

/** The same query string, from the current URL. */
export function useAgentSectionSearch(shownRange?: { from: string; to: string }): string {
  const [params] = useSearchParams();
  return agentSectionSearch(params, shownRange);
}

/**
 * Links between an agent's screens, under the page header; the current one is marked. They
 * carry the date range and the test-call switch, so both follow from screen to screen.
 */
export function AgentSectionLinks({
  agentId,
  current,
  shownRange,
}: {
  agentId: string;
  /** null: a screen under the agent that is none of these (e.g. a contact's enquiries). */
  current: AgentSection | null;
  /** The range the screen shows when its URL names none (the server's default). */
  shownRange?: { from: string; to: string } | undefined;
}) {
  const base = `/agent/${encodeURIComponent(agentId)}`;
  const search = useAgentSectionSearch(shownRange);
  return (
    <Group component="nav" aria-label="Agent sections" gap={6} mt={-8} mb="lg">
      {SECTIONS.map((section) => {
        const active = section.key === current;
        return (
          <Button
            key={section.key}
            component={Link}
            to={`${base}${section.path}${search}`}
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
