import {
  Alert,
  Badge,
  Button,
  Group,
  Modal,
  Paper,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { IconHeadset, IconMaximize, IconPhoneCall, IconPhoneOff } from '@tabler/icons-react';
import { useState } from 'react';
import { useWebCallConfig } from '../api/get-web-call-config';
import { useWebCall, type WebCallTarget } from '../hooks/use-web-call';
import { canStart, PHASE_LABELS } from '../state/call-state';
import { parseVariableValues } from '../state/variable-values';
import { AssistantVolumeMeter, CallView } from './call-view';
import { useIsOperator } from '../../../lib/session-context';

/** An agent (`agentId`) or one of the business's squads (`squadId`, "Talk to squad"). */
type TalkToAgentPanelProps = { agentName: string } & ({ agentId: string } | { squadId: string });

/**
 * "Talk to agent": a browser voice call with the agent from its screen, through the official
 * web SDK (live platform) or the sandbox's call client (sandbox mode). The larger call view
 * opens in a modal; calls made here are test calls.
 */
export function TalkToAgentPanel(props: TalkToAgentPanelProps) {
  const { agentName } = props;
  const target: WebCallTarget =
    'squadId' in props ? { squadId: props.squadId } : { assistantId: props.agentId };
  const title = 'squadId' in props ? 'Talk to squad' : 'Talk to agent';
  const config = useWebCallConfig();
  const isAdmin = useIsOperator();
  const call = useWebCall(config.data);
  const { state, actions } = call;
  const [opened, setOpened] = useState(false);
  const [variables, setVariables] = useState('');
  const parsed = parseVariableValues(variables);
  const notConfigured = config.data && !config.data.enabled;
  const live = state.phase === 'joining' || state.phase === 'joined';

  const start = () => {
    if ('error' in parsed) return;
    setOpened(true);
    void actions.start(target, parsed.values);
  };

  return (
    <Paper component="section" withBorder p="md" radius="md" aria-labelledby="talk-to-agent-title">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <Group gap="xs">
            <IconHeadset size={22} aria-hidden />
            <div>
              <Title order={2} size="h4" id="talk-to-agent-title">
                {title}
              </Title>
              <Text size="sm" c="dimmed">
                A voice call with {agentName} in your browser
                {config.data?.mode === 'sandbox' ? ' (sandbox: a simulated assistant)' : ''}.{' '}
                {'squadId' in props
                  ? 'Its first agent answers. Calls made here are test calls: the call log shows them when you include test calls.'
                  : 'Calls made here are test calls, left out of the figures below unless you include them.'}
              </Text>
            </div>
          </Group>
          <Badge
            color={state.phase === 'joined' ? 'teal' : state.phase === 'error' ? 'red' : 'gray'}
          >
            {PHASE_LABELS[state.phase]}
          </Badge>
        </Group>
        {config.isError && (
          <Alert color="red" title="Web calls are unavailable">
            Could not load the call settings: {config.error.message}
          </Alert>
        )}
        {notConfigured && (
          <Alert color="yellow" title="Web calls are not set up">
            {isAdmin
              ? 'The platform’s public key (VAPI_PUBLIC_KEY) is not configured on the server.'
              : 'Calls from the browser need a setting your Switchboard administrator has not made yet.'}
          </Alert>
        )}
        {!live && (
          <Textarea
            label="Variable values"
            description="Optional, one name=value a line (the agent reads them as {{name}})"
            placeholder="customerName=Pat"
            autosize
            minRows={1}
            maxRows={4}
            value={variables}
            onChange={(event) => setVariables(event.currentTarget.value)}
            error={'error' in parsed ? parsed.error : undefined}
          />
        )}
        {live && <AssistantVolumeMeter state={state} />}
        <Group gap="sm">
          {canStart(state) ? (
            <Button
              leftSection={<IconPhoneCall size={18} />}
              onClick={start}
              loading={config.isPending}
              disabled={!config.data?.enabled || 'error' in parsed}
            >
              Start call
            </Button>
          ) : (
            <Button color="red" leftSection={<IconPhoneOff size={18} />} onClick={actions.end}>
              End call
            </Button>
          )}
          <Button
            variant="default"
            leftSection={<IconMaximize size={18} />}
            onClick={() => setOpened(true)}
            disabled={state.phase === 'new'}
          >
            Open call view
          </Button>
        </Group>
      </Stack>
      <Modal opened={opened} onClose={() => setOpened(false)} title={title} size="xl">
        {/* Closing the view does not end the call: the panel keeps its state and controls. */}
        <CallView call={call} agentName={agentName} />
      </Modal>
    </Paper>
  );
}
