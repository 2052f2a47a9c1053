import { describe, expect, it } from 'vitest';
import { toCallRecord } from './call-record';

const call = (transcript: string, extra: Record<string, unknown> = {}) => ({
  id: 'call-1',
  assistantId: 'assistant-1',
  status: 'ended',
  createdAt: '2026-11-30T06:00:00.000Z',
  updatedAt: '2026-11-30T06:05:00.000Z',
  artifact: { transcript, messages: [{ role: 'user', message: transcript }] },
  ...extra,
});

describe('toCallRecord', () => {
  it('drops what the text rule refuses from a call the platform sends, keys included', () => {
    const record = toCallRecord(
      call('Hi\u0000 there\u0007', { metadata: { ['k\u001f']: 'x\ud800', ok: 'fine' } }),
    );
    expect(record.payload).toMatchObject({
      artifact: { transcript: 'Hi there', messages: [{ message: 'Hi there' }] },
      metadata: { k: 'x\ufffd', ok: 'fine' },
    });
    expect(JSON.stringify(record.payload)).not.toMatch(/\\u0000|\\u0007|\\u001f|\\ud800/);
  });

  it('keeps a call with nothing to clean as it came', () => {
    const raw = call('Hello.\nFine, thanks 👋\t', { metadata: { note: 'a\u007f' } });
    expect(toCallRecord(raw).payload).toEqual(raw);
  });
});
