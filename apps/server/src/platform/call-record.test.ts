import { describe, expect, it } from 'vitest';
import { toCallRecord } from './call-record';

const call = {
  id: 'call-1',
  assistantId: 'asst-1',
  status: 'ended',
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:05:00.000Z',
  artifact: {
    transcript: 'AI: Hello.\nUser: Hi 👋',
    messages: [{ role: 'bot', message: 'Hello.' }],
  },
};

describe('toCallRecord', () => {
  it('keeps a call that needs no cleaning as it came, emoji included', () => {
    const record = toCallRecord(structuredClone(call));
    expect(record.payload).toEqual(call);
    expect(record.updatedAt).toEqual(new Date(call.updatedAt));
  });

  it('cleans what jsonb cannot hold out of every string and key of the call', () => {
    const dirty = {
      ...call,
      artifact: {
        transcript: 'AI: Hel\u0000lo.\u0007',
        messages: [{ role: 'bot', message: 'x\ud800', ['k\u001f']: 1 }],
      },
    };
    const record = toCallRecord(dirty);
    expect(record.payload).toEqual({
      ...call,
      artifact: { transcript: 'AI: Hello.', messages: [{ role: 'bot', message: 'x\ufffd', k: 1 }] },
    });
    // The platform's copy is not changed.
    expect(dirty.artifact.transcript).toBe('AI: Hel\u0000lo.\u0007');
  });
});
