import type { CallBackInput, CallBackResult } from '@switchboard/shared/dialing';
import type { CampaignOptions } from '@switchboard/shared/campaigns';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** POST /api/contacts/:id/call-back: one call to the contact (calling rules and caps apply). */
export function useCallBackContact(contactId: string) {
  return useMutation({
    mutationFn: (input: CallBackInput) =>
      apiFetch<CallBackResult>(`/contacts/${encodeURIComponent(contactId)}/call-back`, {
        method: 'POST',
        body: input,
      }),
  });
}

/** The business's agents and numbers a call back may use (the campaigns' options). */
export function useCallBackOptions(enabled: boolean) {
  return useQuery({
    queryKey: ['contacts', 'call-back-options'],
    queryFn: ({ signal }) => apiFetch<CampaignOptions>('/campaigns/options', { signal }),
    enabled,
  });
}
