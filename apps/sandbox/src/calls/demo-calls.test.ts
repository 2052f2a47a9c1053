import { describe, expect, it } from 'vitest';
import { buildDemo, TEST_PUBLIC_URL } from '../test/fixtures';
import { reasonSpec } from '../demo/call-plan';
import type { SandboxCall } from './materialize';

const { demo, index, catalog } = buildDemo();

function findCall(predicate: (i: number) => boolean): SandboxCall {
  for (let i = 0; i < index.count; i++) if (predicate(i)) return demo.call(i);
  throw new Error('no such call in the demo data');
}

const kind = (i: number) => reasonSpec(index.reason[i] ?? 0).kind;
const E164 = /^\+[1-9]\d{7,14}$/;
const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe('materialised demo calls', () => {
  it('are rebuilt identically from their position', () => {
    expect(demo.call(1234)).toEqual(buildDemo().demo.call(1234));
    expect(demo.call(1234)).toEqual(demo.call(1234));
    expect(demo.call(1234).id).not.toBe(demo.call(1235).id);
  });

  it('look like the platform Call: ids, ISO dates with ms, ended, no duration field', () => {
    const call = findCall((i) => kind(i) === 'normal' && index.type[i] === 0);
    expect(call).toMatchObject({ status: 'ended', orgId: catalog.orgId, type: 'inboundPhoneCall' });
    for (const field of ['createdAt', 'updatedAt', 'startedAt', 'endedAt'] as const) {
      expect(call[field]).toMatch(ISO_MS);
    }
    expect(call).not.toHaveProperty('duration');
    expect(call.customer?.number).toMatch(E164);
    expect(catalog.demoPhoneNumberIds).toContain(call.phoneNumberId);
    expect(catalog.demoAssistantIds).toContain(call.assistantId);
    expect(Date.parse(call.updatedAt)).toBeGreaterThan(Date.parse(call.endedAt!));
    expect(Date.parse(call.startedAt!)).toBeGreaterThan(Date.parse(call.createdAt));
  });

  it('cost the sum of the breakdown, about $0.05–0.15 a minute', () => {
    for (let i = 0; i < 500; i++) {
      const call = demo.call(i);
      const b = call.costBreakdown!;
      expect(call.cost).toBeCloseTo(b.transport! + b.stt! + b.llm! + b.tts! + b.vapi!, 5);
      expect(b.total).toBe(call.cost);
      const minutes = (Date.parse(call.endedAt!) - Date.parse(call.startedAt!)) / 60_000;
      if (minutes > 1) {
        expect(call.cost! / minutes).toBeGreaterThan(0.05);
        expect(call.cost! / minutes).toBeLessThan(0.16);
      }
    }
  });

  it('carry a transcript, timed messages, a summary and an absolute recording URL', () => {
    const call = findCall((i) => kind(i) === 'normal' && index.durationMs[i]! > 90_000);
    const messages = call.artifact!.messages!;
    expect(messages[0]).toMatchObject({ role: 'system', secondsFromStart: 0 });
    const spoken = messages.filter((m) => m.role === 'bot' || m.role === 'user');
    expect(spoken.length).toBeGreaterThan(4);
    for (const message of spoken) {
      expect('endTime' in message && message.endTime).toBeGreaterThan(message.time);
      expect(message.time).toBeGreaterThanOrEqual(Date.parse(call.startedAt!));
      expect('endTime' in message && message.endTime).toBeLessThanOrEqual(
        Date.parse(call.endedAt!),
      );
    }
    expect(call.messages).toEqual(messages);
    expect(call.artifact!.transcript).toMatch(/^AI: .+\nUser: /);
    expect(call.analysis!.summary).toEqual(expect.any(String));
    expect(call.artifact!.recordingUrl).toBe(`${TEST_PUBLIC_URL}/recordings/${call.id}.wav`);
  });

  it('give successEvaluation as the string "true"/"false" when present', () => {
    const values = new Set<unknown>();
    for (let i = 0; i < 300; i++) values.add(demo.call(i).analysis?.successEvaluation);
    expect([...values].sort()).toEqual(['false', 'true', undefined].sort());
  });

  it('record tool calls with their results for some calls', () => {
    const call = findCall((i) => {
      const messages = demo.call(i).artifact?.messages ?? [];
      return messages.some((m) => m.role === 'tool_calls');
    });
    const messages = call.artifact!.messages!;
    const toolCall = messages.find((m) => m.role === 'tool_calls');
    const result = messages.find((m) => m.role === 'tool_call_result');
    const wire = toolCall && 'toolCalls' in toolCall ? toolCall.toolCalls[0] : undefined;
    expect(wire).toMatchObject({ type: 'function' });
    const fn = wire?.function as { name: string; arguments: string } | undefined;
    expect(fn?.name).toMatch(/^(create_enquiry|book_appointment)$/);
    expect(JSON.parse(fn?.arguments ?? 'null')).toHaveProperty('callerName');
    expect(result && 'result' in result ? result.result : undefined).toMatch(/\S/);
  });

  it('describe transfers with a destination and artifact.transfers', () => {
    const call = findCall(
      (i) => reasonSpec(index.reason[i]!).reason === 'assistant-forwarded-call',
    );
    expect(call.destination).toMatchObject({ type: 'number' });
    expect(call.destination && 'number' in call.destination ? call.destination.number : '').toMatch(
      E164,
    );
    expect(call.artifact!.transfers![0]).toMatchObject({
      mode: 'blind-transfer',
      status: 'completed',
    });
  });

  it('leave unanswered calls without conversation, recording or evaluation', () => {
    const call = findCall((i) => kind(i) === 'no-answer');
    expect(call.type).toBe('outboundPhoneCall');
    expect(call.artifact!.messages).toEqual([]);
    expect(call.artifact!.recordingUrl).toBeUndefined();
    expect(call.analysis!.successEvaluation).toBeUndefined();
    expect(call.cost).toBeLessThan(0.01);
  });

  it('give web calls no phone number and no customer number', () => {
    const call = findCall((i) => index.type[i] === 2);
    expect(call.type).toBe('webCall');
    expect(call.phoneNumberId).toBeUndefined();
    expect(call.customer).toBeUndefined();
  });

  it('reuse a caller’s name and number on repeat calls', () => {
    const byNumber = new Map<string, Set<string>>();
    for (let i = 0; i < 2000; i++) {
      const call = demo.call(i);
      const number = call.customer?.number;
      const name = /it's ([A-Z][\w'-]+ [A-Z][\w'-]+)/.exec(call.artifact?.transcript ?? '')?.[1];
      if (!number || !name || index.business[i] !== 0) continue;
      const names = byNumber.get(number) ?? new Set();
      names.add(name);
      byNumber.set(number, names);
    }
    expect(byNumber.size).toBeGreaterThan(20);
    for (const names of byNumber.values()) expect(names.size).toBe(1);
  });
});
