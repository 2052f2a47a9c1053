import { Button, Group, List, Stack, Text, ThemeIcon } from '@mantine/core';
import type { AgentHealth } from '@switchboard/shared/agents';
import { formatDateTime } from '@switchboard/shared/format';
import {
  IconAlertTriangle,
  IconCheck,
  IconCircleCheck,
  IconTool,
  IconX,
} from '@tabler/icons-react';
import { useIsOperator } from '../lib/session-context';
import { Notice } from './notice';

type AgentHealthPanelProps = {
  health: AgentHealth;
  /** The zone the last webhook's time is shown in: the business's. */
  timeZone: string;
  /** Repair, for those who may; without it the panel is read-only and says who can fix it. */
  onRepair?: (() => void) | undefined;
  repairing?: boolean | undefined;
  /** What a reader who may not repair should do (shown instead of the button). */
  readOnlyHint?: string | undefined;
};

/** "Last call update received Mar 5, 2026, 14:07." in the business's zone, or that none came. */
export function lastWebhookText(at: string | null, timeZone: string): string {
  if (!at) return 'No call has reached Switchboard from this agent yet.';
  return `Last call update received ${formatDateTime(at, timeZone)}.`;
}

type Check = { label: string; ok: boolean; detail?: string };

/** A server message type in the screen's words. */
function messageWords(type: string): string {
  if (type === 'status-update') return 'status updates';
  if (type === 'end-of-call-report') return 'end-of-call reports';
  if (type === 'tool-calls') return 'tool calls';
  return type;
}

function toolDetail(tool: AgentHealth['tools'][number]): string | undefined {
  if (!tool.present) return 'missing from the agent';
  if (!tool.pointsAtUs) return 'sends its calls elsewhere';
  if (!tool.authenticated) return 'does not carry Switchboard’s secret';
  return undefined;
}

/** The checks behind the verdict, each passed or not, so a reader sees what exactly is wrong. */
export function agentHealthChecks(health: AgentHealth): Check[] {
  return [
    {
      label: 'Server points at Switchboard',
      ok: health.serverPointsAtUs,
      ...(health.serverPointsAtUs
        ? {}
        : { detail: health.serverUrl ? `it points at ${health.serverUrl}` : 'no server is set' }),
    },
    { label: 'Authenticated with Switchboard’s secret', ok: health.serverAuthenticated },
    {
      label: 'Sends call updates, reports and tool calls',
      ok: health.missingServerMessages.length === 0,
      ...(health.missingServerMessages.length === 0
        ? {}
        : { detail: `leaves out ${health.missingServerMessages.map(messageWords).join(', ')}` }),
    },
    ...health.tools.map((tool) => {
      const detail = toolDetail(tool);
      return {
        label: `Tool ${tool.name}`,
        ok: detail === undefined,
        ...(detail ? { detail } : {}),
      };
    }),
  ];
}

/** What a tool we give agents does, in the business's words. */
const TOOL_WORDS: Record<string, string> = {
  create_enquiry: 'Takes enquiries from callers',
  book_appointment: 'Books appointments',
};

/**
 * The same verdict for owners and members, in what it means for the business (calls,
 * enquiries, bookings) rather than the platform's plumbing (servers, secrets, message types),
 * which only the operator is shown (Round 3 · 6/10, "owner wording").
 */
export function plainHealthChecks(health: AgentHealth): Check[] {
  return [
    {
      label: 'Calls reach Switchboard',
      ok:
        health.serverPointsAtUs &&
        health.serverAuthenticated &&
        health.missingServerMessages.length === 0,
    },
    ...health.tools.map((tool) => ({
      label: TOOL_WORDS[tool.name] ?? `Uses the “${tool.name}” tool`,
      ok: toolDetail(tool) === undefined,
    })),
  ];
}

function HealthChecks({ health }: { health: AgentHealth }) {
  const operator = useIsOperator();
  const checks = operator ? agentHealthChecks(health) : plainHealthChecks(health);
  return (
    <List size="sm" spacing={4} center aria-label="Connection checks">
      {checks.map((check) => (
        <List.Item
          key={check.label}
          icon={
            <ThemeIcon
              size={18}
              radius="xl"
              variant="light"
              color={check.ok ? 'teal' : 'red'}
              aria-hidden
            >
              {check.ok ? <IconCheck size={12} /> : <IconX size={12} />}
            </ThemeIcon>
          }
        >
          {check.label}: {check.ok ? 'yes' : `no${check.detail ? `, ${check.detail}` : ''}`}
        </List.Item>
      ))}
    </List>
  );
}

/**
 * Whether the voice platform reaches Switchboard for an agent, check by check, and the fix when
 * it does not: Repair re-applies our server settings on the platform, keeping everything else.
 * The operator reads the platform's terms; owners and members read what it means for them.
 */
export function AgentHealthPanel({
  health,
  timeZone,
  onRepair,
  repairing = false,
  readOnlyHint,
}: AgentHealthPanelProps) {
  const operator = useIsOperator();
  if (health.ok) {
    return (
      <Notice tone="success" title="Connected to Switchboard" icon={IconCircleCheck}>
        <Stack gap="xs">
          <HealthChecks health={health} />
          <Text size="sm">{lastWebhookText(health.lastWebhookAt, timeZone)}</Text>
        </Stack>
      </Notice>
    );
  }
  return (
    <Notice
      tone="warning"
      title="Calls from this agent do not reach Switchboard"
      icon={IconAlertTriangle}
    >
      <Stack gap="xs">
        {operator ? (
          <List size="sm" spacing={4}>
            {health.problems.map((problem) => (
              <List.Item key={problem}>{problem}</List.Item>
            ))}
          </List>
        ) : (
          <Text size="sm">
            Calls this agent takes may not show here, and the enquiries and bookings it makes may be
            lost, until it is repaired.
          </Text>
        )}
        <HealthChecks health={health} />
        <Text size="sm">{lastWebhookText(health.lastWebhookAt, timeZone)}</Text>
        {onRepair ? (
          <Group gap="sm" wrap="wrap">
            <Text size="sm" style={{ flex: '1 1 16rem' }}>
              {operator
                ? 'The fix: Repair points the agent and its tools at Switchboard again, with its secret, and keeps the rest of the agent as it is.'
                : 'The fix: Repair connects the agent to Switchboard again and changes nothing else about it.'}
            </Text>
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
        ) : readOnlyHint ? (
          <Text size="sm" fw={500}>
            {readOnlyHint}
          </Text>
        ) : null}
      </Stack>
    </Notice>
  );
}
