import {
  Alert,
  Badge,
  Box,
  Button,
  Checkbox,
  Group,
  List,
  Paper,
  Progress,
  ScrollArea,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  IconAlertTriangle,
  IconMicrophone,
  IconMicrophoneOff,
  IconPhoneOff,
  IconScreenShare,
  IconSend,
  IconSpeakerphone,
} from '@tabler/icons-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  MIC_SILENT_WARNING,
  PHASE_LABELS,
  STAGE_LABELS,
  type CallState,
  type StartFailure,
} from '../state/call-state';
import type { useWebCall } from '../hooks/use-web-call';
import { endedReasonLabel } from '@switchboard/shared/ended-reasons';

type WebCall = ReturnType<typeof useWebCall>;

/** The assistant's volume (volume-level), as a meter with its speaking indicator. */
export function AssistantVolumeMeter({ state }: { state: CallState }) {
  const percent = Math.round(state.volume * 100);
  return (
    <Stack gap={4}>
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={500} id="assistant-volume-label">
          Assistant volume
        </Text>
        <Badge
          variant={state.assistantSpeaking ? 'filled' : 'light'}
          color={state.assistantSpeaking ? 'teal' : 'gray'}
          aria-live="polite"
        >
          {state.assistantSpeaking ? 'Assistant speaking' : 'Assistant quiet'}
        </Badge>
      </Group>
      <Progress
        value={percent}
        role="meter"
        aria-labelledby="assistant-volume-label"
        aria-valuenow={percent}
        aria-valuemin={0}
        aria-valuemax={100}
        data-testid="assistant-volume"
        transitionDuration={80}
      />
    </Stack>
  );
}

function StartProgress({ state }: { state: CallState }) {
  if (state.stages.length === 0) return null;
  return (
    <List size="sm" spacing={2} aria-label="Start progress">
      {state.stages.map((stage) => (
        <List.Item key={stage.stage}>
          <Text span size="sm" c={stage.status === 'failed' ? 'red' : undefined}>
            {STAGE_LABELS[stage.stage] ?? stage.stage}:{' '}
            {stage.status === 'started' ? 'in progress' : stage.status}
            {stage.duration !== null && stage.status !== 'started' ? ` (${stage.duration} ms)` : ''}
          </Text>
        </List.Item>
      ))}
    </List>
  );
}

function Transcript({ state }: { state: CallState }) {
  const viewport = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // The newest line in view.
    if (viewport.current) viewport.current.scrollTop = viewport.current.scrollHeight;
  }, [state.transcript]);
  return (
    <Paper withBorder p="sm">
      <Text size="sm" fw={500} mb="xs" id="transcript-label">
        Transcript
      </Text>
      <ScrollArea h={220} viewportRef={viewport}>
        {state.transcript.length === 0 ? (
          <Text size="sm" c="dimmed">
            What the assistant and you say appears here.
          </Text>
        ) : (
          <Stack gap={6} role="log" aria-labelledby="transcript-label" aria-live="polite">
            {state.transcript.map((line) => (
              <Text key={line.id} size="sm" c={line.final ? undefined : 'dimmed'}>
                <Text span fw={600}>
                  {line.role === 'assistant'
                    ? 'Assistant'
                    : line.role === 'user'
                      ? 'You'
                      : line.role}
                  :
                </Text>{' '}
                {line.text}
              </Text>
            ))}
          </Stack>
        )}
      </ScrollArea>
    </Paper>
  );
}

