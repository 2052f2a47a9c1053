import {
  Badge,
  Button,
  Group,
  Loader,
  Modal,
  Paper,
  ScrollArea,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconHeadphones, IconPhoneCall, IconPlayerStop } from '@tabler/icons-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { formatDuration } from '@switchboard/shared/format';
import { LIVE_ACTION_WORDS, type LiveCall, type LiveControl } from '@switchboard/shared/live-calls';
import { EmptyPanel } from '../../../components/empty-panel';
import { FormAlert } from '../../../components/form-alert';
import {
  useControlLiveCall,
  useLiveCalls,
  usePlaceSandboxCall,
  useTransferTargets,
} from '../api/live-calls';
import { PcmPlayer } from '../listen/pcm-player';

type LiveCallsProps = {
  /** The operator: every business's calls, each with its business's name. */
  showBusiness: boolean;
  /** The bundled sandbox platform: a test call can be placed from here. */
  sandbox: boolean;
};

/** Seconds since `from`, ticking every second. */
function useSecondsSince(from: string): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return Math.max(0, (now - Date.parse(from)) / 1000);
}

const SPEAKER: Record<LiveCall['lines'][number]['role'], string> = {
  assistant: 'Assistant',
  caller: 'Caller',
  note: 'Note',
};

/** The calls in progress, as they happen: transcript, listening, stepping in. */
export function LiveCalls({ showBusiness, sandbox }: LiveCallsProps) {
  const { calls, connection } = useLiveCalls();
  const place = usePlaceSandboxCall();
  const testCall = sandbox ? (
    <Button
      variant="light"
      leftSection={<IconPhoneCall size={16} />}
      loading={place.isPending}
      onClick={() => place.mutate()}
    >
      Place a test call
    </Button>
  ) : null;

  return (
    <Stack>
      <Group justify="space-between" wrap="wrap">
        <Text size="sm" c="dimmed" data-testid="live-connection">
          {connection === 'live'
            ? 'Updates as calls happen.'
            : connection === 'connecting'
              ? 'Connecting…'
              : 'Connection lost, reconnecting…'}
        </Text>
        {calls && calls.length > 0 ? testCall : null}
      </Group>
      {place.error ? <FormAlert title="Could not place a test call" error={place.error} /> : null}
      {calls === undefined ? (
        <Group justify="center" p="xl">
          <Loader size="sm" />
        </Group>
      ) : calls.length === 0 ? (
        <EmptyPanel
          icon={IconPhoneCall}
          title="No calls in progress"
          description="Calls appear here the moment they start, with what is being said. You can listen in and step in until they end."
          action={testCall}
        />
      ) : (
        <SimpleGrid cols={{ base: 1, lg: 2 }}>
          {calls.map((call) => (
            <LiveCallCard key={call.id} call={call} showBusiness={showBusiness} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}

function LiveCallCard({ call, showBusiness }: { call: LiveCall; showBusiness: boolean }) {
  const seconds = useSecondsSince(call.startedAt ?? call.createdAt);
  const caller =
    call.callerNumber ?? (call.callType === 'web' ? 'A caller in a browser' : 'Unknown number');
  const agentName = call.agent?.name ?? 'An agent';
  const transcript = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const box = transcript.current;
    if (box) box.scrollTop = box.scrollHeight;
  }, [call.lines.length]);

  return (
    <Paper withBorder p="md" component="section" aria-label={`Call with ${caller}`}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <div>
            <Title order={3} size="h5">
              {caller}
            </Title>
            <Text size="sm" c="dimmed">
              {agentName}
              {showBusiness && call.businessName ? ` · ${call.businessName}` : ''}
            </Text>
          </div>
          <Stack gap={4} align="flex-end">
            <Badge color={call.status === 'in-progress' ? 'green' : 'gray'} variant="light">
              {call.status === 'in-progress' ? 'In call' : 'Ringing'}
            </Badge>
            <Text size="sm" data-testid="live-duration" aria-label="Duration so far">
              {formatDuration(seconds) === '-' ? '0s' : formatDuration(seconds)}
            </Text>
          </Stack>
        </Group>
        <ScrollArea.Autosize mah={260} viewportRef={transcript}>
          <Stack
            gap={6}
            role="log"
            aria-label={`Transcript of the call with ${caller}`}
            aria-live="polite"
          >
            {call.lines.length === 0 ? (
              <Text size="sm" c="dimmed">
                Nothing said yet.
              </Text>
            ) : (
              call.lines.map((line, index) => (
                <Text key={index} size="sm">
                  <Text span fw={600}>
                    {SPEAKER[line.role]}:
                  </Text>{' '}
                  {line.text}
                </Text>
              ))
            )}
          </Stack>
        </ScrollArea.Autosize>
        <ListenControl call={call} />
        {call.canControl ? <StepIn call={call} caller={caller} /> : null}
      </Stack>
    </Paper>
  );
}

function ListenControl({ call }: { call: LiveCall }) {
  const [heard, setHeard] = useState({ received: 0, scheduled: 0 });
  const [listening, setListening] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const player = useRef<PcmPlayer | null>(null);
  useEffect(() => () => player.current?.stop(), []);
  if (!call.canListen)
    return (
      <Text size="sm" c="dimmed">
        Listening in is turned off for this agent.
      </Text>
    );
  const start = async () => {
    setError(null);
    player.current ??= new PcmPlayer(({ received, scheduled, ended }) => {
      setHeard({ received, scheduled });
      if (ended) setListening(false);
    });
    setListening(true);
    try {
      await player.current.start(call.id);
    } catch (failure) {
      setListening(false);
      setError(failure);
    }
  };
  const stop = () => {
    player.current?.stop();
    setListening(false);
  };
  return (
    <Stack gap={4}>
      <Group gap="sm">
        {listening ? (
          <Button variant="light" leftSection={<IconPlayerStop size={16} />} onClick={stop}>
            Stop listening
          </Button>
        ) : (
          <Button
            variant="light"
            leftSection={<IconHeadphones size={16} />}
            onClick={() => void start()}
          >
            Listen
          </Button>
        )}
        {listening ? (
          <Text
            size="sm"
            c="dimmed"
            data-testid="audio-received"
            data-bytes={heard.received}
            data-scheduled-seconds={heard.scheduled.toFixed(2)}
          >
            {heard.received > 0
              ? `Listening · ${Math.round(heard.received / 32_000)} s heard`
              : 'Connecting…'}
          </Text>
        ) : null}
      </Group>
      {error ? <FormAlert title="Could not listen" error={error} /> : null}
    </Stack>
  );
}

type SendTextProps = {
  action: 'say' | 'whisper';
  label: string;
  description: string;
  button: string;
  /** The filled button (the other is the default, plain one). */
  primary?: boolean;
  loading?: boolean;
  /** Sends the text; `clear` empties the input once the call took it. */
  onSend: (body: LiveControl, clear: () => void) => void;
};

/** A line of text for the assistant to say, or to take as a whisper. */
function SendText({ action, label, description, button, primary, loading, onSend }: SendTextProps) {
  const [text, setText] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSend({ action, text }, () => setText(''));
  };
  return (
    <form onSubmit={submit}>
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput
          label={label}
          description={description}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          maxLength={1000}
          style={{ flex: 1 }}
        />
        <Button
          type="submit"
          variant={primary ? 'filled' : 'default'}
          disabled={text.trim() === ''}
          loading={loading}
        >
          {button}
        </Button>
      </Group>
    </form>
  );
}

type Pending = { kind: 'end' } | { kind: 'transfer'; number: string } | null;

function StepIn({ call, caller }: { call: LiveCall; caller: string }) {
  const control = useControlLiveCall(call.id);
  const [number, setNumber] = useState<string | null>(null);
  const [pending, setPending] = useState<Pending>(null);
  const targets = useTransferTargets(call.id, true);
  const send = (body: LiveControl, then?: () => void) =>
    control.mutate(body, {
      onSuccess: () => {
        then?.();
        setPending(null);
        // The call's history keeps it; a whisper is not in the transcript, so say it was done.
        notifications.show({
          color: 'teal',
          title: LIVE_ACTION_WORDS[body.action] ?? 'Done',
          message: `The call with ${caller}. It is in the call's history.`,
        });
      },
    });
  const numbers = targets.data?.numbers ?? [];

  return (
    <Stack gap="xs" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
      <Text component="legend" size="sm" fw={600}>
        Step in
      </Text>
      <SendText
        action="say"
        label="Say as the assistant"
        description="The caller hears it in the assistant's voice."
        button="Say"
        primary
        loading={control.isPending}
        onSend={send}
      />
      <SendText
        action="whisper"
        label="Whisper to the assistant"
        description="Only the assistant gets it, as a note for the rest of the call."
        button="Whisper"
        onSend={send}
      />
      <Group gap="xs" wrap="wrap">
        {call.assistantMuted ? (
          <Button variant="default" onClick={() => send({ action: 'unmute-assistant' })}>
            Unmute assistant
          </Button>
        ) : (
          <Button variant="default" onClick={() => send({ action: 'mute-assistant' })}>
            Mute assistant
          </Button>
        )}
        <Button color="red" variant="light" onClick={() => setPending({ kind: 'end' })}>
          End call
        </Button>
      </Group>
      {numbers.length > 0 ? (
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <Select
            label="Transfer to"
            placeholder="Choose a number"
            data={numbers.map((target) => ({
              value: target.number,
              label: `${target.label} (${target.number})`,
            }))}
            value={number}
            onChange={setNumber}
            style={{ flex: 1 }}
          />
          <Button
            variant="default"
            disabled={!number}
            onClick={() => number && setPending({ kind: 'transfer', number })}
          >
            Transfer
          </Button>
        </Group>
      ) : targets.isSuccess ? (
        <Text size="sm" c="dimmed">
          To transfer calls, add the business's phone number in Settings.
        </Text>
      ) : null}
      {control.error && pending === null ? (
        <FormAlert title="That did not reach the call" error={control.error} />
      ) : null}
      <Modal
        opened={pending !== null}
        onClose={() => !control.isPending && setPending(null)}
        title={pending?.kind === 'end' ? 'End this call?' : 'Transfer this call?'}
        centered
      >
        <Stack>
          <Text size="sm">
            {pending?.kind === 'end'
              ? `The call with ${caller} ends now, for the caller too.`
              : `The call with ${caller} is put through to ${pending?.kind === 'transfer' ? pending.number : ''}; the assistant leaves it.`}
          </Text>
          {control.error ? (
            <FormAlert title="That did not reach the call" error={control.error} />
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setPending(null)} disabled={control.isPending}>
              Cancel
            </Button>
            <Button
              color={pending?.kind === 'end' ? 'red' : undefined}
              loading={control.isPending}
              onClick={() =>
                pending?.kind === 'end'
                  ? send({ action: 'end-call' })
                  : pending?.kind === 'transfer'
                    ? send({ action: 'transfer', number: pending.number })
                    : undefined
              }
            >
              {pending?.kind === 'end' ? 'End call' : 'Transfer'}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
