import { rmsLevel, SandboxVoice } from './sandbox-voice';

/**
 * The sandbox's stand-in for a daily-js call object: the small surface `@vapi-ai/web` 2.7.1
 * drives (platform-reference.md §4.5), played in the browser against the sandbox platform's
 * web call. Joining reads the call's room (through our server), the assistant participant is
 * named `Vapi Speaker` as the SDK expects, its audio is a WebAudio track with real levels, and
 * it answers the SDK's app messages (`playable`, `add-message`, `say`, `control`, `end-call`)
 * with the bot's app messages (`'listening'`, transcripts, speech and status updates). Each line
 * said (the caller's typed words, the assistant's speech) is reported to the room, so the
 * call's logged transcript is this conversation; polling the room tells the sandbox the caller
 * is still there (a client that vanishes times out on silence). Leaving hangs the room up, so
 * the sandbox ends the call and its webhooks bring it into the store.
 */

export type SandboxCallObjectOptions = {
  audioSource?: boolean | string | MediaStreamTrack;
  videoSource?: boolean | string | MediaStreamTrack;
  dailyConfig?: unknown;
};

type Listener = (event?: unknown) => void;

/** The SDK's `say` message (SayMessage in @vapi-ai/web). */
type SayControl = {
  message?: unknown;
  endCallAfterSpoken?: boolean;
  interruptionsEnabled?: boolean;
  interruptAssistantEnabled?: boolean;
};

type Room = {
  callId: string;
  status: string;
  assistantId: string | null;
  firstMessage: string | null;
  endedReason?: string | null;
  /**
   * What someone made the assistant say through the call's monitor (the live calls screen), in
   * order; already in the platform's transcript.
   */
  controllerSaid?: string[];
};

type Participant = {
  session_id: string;
  user_name: string;
  local: boolean;
  audio: boolean;
  tracks: { audio: { state: string; persistentTrack?: MediaStreamTrack } };
};

const ASSISTANT_NAME = 'Vapi Speaker';
/** Above this microphone level the caller is taken to be speaking (an interruption). */
const CALLER_SPEAKING_LEVEL = 0.02;
/** How long the caller must speak before an interruptible sentence stops. */
const INTERRUPT_AFTER_MS = 300;

/** A sentence the assistant is saying or about to say. */
type Utterance = {
  words: string[];
  /** Words already shown in partial transcripts. */
  shown: number;
  started: boolean;
  /** The caller's voice may cut it (say's interruptionsEnabled). */
  interruptible: boolean;
  /** Told to the platform once said (a controller's line is in its transcript already). */
  report: boolean;
  timers: Set<ReturnType<typeof setTimeout>>;
};
/** How often the room is asked whether the platform ended the call (e.g. its maximum length). */
const ROOM_POLL_MS = 2000;
type MeetingState = 'new' | 'joining-meeting' | 'joined-meeting' | 'left-meeting' | 'error';

/** The assistant's answer to a typed message (the sandbox has no language model). */
export function sandboxReply(userText: string): string {
  const text = userText.trim().replace(/\s+/g, ' ');
  const quoted = text.length > 80 ? `${text.slice(0, 77)}…` : text;
  return `Thank you, I have noted: ${quoted}. Is there anything else I can help you with?`;
}

export class SandboxCallObject {
  private readonly listeners = new Map<string, Set<Listener>>();
  private readonly options: SandboxCallObjectOptions;
  private state: MeetingState = 'new';
  private room: Room | undefined;
  /** How many of the room's `controllerSaid` lines were said here. */
  private controllerHeard = 0;
  private roomUrl = '';
  private voice: SandboxVoice | undefined;
  private mic: MediaStream | undefined;
  private micAnalyser: { analyser: AnalyserNode; context: AudioContext } | undefined;
  private micEnabled = true;
  private readonly localId = crypto.randomUUID();
  private readonly assistantId = crypto.randomUUID();
  private assistantSubscribed = false;
  private conversationStarted = false;
  private assistantMuted = false;
  private ended = false;
  private timers = new Set<ReturnType<typeof setTimeout>>();
  private remoteObserver: ReturnType<typeof setInterval> | undefined;
  private localObserver: ReturnType<typeof setInterval> | undefined;
  private roomPoll: ReturnType<typeof setInterval> | undefined;
  private localLevel = 0;
  private screen: MediaStream | undefined;
  private readonly utterances = new Set<Utterance>();
  private callerLoudSince: number | null = null;

