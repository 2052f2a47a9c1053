import { Group, Radio, SimpleGrid, Stack, Text } from '@mantine/core';
import { AGENT_TEMPLATES } from '@switchboard/shared/agent-templates';
import { DEFAULT_AGENT_SETTINGS, type Agent, type AgentSettings } from '@switchboard/shared/agents';
import { useState } from 'react';
import { FormModal } from '../../../components/form-modal';
import { useCreateAgent } from '../api/create-agent';
import { AgentForm, applyAgentFieldErrors } from './agent-form';

type CreateAgentModalProps = {
  opened: boolean;
  onClose: () => void;
  /** The agent the server created (the agent list already includes it). */
  onCreated: (agent: Agent) => void;
};

/** A new agent, starting from the default settings; created on the voice platform on submit. */
export function CreateAgentModal({ opened, onClose, onCreated }: CreateAgentModalProps) {
  const createMutation = useCreateAgent();
  const [templateId, setTemplateId] = useState<string>('blank');
  const busy = createMutation.isPending;

  const close = () => {
    // Closing mid-request would hide whether the agent was created.
    if (busy) return;
    createMutation.reset();
    setTemplateId('blank');
    onClose();
  };
  const template = AGENT_TEMPLATES.find((candidate) => candidate.id === templateId);
  const startFrom: AgentSettings = template ? template.settings : DEFAULT_AGENT_SETTINGS;

  return (
    <FormModal opened={opened} onClose={close} title="Create agent" size="lg">
      <Radio.Group
        value={templateId}
        onChange={setTemplateId}
        label="Start from"
        description="A template fills in the prompt, first message, voice and tools; change anything before you create the agent."
        mb="md"
      >
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" mt="xs">
          {[
            { id: 'blank', label: 'Blank', description: 'The default settings' },
            ...AGENT_TEMPLATES,
          ].map((option) => (
            <Radio.Card key={option.id} value={option.id} p="sm" radius="md" disabled={busy}>
              <Group wrap="nowrap" align="flex-start" gap="sm">
                <Radio.Indicator />
                <Stack gap={2}>
                  <Text size="sm" fw={600}>
                    {option.label}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {option.description}
                  </Text>
                </Stack>
              </Group>
            </Radio.Card>
          ))}
        </SimpleGrid>
      </Radio.Group>
      <AgentForm
        // A new template starts the form afresh.
        key={templateId}
        defaultValues={startFrom}
        submitLabel="Create agent"
        pending={busy}
        error={createMutation.error}
        errorTitle="Could not create the agent"
        onCancel={close}
        onSubmit={(settings, setError) =>
          createMutation.mutateAsync(settings).then(
            (agent) => {
              createMutation.reset();
              setTemplateId('blank');
              onClose();
              onCreated(agent);
            },
            (error: unknown) => {
              // Field messages go under the fields; the alert is for everything else.
              if (applyAgentFieldErrors(error, setError)) createMutation.reset();
            },
          )
        }
      />
    </FormModal>
  );
}
