import { describe, expect, it } from 'vitest';
import { structuredOutputResults, valueForSchema, type CallFacts } from './structured-outputs';

const FACTS: CallFacts = {
  seed: 42,
  callerName: 'Pat Byrne',
  callerNumber: '+12125550100',
  callerEmail: 'pat.byrne@example.com',
  summary: 'The caller asked about opening hours.',
  endedAt: '2026-03-05T14:09:05.000Z',
  successful: true,
};

describe('sandbox structured-output values', () => {
  it('takes the call’s facts where a property’s name or format asks for them', () => {
    const value = valueForSchema(
      {
        type: 'object',
        properties: {
          callerName: { type: 'string' },
          firstName: { type: 'string' },
          phoneNumber: { type: 'string' },
          contact: { type: 'string', format: 'email' },
          when: { type: 'string', format: 'date-time' },
          day: { type: 'string', format: 'date' },
          resolved: { type: 'boolean' },
          notes: { type: 'string' },
        },
      },
      FACTS,
    );
    expect(value).toEqual({
      callerName: 'Pat Byrne',
      firstName: 'Pat',
      phoneNumber: '+12125550100',
      contact: 'pat.byrne@example.com',
      when: '2026-03-05T14:09:05.000Z',
      day: '2026-03-05',
      resolved: true,
      notes: 'The caller asked about opening hours.',
    });
  });

  it('keeps to the type and the enum, and is the same for the same call', () => {
    const schema = {
      type: 'object',
      properties: {
        reason: { type: 'string', enum: ['booking', 'question', 'complaint'] },
        count: { type: 'integer' },
        score: { type: 'number' },
        tags: { type: 'array', items: { type: 'string', enum: ['x', 'y'] } },
      },
    };
    const value = valueForSchema(schema, FACTS) as Record<string, unknown>;
    expect(['booking', 'question', 'complaint']).toContain(value.reason);
    expect(Number.isInteger(value.count)).toBe(true);
    expect(typeof value.score).toBe('number');
    expect(value.tags).toHaveLength(1);
    expect(['x', 'y']).toContain((value.tags as string[])[0]);
    expect(valueForSchema(schema, FACTS)).toEqual(value);
  });

  it('keys the results by the output’s id, with its name', () => {
    const results = structuredOutputResults(
      [{ id: 'so-1', name: 'Mood', schema: { type: 'string', enum: ['calm'] } }],
      FACTS,
    );
    expect(results).toEqual({ 'so-1': { name: 'Mood', result: 'calm' } });
  });
});
