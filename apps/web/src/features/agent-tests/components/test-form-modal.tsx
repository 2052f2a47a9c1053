import { zodResolver } from '@hookform/resolvers/zod';
import { Group, Textarea, TextInput } from '@mantine/core';
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
import { useForm, useWatch } from 'react-hook-form';
import { consoleSubmit } from '../../../lib/console-submit';
import { ConsoleForm, ConsoleFormModal } from '../../../components/console-form-modal';
import { FormSelect } from '../../../components/console-fields';
import { useAddTest } from '../api/agent-tests';
import { bindField } from '../../../lib/bind-field';

const FIELDS = ['name', 'personality', 'scenario', 'kind', 'tool', 'weekday', 'phrase'] as const;

type Props = { suiteId: string; opened: boolean; onClose: () => void };

/** A new test: who calls, what they want, and what must happen in the call. */
export function TestFormModal({ suiteId, opened, onClose }: Props) {
  return (
    <ConsoleFormModal opened={opened} onClose={onClose} title="Add a test" formKey="new">
      <TestForm suiteId={suiteId} onClose={onClose} />
    </ConsoleFormModal>
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

  const submit = consoleSubmit(form, add, {
    fields: FIELDS,
    onSaved: onClose,
    send: (values) => add.mutateAsync(toAgentTestInput(values)),
  });

  return (
    <ConsoleForm
      onSubmit={submit}
      mutation={add}
      errorTitle="Could not add the test"
      onCancel={onClose}
      submitLabel="Add test"
    >
      <TextInput
        label="Name"
        placeholder="Books a Saturday slot"
        data-autofocus
        {...fieldProps('name')}
      />
      <FormSelect
        control={form.control}
        name="personality"
        label="Caller"
        description="How the simulated caller behaves"
        data={CALLER_PERSONALITIES.map((key) => ({
          value: key,
          label: CALLER_PERSONALITY_LABELS[key],
        }))}
        allowDeselect={false}
      />
      <Textarea
        label="What the caller wants"
        description="The scenario the simulated caller follows, in plain words"
        placeholder="You want to book a cleaning on a Saturday morning."
        autosize
        minRows={3}
        {...fieldProps('scenario')}
      />
      <FormSelect
        control={form.control}
        name="kind"
        label="What must happen"
        data={EXPECTATION_KINDS.map((key) => ({ value: key, label: EXPECTATION_KIND_LABELS[key] }))}
        allowDeselect={false}
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
          <FormSelect
            control={form.control}
            name="tool"
            label="Tool"
            data={[...AGENT_TOOL_NAMES]}
            allowDeselect={false}
          />
          {kind === 'tool-called' && tool === 'book_appointment' && (
            <FormSelect
              control={form.control}
              name="weekday"
              label="Booked on"
              description="The booked time's weekday"
              data={[{ value: '', label: 'Any day' }, ...WEEKDAY_NAMES]}
              allowDeselect={false}
            />
          )}
        </Group>
      )}
    </ConsoleForm>
  );
}
