import { randomBytes } from 'node:crypto';
import { validatorFor, describeErrors } from '@switchboard/sandbox/platform-document';
import { beforeAll, describe, expect, it } from 'vitest';
import { agents } from '../../db/schema';
import { appForSuite, oneDatabase } from '../../test/test-app';
import { postToWebhook } from './test-webhook';

// Our answers to the platform's tool-calls messages, against the platform's own document:
// ServerMessageResponseToolCalls, closed (only the properties the document names).

const SECRET = 'whsec-document-0123456789';
const uniqueId = (prefix: string) => `${prefix}-${randomBytes(6).toString('hex')}`;

describe.each(oneDatabase)('tool-call answers against the platform document on %s', (target) => {
  const ctx = appForSuite(target, { VAPI_WEBHOOK_SECRET: SECRET, SANDBOX_CALLS: '0' });
  const assistantId = uniqueId('doc-agent');

  beforeAll(async () => {
    const { businessId } = await ctx.createBusinessWithMember();
    await ctx.app.database.db
      .insert(agents)
      .values({ platformAssistantId: assistantId, businessId, name: 'Reception' });
  });

  const toolCall = (name: string, args: Record<string, unknown>) => ({
    id: uniqueId('tc'),
    type: 'function',
    function: { name, arguments: JSON.stringify(args) },
  });

  it('answers results, errors and unknown tools in the shape the platform reads', async () => {
    const list = [
      toolCall('create_enquiry', {
        subject: 'Opening hours',
        message: 'Are you open on Saturdays?',
        callerName: 'Ann Lee',
        callerEmail: 'ann@example.com',
      }),
      toolCall('book_appointment', { startsAt: 'next week', service: 'Cleaning' }),
      toolCall('launch_rocket', {}),
    ];
    const res = await postToWebhook(ctx.app, SECRET, {
      message: {
        type: 'tool-calls',
        toolCallList: list,
        call: {
          id: uniqueId('call'),
          orgId: 'org-1',
          assistantId,
          type: 'inboundPhoneCall',
          customer: { number: '+15552220101' },
          createdAt: '2026-11-22T10:00:00.000Z',
          updatedAt: '2026-11-22T10:00:05.000Z',
        },
      },
    });
    expect(res.statusCode).toBe(200);
    const answer = res.json<{
      results: { toolCallId: string; result?: string; error?: string }[];
    }>();
    const validate = validatorFor('ServerMessageResponseToolCalls', { closed: true });
    expect(validate(answer) ? [] : describeErrors(validate.errors)).toEqual([]);

    expect(answer.results.map((r) => r.toolCallId)).toEqual(list.map((c) => c.id));
    expect(answer.results[0]?.result).toEqual(expect.any(String));
    expect(answer.results[1]?.error).toEqual(expect.any(String));
    expect(answer.results[2]?.error).toBe('Unknown tool: launch_rocket');
  });
});
