import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { enquiriesQueryKey } from './query-keys';

/**
 * PATCH /api/contacts/enquiries/:id/mark-read or …/mark-unread (the seed's two calls; one hook,
 * as the screen has one read/unread toggle).
 */
export function markEnquiryRead({ id, read }: { id: string; read: boolean }) {
  return read
    ? api('patch', '/contacts/enquiries/{id}/mark-read', { path: { id } })
    : api('patch', '/contacts/enquiries/{id}/mark-unread', { path: { id } });
}

export function useMarkEnquiryRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markEnquiryRead,
    meta: { errorTitle: 'Could not change the read state' },
    onSettled: () => queryClient.invalidateQueries({ queryKey: enquiriesQueryKey }),
  });
}
