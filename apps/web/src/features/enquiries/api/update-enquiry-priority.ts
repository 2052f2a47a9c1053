import { notifications } from '@mantine/notifications';
import type { EnquiryPriority } from '@switchboard/shared/enquiries';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { enquiriesQueryKey } from './query-keys';

/** PATCH /api/contacts/enquiries/:id/priority. */
export function updateEnquiryPriority({ id, priority }: { id: string; priority: EnquiryPriority }) {
  return api('patch', '/contacts/enquiries/{id}/priority', { path: { id }, body: { priority } });
}

export function useUpdateEnquiryPriority() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateEnquiryPriority,
    meta: { errorTitle: 'Could not change the priority' },
    onSuccess: (enquiry) =>
      notifications.show({
        color: enquiry.priority === 'urgent' ? 'red' : 'teal',
        title: enquiry.priority === 'urgent' ? 'Marked urgent' : 'No longer urgent',
        message: enquiry.subject,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: enquiriesQueryKey }),
  });
}
