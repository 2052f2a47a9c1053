import { notifications } from '@mantine/notifications';
import type { EnquiryReplyInput } from '@switchboard/shared/enquiries';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { emailLogsQueryKey, enquiriesQueryKey } from './query-keys';

/**
 * POST /api/contacts/enquiries/:id/send-reply: 202 with the queued email log; the same
 * idempotency key again answers that log (200) and sends nothing more.
 */
export function sendEnquiryReply({
  enquiryId,
  input,
}: {
  enquiryId: string;
  input: EnquiryReplyInput;
}) {
  return api('post', '/contacts/enquiries/{id}/send-reply', {
    path: { id: enquiryId },
    body: input,
  });
}

export function useSendEnquiryReply() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendEnquiryReply,
    meta: { errorToast: false },
    onSuccess: (log) => {
      notifications.show({
        color: 'teal',
        title: 'Reply queued',
        message: `To ${log.toAddress}; its delivery shows in the email log.`,
      });
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: enquiriesQueryKey }),
        queryClient.invalidateQueries({ queryKey: emailLogsQueryKey }),
      ]);
    },
  });
}
