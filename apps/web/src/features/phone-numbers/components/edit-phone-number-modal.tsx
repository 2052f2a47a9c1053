import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { e164Schema, type PhoneNumber } from '@switchboard/shared/phone-numbers';
import { useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { applyServerFieldErrors } from '../../../lib/form-errors';
import { useAgentList } from '../../agents/api/list-agents';
import { FormAlert } from '../../auth/components/form-alert';
import { useUpdatePhoneNumber } from '../api/phone-numbers';

// The form's own shape: blank fields mean "none" and become null for the server.
const formSchema = z.object({
  name: z.string().trim().max(40, { error: 'At most 40 characters' }),
  agentId: z.string(),
  fallbackNumber: z.union([z.literal(''), e164Schema]),
});
type FormValues = z.infer<typeof formSchema>;
const FIELDS = ['name', 'agentId', 'fallbackNumber'] as const;

type Props = { phone: PhoneNumber | null; onClose: () => void };

/** Who answers a number, and where its calls go when nobody does. */
export function EditPhoneNumberModal({ phone, onClose }: Props) {
  return (
    <Modal
      opened={phone !== null}
      onClose={onClose}
      title={phone ? `Edit ${phone.number ?? 'number'}` : ''}
      size="md"
      fullScreen={useMediaQuery('(max-width: 48em)')}
    >
      {phone && <EditForm key={phone.id} phone={phone} onClose={onClose} />}
    </Modal>
  );
}

function EditForm({ phone, onClose }: { phone: PhoneNumber; onClose: () => void }) {
  const update = useUpdatePhoneNumber();
  const agents = useAgentList();
  const form = useForm<FormValues>({
    resolver: zodResolver(formSchema),
    defaultValues: {
      name: phone.name ?? '',
      agentId: phone.agent?.id ?? '',
      fallbackNumber: phone.fallbackNumber ?? '',
    },
  });
  const agentOptions = useMemo(
    () => [
      { value: '', label: 'No agent' },
      ...(agents.data ?? []).map((agent) => ({ value: agent.id, label: agent.name || agent.id })),
    ],
    [agents.data],
  );
  const { errors } = form.formState;

  const submit = form.handleSubmit((values) =>
    update
      .mutateAsync({
        id: phone.id,
        name: values.name,
        // A squad answering the number stays unless an agent is chosen instead.
        ...(values.agentId || !phone.squad ? { agentId: values.agentId || null } : {}),
        fallbackNumber: values.fallbackNumber || null,
      })
      .then(
        () => onClose(),
        (error: unknown) => {
          if (applyServerFieldErrors<FormValues>(error, FIELDS, form.setError)) update.reset();
        },
      ),
  );

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack>
        <TextInput label="Name" {...form.register('name')} error={errors.name?.message} />
        <Controller
          control={form.control}
          name="agentId"
          render={({ field }) => (
            <Select
              label="Answered by"
              description={
                phone.squad
                  ? `Now answered by the squad ${phone.squad.name}; choose an agent to replace it.`
                  : 'The agent that answers calls to this number'
              }
              data={agentOptions}
              value={field.value}
              onChange={(value) => field.onChange(value ?? '')}
              disabled={agents.isPending}
              allowDeselect={false}
              error={
                errors.agentId?.message ??
                (agents.isError ? 'Could not load your agents' : undefined)
              }
              comboboxProps={{ withinPortal: true }}
            />
          )}
        />
        <TextInput
          label="Fallback number"
          description="Calls go here when no agent answers (E.164). Leave empty to hang up."
          placeholder="+14155550123"
          inputMode="tel"
          {...form.register('fallbackNumber')}
          error={errors.fallbackNumber?.message}
        />
        {update.error ? <FormAlert title="Could not save the number" error={update.error} /> : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={update.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={update.isPending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
