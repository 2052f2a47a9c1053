import { describe, expect, it } from 'vitest';
import { renderRecording, SAMPLE_RATE } from './wav';

describe('generated recordings', () => {
  it('are valid 8 kHz 16-bit PCM WAV files of 3–6 seconds', () => {
    const wav = renderRecording('5b0c3c1e-8d1f-4a51-9a2c-6f3f0e0c1a11');
    expect(wav.toString('ascii', 0, 4)).toBe('RIFF');
    expect(wav.toString('ascii', 8, 12)).toBe('WAVE');
    expect(wav.readUInt16LE(20)).toBe(1);
    expect(wav.readUInt16LE(22)).toBe(1);
    expect(wav.readUInt32LE(24)).toBe(SAMPLE_RATE);
    expect(wav.readUInt16LE(34)).toBe(16);
    expect(wav.readUInt32LE(4)).toBe(wav.length - 8);
    const seconds = wav.readUInt32LE(40) / (SAMPLE_RATE * 2);
    expect(seconds).toBeGreaterThanOrEqual(3);
    expect(seconds).toBeLessThanOrEqual(6);
  });

  it('contain sound, are the same for the same call, and come in stereo', () => {
    const id = '5b0c3c1e-8d1f-4a51-9a2c-6f3f0e0c1a11';
    const wav = renderRecording(id);
    let peak = 0;
    for (let offset = 44; offset < wav.length; offset += 2)
      peak = Math.max(peak, Math.abs(wav.readInt16LE(offset)));
    expect(peak).toBeGreaterThan(5000);
    expect(renderRecording(id).equals(wav)).toBe(true);
    expect(renderRecording('another-call').equals(wav)).toBe(false);
    const stereo = renderRecording(id, 2);
    expect(stereo.readUInt16LE(22)).toBe(2);
    expect(stereo.readUInt32LE(40)).toBe(2 * wav.readUInt32LE(40));
  });
});

describe('recordings that follow the call', () => {
  it('last as long as the call and are loud where the transcript says someone spoke', () => {
    const id = '5b0c3c1e-8d1f-4a51-9a2c-6f3f0e0c1a11';
    const wav = renderRecording(id, 1, {
      seconds: 40,
      turns: [
        { speaker: 0, start: 1, end: 4 },
        { speaker: 1, start: 30, end: 33 },
      ],
    });
    expect(wav.readUInt32LE(40) / (SAMPLE_RATE * 2)).toBe(40);
    const peakBetween = (from: number, to: number) => {
      let peak = 0;
      for (let n = Math.floor(from * SAMPLE_RATE); n < to * SAMPLE_RATE; n++) {
        peak = Math.max(peak, Math.abs(wav.readInt16LE(44 + n * 2)));
      }
      return peak;
    };
    expect(peakBetween(1, 4)).toBeGreaterThan(5000);
    expect(peakBetween(30, 33)).toBeGreaterThan(5000);
    expect(peakBetween(10, 25)).toBeLessThan(1000); // line noise only
  });
});
