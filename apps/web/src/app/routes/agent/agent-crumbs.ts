import type { Crumb } from '../../../components/page-header';

/**
 * Breadcrumbs shared by the screens under /agent/:agentId: the dashboard, then the agent (by
 * name once it is known, as "Agent" until then: a screen never shows the id).
 */
export function agentCrumbs(agentId: string, agentName?: string): Crumb[] {
  return [
    { label: 'Dashboard', to: '/dashboard' },
    { label: agentName ?? 'Agent', to: `/agent/${encodeURIComponent(agentId)}` },
  ];
}
