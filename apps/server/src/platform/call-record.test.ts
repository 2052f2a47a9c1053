import { describe, expect, it } from 'vitest';
import { transcriptOf } from '../modules/calls/calls.service';
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

  it('leaves out a time the database cannot store, and refuses a call created at one', () => {
    // JavaScript reads these; PostgreSQL refuses each ("date/time field value out of range"),
    // which failed the whole statement storing the call (and the calls stored beside it).
    for (const time of [
      '0000-06-01T00:00:00.000Z',
      '-010000-01-01T00:00:00.000Z',
      '+275000-01-01T00:00:00.000Z',
    ]) {
      const record = toCallRecord(call('Hi', { startedAt: time, endedAt: time, updatedAt: time }), {
        fallbackUpdatedAt: new Date('2026-11-30T06:06:00.000Z'),
      });
      expect(record, time).toMatchObject({ startedAt: null, endedAt: null });
      expect(record.updatedAt.toISOString(), time).toBe('2026-11-30T06:06:00.000Z');
      expect(() => toCallRecord(call('Hi', { createdAt: time })), time).toThrow(
        'createdAt is not a date',
      );
    }
    const edges = toCallRecord(
      call('Hi', { startedAt: '0001-01-01T00:00:00.000Z', endedAt: '9999-12-31T23:59:59.999Z' }),
    );
    expect(edges.startedAt?.toISOString()).toBe('0001-01-01T00:00:00.000Z');
    expect(edges.endedAt?.toISOString()).toBe('9999-12-31T23:59:59.999Z');
  });

  it('stores the conversation once when the platform sends the same one twice', () => {
    // As the platform's Call has it: the conversation in artifact.messages and again in the
    // top-level messages (UserMessage, BotMessage and a system prompt).
    const conversation = [
      {
        role: 'system',
        message: 'You book dental appointments.',
        time: 1764568800000,
        secondsFromStart: 0,
      },
      {
        role: 'bot',
        message: 'Bright Smile, how can I help?',
        time: 1764568801000,
        endTime: 1764568803000,
        secondsFromStart: 1,
        duration: 2000,
        source: '',
      },
      {
        role: 'user',
        message: 'A check-up on Friday, please.',
        time: 1764568804000,
        endTime: 1764568806000,
        secondsFromStart: 4,
        duration: 2000,
      },
    ];
    const raw = call('AI: Bright Smile, how can I help?\nUser: A check-up on Friday, please.', {
      messages: conversation.map((message) => ({ ...message })),
    });
    (raw.artifact as { messages: unknown }).messages = conversation;
    const stored = toCallRecord(raw).payload as Record<string, unknown>;
    expect(stored).not.toHaveProperty('messages');
    expect(stored.artifact).toEqual(raw.artifact);
    const rest: Record<string, unknown> = { ...raw };
    delete rest.messages;
    expect(stored).toEqual(rest);
    // What the call detail shows is the same either way.
    expect(transcriptOf(stored)).toEqual(transcriptOf(raw));
    expect(transcriptOf(stored).map((line) => line.text)).toEqual([
      'Bright Smile, how can I help?',
      'A check-up on Friday, please.',
    ]);
  });

  it('keeps both copies when they differ, and the top-level one when it is the only one', () => {
    const differing = call('Hi', { messages: [{ role: 'user', message: 'Hi there' }] });
    expect(toCallRecord(differing).payload).toEqual(differing);
    const { artifact: _, ...withoutArtifact } = call('Hi', {
      messages: [{ role: 'user', message: 'Hi' }],
    });
    expect(toCallRecord(withoutArtifact).payload).toEqual(withoutArtifact);
    const stored = toCallRecord(withoutArtifact).payload as Record<string, unknown>;
    expect(transcriptOf(stored).map((line) => line.text)).toEqual(['Hi']);
  });
});
