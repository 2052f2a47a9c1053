import type { Crumb } from '../../../components/page-header';

/** Breadcrumbs shared by the screens under /agent/:agentId. */
export function agentCrumbs(agentId: string): Crumb[] {
  return [
    { label: 'Dashboard', to: '/dashboard' },
    { label: `Agent ${agentId}`, to: `/agent/${encodeURIComponent(agentId)}` },
  ];
}
