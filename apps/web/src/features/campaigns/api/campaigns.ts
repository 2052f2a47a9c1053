import { notifications } from '@mantine/notifications';
import type {
  Campaign,
  CampaignAction,
  CampaignContactStatus,
  CreateCampaignInput,
} from '@switchboard/shared/campaigns';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { api, buildUrl } from '../../../lib/api-client';

export const campaignsQueryKey = ['campaigns'] as const;

/** A campaign still calling is read again every few seconds (its progress moves). */
const LIVE_REFRESH_MS = 3000;
const WAITING_REFRESH_MS = 60_000;
const isLive = (campaign: Campaign | undefined) => {
  if (!campaign) return false;
  if (campaign.counts.calling > 0) return true;
  // Waiting for calling hours more than a minute away: nothing moves until then.
  if (campaign.waitingUntil && Date.parse(campaign.waitingUntil) > Date.now() + 60_000)
    return false;
  return (
    campaign.status === 'running' ||
    (campaign.status === 'scheduled' && Date.parse(campaign.startAt) <= Date.now())
  );
};

/** GET /api/campaigns: the business's campaigns, newest first, with their progress. */
export const campaignsQueryOptions = (limit?: number) =>
  queryOptions({
    queryKey: [...campaignsQueryKey, 'list', limit ?? 'all'],
    queryFn: async ({ signal }) =>
      (await api('get', '/campaigns', { query: { limit: limit || undefined }, signal })).data,
    refetchInterval: (query) => (query.state.data?.some(isLive) ? LIVE_REFRESH_MS : false),
    meta: { errorTitle: 'Could not refresh the campaigns' },
  });

export function useCampaigns(limit?: number) {
  return useQuery(campaignsQueryOptions(limit));
}

/** GET /api/campaigns/options: the agents, squads, numbers and imports a campaign may use. */
export function useCampaignOptions(enabled: boolean) {
  return useQuery({
    queryKey: [...campaignsQueryKey, 'options'],
    queryFn: ({ signal }) => api('get', '/campaigns/options', { signal }),
    enabled,
  });
}

/** GET /api/campaigns/:id. */
export function useCampaign(id: string) {
  return useQuery({
    queryKey: [...campaignsQueryKey, 'one', id],
    queryFn: ({ signal }) => api('get', '/campaigns/{id}', { path: { id }, signal }),
    // A campaign waiting for its calling hours is read once a minute, to see it begin.
    refetchInterval: (query) =>
      isLive(query.state.data)
        ? LIVE_REFRESH_MS
        : query.state.data?.waitingUntil
          ? WAITING_REFRESH_MS
          : false,
    meta: { errorTitle: 'Could not refresh the campaign' },
  });
}

/** GET /api/campaigns/:id/review: what Start would do (a draft's page). */
export function useCampaignReview(id: string, enabled: boolean) {
  return useQuery({
    queryKey: [...campaignsQueryKey, 'review', id],
    queryFn: ({ signal }) => api('get', '/campaigns/{id}/review', { path: { id }, signal }),
    enabled,
    meta: { errorTitle: 'Could not load the review' },
  });
}

/** GET /api/campaigns/:id/results: what its calls came to; read again as its progress moves. */
export function useCampaignResults(id: string, version: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: [...campaignsQueryKey, 'results', id, version],
    queryFn: ({ signal }) => api('get', '/campaigns/{id}/results', { path: { id }, signal }),
    placeholderData: (previous) => previous,
    enabled,
    meta: { errorTitle: 'Could not load the results' },
  });
}

/** GET /api/campaigns/:id/calls.csv: every call it placed, downloaded from a plain link. */
export const campaignCallsCsvHref = (id: string) =>
  buildUrl(`/campaigns/${encodeURIComponent(id)}/calls.csv`);

/** GET /api/campaigns/:id/contacts: one page of the numbers with their calls. */
export function useCampaignContacts(
  id: string,
  params: { page: number; limit: number; status: CampaignContactStatus | undefined },
  /** The campaign's updatedAt: a change in its progress reads the page again. */
  version: string | undefined,
  live: boolean,
) {
  const query = useQuery({
    queryKey: [...campaignsQueryKey, 'contacts', id, params],
    queryFn: ({ signal }) =>
      api('get', '/campaigns/{id}/contacts', { path: { id }, query: params, signal }),
    // Another page or outcome keeps the last rows (dimmed) until it arrives.
    placeholderData: (previous) => previous,
    refetchInterval: live ? LIVE_REFRESH_MS : false,
  });
  // The progress moved: this page reads again in place (and the campaign's other pages are
  // stale). Not a new key, so the rows are no placeholder and the table does not dim on every
  // tick of a running campaign.
  const queryClient = useQueryClient();
  const seen = useRef(version);
  useEffect(() => {
    if (seen.current === version) return;
    const first = seen.current === undefined; // the campaign just arrived, read beside this page
    seen.current = version;
    if (!first) {
      void queryClient.invalidateQueries({ queryKey: [...campaignsQueryKey, 'contacts', id] });
    }
  }, [version, queryClient, id]);
  return query;
}

/** POST /api/campaigns. */
export function useCreateCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateCampaignInput) => api('post', '/campaigns', { body: input }),
    onSuccess: (campaign) => {
      notifications.show({
        color: 'teal',
        title: 'Draft saved',
        message: `Review ${campaign.name} before it calls anyone.`,
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: campaignsQueryKey }),
  });
}

const DONE: Record<CampaignAction, string> = {
  start: 'Campaign started',
  pause: 'Campaign paused',
  resume: 'Campaign resumed',
  cancel: 'Campaign cancelled',
};

/** PATCH /api/campaigns/:id: start, pause, resume or cancel. */
export function useCampaignAction(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: CampaignAction) =>
      api('patch', '/campaigns/{id}', { path: { id }, body: { action } }),
    // The campaign's page says why in place (FormAlert); a toast would say it a second time.
    meta: { errorToast: false },
    onSuccess: (campaign, action) => {
      notifications.show({ color: 'teal', title: DONE[action], message: campaign.name });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: campaignsQueryKey }),
  });
}
