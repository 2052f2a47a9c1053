import type { Vapi } from '@vapi-ai/server-sdk';
import { mulberry32 } from '../lib/random';
import { seedOf, voiceOf, voiceSample } from '../recordings/voice';

// A call in progress that can be watched and steered (decision 059): what is said in it, as it
// is said (the simulated conversation played at its own pace, plus what a controller makes the
// assistant say), the audio of it for `monitor.listenUrl`, and the controls `monitor.controlUrl`
// takes. The audio is 16-bit signed little-endian PCM, mono, 16 kHz, sent in 20 ms binary
// frames as it happens (640 bytes every 20 ms), the platform's raw WebSocket audio format.

export const LISTEN_SAMPLE_RATE = 16_000;
/** One frame: 20 ms of audio. */
export const FRAME_SAMPLES = LISTEN_SAMPLE_RATE / 50;

export type LiveRole = 'bot' | 'user' | 'system';

export interface LiveLine {
  role: LiveRole;
  text: string;
  /** Wall-clock time it was said. */
  at: number;
}

/** How a controller ended the call. */
export type LiveEnding =
  | { reason: 'assistant-ended-call' }
  | { reason: 'assistant-ended-call-after-message-spoken' }
  | {
      reason: 'assistant-forwarded-call';
      destination: Vapi.TransferDestinationNumber | Vapi.TransferDestinationSip;
    };

/** Who listens: anything with a `send` of binary frames and a `close` (a WebSocket). */
export interface Listener {
  send(data: Buffer): void;
  close(code?: number, reason?: string): void;
}

/** The live server messages a line produces (sent where the assistant's serverMessages say). */
export type LiveMessageSink = (message: { type: string } & Record<string, unknown>) => void;

interface Segment {
  /** Sample index (from the call's audio start) where it begins. */
  start: number;
  samples: Float32Array;
}

/** Words spoken a second, and the shortest turn. */
const WORDS_PER_SECOND = 2.6;

/**
 * A voice-like buzz as long as the words take to say: the recordings' synthesis (wav.ts), one
 * voice higher for the assistant, one lower for the caller, with a syllable-rate envelope.
 */
export function renderSpeech(role: 'bot' | 'user', text: string): Float32Array {
  const rng = mulberry32(seedOf(`${role}:${text}`));
  const words = Math.max(1, text.split(/\s+/).filter(Boolean).length);
  const seconds = Math.min(30, 0.4 + words / WORDS_PER_SECOND);
  const length = Math.floor(seconds * LISTEN_SAMPLE_RATE);
  const out = new Float32Array(length);
  const voice = voiceOf(rng, role === 'bot');
  for (let n = 0; n < length; n++) {
    const fade = Math.min(1, n / 800, (length - n) / 800);
    out[n] = voiceSample(n / LISTEN_SAMPLE_RATE, voice, fade);
  }
  return out;
}

export class LiveCall {
  readonly lines: LiveLine[] = [];
  /** What controllers made the assistant say, in order (a web call's client speaks them too). */
  readonly controllerLines: string[] = [];
  readonly listeners = new Set<Listener>();
  assistantMuted = false;
  customerMuted = false;
  ending: LiveEnding | undefined;
  /** Set once the call is over: listeners are closed, controls refused. */
  over = false;
  /** Told when a controller ends the call (a held web call stops holding at once). */
  onEnding: (() => void) | undefined;
  private readonly audioStart = Date.now();
  private segments: Segment[] = [];
  private sentSamples: number | undefined;
  private pump: NodeJS.Timeout | undefined;
  private turn = 0;
  private readonly noise = mulberry32(0x11e5);
  private readonly wakers = new Set<() => void>();

  constructor(
    readonly id: string,
    /** The monitor plan the call was placed with (listen/control switches, authentication). */
    readonly plan: Vapi.MonitorPlan,
    readonly firstMessage: string,
    private readonly sink: LiveMessageSink,
  ) {}

  /** Something a caller, the assistant or a controller said, now: transcript, audio, messages. */
  speak(role: 'bot' | 'user', text: string): number {
    if (this.over) return 0;
    const at = Date.now();
    this.lines.push({ role, text, at });
    const samples = renderSpeech(role, text);
    const heard =
      (role === 'bot' && !this.assistantMuted) || (role === 'user' && !this.customerMuted);
    if (heard) this.segments.push({ start: this.sampleAt(at), samples });
    const who = role === 'bot' ? 'assistant' : 'user';
    const turn = this.turn++;
    this.sink({ type: 'speech-update', status: 'started', role: who, turn });
    this.sink({ type: 'transcript', role: who, transcriptType: 'final', transcript: text });
    this.sink(this.conversationUpdate());
    this.sink({ type: 'speech-update', status: 'stopped', role: who, turn });
    return Math.round((samples.length / LISTEN_SAMPLE_RATE) * 1000);
  }

