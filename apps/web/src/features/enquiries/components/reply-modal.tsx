import { Alert, Text, Textarea, TextInput } from '@mantine/core';
import {
  enquiryReplyInputSchema,
  replySubject,
  REPLY_SUBJECT_MAX,
  type Enquiry,
  type EnquiryReplyFormValues,
  type EnquiryReplyInput,
} from '@switchboard/shared/enquiries';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { applyServerFieldErrors } from '../../../lib/form-errors';
import { useSendEnquiryReply } from '../api/send-enquiry-reply';
import { newIdempotencyKey } from './idempotency-key';
import { useZodForm } from '../../../lib/use-zod-form';
import { FormModal } from '../../../components/form-modal';
import { ModalForm } from '../../../components/modal-form';

type ReplyModalProps = {
  /** The enquiry being answered; null: closed. */
  enquiry: Enquiry | null;
  onClose: () => void;
};

/** Reply by email to an enquiry's contact: plain text, sent once however often it is clicked. */
export function ReplyModal({ enquiry, onClose }: ReplyModalProps) {
  return (
    <FormModal opened={enquiry !== null} onClose={onClose} title="Reply by email" size="lg">
      {enquiry && <ReplyForm key={enquiry.id} enquiry={enquiry} onClose={onClose} />}
    </FormModal>
  );
}

const FIELDS = ['subject', 'body'] as const;

function ReplyForm({ enquiry, onClose }: { enquiry: Enquiry; onClose: () => void }) {
  const send = useSendEnquiryReply();
  // One key per opened form: every click of Send carries it.
  const [idempotencyKey] = useState(newIdempotencyKey);
  const { form, fieldProps } = useZodForm<EnquiryReplyFormValues, EnquiryReplyInput>(
    enquiryReplyInputSchema,
    { subject: replySubject(enquiry.subject), body: '', idempotencyKey },
  );

  const submit = async (input: EnquiryReplyInput) => {
    try {
      await send.mutateAsync({ enquiryId: enquiry.id, input });
      onClose();
    } catch (error) {
      if (applyServerFieldErrors<EnquiryReplyFormValues>(error, FIELDS, form.setError))
        send.reset();
    }
  };

  const to = enquiry.contactEmail;
  return (
    <ModalForm
      onSubmit={(event) => form.handleSubmit(submit)(event)}
      mutation={send}
      errorTitle="Could not send the reply"
      onCancel={onClose}
      submitLabel="Send reply"
    >
      {to ? (
        <Text size="sm">
          To{' '}
          <Text component="span" fw={600} inherit>
            {enquiry.contactName ? `${enquiry.contactName} <${to}>` : to}
          </Text>
        </Text>
      ) : (
        <Alert color="yellow" variant="light" icon={<IconAlertCircle size={20} />}>
          This contact has no email address yet. Add one to the contact to reply by email.
        </Alert>
      )}
      <TextInput
        label="Subject"
        withAsterisk
        maxLength={REPLY_SUBJECT_MAX}
        {...fieldProps('subject')}
      />
      <Textarea
        label="Message"
        description="Plain text."
        withAsterisk
        autosize
        minRows={6}
        maxRows={16}
        data-autofocus
        {...fieldProps('body')}
      />
    </ModalForm>
  );
}
