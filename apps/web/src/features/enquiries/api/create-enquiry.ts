import { notifications } from '@mantine/notifications';
import type { EnquiryInput } from '@switchboard/shared/enquiries';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { enquiriesQueryKey } from './query-keys';

/** POST /api/contacts/:id/enquiries (201): an enquiry added by hand. */
export function createEnquiry({ contactId, input }: { contactId: string; input: EnquiryInput }) {
  return api('post', '/contacts/{id}/enquiries', { path: { id: contactId }, body: input });
}

export function useCreateEnquiry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createEnquiry,
    // The form shows the failure in its alert.
    meta: { errorToast: false },
    onSuccess: (enquiry) => {
      notifications.show({ color: 'teal', title: 'Enquiry added', message: enquiry.subject });
      return queryClient.invalidateQueries({ queryKey: enquiriesQueryKey });
    },
  });
}
