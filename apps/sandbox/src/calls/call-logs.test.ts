import { describe, expect, it } from 'vitest';
import { callLogLines, endLevel } from './call-logs';
import type { SandboxCall } from './materialize';

const base = {
  id: '0f8b6c1e-2d3a-4b5c-8d9e-0a1b2c3d4e5f',
  orgId: 'org-1',
  type: 'webCall',
  status: 'ended',
  createdAt: '2026-03-05T14:00:00.000Z',
  updatedAt: '2026-03-05T14:02:10.000Z',
  startedAt: '2026-03-05T14:00:04.000Z',
  endedAt: '2026-03-05T14:02:04.000Z',
  endedReason: 'customer-ended-call',
  cost: 0.1234,
  artifact: {
    messages: [
      { role: 'bot', message: 'Hello there', time: Date.parse('2026-03-05T14:00:05.000Z') },
      { role: 'user', message: 'Hi', time: Date.parse('2026-03-05T14:00:09.000Z') },
    ],
  },
} as unknown as SandboxCall;

describe('a sandbox call’s platform logs', () => {
  it('follow the call in time, from creation to its end', () => {
    const lines = callLogLines(base);
    expect(lines.map((line) => [line.level, line.log])).toEqual([
      ['CHECKPOINT', 'Call created'],
      ['INFO', 'Transport: web call (WebRTC room)'],
      ['CHECKPOINT', 'Call started: media connected'],
      ['LOG', 'Voice: assistant spoke "Hello there"'],
      ['LOG', 'Transcriber: final transcript "Hi"'],
      ['INFO', 'Call ended: customer-ended-call'],
      ['INFO', 'Cost: $0.1234'],
      ['CHECKPOINT', 'Call ended'],
    ]);
    expect(lines[3]).toMatchObject({
      callId: base.id,
      orgId: 'org-1',
      time: '2026-03-05T14:00:05.000Z',
    });
  });

  it('has none before the call ended (the file is written at its end)', () => {
    expect(callLogLines({ ...base, status: 'in-progress' })).toEqual([]);
  });

  it.each([
    ['pipeline-error-openai-llm-failed', 'ERROR'],
    ['call.in-progress.error-vapifault-transport-never-connected', 'ERROR'],
    ['twilio-failed-to-connect-call', 'ERROR'],
    ['silence-timed-out', 'WARN'],
    ['customer-did-not-answer', 'WARN'],
    ['assistant-ended-call-after-message-spoken', 'INFO'],
    ['customer-ended-call', 'INFO'],
  ])('logs the end reason %s at %s', (reason, level) => {
    expect(endLevel(reason)).toBe(level);
  });
});
