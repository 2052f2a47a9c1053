import { LIVE_AUDIO, ListenRecordReader } from '@switchboard/shared/live-calls';
import { buildUrl } from '../../../lib/api-client';

/**
 * Plays a call's audio as our server relays it (GET /api/live-calls/:id/listen): the listen
 * socket's messages as records (LISTEN_RECORD), read from the response as it arrives; the audio
 * ones are the platform's raw 16-bit little-endian PCM, mono, 16 kHz, queued on a Web Audio
 * clock a little ahead of now, so small network gaps do not click. The platform's text
 * messages (its events) are read past, not played.
 */
export class PcmPlayer {
  private context: AudioContext | undefined;
  private abort: AbortController | undefined;
  private playAt = 0;
  private leftover: Uint8Array | undefined;
  /** Bytes of audio received so far (shown, and read by the browser test). */
  received = 0;
  /** Seconds of audio handed to the Web Audio clock to play (read by the browser test). */
  scheduled = 0;

  constructor(private readonly onChange: (state: PlayerState) => void) {}

  private state(ended: boolean): PlayerState {
    return { received: this.received, scheduled: this.scheduled, ended };
  }

  /** Starts listening (call it from a click: browsers start audio only on a gesture). */
  async start(callId: string): Promise<void> {
    this.stop();
    this.context = new AudioContext({ sampleRate: LIVE_AUDIO.sampleRate });
    await this.context.resume();
    this.playAt = this.context.currentTime + 0.15;
    this.abort = new AbortController();
    const response = await fetch(buildUrl(`/live-calls/${encodeURIComponent(callId)}/listen`), {
      credentials: 'same-origin',
      signal: this.abort.signal,
    });
    if (!response.ok || !response.body) {
      this.stop();
      const body = (await response.json().catch(() => null)) as {
        error?: { message?: string };
      } | null;
      throw new Error(body?.error?.message ?? 'Could not listen to this call.');
    }
    const reader = response.body.getReader();
    const records = new ListenRecordReader();
    void (async () => {
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          // The platform's text messages are its events: nothing to play.
          for (const record of records.push(value))
            if (record.kind === 'audio') this.play(record.bytes);
        }
      } catch {
        // Stopped, or the connection dropped: the call is no longer heard.
      }
      this.onChange(this.state(true));
      this.stop();
    })();
  }

  private play(chunk: Uint8Array) {
    const context = this.context;
    if (!context) return;
    this.received += chunk.length;
    // A sample may be split between two chunks: keep the odd byte for the next one.
    const bytes = this.leftover ? concat(this.leftover, chunk) : chunk;
    const whole = bytes.length - (bytes.length % 2);
    this.leftover = whole < bytes.length ? bytes.slice(whole) : undefined;
    if (whole === 0) return;
    const view = new DataView(bytes.buffer, bytes.byteOffset, whole);
    const samples = whole / 2;
    const buffer = context.createBuffer(1, samples, LIVE_AUDIO.sampleRate);
    const channel = buffer.getChannelData(0);
    for (let n = 0; n < samples; n++) channel[n] = view.getInt16(n * 2, true) / 32768;
    const source = context.createBufferSource();
    source.buffer = buffer;
    source.connect(context.destination);
    // Late (a gap in the stream): start a little ahead of now again.
    this.playAt = Math.max(this.playAt, context.currentTime + 0.05);
    source.start(this.playAt);
    this.playAt += buffer.duration;
    this.scheduled += buffer.duration;
    this.onChange(this.state(false));
  }

  stop(): void {
    this.abort?.abort();
    this.abort = undefined;
    void this.context?.close().catch(() => undefined);
    this.context = undefined;
    this.leftover = undefined;
  }
}

export interface PlayerState {
  received: number;
  scheduled: number;
  ended: boolean;
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a, 0);
  out.set(b, a.length);
  return out;
}
