import { zodResolver } from '@hookform/resolvers/zod';
import { TextInput } from '@mantine/core';
import { e164Schema, type PhoneNumber } from '@switchboard/shared/phone-numbers';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { consoleSubmit } from '../../../lib/console-submit';
import { parseAgentOrSquad } from '../../../components/agent-or-squad-select';
import { ConsoleFormModal, ConsoleForm } from '../../../components/console-form-modal';
import { useUpdatePhoneNumber } from '../api/phone-numbers';
import { AnsweredByFields } from './answered-by-fields';
import { bindField } from '../../../lib/bind-field';

// The form's own shape: blank fields mean "none" and become null for the server.
const formSchema = z.object({
  name: z.string().trim().max(40, { error: 'At most 40 characters' }),
  /** `agent:<id>`, `squad:<id>`, or '' for nobody. */
  answeredBy: z.string(),
  fallbackNumber: z.union([z.literal(''), e164Schema]),
});
type FormValues = z.infer<typeof formSchema>;
const FIELDS = ['name', 'answeredBy', 'fallbackNumber'] as const;

type Props = { phone: PhoneNumber | null; onClose: () => void };

/** Who answers a number, and where its calls go when nobody does. */
export function EditPhoneNumberModal({ phone, onClose }: Props) {
  return (
    <ConsoleFormModal
      opened={phone !== null}
      onClose={onClose}
      title={phone ? `Edit ${phone.number ?? 'number'}` : ''}
      formKey={phone?.id ?? ''}
      size="md"
    >
      {phone && <EditForm phone={phone} onClose={onClose} />}
    </ConsoleFormModal>
  );
}

function EditForm({ phone, onClose }: { phone: PhoneNumber; onClose: () => void }) {
  const update = useUpdatePhoneNumber();
  const form = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: {
      name: phone.name ?? '',
      answeredBy: phone.squad
        ? `squad:${phone.squad.id}`
        : phone.agent
          ? `agent:${phone.agent.id}`
          : '',
      fallbackNumber: phone.fallbackNumber ?? '',
    },
  });
  const { errors } = form.formState;
  const fieldProps = bindField(form.register, errors);

  const submit = consoleSubmit(form, update, {
    fields: FIELDS,
    onSaved: onClose,
    send: (values) =>
      update.mutateAsync({
        id: phone.id,
        name: values.name,
        // An agent and a squad exclude each other: the server clears the other one.
        ...(parseAgentOrSquad(values.answeredBy) ?? { agentId: null, squadId: null }),
        fallbackNumber: values.fallbackNumber || null,
      }),
  });

  return (
    <ConsoleForm
      onSubmit={submit}
      mutation={update}
      errorTitle="Could not save the number"
      onCancel={onClose}
      submitLabel="Save"
    >
      <TextInput label="Name" {...fieldProps('name')} />
      <AnsweredByFields
        control={form.control}
        description="The agent, or the squad of agents, that answers calls to this number"
        none="Nobody"
        allowDeselect={false}
      />
    </ConsoleForm>
  );
}