function useMediaDevices(active: boolean) {
  const [devices, setDevices] = useState<MediaDeviceInfo[]>([]);
  useEffect(() => {
    if (!active || !navigator.mediaDevices?.enumerateDevices) return;
    let cancelled = false;
    const load = () => {
      void navigator.mediaDevices
        .enumerateDevices()
        .then((list) => {
          if (!cancelled) setDevices(list);
        })
        .catch(() => undefined);
    };
    load();
    navigator.mediaDevices.addEventListener?.('devicechange', load);
    return () => {
      cancelled = true;
      navigator.mediaDevices.removeEventListener?.('devicechange', load);
    };
  }, [active]);
  const options = (kind: MediaDeviceKind) =>
    devices
      .filter((device) => device.kind === kind && device.deviceId !== '')
      .map((device, n) => ({
        value: device.deviceId,
        label: device.label || `${kind === 'audioinput' ? 'Microphone' : 'Speaker'} ${n + 1}`,
      }));
  return { microphones: options('audioinput'), speakers: options('audiooutput') };
}

const yesNo = (value: boolean) => (value ? 'yes' : 'no');

/** The SDK's call-start-failed, with its context (the error catalogue's rule). */
function StartFailureDetails({ failure }: { failure: StartFailure }) {
  return (
    <List size="xs" mt="xs" spacing={0} aria-label="Why the start failed">
      <List.Item>
        Failed at: {STAGE_LABELS[failure.stage] ?? failure.stage}
        {failure.totalDuration !== null ? ` after ${failure.totalDuration} ms` : ''}
      </List.Item>
      <List.Item>Reason: {failure.error}</List.Item>
      <List.Item>
        Started with: assistant {yesNo(failure.context.hasAssistant)}, squad{' '}
        {yesNo(failure.context.hasSquad)}, workflow {yesNo(failure.context.hasWorkflow)}; mobile
        device {yesNo(failure.context.isMobile)}
      </List.Item>
    </List>
  );
}

