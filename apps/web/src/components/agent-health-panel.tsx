import { Alert, Button, Group, List, Text } from '@mantine/core';
import type { AgentHealth } from '@switchboard/shared/agents';
import { IconAlertTriangle, IconCircleCheck, IconTool } from '@tabler/icons-react';

type AgentHealthPanelProps = {
  health: AgentHealth;
  onRepair: () => void;
  repairing: boolean;
};

function lastWebhook(at: string | null): string {
  if (!at) return 'No call has reached Switchboard from this agent yet.';
  return `Last call update received ${new Date(at).toLocaleString()}.`;
}

/**
 * Whether the voice platform reaches Switchboard for an agent, and the fix when it does not:
 * Repair re-applies our server settings on the platform, keeping everything else.
 */
export function AgentHealthPanel({ health, onRepair, repairing }: AgentHealthPanelProps) {
  if (health.ok) {
    return (
      <Alert
        color="teal"
        variant="light"
        title="Connected to Switchboard"
        icon={<IconCircleCheck size={20} />}
        role="status"
      >
        <Text size="sm">
          Calls and tool calls are sent to Switchboard, with its secret.{' '}
          {lastWebhook(health.lastWebhookAt)}
        </Text>
      </Alert>
    );
  }
  return (
    <Alert
      color="yellow"
      variant="light"
      title="Calls from this agent do not reach Switchboard"
      icon={<IconAlertTriangle size={20} />}
      role="alert"
    >
      <List size="sm" spacing={4}>
        {health.problems.map((problem) => (
          <List.Item key={problem}>{problem}</List.Item>
        ))}
      </List>
      <Text size="sm" mt="xs">
        {lastWebhook(health.lastWebhookAt)}
      </Text>
      <Group mt="sm">
        <Button
          size="xs"
          color="yellow"
          leftSection={<IconTool size={14} />}
          loading={repairing}
          onClick={onRepair}
        >
          Repair
        </Button>
      </Group>
    </Alert>
  );
}
