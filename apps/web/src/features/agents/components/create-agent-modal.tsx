import { Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { DEFAULT_AGENT_SETTINGS, type Agent } from '@switchboard/shared/agents';
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
  const fullScreen = useMediaQuery('(max-width: 48em)');
  const busy = createMutation.isPending;

  const close = () => {
    // Closing mid-request would hide whether the agent was created.
    if (busy) return;
    createMutation.reset();
    onClose();
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      title="Create agent"
      size="lg"
      fullScreen={fullScreen}
      closeOnClickOutside={false}
    >
      <AgentForm
        defaultValues={DEFAULT_AGENT_SETTINGS}
        submitLabel="Create agent"
        pending={busy}
        error={createMutation.error}
        errorTitle="Could not create the agent"
        onCancel={close}
        onSubmit={(settings, setError) =>
          createMutation.mutateAsync(settings).then(
            (agent) => {
              createMutation.reset();
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
    </Modal>
  );
}
