import { zodResolver } from '@hookform/resolvers/zod';
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  MultiSelect,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import {
  squadInputSchema,
  type Squad,
  type SquadInput,
  type SquadInputParsed,
} from '@switchboard/shared/squads';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMemo } from 'react';
import { Controller, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { consoleSubmit } from '../../../lib/console-submit';
import { useAgentList } from '../../../lib/api/list-agents';
import {
  ConsoleForm,
  ItemFormModal,
  type ItemFormModalProps,
  type ItemFormProps,
} from '../../../components/console-form-modal';
import { useCreateSquad, useUpdateSquad } from '../api/squads';
import { bindField } from '../../../lib/bind-field';

/** A squad: its name, its agents in order (the first answers) and who hands off to whom. */
export function SquadFormModal(props: ItemFormModalProps<Squad>) {
  return <ItemFormModal {...props} newTitle="Create a squad" form={SquadForm} />;
}

function SquadForm({ item: squad, onClose }: ItemFormProps<Squad>) {
  const create = useCreateSquad();
  const update = useUpdateSquad();
  const mutation = squad ? update : create;
  const agents = useAgentList();
  const form = useForm<SquadInput, unknown, SquadInputParsed>({
    resolver: zodResolver(squadInputSchema),
    defaultValues: {
      name: squad?.name ?? '',
      members: squad
        ? squad.members.map((m) => ({ agentId: m.agentId, handoffTo: m.handoffTo }))
        : [{ agentId: '', handoffTo: [] }],
    },
  });
  const members = useFieldArray({ control: form.control, name: 'members' });
  const chosen = useWatch({ control: form.control, name: 'members' }) ?? [];
  const { errors } = form.formState;
  const fieldProps = bindField(form.register, errors);

  const names = useMemo(() => {
    const map = new Map<string, string>();
    for (const agent of agents.data ?? []) map.set(agent.id, agent.name || agent.id);
    // A member that is no longer one of the business's agents keeps a label.
    for (const member of squad?.members ?? []) {
      if (!map.has(member.agentId)) map.set(member.agentId, member.agentName || member.agentId);
    }
    return map;
  }, [agents.data, squad]);
  const agentOptions = [...names].map(([value, label]) => ({ value, label }));

  // Hand-offs follow the members: none to an agent that left the squad, none to oneself.
  const tidyHandoffs = () => {
    const current = form.getValues('members');
    const ids = current.map((m) => m.agentId);
    current.forEach((member, i) => {
      const handoffTo = member.handoffTo ?? [];
      const kept = handoffTo.filter((id) => id !== member.agentId && ids.includes(id));
      if (kept.length !== handoffTo.length) form.setValue(`members.${i}.handoffTo`, kept);
    });
  };

  const submit = consoleSubmit(form, mutation, {
    fields: ['name', 'members'],
    onSaved: onClose,
    send: (values) =>
      squad ? update.mutateAsync({ id: squad.id, ...values }) : create.mutateAsync(values),
  });

  return (
    <ConsoleForm
      onSubmit={submit}
      mutation={mutation}
      errorTitle={squad ? 'Could not save the squad' : 'Could not create the squad'}
      onCancel={onClose}
      submitLabel={squad ? 'Save squad' : 'Create squad'}
    >
      <TextInput label="Name" placeholder="Front desk" data-autofocus {...fieldProps('name')} />
      <Stack gap="xs">
        <div>
          <Text fw={500} size="sm">
            Agents
          </Text>
          <Text size="xs" c="dimmed">
            The first agent answers the call; each can hand the caller to the others you choose.
          </Text>
        </div>
        {members.fields.map((field, index) => {
          const self = chosen[index]?.agentId ?? '';
          const others = chosen
            .map((m) => m.agentId)
            .filter((id): id is string => Boolean(id) && id !== self);
          const memberErrors = errors.members?.[index];
          return (
            <Paper key={field.id} withBorder p="sm" radius="md">
              <Stack gap="xs">
                <Group justify="space-between" wrap="nowrap">
                  <Badge variant="light" color={index === 0 ? 'teal' : 'gray'}>
                    {index === 0 ? 'Answers first' : `Agent ${index + 1}`}
                  </Badge>
                  <Group gap={4} wrap="nowrap">
                    <Tooltip label="Move up">
                      <ActionIcon
                        variant="subtle"
                        aria-label={`Move agent ${index + 1} up`}
                        disabled={index === 0}
                        onClick={() => members.move(index, index - 1)}
                      >
                        <IconArrowUp size={16} />
                      </ActionIcon>
                    </Tooltip>
                    <Tooltip label="Move down">
                      <ActionIcon
                        variant="subtle"
                        aria-label={`Move agent ${index + 1} down`}
                        disabled={index === members.fields.length - 1}
                        onClick={() => members.move(index, index + 1)}
                      >
                        <IconArrowDown size={16} />
                      </ActionIcon>
                    </Tooltip>
                    <Tooltip label="Remove from the squad">
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Remove agent ${index + 1}`}
                        disabled={members.fields.length === 1}
                        onClick={() => {
                          members.remove(index);
                          tidyHandoffs();
                        }}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Tooltip>
                  </Group>
                </Group>
                <Controller
                  control={form.control}
                  name={`members.${index}.agentId`}
                  render={({ field: agentField }) => (
                    <Select
                      label={`Agent ${index + 1}`}
                      placeholder="Choose an agent"
                      data={agentOptions}
                      value={agentField.value || null}
                      onChange={(value) => {
                        agentField.onChange(value ?? '');
                        tidyHandoffs();
                      }}
                      onBlur={agentField.onBlur}
                      searchable
                      disabled={agents.isPending}
                      error={
                        memberErrors?.agentId?.message ??
                        (agents.isError ? 'Could not load your agents' : undefined)
                      }
                      comboboxProps={{ withinPortal: true }}
                    />
                  )}
                />
                <Controller
                  control={form.control}
                  name={`members.${index}.handoffTo`}
                  render={({ field: handoffField }) => (
                    <MultiSelect
                      label="Hands the caller to"
                      placeholder={
                        (handoffField.value ?? []).length > 0
                          ? undefined
                          : others.length > 0
                            ? 'Nobody'
                            : 'Add another agent first'
                      }
                      data={others.map((id) => ({ value: id, label: names.get(id) ?? id }))}
                      value={handoffField.value ?? []}
                      onChange={handoffField.onChange}
                      onBlur={handoffField.onBlur}
                      disabled={others.length === 0}
                      error={memberErrors?.handoffTo?.message}
                      comboboxProps={{ withinPortal: true }}
                    />
                  )}
                />
              </Stack>
            </Paper>
          );
        })}
        {errors.members?.message || errors.members?.root?.message ? (
          <Text c="red" size="sm" role="alert">
            {errors.members?.message ?? errors.members?.root?.message}
          </Text>
        ) : null}
        <Group>
          <Button
            variant="light"
            leftSection={<IconPlus size={16} />}
            onClick={() => members.append({ agentId: '', handoffTo: [] })}
            disabled={members.fields.length >= 10}
          >
            Add agent
          </Button>
        </Group>
      </Stack>
    </ConsoleForm>
  );
}
