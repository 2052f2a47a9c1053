import type { ReactNode } from 'react';
import { PageHeader, type Crumb } from '../../../components/page-header';
import {
  AgentSectionLinks,
  type AgentSection,
} from '../../../features/analytics/components/agent-section-links';
import { AgentUnavailable } from '../../../features/analytics/components/agent-unavailable';
import { useAgent } from '../../../features/agents/api/get-agent';
import { agentCrumbs } from './agent-crumbs';
import { useDrawnOnArrival } from '../../../lib/use-drawn-on-arrival';

type AgentScreenProps = {
  agentId: string;
  /** Which section link is current; none for a screen under the agent that is none of them. */
  section?: AgentSection;
  /** The title until the agent's name is known (or if it never is). */
  sectionTitle: string;
  /** Under the agent's name once it is known. */
  description?: ReactNode;
  /** The overview is the agent itself: the trail above its name is only the dashboard. */
  trail?: 'dashboard' | 'agent';
  /** Crumbs after the agent (a deeper screen's ancestors). */
  extraCrumbs?: Crumb[];
  /** Controls on the right; hidden when the agent cannot be shown. */
  actions?: ReactNode;
  /** The date range the screen shows when its URL names none (carried to the other screens). */
  shownRange?: { from: string; to: string } | undefined;
  /** While the agent loads (its section's data is usually fetched alongside). */
  placeholder: ReactNode;
  children: ReactNode;
};

/**
 * The frame of every screen under /agent/:agentId: the agent's name as the title, the section
 * links, and "Agent not found" / "Failed to fetch agent: …" instead of the section when the
 * agent cannot be shown. The section shows only once the agent is known to be the user's, so a
 * missing agent never flashes the section's own error first.
 */
export function AgentScreen({
  agentId,
  section,
  sectionTitle,
  description,
  trail = 'agent',
  extraCrumbs = [],
  actions,
  shownRange,
  placeholder,
  children,
}: AgentScreenProps) {
  // The same query as the screen's own, if it reads the agent too: fetched once.
  const agent = useAgent(agentId);
  // When the agent arrives, the query's notification only marks it: its header and the section
  // draw together in a deferred render, which React splits into slices of a few milliseconds,
  // rather than in one long task of the whole screen (decision 098). Together, so the header
  // never grows over the placeholder (a layout shift). An agent already known when the screen
  // opens draws at once.
  const shown = useDrawnOnArrival(agent.data);
  const name = shown?.name;
  const crumbs = [...agentCrumbs(agentId, name), ...extraCrumbs];
  return (
    <>
      <PageHeader
        title={name ?? sectionTitle}
        description={name ? description : undefined}
        // The agent's business's zone, which every time under the agent is shown in.
        timeZone={shown?.timeZone}
        breadcrumbs={trail === 'dashboard' ? crumbs.slice(0, 1) : crumbs}
        actions={agent.isError ? undefined : actions}
      />
      <AgentSectionLinks agentId={agentId} current={section ?? null} shownRange={shownRange} />
      {agent.isError ? (
        <AgentUnavailable
          error={agent.error}
          onRetry={() => void agent.refetch()}
          retrying={agent.isFetching}
        />
      ) : shown ? (
        children
      ) : (
        placeholder
      )}
    </>
  );
}
