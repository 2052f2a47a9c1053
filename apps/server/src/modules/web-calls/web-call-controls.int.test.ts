import { WEB_CALL_SDK_TOKEN } from '@switchboard/shared/web-call';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MEMBER } from '../auth/demo-accounts';
import { appForSuite, storedEndedReason, oneDatabase } from '../../test/test-app';

describe.each(oneDatabase)('live call controls through the proxy on %s', (target) => {
  const ctx = appForSuite(target, { SYNC_INTERVAL_SECONDS: '3600' });
  let member: Record<string, string>;
  let memberOfB: Record<string, string>;
  beforeAll(async () => {
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    await ctx.app.callSync.runNow();
    member = await ctx.sessionHeaders(DEMO_MEMBER.userName);
    memberOfB = await ctx.sessionHeaders((await ctx.createBusinessWithMember()).userName);
  });

  it('passes the web SDK’s say and control messages to the call; a say that ends the call sets its end reason', async () => {
    const created = await ctx.injectAs(
      'POST',
      '/api/web-call/call/web',
      { ...member, authorization: `Bearer ${WEB_CALL_SDK_TOKEN}` },
      { assistantId: ctx.app.platform.sandbox!.demo.assistantIds[0] },
    );
    expect(created.statusCode).toBe(201);
    const call = created.json<{ id: string; webCallUrl: string }>();
    const room = async () =>
      (await ctx.injectAs('GET', call.webCallUrl, member)).json<{
        status: string;
        endedReason: string | null;
      }>();
    await expect.poll(async () => (await room()).status, { timeout: 5000 }).toBe('in-progress');
    const control = (payload: Record<string, unknown>, headers = member) =>
      ctx.injectAs('POST', `${call.webCallUrl}/control`, headers, payload);

    // Another business's member: as if the call did not exist.
    const foreign = await control({ type: 'control', control: 'say-first-message' }, memberOfB);
    expect(foreign.statusCode).toBe(404);
    // Only the shapes the SDK sends.
    const bad = await control({ type: 'say', message: 'Hi', endCallAfterSpoken: 'soon' });
    expect(bad.statusCode).toBe(400);
    const unknown = await control({ type: 'transfer', destination: '+15550100' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<{ error: { message: string } }>().error.message).toMatch(
      /say, control or end-call/,
    );

    const first = await control({ type: 'control', control: 'say-first-message' });
    expect(first.statusCode).toBe(202);
    const say = await control({
      type: 'say',
      message: 'Thank you for calling, goodbye.',
      endCallAfterSpoken: true,
      interruptionsEnabled: true,
      interruptAssistantEnabled: false,
    });
    expect(say.statusCode).toBe(202);
    expect(say.json()).toEqual({ callId: call.id, accepted: 'say' });

    // The call client leaves once the sentence is said.
    await ctx.injectAs('POST', `${call.webCallUrl}/hang-up`, member);
    await expect.poll(async () => (await room()).status, { timeout: 5000 }).toBe('ended');
    expect((await room()).endedReason).toBe('assistant-ended-call-after-message-spoken');
    await expect
      .poll(() => storedEndedReason(ctx.app, call.id), { timeout: 5000 })
      .toBe('assistant-ended-call-after-message-spoken');
    // An ended call takes no more controls.
    expect((await control({ type: 'end-call' })).statusCode).toBe(409);
  });
});
