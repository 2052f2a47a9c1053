import { Modal, Textarea, TextInput } from '@mantine/core';
import {
  ENQUIRY_MESSAGE_MAX,
  ENQUIRY_SUBJECT_MAX,
  enquiryInputSchema,
  type EnquiryFormValues,
  type EnquiryInput,
} from '@switchboard/shared/enquiries';
import { applyServerFieldErrors } from '../../../lib/form-errors';
import { useCreateEnquiry } from '../api/create-enquiry';
import { useZodForm } from '../../../lib/use-zod-form';
import { ModalForm } from '../../../components/modal-form';

type AddEnquiryModalProps = {
  opened: boolean;
  contactId: string;
  /** The agent the new enquiry is filed under. */
  agentId: string;
  onClose: () => void;
};

/** Add an enquiry by hand (a note from a phone call the agent did not take, for example). */
export function AddEnquiryModal({ opened, contactId, agentId, onClose }: AddEnquiryModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Add enquiry" size="lg">
      {opened && <AddEnquiryForm contactId={contactId} agentId={agentId} onClose={onClose} />}
    </Modal>
  );
}

const FIELDS = ['subject', 'message'] as const;

function AddEnquiryForm({ contactId, agentId, onClose }: Omit<AddEnquiryModalProps, 'opened'>) {
  const create = useCreateEnquiry();
  const { form, fieldProps } = useZodForm<EnquiryFormValues, EnquiryInput>(enquiryInputSchema, {
    subject: '',
    message: '',
    agentId,
  });
  const submit = async (input: EnquiryInput) => {
    try {
      await create.mutateAsync({ contactId, input });
      onClose();
    } catch (error) {
      if (applyServerFieldErrors<EnquiryFormValues>(error, FIELDS, form.setError)) create.reset();
    }
  };
  return (
    <ModalForm
      onSubmit={(event) => form.handleSubmit(submit)(event)}
      mutation={create}
      errorTitle="Could not add the enquiry"
      onCancel={onClose}
      submitLabel="Add enquiry"
    >
      <TextInput
        label="Subject"
        withAsterisk
        data-autofocus
        maxLength={ENQUIRY_SUBJECT_MAX}
        {...fieldProps('subject')}
      />
      <Textarea
        label="Message"
        autosize
        minRows={4}
        maxLength={ENQUIRY_MESSAGE_MAX}
        {...fieldProps('message')}
      />
    </ModalForm>
  );
}
