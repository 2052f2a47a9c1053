import { mulberry32, randomBetween } from '../lib/random';
import { seedOf, voiceOf, voiceSample } from './voice';

// A short, playable stand-in for a call recording: 8 kHz 16-bit PCM WAV with two "speakers"
// taking turns (voiced buzzes with syllable-rate envelopes, one higher, one lower) over faint
// line noise. Deterministic per call id; in stereo the assistant is on the left, the caller on
// the right, as in the platform's stereo recordings.

export const SAMPLE_RATE = 8000;

function header(dataBytes: number, channels: number): Buffer {
  const buffer = Buffer.alloc(44);
  const blockAlign = channels * 2;
  buffer.write('RIFF', 0, 'ascii');
  buffer.writeUInt32LE(36 + dataBytes, 4);
  buffer.write('WAVE', 8, 'ascii');
  buffer.write('fmt ', 12, 'ascii');
  buffer.writeUInt32LE(16, 16); // PCM chunk size
  buffer.writeUInt16LE(1, 20); // PCM
  buffer.writeUInt16LE(channels, 22);
  buffer.writeUInt32LE(SAMPLE_RATE, 24);
  buffer.writeUInt32LE(SAMPLE_RATE * blockAlign, 28);
  buffer.writeUInt16LE(blockAlign, 32);
  buffer.writeUInt16LE(16, 34);
  buffer.write('data', 36, 'ascii');
  buffer.writeUInt32LE(dataBytes, 40);
  return buffer;
}

/** Who speaks when (seconds from the start of the call); 0 = the assistant, 1 = the caller. */
export interface RecordingTimeline {
  seconds: number;
  turns: { speaker: 0 | 1; start: number; end: number }[];
}

/** Longer calls are cut here: a stand-in recording need not be an hour of buzzing. */
export const MAX_RECORDING_SECONDS = 20 * 60;

/**
 * Without a timeline: a few seconds of alternating speakers. With one (the call's own
 * transcript timing): as long as the call, each speaker heard where the transcript says they
 * spoke, so a player seeking to a transcript line lands on speech.
 */
export function renderRecording(
  id: string,
  channels: 1 | 2 = 1,
  timeline?: RecordingTimeline,
): Buffer {
  const rng = mulberry32(seedOf(id));
  const seconds = timeline
    ? Math.min(Math.max(timeline.seconds, 1), MAX_RECORDING_SECONDS)
    : randomBetween(rng, 3, 6);
  const frames = Math.floor(seconds * SAMPLE_RATE);
  const left = new Float32Array(frames);
  const right = new Float32Array(frames);

  // Turns: the timeline's, or the assistant first, then alternating, with short pauses.
  const planned = timeline?.turns.map((turn) => ({
    speaker: turn.speaker,
    at: Math.floor(turn.start * SAMPLE_RATE),
    length: Math.max(1, Math.floor((turn.end - turn.start) * SAMPLE_RATE)),
  }));
  let at = Math.floor(0.2 * SAMPLE_RATE);
  let speaker = 0;
  let next = 0;
  while (planned ? next < planned.length : at < frames) {
    const plan = planned?.[next++];
    if (plan) {
      at = plan.at;
      speaker = plan.speaker;
    }
    if (at >= frames) break;
    const turn = plan ? plan.length : Math.floor(randomBetween(rng, 0.8, 1.8) * SAMPLE_RATE);
    const voice = voiceOf(rng, speaker === 0);
    const target = speaker === 0 ? left : right;
    for (let n = 0; n < turn && at + n < frames; n++) {
      const fade = Math.min(1, n / 400, (turn - n) / 400);
      target[at + n] = (target[at + n] ?? 0) + voiceSample(n / SAMPLE_RATE, voice, fade);
    }
    if (!plan) {
      at += turn + Math.floor(randomBetween(rng, 0.25, 0.7) * SAMPLE_RATE);
      speaker = 1 - speaker;
    }
  }

  const data = Buffer.alloc(frames * channels * 2);
  for (let n = 0; n < frames; n++) {
    const noiseL = (rng() - 0.5) * 0.01;
    const noiseR = (rng() - 0.5) * 0.01;
    const l = (left[n] ?? 0) + noiseL;
    const r = (right[n] ?? 0) + noiseR;
    const toInt = (value: number) => Math.round(Math.max(-1, Math.min(1, value)) * 32767);
    if (channels === 1) {
      data.writeInt16LE(toInt(l + r), n * 2);
    } else {
      data.writeInt16LE(toInt(l), n * 4);
      data.writeInt16LE(toInt(r), n * 4 + 2);
    }
  }
  return Buffer.concat([header(data.length, channels), data]);
}
