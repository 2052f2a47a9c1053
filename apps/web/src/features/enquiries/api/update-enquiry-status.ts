import type { Enquiry, EnquiryStatus } from '@switchboard/shared/enquiries';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { enquiriesQueryKey } from './query-keys';

/** PATCH /api/contacts/enquiries/:id/status: answers the enquiry (now also read). */
export function updateEnquiryStatus({ id, status }: { id: string; status: EnquiryStatus }) {
  return apiFetch<Enquiry>(`/contacts/enquiries/${encodeURIComponent(id)}/status`, {
    method: 'PATCH',
    body: { status },
  });
}

export function useUpdateEnquiryStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateEnquiryStatus,
    meta: { errorTitle: 'Could not change the status' },
    onSettled: () => queryClient.invalidateQueries({ queryKey: enquiriesQueryKey }),
  });
}
