import { Box, Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import type { Agent, AgentSettings } from '@switchboard/shared/agents';
import { canSpendAndDelete } from '@switchboard/shared/auth';
import { IconAlertTriangle, IconTrash } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { AgentHealthPanel } from '../../../components/agent-health-panel';
import { ManagerOnlyButton } from '../../../components/manager-only';
import { Notice } from '../../../components/notice';
import { useSessionUser } from '../../../lib/session-context';
import { QueryError } from '../../../components/query-error';
import { useAgentHealth } from '../api/get-agent-health';
import { useRepairAgent } from '../api/repair-agent';
import { useAgentSettings } from '../api/get-agent-settings';
import { useDeleteAgent } from '../api/delete-agent';
import { useUpdateAgent } from '../api/update-agent';
import { AgentForm, applyAgentFieldErrors } from './agent-form';
import { FormModal } from '../../../components/form-modal';
import { FormAlert } from '../../../components/form-alert';

type AgentSettingsModalProps = {
  /** The agent being edited; kept while the dialog closes so its content does not vanish. */
  agent: Agent | null;
  opened: boolean;
  onClose: () => void;
  /** Shown above the buttons (the route's "Run the tests" on the unsaved settings). */
  renderTests?: SettingsTestsSlot | undefined;
};

/** What the settings dialog offers before saving: given the agent and a way to read the form. */
export type SettingsTestsSlot = (
  agentId: string,
  readValues: () => Promise<AgentSettings | null>,
) => ReactNode;

/** An agent's settings as the voice platform holds them: edit and save, or delete the agent. */
export function AgentSettingsModal({
  agent,
  opened,
  onClose,
  renderTests,
}: AgentSettingsModalProps) {
  const updateMutation = useUpdateAgent();
  const deleteMutation = useDeleteAgent();
  const busy = updateMutation.isPending || deleteMutation.isPending;

  const close = () => {
    // Closing mid-request would hide whether the change went through.
    if (busy) return;
    updateMutation.reset();
    deleteMutation.reset();
    onClose();
  };

  return (
    <FormModal
      opened={opened && agent !== null}
      onClose={close}
      title={agent ? `Settings: ${agent.name}` : 'Settings'}
      size="lg"
    >
      {agent && (
        <AgentSettingsBody
          agent={agent}
          updateMutation={updateMutation}
          deleteMutation={deleteMutation}
          renderTests={renderTests}
          onClose={close}
          onDone={() => {
            updateMutation.reset();
            deleteMutation.reset();
            onClose();
          }}
        />
      )}
    </FormModal>
  );
}

type AgentSettingsBodyProps = {
  agent: Agent;
  updateMutation: ReturnType<typeof useUpdateAgent>;
  deleteMutation: ReturnType<typeof useDeleteAgent>;
  renderTests?: SettingsTestsSlot | undefined;
  /** Cancel: close unless a request is under way. */
  onClose: () => void;
  /** The change went through: close. */
  onDone: () => void;
};

// Mounted while the dialog is open only, so the form and the confirmation start afresh each time.
function AgentSettingsBody({
  agent,
  updateMutation,
  deleteMutation,
  renderTests,
  onClose,
  onDone,
}: AgentSettingsBodyProps) {
  const settings = useAgentSettings(agent.id);
  const health = useAgentHealth(agent.id);
  const repair = useRepairAgent();
  const { role } = useSessionUser();
  // Repair changes the agent's platform settings: an owner's (or the operator's) call.
  const canRepair = role === 'owner' || role === 'admin';
  // Deleting it on the platform: owners and managers (decision 051).
  const canDelete = canSpendAndDelete(role);
  const [confirmingDelete, setConfirmingDelete] = useState(false);

  if (settings.isError && !settings.data) {
    return (
      <QueryError
        title="Could not load the agent settings"
        error={settings.error}
        onRetry={() => void settings.refetch()}
        retrying={settings.isFetching}
      />
    );
  }

  if (!settings.data) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading the agent settings" />
      </Center>
    );
  }

  const confirmDelete = () => {
    if (deleteMutation.isPending) return;
    deleteMutation.mutate({ agentId: agent.id, name: agent.name }, { onSuccess: onDone });
  };

  return (
    <>
      {/* Hidden rather than unmounted: going back from the confirmation keeps unsaved edits. */}
      <Box hidden={confirmingDelete}>
        {health.data && (
          <Box mb="md">
            <AgentHealthPanel
              health={health.data}
              timeZone={agent.timeZone}
              {...(canRepair
                ? { onRepair: () => repair.mutate(agent.id), repairing: repair.isPending }
                : { readOnlyHint: 'Ask an owner of the business to repair this agent.' })}
            />
          </Box>
        )}
        <AgentForm
          defaultValues={settings.data.settings}
          submitLabel="Save changes"
          pending={updateMutation.isPending}
          error={updateMutation.error}
          errorTitle="Could not save the agent"
          onCancel={onClose}
          {...(renderTests
            ? { beforeActions: (readValues) => renderTests(agent.id, readValues) }
            : {})}
          onSubmit={(values, setError) =>
            updateMutation
              .mutateAsync({ agentId: agent.id, settings: values })
              .then(onDone, (error: unknown) => {
                if (applyAgentFieldErrors(error, setError)) updateMutation.reset();
              })
          }
          extraAction={
            <ManagerOnlyButton
              allowed={canDelete}
              action="delete agents"
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={16} />}
              disabled={updateMutation.isPending}
              onClick={() => {
                deleteMutation.reset();
                setConfirmingDelete(true);
              }}
            >
              Delete agent
            </ManagerOnlyButton>
          }
        />
      </Box>
      {confirmingDelete && (
        <Stack gap="md">
          <Notice
            tone="danger"
            title={`Delete ${agent.name}?`}
            icon={IconAlertTriangle}
            // A question, not news: the failure below is what gets announced.
            role="note"
          >
            <Stack gap={6}>
              <Text size="sm">
                {agent.name} is removed from the voice platform and stops answering calls. This
                cannot be undone.
              </Text>
              <Text size="sm">Its call history is kept.</Text>
            </Stack>
          </Notice>
          {deleteMutation.isError && (
            <FormAlert title="Could not delete the agent" error={deleteMutation.error} />
          )}
          <Group justify="flex-end" gap="sm">
            <Button
              variant="default"
              disabled={deleteMutation.isPending}
              onClick={() => setConfirmingDelete(false)}
            >
              Keep agent
            </Button>
            <Button
              color="red"
              leftSection={<IconTrash size={16} />}
              loading={deleteMutation.isPending}
              onClick={confirmDelete}
            >
              Yes, delete agent
            </Button>
          </Group>
        </Stack>
      )}
    </>
  );
}