  /** The assistant says what a controller asked for (`say`, a transfer's words, the first message). */
  sayForController(text: string): number {
    if (this.over) return 0;
    this.controllerLines.push(text);
    return this.speak('bot', text);
  }

  /** A message added to the assistant's context (not said). */
  addContext(role: LiveRole, text: string): void {
    if (this.over) return;
    this.lines.push({ role, text, at: Date.now() });
    this.sink(this.conversationUpdate());
  }

  conversationUpdate(): { type: string } & Record<string, unknown> {
    const start = this.lines[0]?.at ?? this.audioStart;
    return {
      type: 'conversation-update',
      messages: this.lines.map((line) => ({
        role: line.role,
        message: line.text,
        time: line.at,
        secondsFromStart: Math.max(0, (line.at - start) / 1000),
      })),
      messagesOpenAIFormatted: this.lines.map((line) => ({
        role: line.role === 'bot' ? 'assistant' : line.role,
        content: line.text,
      })),
    };
  }

  /** Ends the call for a controller's reason; the lifecycle notices at its next step. */
  end(ending: LiveEnding): void {
    if (this.over || this.ending) return;
    this.ending = ending;
    this.wake();
    this.onEnding?.();
  }

  /** Waits up to `ms`, less when a control ends the call. */
  async wait(ms: number, signal: AbortSignal): Promise<void> {
    // Aborted already (the sandbox is closing): an abort listener would never be called.
    signal.throwIfAborted();
    if (this.ending || ms <= 0) return;
    await new Promise<void>((resolve, reject) => {
      const stop = () => {
        clearTimeout(timer);
        this.wakers.delete(done);
        signal.removeEventListener('abort', abort);
      };
      const done = () => {
        stop();
        resolve();
      };
      // Rejected, not resolved: the call's loop would otherwise go on to its next line.
      const abort = () => {
        stop();
        reject(signal.reason as Error);
      };
      const timer = setTimeout(done, ms);
      this.wakers.add(done);
      signal.addEventListener('abort', abort, { once: true });
    });
  }

  private wake() {
    for (const waker of [...this.wakers]) waker();
  }

  // ——— listening ———

  addListener(listener: Listener): void {
    if (this.over) {
      listener.close(1000, 'call ended');
      return;
    }
    this.listeners.add(listener);
    // A listener hears from now on, as a phone joined mid-call would.
    this.sentSamples ??= this.sampleAt(Date.now());
    this.pump ??= setInterval(() => this.sendFrames(), 20);
  }

  removeListener(listener: Listener): void {
    this.listeners.delete(listener);
    if (this.listeners.size === 0) this.stopPump();
  }

  /** The call is over: listeners hear the end of it and are closed. */
  finish(): void {
    if (this.over) return;
    this.sendFrames();
    this.over = true;
    this.wake();
    this.stopPump();
    for (const listener of this.listeners) listener.close(1000, 'call ended');
    this.listeners.clear();
  }

  private stopPump() {
    if (this.pump) clearInterval(this.pump);
    this.pump = undefined;
    this.sentSamples = undefined;
  }

  private sampleAt(ms: number): number {
    return Math.floor(((ms - this.audioStart) * LISTEN_SAMPLE_RATE) / 1000);
  }

  /** Every whole 20 ms frame due by now, in order (the clock decides, not the timer's jitter). */
  private sendFrames() {
    if (this.sentSamples === undefined || this.listeners.size === 0) return;
    const due = this.sampleAt(Date.now());
    while (this.sentSamples + FRAME_SAMPLES <= due) {
      const frame = this.frameAt(this.sentSamples);
      this.sentSamples += FRAME_SAMPLES;
      for (const listener of this.listeners) listener.send(frame);
    }
    // Drop speech already heard by everyone.
    const sent = this.sentSamples;
    this.segments = this.segments.filter(
      (segment) => segment.start + segment.samples.length > sent,
    );
  }

  private frameAt(from: number): Buffer {
    const frame = Buffer.alloc(FRAME_SAMPLES * 2);
    for (let n = 0; n < FRAME_SAMPLES; n++) {
      const at = from + n;
      let value = (this.noise() - 0.5) * 0.01;
      for (const segment of this.segments) {
        const offset = at - segment.start;
        if (offset >= 0 && offset < segment.samples.length) value += segment.samples[offset] ?? 0;
      }
      frame.writeInt16LE(Math.round(Math.max(-1, Math.min(1, value)) * 32767), n * 2);
    }
    return frame;
  }
}
