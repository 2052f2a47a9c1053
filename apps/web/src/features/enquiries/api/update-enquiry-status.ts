import { notifications } from '@mantine/notifications';
import { ENQUIRY_STATUS_LABELS, type EnquiryStatus } from '@switchboard/shared/enquiries';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { enquiriesQueryKey } from './query-keys';

/** PATCH /api/contacts/enquiries/:id/status: answers the enquiry (now also read). */
export function updateEnquiryStatus({
  id,
  status,
  reason = '',
}: {
  id: string;
  status: EnquiryStatus;
  /** Why (kept in the enquiry's history). */
  reason?: string;
}) {
  return api('patch', '/contacts/enquiries/{id}/status', {
    path: { id },
    body: { status, reason },
  });
}

export function useUpdateEnquiryStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateEnquiryStatus,
    meta: { errorTitle: 'Could not change the status' },
    onSuccess: (enquiry) =>
      notifications.show({
        color: 'teal',
        title: `Status: ${ENQUIRY_STATUS_LABELS[enquiry.status]}`,
        message: enquiry.subject,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: enquiriesQueryKey }),
  });
}
