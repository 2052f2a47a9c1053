import { hash32, randomBetween, type Rng } from '../lib/random';

/** A seed from a text: the same recording or line sounds the same every time. */
export function seedOf(text: string): number {
  let h = 0;
  for (let i = 0; i < text.length; i++) h = hash32(h, text.charCodeAt(i));
  return h;
}

/** One speaker's voice: the assistant higher, the caller lower, each with its syllable rate. */
export function voiceOf(rng: Rng, assistant: boolean): { pitch: number; syllableRate: number } {
  const pitch = assistant ? randomBetween(rng, 190, 230) : randomBetween(rng, 105, 140);
  return { pitch, syllableRate: randomBetween(rng, 3.5, 5.5) };
}

/**
 * The voice-like buzz at `t` seconds into a turn: a gliding pitch with its overtones under a
 * syllable-rate envelope, scaled by `fade` (0–1, the turn fading in and out at its ends).
 */
export function voiceSample(
  t: number,
  voice: { pitch: number; syllableRate: number },
  fade: number,
): number {
  const envelope = Math.max(0, Math.sin(Math.PI * voice.syllableRate * t)) ** 1.5;
  const glide = voice.pitch * (1 + 0.06 * Math.sin(2 * Math.PI * 0.7 * t));
  const phase = 2 * Math.PI * glide * t;
  const voiced =
    Math.sin(phase) +
    0.5 * Math.sin(2 * phase) +
    0.3 * Math.sin(3 * phase) +
    0.15 * Math.sin(5 * phase);
  return 0.22 * envelope * fade * voiced;
}