  constructor(options: SandboxCallObjectOptions = {}) {
    this.options = options;
  }

  // ---- events -------------------------------------------------------------------------------

  on(event: string, listener: Listener): this {
    let set = this.listeners.get(event);
    if (!set) {
      set = new Set();
      this.listeners.set(event, set);
    }
    set.add(listener);
    return this;
  }

  once(event: string, listener: Listener): this {
    const wrapped: Listener = (payload) => {
      this.off(event, wrapped);
      listener(payload);
    };
    return this.on(event, wrapped);
  }

  off(event: string, listener: Listener): this {
    this.listeners.get(event)?.delete(listener);
    return this;
  }

  private emit(event: string, payload?: Record<string, unknown>): void {
    for (const listener of [...(this.listeners.get(event) ?? [])]) {
      listener({ action: event, ...payload });
    }
  }

  private later(ms: number, run: () => void): ReturnType<typeof setTimeout> {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      if (this.state === 'joined-meeting') run();
    }, ms);
    this.timers.add(timer);
    return timer;
  }

  // ---- the call object surface the SDK uses --------------------------------------------------

  iframe(): null {
    return null;
  }

  meetingState(): MeetingState {
    return this.state;
  }

  private assertJoined(method: string): void {
    if (this.state !== 'joined-meeting') {
      throw new Error(`${method}() is only allowed while joined to a call`);
    }
  }

  async join(options: { url: string; token?: string }): Promise<Record<string, Participant>> {
    if (this.state !== 'new') throw new Error('join() was already called on this call object');
    this.state = 'joining-meeting';
    this.emit('joining-meeting');
    this.roomUrl = options.url;
    const response = await fetch(options.url, { credentials: 'same-origin' });
    if (!response.ok) {
      this.state = 'error';
      const body = (await response.json().catch(() => ({}))) as {
        error?: { message?: string };
        message?: string;
      };
      const message = body.error?.message ?? body.message ?? `The room answered ${response.status}`;
      const error = new Error(`Could not join the call's room: ${message}`);
      this.emit('error', { errorMsg: error.message, error: { type: 'no-room', msg: message } });
      throw error;
    }
    this.room = (await response.json()) as Room;
    // Said before this client joined: not said again.
    this.controllerHeard = this.room.controllerSaid?.length ?? 0;
    if (this.room.status === 'ended') {
      this.state = 'error';
      throw new Error('Could not join the call\u2019s room: the call has already ended');
    }
    await this.openMicrophone(undefined);
    this.voice = new SandboxVoice();
    this.state = 'joined-meeting';
    this.emit('joined-meeting', { participants: this.participants() });
    this.emit('participant-joined', { participant: this.assistantParticipant() });
    this.roomPoll = setInterval(() => void this.checkRoom(), ROOM_POLL_MS);
    return this.participants();
  }

  private async openMicrophone(deviceId: string | undefined): Promise<void> {
    if (this.options.audioSource === false) return;
    try {
      const stream = await navigator.mediaDevices.getUserMedia({
        audio: deviceId ? { deviceId: { exact: deviceId } } : true,
      });
      this.mic?.getTracks().forEach((track) => track.stop());
      this.mic = stream;
      for (const track of stream.getAudioTracks()) track.enabled = this.micEnabled;
      if (this.micAnalyser) this.attachMicAnalyser();
    } catch (error) {
      // Daily goes on without the microphone and reports why as a camera-error.
      const name = error instanceof Error ? error.name : '';
      const type =
        name === 'NotAllowedError'
          ? 'permissions'
          : name === 'NotFoundError'
            ? 'not-found'
            : name === 'NotReadableError'
              ? 'mic-in-use'
              : name === 'OverconstrainedError'
                ? 'constraints'
                : 'unknown';
      const msg = error instanceof Error ? error.message : String(error);
      this.emit('camera-error', {
        errorMsg: { errorMsg: msg, audioOk: false, videoOk: true },
        error: { type, msg },
      });
    }
  }

  private assistantParticipant(): Participant {
    return {
      session_id: this.assistantId,
      user_name: ASSISTANT_NAME,
      local: false,
      audio: !this.assistantMuted,
      tracks: {
        audio: {
          state: this.assistantSubscribed ? 'playable' : 'off',
          ...(this.assistantSubscribed && this.voice ? { persistentTrack: this.voice.track } : {}),
        },
      },
    };
  }

  private localParticipant(): Participant {
    return {
      session_id: this.localId,
      user_name: '',
      local: true,
      audio: this.localAudio(),
      tracks: { audio: { state: this.localAudio() ? 'playable' : 'off' } },
    };
  }

  participants(): Record<string, Participant> {
    const all: Record<string, Participant> = { local: this.localParticipant() };
    if (this.state === 'joined-meeting') all[this.assistantId] = this.assistantParticipant();
    return all;
  }

  updateParticipant(
    sessionId: string,
    update: { setSubscribedTracks?: { audio?: boolean; video?: boolean } },
  ): this {
    this.assertJoined('updateParticipant');
    if (sessionId === this.assistantId && update.setSubscribedTracks?.audio && this.voice) {
      if (!this.assistantSubscribed) {
        this.assistantSubscribed = true;
        const track = this.voice.track;
        queueMicrotask(() =>
          this.emit('track-started', { participant: this.assistantParticipant(), track }),
        );
      }
    }
    return this;
  }

  sendAppMessage(data: unknown, _to = '*'): this {
    this.assertJoined('sendAppMessage');
    if (data === 'playable') {
      this.startConversation();
      return this;
    }
    let message: { type?: string } & Record<string, unknown>;
    try {
      message = JSON.parse(String(data)) as typeof message;
    } catch {
      return this;
    }
    switch (message.type) {
      case 'add-message':
        this.onAddMessage(message as { message?: { role?: string; content?: unknown } });
        break;
      case 'say':
        this.reportControl(message);
        this.onSay(message as SayControl);
        break;
      case 'control':
        this.reportControl(message);
        this.onControl(typeof message.control === 'string' ? message.control : '');
        break;
      case 'end-call':
        this.finish('customer-ended-call');
        break;
      default:
        break;
    }
    return this;
  }

  startRemoteParticipantsAudioLevelObserver(interval = 100): Promise<void> {
    this.assertJoined('startRemoteParticipantsAudioLevelObserver');
    if (this.remoteObserver) clearInterval(this.remoteObserver);
    this.remoteObserver = setInterval(() => {
      if (this.state !== 'joined-meeting' || !this.voice) return;
      this.emit('remote-participants-audio-level', {
        participantsAudioLevel: { [this.assistantId]: this.voice.level() },
      });
    }, interval);
    return Promise.resolve();
  }

  stopRemoteParticipantsAudioLevelObserver(): void {
    if (this.remoteObserver) clearInterval(this.remoteObserver);
    this.remoteObserver = undefined;
  }

  private attachMicAnalyser(): void {
    this.micAnalyser?.context.close().catch(() => undefined);
    this.micAnalyser = undefined;
    if (!this.mic) return;
    const context = new AudioContext();
    const analyser = context.createAnalyser();
    analyser.fftSize = 1024;
    context.createMediaStreamSource(this.mic).connect(analyser);
    this.micAnalyser = { analyser, context };
  }

  startLocalAudioLevelObserver(interval = 100): Promise<void> {
    this.assertJoined('startLocalAudioLevelObserver');
    if (!this.micAnalyser) this.attachMicAnalyser();
    if (this.localObserver) clearInterval(this.localObserver);
    const samples = new Float32Array(1024);
    this.localObserver = setInterval(() => {
      const mic = this.micAnalyser;
      if (!mic) return;
      mic.analyser.getFloatTimeDomainData(samples);
      this.localLevel = this.micEnabled ? rmsLevel(samples) : 0;
      this.emit('local-audio-level', { audioLevel: this.localLevel });
      this.hearCaller(this.localLevel);
    }, interval);
    return Promise.resolve();
  }

  stopLocalAudioLevelObserver(): void {
    if (this.localObserver) clearInterval(this.localObserver);
    this.localObserver = undefined;
  }

  isLocalAudioLevelObserverRunning(): boolean {
    return this.localObserver !== undefined;
  }

  getLocalAudioLevel(): number {
    return this.localLevel;
  }

  /** Noise cancellation is Daily's (Krisp) and not in the sandbox: accepted, nothing changes. */
  updateInputSettings(settings: unknown): Promise<{ inputSettings: unknown }> {
    return Promise.resolve({ inputSettings: settings });
  }

  setLocalAudio(enabled: boolean): this {
    this.assertJoined('setLocalAudio');
    this.micEnabled = enabled;
    for (const track of this.mic?.getAudioTracks() ?? []) track.enabled = enabled;
    this.emit('participant-updated', { participant: this.localParticipant() });
    return this;
  }

  localAudio(): boolean {
    return this.micEnabled && (this.mic?.getAudioTracks().length ?? 0) > 0;
  }

  async setInputDevicesAsync(options: {
    audioDeviceId?: string | false | null;
    audioSource?: string | MediaStreamTrack | boolean;
  }): Promise<{ camera: object; mic: object; speaker: object }> {
    const deviceId =
      typeof options.audioDeviceId === 'string'
        ? options.audioDeviceId
        : typeof options.audioSource === 'string'
          ? options.audioSource
          : undefined;
    if (deviceId) await this.openMicrophone(deviceId);
    return { camera: {}, mic: deviceId ? { deviceId } : {}, speaker: {} };
  }

  async setOutputDeviceAsync(options: { outputDeviceId?: string }): Promise<object> {
    const player = document.querySelector<
      HTMLAudioElement & { setSinkId?: (id: string) => Promise<void> }
    >(`audio[data-participant-id="${this.assistantId}"]`);
    if (options.outputDeviceId && player?.setSinkId) await player.setSinkId(options.outputDeviceId);
    return { speaker: options.outputDeviceId ? { deviceId: options.outputDeviceId } : {} };
  }

  startScreenShare(options?: { displayMediaOptions?: DisplayMediaStreamOptions }): void {
    this.assertJoined('startScreenShare');
    void navigator.mediaDevices
      .getDisplayMedia(options?.displayMediaOptions ?? { video: true })
      .then((stream) => {
        this.screen = stream;
        this.emit('participant-updated', { participant: this.localParticipant() });
      })
      .catch((error: unknown) =>
        this.emit('nonfatal-error', {
          type: 'screen-share-error',
          errorMsg: error instanceof Error ? error.message : String(error),
        }),
      );
  }

  stopScreenShare(): void {
    this.screen?.getTracks().forEach((track) => track.stop());
    this.screen = undefined;
  }

  /** The sandbox records nothing from the browser (its recordings are generated). */
  startRecording(): void {}

  stopRecording(): void {}

  async leave(): Promise<void> {
    if (this.state !== 'joined-meeting' && this.state !== 'joining-meeting') return;
    this.hangUpRoom();
    this.teardown();
    this.state = 'left-meeting';
    this.emit('left-meeting');
  }

  async destroy(): Promise<void> {
    if (this.state === 'joined-meeting' || this.state === 'joining-meeting') await this.leave();
    this.teardown();
    this.listeners.clear();
  }

  isDestroyed(): boolean {
    return this.listeners.size === 0 && this.state !== 'joined-meeting';
  }

  // ---- the sandbox assistant -------------------------------------------------------------

  /** A bot app message, as the SDK receives it from the room. */
  private fromAssistant(data: unknown): void {
    this.emit('app-message', { data, fromId: this.assistantId });
  }

  private botMessage(message: Record<string, unknown>): void {
    this.fromAssistant(JSON.stringify({ timestamp: Date.now(), ...message }));
  }

  private startConversation(): void {
    if (this.conversationStarted) return;
    this.conversationStarted = true;
    this.botMessage({ type: 'status-update', status: 'in-progress' });
    this.fromAssistant('listening');
    const first = this.room?.firstMessage;
    if (first) this.say(first);
  }

  /**
   * Speaks a sentence after whatever is being said: speech updates, growing partial
   * transcripts, then the final one. With `endCallAfterSpoken` the call ends once it is said.
   */
  private say(
    text: string,
    { endCallAfterSpoken = false, interruptible = false, report = true } = {},
  ): void {
    if (!this.voice) return;
    const { startsIn, endsIn } = this.voice.speak(text);
    const words = text.split(/\s+/).filter(Boolean);
    const utterance: Utterance = {
      words,
      shown: 0,
      started: false,
      interruptible,
      report,
      timers: new Set(),
    };
    this.utterances.add(utterance);
    const at = (ms: number, run: () => void) => {
      const timer = this.later(ms, () => {
        utterance.timers.delete(timer);
        run();
      });
      utterance.timers.add(timer);
    };
    at(startsIn * 1000, () => {
      utterance.started = true;
      this.botMessage({ type: 'speech-update', status: 'started', role: 'assistant' });
    });
    const step = ((endsIn - startsIn) * 1000) / Math.max(1, words.length);
    // Partial transcripts every few words, as a streaming transcriber sends them.
    for (let n = 3; n < words.length; n += 3) {
      at(startsIn * 1000 + step * n, () => {
        utterance.shown = n;
        this.botMessage({
          type: 'transcript',
          role: 'assistant',
          transcriptType: 'partial',
          transcript: words.slice(0, n).join(' '),
        });
      });
    }
    at(endsIn * 1000, () => {
      this.utterances.delete(utterance);
      this.botMessage({
        type: 'transcript',
        role: 'assistant',
        transcriptType: 'final',
        transcript: text,
      });
      if (report) void this.reportLine('assistant', text);
      this.botMessage({ type: 'speech-update', status: 'stopped', role: 'assistant' });
      if (endCallAfterSpoken) {
        this.later(300, () => this.finish('assistant-ended-call-after-message-spoken'));
      }
    });
  }

  /**
   * The assistant stops talking now: what it had said of a sentence becomes its final
   * transcript, and nothing queued is said.
   */
  private interrupt(): void {
    if (this.utterances.size === 0) return;
    for (const utterance of this.utterances) {
      for (const timer of utterance.timers) {
        clearTimeout(timer);
        this.timers.delete(timer);
      }
      if (!utterance.started) continue;
      const said = utterance.words.slice(0, Math.max(1, utterance.shown)).join(' ');
      this.botMessage({
        type: 'transcript',
        role: 'assistant',
        transcriptType: 'final',
        transcript: said,
      });
      if (utterance.report) void this.reportLine('assistant', said);
      this.botMessage({ type: 'speech-update', status: 'stopped', role: 'assistant' });
    }
    this.utterances.clear();
    this.voice?.stop();
  }

  /**
   * The caller's microphone: speaking for a moment over a sentence the caller may interrupt
   * (say with interruptionsEnabled) stops the assistant, as the platform's voice activity
   * detection does.
   */
  private hearCaller(level: number): void {
    if (level <= CALLER_SPEAKING_LEVEL) {
      this.callerLoudSince = null;
      return;
    }
    const now = Date.now();
    this.callerLoudSince ??= now;
    if (now - this.callerLoudSince < INTERRUPT_AFTER_MS) return;
    const speaking = [...this.utterances].filter((utterance) => utterance.started);
    if (speaking.length > 0 && speaking.every((utterance) => utterance.interruptible)) {
      this.interrupt();
    }
  }

  private onAddMessage(message: { message?: { role?: string; content?: unknown } }): void {
    const content = message.message?.content;
    if (typeof content !== 'string' || content.trim() === '') return;
    const role = message.message?.role ?? 'user';
    this.botMessage({
      type: 'conversation-update',
      messages: [{ role, message: content }],
    });
    if (role === 'user') {
      // The room answers from the assistant's knowledge bases when it has some.
      const answer = this.reportLine('user', content.trim());
      this.botMessage({
        type: 'transcript',
        role: 'user',
        transcriptType: 'final',
        transcript: content,
      });
      const spoken = Date.now() + 400;
      void answer.then((reply) => {
        this.later(Math.max(0, spoken - Date.now()), () =>
          this.say(reply ?? sandboxReply(content)),
        );
      });
    }
  }

  private onSay(message: SayControl): void {
    if (typeof message.message !== 'string' || message.message.trim() === '') return;
    // interruptAssistantEnabled: cut what the assistant is saying; else wait for it to finish.
    if (message.interruptAssistantEnabled === true) this.interrupt();
    this.say(message.message.trim(), {
      endCallAfterSpoken: message.endCallAfterSpoken === true,
      interruptible: message.interruptionsEnabled === true,
    });
  }

  private onControl(control: string): void {
    if (control === 'mute-assistant' || control === 'unmute-assistant') {
      this.assistantMuted = control === 'mute-assistant';
      this.voice?.setMuted(this.assistantMuted);
      this.botMessage({ type: 'control', control });
    } else if (control === 'say-first-message' && this.room?.firstMessage) {
      this.say(this.room.firstMessage);
    }
  }

  /** The call ends on the assistant's side: its last status, then everyone leaves. */
  private finish(endedReason: string): void {
    if (this.ended || this.state !== 'joined-meeting') return;
    this.ended = true;
    this.botMessage({ type: 'status-update', status: 'ended', endedReason });
    void this.leave();
  }

  private async checkRoom(): Promise<void> {
    if (this.state !== 'joined-meeting') return;
    try {
      const response = await fetch(this.roomUrl, { credentials: 'same-origin' });
      if (!response.ok) return;
      const room = (await response.json()) as Room;
      // What someone said through the call's monitor since: the caller hears it.
      const said = room.controllerSaid ?? [];
      for (const line of said.slice(this.controllerHeard)) this.say(line, { report: false });
      this.controllerHeard = Math.max(this.controllerHeard, said.length);
      if (room.status === 'ended') this.finish(room.endedReason ?? 'exceeded-max-duration');
    } catch {
      // A missed poll is retried at the next interval.
    }
  }

  /**
   * Tells the sandbox platform what was said (it hears no audio), so the call's logged
   * transcript is this conversation. A line lost on the way is simply missing from it.
   */
  private async reportLine(
    role: 'assistant' | 'user',
    message: string,
  ): Promise<string | undefined> {
    if (!this.roomUrl || this.ended) return undefined;
    try {
      const response = await fetch(`${this.roomUrl}/transcript`, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ role, message: message.slice(0, 2000) }),
      });
      if (!response.ok) return undefined;
      const body = (await response.json().catch(() => ({}))) as { reply?: unknown };
      return typeof body.reply === 'string' && body.reply.trim() !== '' ? body.reply : undefined;
    } catch {
      return undefined;
    }
  }

  /**
   * Passes a control message (say, control) to the room, as the bot's side of the call hears
   * it: the platform checks it and acts on what is its part (a say that ends the call ends it
   * with the platform's reason for that). A message it refuses is reported as a warning.
   */
  private reportControl(message: Record<string, unknown>): void {
    if (!this.roomUrl || this.ended) return;
    void fetch(`${this.roomUrl}/control`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(message),
    })
      .then(async (response) => {
        if (response.ok || response.status === 409) return;
        const body = (await response.json().catch(() => ({}))) as {
          error?: { message?: string };
        };
        this.emit('nonfatal-error', {
          type: 'control-error',
          errorMsg: body.error?.message ?? `The call refused the control (${response.status})`,
        });
      })
      .catch(() => undefined);
  }

  private hangUpRoom(): void {
    if (!this.roomUrl) return;
    // keepalive: the page may be closing (the call ends when the caller goes away).
    void fetch(`${this.roomUrl}/hang-up`, {
      method: 'POST',
      credentials: 'same-origin',
      keepalive: true,
    }).catch(() => undefined);
  }

  private teardown(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.stopRemoteParticipantsAudioLevelObserver();
    this.stopLocalAudioLevelObserver();
    if (this.roomPoll) clearInterval(this.roomPoll);
    this.roomPoll = undefined;
    this.mic?.getTracks().forEach((track) => track.stop());
    this.mic = undefined;
    this.micAnalyser?.context.close().catch(() => undefined);
    this.micAnalyser = undefined;
    this.stopScreenShare();
    this.utterances.clear();
    this.voice?.close();
    this.voice = undefined;
  }
}
