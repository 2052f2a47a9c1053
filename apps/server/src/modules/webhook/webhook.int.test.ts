import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { calls } from '../../db/schema';
import { appForSuite, oneDatabase } from '../../test/test-app';
import { hmacSignature } from '../../platform/webhook-auth';

const SECRET = 'whsec-test-0123456789';

function callPayload(id: string, overrides: Record<string, unknown> = {}) {
  return {
    id,
    orgId: 'org-1',
    assistantId: 'asst-1',
    type: 'inboundPhoneCall',
    status: 'in-progress',
    createdAt: '2026-11-22T10:00:00.000Z',
    updatedAt: '2026-11-22T10:00:05.000Z',
    startedAt: '2026-11-22T10:00:01.000Z',
    customer: { number: '+15552223333' },
    ...overrides,
  };
}

const report = (id: string) => ({
  message: {
    type: 'end-of-call-report',
    timestamp: Date.parse('2026-11-22T10:03:00.000Z'),
    endedReason: 'customer-ended-call',
    startedAt: '2026-11-22T10:00:01.000Z',
    endedAt: '2026-11-22T10:02:41.000Z',
    cost: 0.31,
    analysis: { successEvaluation: 'true', summary: 'Booked a cleaning.' },
    artifact: { transcript: 'AI: Hello\nUser: Hi' },
    call: callPayload(id, { status: 'ended', updatedAt: '2026-11-22T10:03:00.000Z' }),
  },
});

describe.each(oneDatabase)('platform webhook on %s', (target) => {
  describe('with the secret header (default)', () => {
    const ctx = appForSuite(target, { VAPI_WEBHOOK_SECRET: SECRET, SANDBOX_CALLS: '0' });

    const post = (
      payload: unknown,
      headers: Record<string, string> = { 'x-vapi-secret': SECRET },
    ) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/platform/webhook',
        payload: payload as object,
        headers,
      });
    const stored = (id: string) => ctx.app.database.db.select().from(calls).where(eq(calls.id, id));

    it('stores the call from an end-of-call report, with the report’s analysis and times', async () => {
      const res = await post(report('wh-call-1'));
      expect(res.statusCode).toBe(200);
      const [row] = await stored('wh-call-1');
      expect(row).toMatchObject({
        status: 'ended',
        endedReason: 'customer-ended-call',
        outcome: 'pass',
        durationSeconds: 160,
        cost: 0.31,
      });
      expect(row?.payload).toMatchObject({ analysis: { summary: 'Booked a cleaning.' } });
    });

    it('stores a report whose transcript carries NULs and escapes, without them', async () => {
      // JSON's "\u0000" is legal, but PostgreSQL refuses it in jsonb: this once was a 500.
      const message = report('wh-call-nul').message;
      const res = await post({
        message: {
          ...message,
          artifact: { transcript: 'AI: Hello\u0000\nUser: Hi\u001b', ['odd\u0000key']: true },
          analysis: { ...message.analysis, summary: 'Booked\u0000 a cleaning \ud83d.' },
        },
      });
      expect(res.statusCode).toBe(200);
      const [row] = await stored('wh-call-nul');
      expect(row?.payload).toMatchObject({
        artifact: { transcript: 'AI: Hello\nUser: Hi', oddkey: true },
        analysis: { summary: 'Booked a cleaning \ufffd.' },
      });
    });

    it('keeps one row when the same report arrives twice', async () => {
      expect((await post(report('wh-call-2'))).statusCode).toBe(200);
      expect((await post(report('wh-call-2'))).statusCode).toBe(200);
      expect(await stored('wh-call-2')).toHaveLength(1);
    });

    it('does not let a late status update roll an ended call back', async () => {
      await post(report('wh-call-3'));
      const late = await post({
        message: {
          type: 'status-update',
          status: 'in-progress',
          timestamp: Date.parse('2026-11-22T10:00:05.000Z'),
          call: callPayload('wh-call-3'),
        },
      });
      expect(late.statusCode).toBe(200);
      const [row] = await stored('wh-call-3');
      expect(row?.status).toBe('ended');
    });

    it.each([
      ['no secret', {}],
      ['a wrong secret', { 'x-vapi-secret': 'guess' }],
      ['the secret as a bearer token', { authorization: `Bearer ${SECRET}` }],
    ])('refuses a webhook with %s (401) and stores nothing', async (_label, headers) => {
      const res = await post(report('wh-unauth'), headers);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ error: { code: 'UNAUTHORIZED' } });
      expect(await stored('wh-unauth')).toHaveLength(0);
    });

    it.each([
      ['no message', { hello: 'world' }],
      ['a message without type', { message: { call: callPayload('wh-bad-1') } }],
      ['a report without the call', { message: { type: 'end-of-call-report' } }],
      [
        'a call without createdAt',
        { message: { type: 'status-update', status: 'ended', call: { id: 'wh-bad-2' } } },
      ],
    ])('answers %s with a 400 and stores nothing', async (_label, payload) => {
      const res = await post(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json<{ error: { message: string } }>().error.message).not.toBe('');
      expect(await stored('wh-bad-1')).toHaveLength(0);
      expect(await stored('wh-bad-2')).toHaveLength(0);
    });

    it('answers malformed JSON with a 400', async () => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/platform/webhook',
        headers: { 'content-type': 'application/json', 'x-vapi-secret': SECRET },
        payload: '{"message":',
      });
      expect(res.statusCode).toBe(400);
    });

    it('answers a tool call it does not know with an error result for that call', async () => {
      const res = await post({
        message: {
          type: 'tool-calls',
          toolCallList: [
            { id: 'tc-1', type: 'function', function: { name: 'launch_rocket', arguments: '{}' } },
          ],
          call: callPayload('wh-call-4'),
        },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        results: [
          { toolCallId: 'tc-1', name: 'launch_rocket', error: 'Unknown tool: launch_rocket' },
        ],
      });
    });

    it('acknowledges message types it does not act on', async () => {
      const res = await post({
        message: { type: 'speech-update', status: 'started', role: 'user' },
      });
      expect(res.statusCode).toBe(200);
    });
  });

  describe('with HMAC signatures', () => {
    const ctx = appForSuite(target, {
      VAPI_WEBHOOK_SECRET: SECRET,
      VAPI_WEBHOOK_AUTH: 'hmac',
      SANDBOX_CALLS: '0',
    });

    it('accepts a correctly signed body and refuses a tampered one', async () => {
      const body = JSON.stringify(report('wh-hmac-1'));
      const timestamp = String(Date.now());
      const headers = {
        'content-type': 'application/json',
        'x-timestamp': timestamp,
        'x-signature': hmacSignature(SECRET, timestamp, body),
      };
      const ok = await ctx.app.inject({
        method: 'POST',
        url: '/api/platform/webhook',
        headers,
        payload: body,
      });
      expect(ok.statusCode).toBe(200);
      const tampered = await ctx.app.inject({
        method: 'POST',
        url: '/api/platform/webhook',
        headers,
        payload: body.replace('0.31', '0.01'),
      });
      expect(tampered.statusCode).toBe(401);
      const [row] = await ctx.app.database.db.select().from(calls).where(eq(calls.id, 'wh-hmac-1'));
      expect(row?.cost).toBe(0.31);
    });
  });
});
