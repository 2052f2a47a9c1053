import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api-client';

/** Prefix of every squad query: the squads feature invalidates it after a change. */
export const squadsQueryKey = ['squads'] as const;

/** GET /api/squads: the business's squads with their members and hand-offs. */
export const squadsQueryOptions = () =>
  queryOptions({
    queryKey: squadsQueryKey,
    queryFn: async ({ signal }) => (await api('get', '/squads', { signal })).data,
    meta: { errorTitle: 'Could not refresh the squads' },
  });

export function useSquads() {
  return useQuery(squadsQueryOptions());
}