/** The larger call view: status, progress, transcript, meter, and every in-call control. */
export function CallView({ call, agentName }: { call: WebCall; agentName: string }) {
  const { state, actions, video, sharing } = call;
  const inCall = state.phase === 'joined';
  const [message, setMessage] = useState('');
  const [sayText, setSayText] = useState('');
  const [endAfterSpoken, setEndAfterSpoken] = useState(false);
  const [callerMayInterrupt, setCallerMayInterrupt] = useState(false);
  const [interruptAssistant, setInterruptAssistant] = useState(false);
  const [microphone, setMicrophone] = useState<string | null>(null);
  const [speaker, setSpeaker] = useState<string | null>(null);
  const { microphones, speakers } = useMediaDevices(inCall);

  const send = (event: FormEvent) => {
    event.preventDefault();
    if (message.trim() === '') return;
    actions.sendMessage(message.trim());
    setMessage('');
  };
  const say = (event: FormEvent) => {
    event.preventDefault();
    if (sayText.trim() === '') return;
    actions.say(sayText.trim(), {
      endCallAfterSpoken: endAfterSpoken,
      interruptionsEnabled: callerMayInterrupt,
      interruptAssistantEnabled: interruptAssistant,
    });
    setSayText('');
  };

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={3} size="h4">
          {agentName}
        </Title>
        <Badge
          size="lg"
          color={state.phase === 'error' ? 'red' : state.phase === 'joined' ? 'teal' : 'gray'}
          aria-live="polite"
          data-testid="call-phase"
        >
          {PHASE_LABELS[state.phase]}
        </Badge>
      </Group>
      {state.error && (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} title="The call failed">
          {state.error.message}
          {state.startFailure && <StartFailureDetails failure={state.startFailure} />}
        </Alert>
      )}
      {state.warning && (
        <Alert
          color="yellow"
          icon={<IconAlertTriangle size={18} />}
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={actions.dismissWarning}
        >
          {state.warning}
        </Alert>
      )}
      {state.micSilent && (
        <Alert color="yellow" icon={<IconMicrophoneOff size={18} />} title="Is your microphone on?">
          {MIC_SILENT_WARNING}
        </Alert>
      )}
      {state.phase === 'left' && state.endedReason && (
        <Text size="sm" c="dimmed">
          Ended: {endedReasonLabel(state.endedReason)}
        </Text>
      )}
      {state.phase === 'joining' && <StartProgress state={state} />}
      <AssistantVolumeMeter state={state} />
      <Transcript state={state} />

      <Group gap="sm">
        <Button
          variant="default"
          leftSection={state.muted ? <IconMicrophoneOff size={18} /> : <IconMicrophone size={18} />}
          onClick={() => actions.setMuted(!state.muted)}
          disabled={!inCall}
          aria-pressed={state.muted}
        >
          {state.muted ? 'Unmute' : 'Mute'}
        </Button>
        <Button
          variant="default"
          leftSection={<IconScreenShare size={18} />}
          onClick={() => actions.setScreenSharing(!sharing)}
          disabled={!inCall || !video}
          title={video ? undefined : 'Screen sharing is for video calls'}
          aria-pressed={sharing}
        >
          {sharing ? 'Stop sharing' : 'Share screen'}
        </Button>
        <Button
          color="red"
          leftSection={<IconPhoneOff size={18} />}
          onClick={actions.end}
          disabled={state.phase !== 'joined' && state.phase !== 'joining'}
        >
          End call
        </Button>
      </Group>
      {!video && inCall && (
        <Text size="xs" c="dimmed">
          Screen sharing is available when the call has video (video recording or a video voice).
        </Text>
      )}

      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <form onSubmit={send}>
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <TextInput
              style={{ flex: 1 }}
              label="Type a message"
              description="Added to the conversation as you"
              value={message}
              onChange={(event) => setMessage(event.currentTarget.value)}
              disabled={!inCall}
            />
            <Button type="submit" leftSection={<IconSend size={16} />} disabled={!inCall}>
              Send
            </Button>
          </Group>
        </form>
        <form onSubmit={say}>
          <Stack gap={4}>
            <Group gap="xs" align="flex-end" wrap="nowrap">
              <TextInput
                style={{ flex: 1 }}
                label="Make the assistant say"
                description="Spoken by the assistant as written"
                value={sayText}
                onChange={(event) => setSayText(event.currentTarget.value)}
                disabled={!inCall}
              />
              <Button type="submit" leftSection={<IconSpeakerphone size={16} />} disabled={!inCall}>
                Say
              </Button>
            </Group>
            <Checkbox
              label="End call after spoken"
              checked={endAfterSpoken}
              onChange={(event) => setEndAfterSpoken(event.currentTarget.checked)}
              disabled={!inCall}
            />
            <Checkbox
              label="Caller may interrupt it"
              checked={callerMayInterrupt}
              onChange={(event) => setCallerMayInterrupt(event.currentTarget.checked)}
              disabled={!inCall}
            />
            <Checkbox
              label="Interrupt the assistant (else it waits until the assistant stops)"
              checked={interruptAssistant}
              onChange={(event) => setInterruptAssistant(event.currentTarget.checked)}
              disabled={!inCall}
            />
            <Group>
              <Button
                variant="default"
                size="xs"
                onClick={actions.sayFirstMessage}
                disabled={!inCall}
              >
                Say first message
              </Button>
            </Group>
          </Stack>
        </form>
      </SimpleGrid>

      <Box>
        <Text size="sm" fw={500} mb={4}>
          Devices
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label="Microphone"
            placeholder={inCall ? 'System default' : 'Available during a call'}
            data={microphones}
            value={microphone}
            onChange={(value) => {
              setMicrophone(value);
              if (value) void actions.setInputDevice(value);
            }}
            disabled={!inCall || microphones.length === 0}
          />
          <Select
            label="Speaker"
            placeholder={inCall ? 'System default' : 'Available during a call'}
            data={speakers}
            value={speaker}
            onChange={(value) => {
              setSpeaker(value);
              if (value) actions.setOutputDevice(value);
            }}
            disabled={!inCall || speakers.length === 0}
          />
        </SimpleGrid>
      </Box>
    </Stack>
  );
}
