import { zodResolver } from '@hookform/resolvers/zod';
import { Group, Modal, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  CALLER_PERSONALITIES,
  CALLER_PERSONALITY_LABELS,
  EMPTY_AGENT_TEST_FORM,
  EXPECTATION_KINDS,
  EXPECTATION_KIND_LABELS,
  WEEKDAY_NAMES,
  agentTestFormSchema,
  toAgentTestInput,
  type AgentTestForm,
} from '@switchboard/shared/agent-tests';
import { AGENT_TOOL_NAMES } from '@switchboard/shared/agents';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { applyServerFieldErrors } from '../../../lib/form-errors';
import { FormAlert } from '../../../components/form-alert';
import { useAddTest } from '../api/agent-tests';
import { FormActions } from '../../../components/form-actions';
import { bindField } from '../../../lib/bind-field';

const FIELDS = ['name', 'personality', 'scenario', 'kind', 'tool', 'weekday', 'phrase'] as const;

type Props = { suiteId: string; opened: boolean; onClose: () => void };

/** A new test: who calls, what they want, and what must happen in the call. */
export function TestFormModal({ suiteId, opened, onClose }: Props) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Add a test"
      size="lg"
      fullScreen={useMediaQuery('(max-width: 48em)')}
      closeOnClickOutside={false}
    >
      {opened && <TestForm suiteId={suiteId} onClose={onClose} />}
    </Modal>
  );
}

function TestForm({ suiteId, onClose }: { suiteId: string; onClose: () => void }) {
  const add = useAddTest(suiteId);
  const form = useForm<AgentTestForm>({
    resolver: zodResolver(agentTestFormSchema),
    defaultValues: EMPTY_AGENT_TEST_FORM,
  });
  const { errors } = form.formState;
  const fieldProps = bindField(form.register, errors);
  const [kind, tool] = useWatch({ control: form.control, name: ['kind', 'tool'] });

  const submit = form.handleSubmit((values) =>
    add.mutateAsync(toAgentTestInput(values)).then(
      () => onClose(),
      (error: unknown) => {
        if (applyServerFieldErrors<AgentTestForm>(error, FIELDS, form.setError)) add.reset();
      },
    ),
  );

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack>
        {add.isError && <FormAlert title="Could not add the test" error={add.error} />}
        <TextInput
          label="Name"
          placeholder="Books a Saturday slot"
          data-autofocus
          {...fieldProps('name')}
        />
        <Controller
          control={form.control}
          name="personality"
          render={({ field }) => (
            <Select
              label="Caller"
              description="How the simulated caller behaves"
              data={CALLER_PERSONALITIES.map((key) => ({
                value: key,
                label: CALLER_PERSONALITY_LABELS[key],
              }))}
              allowDeselect={false}
              value={field.value}
              onChange={(value) => field.onChange(value)}
              error={errors.personality?.message}
            />
          )}
        />
        <Textarea
          label="What the caller wants"
          description="The scenario the simulated caller follows, in plain words"
          placeholder="You want to book a cleaning on a Saturday morning."
          autosize
          minRows={3}
          {...fieldProps('scenario')}
        />
        <Controller
          control={form.control}
          name="kind"
          render={({ field }) => (
            <Select
              label="What must happen"
              data={EXPECTATION_KINDS.map((key) => ({
                value: key,
                label: EXPECTATION_KIND_LABELS[key],
              }))}
              allowDeselect={false}
              value={field.value}
              onChange={(value) => field.onChange(value)}
              error={errors.kind?.message}
            />
          )}
        />
        {kind === 'agent-says' ? (
          <TextInput
            label="Phrase"
            description="Words the agent must say (any case)"
            placeholder="this is Riley"
            {...fieldProps('phrase')}
          />
        ) : (
          <Group grow align="flex-start">
            <Controller
              control={form.control}
              name="tool"
              render={({ field }) => (
                <Select
                  label="Tool"
                  data={[...AGENT_TOOL_NAMES]}
                  allowDeselect={false}
                  value={field.value}
                  onChange={(value) => field.onChange(value)}
                  error={errors.tool?.message}
                />
              )}
            />
            {kind === 'tool-called' && tool === 'book_appointment' && (
              <Controller
                control={form.control}
                name="weekday"
                render={({ field }) => (
                  <Select
                    label="Booked on"
                    description="The booked time's weekday"
                    data={[{ value: '', label: 'Any day' }, ...WEEKDAY_NAMES]}
                    allowDeselect={false}
                    value={field.value}
                    onChange={(value) => field.onChange(value ?? '')}
                    error={errors.weekday?.message}
                  />
                )}
              />
            )}
          </Group>
        )}
        <FormActions onCancel={onClose} pending={add.isPending} submitLabel="Add test" mt="sm" />
      </Stack>
    </form>
  );
}
