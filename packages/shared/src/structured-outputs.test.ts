import { describe, expect, it } from 'vitest';
import { toConversations, type ChatTurn } from './chats';
import {
  structuredOutputCell,
  structuredOutputFormSchema,
  structuredOutputSchemaProblem,
} from './structured-outputs';

describe('structuredOutputSchemaProblem (the platform’s JsonSchema subset)', () => {
  it.each([
    [{ type: 'string' }, null],
    [
      {
        type: 'object',
        title: 'Caller',
        description: 'Who called',
        properties: {
          name: { type: 'string', pattern: '^[A-Z]' },
          when: { type: 'string', format: 'date-time' },
          reason: { type: 'string', enum: ['a', 'b'] },
          tags: { type: 'array', items: { type: 'string' } },
        },
        required: ['name'],
      },
      null,
    ],
    [[], '/: must be a JSON object'],
    [
      { type: 'decimal' },
      '/: "type" must be one of string, number, integer, boolean, array, object',
    ],
    [
      { type: 'object', properties: { n: { type: 'integer', minimum: 1 } } },
      '/properties/n: "minimum" is not supported (use type, items, properties, description, pattern, format, required, enum, title)',
    ],
    [{ type: 'array' }, '/: an array needs "items"'],
    [{ type: 'array', items: { type: 'thing' } }, expect.stringMatching(/^\/items: "type"/)],
    [{ type: 'string', format: 'phone' }, expect.stringMatching(/^\/: "format" must be one of/)],
    [{ type: 'string', enum: [1, 2] }, '/: "enum" must be a list of strings'],
    [{ type: 'object', required: 'name' }, '/: "required" must be a list of property names'],
    [{ type: 'object', properties: [] }, '/: "properties" must be an object'],
  ])('%j → %s', (schema, problem) => {
    expect(structuredOutputSchemaProblem(schema)).toEqual(problem);
  });

  it('the form says when the text is not JSON, or names the problem', () => {
    const base = { name: 'Caller', description: '', agentIds: [] };
    const notJson = structuredOutputFormSchema.safeParse({ ...base, schemaText: '{' });
    expect(notJson.error?.issues[0]?.message).toBe('Not valid JSON');
    const bad = structuredOutputFormSchema.safeParse({ ...base, schemaText: '{"type":"date"}' });
    expect(bad.error?.issues[0]?.path).toEqual(['schemaText']);
    expect(
      structuredOutputFormSchema.safeParse({ ...base, schemaText: '{"type":"string"}' }).success,
    ).toBe(true);
  });
});

describe('structuredOutputCell', () => {
  it.each([
    [undefined, ''],
    [null, ''],
    ['calm', 'calm'],
    [3, '3'],
    [false, 'false'],
    [{ a: 1 }, '{"a":1}'],
    [['x'], '["x"]'],
  ])('%j → %j', (value, cell) => {
    expect(structuredOutputCell(value)).toBe(cell);
  });
});

describe('toConversations', () => {
  const turn = (id: string, previousChatId: string | null, minute: number): ChatTurn => ({
    id,
    previousChatId,
    message: id,
    reply: `re ${id}`,
    createdAt: `2026-03-05T14:${String(minute).padStart(2, '0')}:00.000Z`,
  });

  it('chains chats by previousChatId, newest conversation first, whatever the order given', () => {
    const chats = [
      turn('b2', 'b1', 9),
      turn('a1', null, 1),
      turn('b1', null, 2),
      turn('a2', 'a1', 3),
    ];
    const conversations = toConversations(chats);
    expect(conversations.map((c) => [c.id, c.lastChatId, c.turns.map((t) => t.id)])).toEqual([
      ['b1', 'b2', ['b1', 'b2']],
      ['a1', 'a2', ['a1', 'a2']],
    ]);
  });

  it('starts a conversation at a chat whose previous chat is not in the list (older than the history)', () => {
    expect(toConversations([turn('c3', 'c2-gone', 5)]).map((c) => c.id)).toEqual(['c3']);
  });
});
