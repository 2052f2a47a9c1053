import type { TeamMember } from '@switchboard/shared/account';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const teamQueryKey = ['team'] as const;

/** GET /api/team: the business's users, owners first. */
export function listTeam(): Promise<{ data: TeamMember[] }> {
  return api('get', '/team');
}

export const teamQueryOptions = () => queryOptions({ queryKey: teamQueryKey, queryFn: listTeam });

/** The members alone, as the team's table takes a list. */
export function useTeam() {
  return useQuery({ ...teamQueryOptions(), select: (team) => team.data });
}
