import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { e164Schema, type PhoneNumber } from '@switchboard/shared/phone-numbers';
import { useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { applyServerFieldErrors } from '../../../lib/form-errors';
import { useAgentList } from '../../../lib/api/list-agents';
import { useSquads } from '../../../lib/api/list-squads';
import { FormAlert } from '../../../components/form-alert';
import { useUpdatePhoneNumber } from '../api/phone-numbers';

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
  const squads = useSquads();
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
  const answerOptions = useMemo(
    () => [
      { value: '', label: 'Nobody' },
      {
        group: 'Agents',
        items: (agents.data ?? []).map((agent) => ({
          value: `agent:${agent.id}`,
          label: agent.name || agent.id,
        })),
      },
      {
        group: 'Squads',
        items: (squads.data ?? []).map((squad) => ({
          value: `squad:${squad.id}`,
          label: squad.name || squad.id,
        })),
      },
    ],
    [agents.data, squads.data],
  );
  const { errors } = form.formState;

  const submit = form.handleSubmit((values) =>
    update
      .mutateAsync({
        id: phone.id,
        name: values.name,
        // An agent and a squad exclude each other: the server clears the other one.
        ...(values.answeredBy.startsWith('squad:')
          ? { squadId: values.answeredBy.slice('squad:'.length) }
          : values.answeredBy.startsWith('agent:')
            ? { agentId: values.answeredBy.slice('agent:'.length) }
            : { agentId: null, squadId: null }),
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
          name="answeredBy"
          render={({ field }) => (
            <Select
              label="Answered by"
              description="The agent, or the squad of agents, that answers calls to this number"
              data={answerOptions}
              value={field.value}
              onChange={(value) => field.onChange(value ?? '')}
              disabled={agents.isPending || squads.isPending}
              allowDeselect={false}
              error={
                errors.answeredBy?.message ??
                (agents.isError
                  ? 'Could not load your agents'
                  : squads.isError
                    ? 'Could not load your squads'
                    : undefined)
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
