/**
 * The sandbox assistant's voice: synthetic speech-like audio made with WebAudio (a voiced tone
 * whose loudness follows syllables), as a MediaStreamTrack the SDK plays like the real
 * assistant's track, and an analyser that measures its real level for the audio-level events.
 */

/** Seconds a word takes (about 2.5 words a second, like the sandbox's recordings). */
export const SECONDS_PER_WORD = 0.4;

/** Speaking time of a sentence. */
export function speakingSeconds(text: string): number {
  const words = text.trim().split(/\s+/).filter(Boolean).length;
  return Math.max(0.6, words * SECONDS_PER_WORD);
}

/** RMS of time-domain samples (−1…1): Daily's audio levels are on the same 0…1 scale. */
export function rmsLevel(samples: Float32Array): number {
  if (samples.length === 0) return 0;
  let sum = 0;
  for (const sample of samples) sum += sample * sample;
  return Math.sqrt(sum / samples.length);
}

export class SandboxVoice {
  private readonly context: AudioContext;
  private readonly output: GainNode;
  private readonly analyser: AnalyserNode;
  private readonly destination: MediaStreamAudioDestinationNode;
  private readonly samples: Float32Array<ArrayBuffer>;
  private busyUntil = 0;
  /** Sentences scheduled or sounding, so an interruption can silence them. */
  private readonly sounding = new Set<OscillatorNode>();

  constructor() {
    this.context = new AudioContext();
    this.output = this.context.createGain();
    this.output.gain.value = 1;
    this.analyser = this.context.createAnalyser();
    this.analyser.fftSize = 1024;
    this.samples = new Float32Array(this.analyser.fftSize);
    this.destination = this.context.createMediaStreamDestination();
    this.output.connect(this.analyser);
    this.output.connect(this.destination);
  }

  get track(): MediaStreamTrack {
    const [track] = this.destination.stream.getAudioTracks();
    if (!track) throw new Error('The sandbox voice has no audio track');
    return track;
  }

  /** The level the assistant is speaking at now (RMS of what it sends). */
  level(): number {
    this.analyser.getFloatTimeDomainData(this.samples);
    return rmsLevel(this.samples);
  }

  /** Silences (mute-assistant) or restores the voice. */
  setMuted(muted: boolean): void {
    this.output.gain.setValueAtTime(muted ? 0 : 1, this.context.currentTime);
  }

  /**
   * Speaks `text` after whatever is already being said; resolves with the seconds until the
   * sentence starts and ends, from now.
   */
  speak(text: string): { startsIn: number; endsIn: number } {
    if (this.context.state === 'suspended') void this.context.resume();
    const now = this.context.currentTime;
    const start = Math.max(now + 0.05, this.busyUntil);
    const seconds = speakingSeconds(text);
    const end = start + seconds;
    const oscillator = this.context.createOscillator();
    oscillator.type = 'sawtooth';
    oscillator.frequency.setValueAtTime(140, start);
    const envelope = this.context.createGain();
    envelope.gain.setValueAtTime(0, start);
    // One loudness bump per syllable (about three a second), quiet between words.
    const syllables = Math.max(1, Math.round(seconds * 3));
    for (let n = 0; n < syllables; n += 1) {
      const at = start + (n * seconds) / syllables;
      envelope.gain.linearRampToValueAtTime(0.35, at + 0.06);
      envelope.gain.linearRampToValueAtTime(0.08, at + seconds / syllables - 0.02);
      oscillator.frequency.linearRampToValueAtTime(120 + ((n * 37) % 60), at + 0.1);
    }
    envelope.gain.linearRampToValueAtTime(0, end);
    const filter = this.context.createBiquadFilter();
    filter.type = 'lowpass';
    filter.frequency.value = 1200;
    oscillator.connect(filter).connect(envelope).connect(this.output);
    oscillator.start(start);
    oscillator.stop(end + 0.05);
    this.sounding.add(oscillator);
    oscillator.onended = () => this.sounding.delete(oscillator);
    this.busyUntil = end + 0.3;
    return { startsIn: start - now, endsIn: end - now };
  }

  /** Stops everything said or queued now (the assistant is interrupted). */
  stop(): void {
    for (const oscillator of this.sounding) {
      try {
        oscillator.stop();
      } catch {
        // Not started yet in some engines: disconnecting silences it as well.
      }
      oscillator.disconnect();
    }
    this.sounding.clear();
    this.busyUntil = 0;
  }

  close(): void {
    this.track.stop();
    void this.context.close();
  }
}
