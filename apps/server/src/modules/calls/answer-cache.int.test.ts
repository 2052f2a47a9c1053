import type { AgentAnalytics } from '@switchboard/shared/analytics';
import type { CallLogPage } from '@switchboard/shared/call-logs';
import { eq } from 'drizzle-orm';
import { brotliDecompressSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { agents, calls } from '../../db/schema';
import { appForSuite, databaseTargets, sessionHeaders } from '../../test/test-app';
import { postToWebhook } from '../webhook/test-webhook';

// The finished answers of the analytics and the call log are cached per business, query and
// data version (decision 073): a write through the webhook is in the next read on this
// instance, and on another one on the same database once it has heard the write's notice (its
// stamps are held in process, decision 081); a business never gets another's.

const SECRET = 'whsec-answers-0123456789';
const MINE = 'asst-answers-mine';
const THEIRS = 'asst-answers-theirs';
const DAY = '2026-05-12';
const RANGE = 'from=2026-05-10&to=2026-05-14';

function report(id: string, assistantId: string, minute: number, cost: number) {
  const created = Date.parse(`${DAY}T12:00:00.000Z`) + minute * 60_000;
  const call = {
    id,
    orgId: 'org-1',
    assistantId,
    type: 'inboundPhoneCall',
    status: 'ended',
    endedReason: 'customer-ended-call',
    createdAt: new Date(created).toISOString(),
    updatedAt: new Date(created + 120_000).toISOString(),
    startedAt: new Date(created + 1000).toISOString(),
    endedAt: new Date(created + 61_000).toISOString(),
    cost,
    customer: { number: '+15550104444' },
  };
  return {
    message: {
      type: 'end-of-call-report',
      timestamp: created + 120_000,
      endedReason: 'customer-ended-call',
      cost,
      analysis: { successEvaluation: 'true', summary: 'Asked about opening hours.' },
      artifact: { transcript: 'AI: Hello. User: When are you open?' },
      call,
    },
  };
}

describe.each(databaseTargets)('cached answers on %s', (target) => {
  const ctx = appForSuite(target, { VAPI_WEBHOOK_SECRET: SECRET, SANDBOX_CALLS: '0' });
  let member: Record<string, string>;
  let stranger: Record<string, string>;
  let memberName = '';
  let minute = 0;

  type App = typeof ctx.app;
  const get = async <T>(url: string, headers = member, app: App = ctx.app) => {
    const res = await app.inject({ method: 'GET', url, headers });
    return { status: res.statusCode, body: res.json<T>(), res };
  };
  const postReport = async (id: string, assistantId = MINE, cost = 0.25) => {
    minute += 1;
    const res = await postToWebhook(ctx.app, SECRET, report(id, assistantId, minute, cost));
    expect(res.statusCode).toBe(200);
  };
  const analytics = (headers = member, app: App = ctx.app) =>
    get<AgentAnalytics>(`/api/agents/${MINE}/analytics?${RANGE}`, headers, app);
  const log = (headers = member, app: App = ctx.app) =>
    get<CallLogPage>(`/api/agents/${MINE}/calls?${RANGE}&tab=all&page=1`, headers, app);
  const businessLog = (headers = member, app: App = ctx.app) =>
    get<CallLogPage>(`/api/calls?${RANGE}`, headers, app);

  beforeAll(async () => {
    const owner = await ctx.createBusinessWithMember({ timezone: 'America/New_York' });
    const other = await ctx.createBusinessWithMember();
    await ctx.app.database.db.insert(agents).values([
      { platformAssistantId: MINE, businessId: owner.businessId, name: 'Front desk' },
      { platformAssistantId: THEIRS, businessId: other.businessId, name: 'Their desk' },
    ]);
    memberName = owner.userName;
    member = await ctx.sessionHeaders(owner.userName);
    stranger = await ctx.sessionHeaders(other.userName);
  });

  it('answers the same until a call is written, then the next read shows it', async () => {
    const before = await analytics();
    expect(before.status).toBe(200);
    expect(before.body.summary.numberOfCalls).toBe(0);
    expect((await log()).body.meta.total).toBe(0);
    expect((await businessLog()).body.meta.total).toBe(0);
    // Asked again, nothing written: the same answer.
    expect((await analytics()).res.body).toBe(before.res.body);

    await postReport('answers-1');
    const after = await analytics();
    expect(after.body.summary).toMatchObject({ numberOfCalls: 1, totalSpent: 0.25 });
    const page = await log();
    expect(page.body.data.map((row) => row.id)).toEqual(['answers-1']);
    expect(page.body.data[0]).toMatchObject({ assistant: 'Front desk', cost: '$0.25' });
    expect((await businessLog()).body.data.map((row) => row.id)).toEqual(['answers-1']);

    await postReport('answers-2', MINE, 0.5);
    expect((await analytics()).body.summary).toMatchObject({ numberOfCalls: 2, totalSpent: 0.75 });
    expect((await log()).body.data.map((row) => row.id)).toEqual(['answers-2', 'answers-1']);
    expect((await businessLog()).body.meta.total).toBe(2);
  });

  it('shows a renamed agent and a changed time zone at the next read', async () => {
    expect((await log()).body.data[0]?.assistant).toBe('Front desk');
    await ctx.app.database.db
      .update(agents)
      .set({ name: 'Reception' })
      .where(eq(agents.platformAssistantId, MINE));
    // A write straight in the database (another process): the next read once it is heard.
    await ctx.app.changeNotices.settled();
    expect((await log()).body.data[0]?.assistant).toBe('Reception');
    expect((await businessLog()).body.data[0]?.assistant).toBe('Reception');
  });

  it('shows an erased or deleted call at the next read', async () => {
    await postReport('answers-gone', MINE, 1);
    expect((await log()).body.data.map((row) => row.id)).toContain('answers-gone');
    await ctx.app.database.db.delete(calls).where(eq(calls.id, 'answers-gone'));
    await ctx.app.changeNotices.settled();
    expect((await log()).body.data.map((row) => row.id)).not.toContain('answers-gone');
    expect((await analytics()).body.summary.numberOfCalls).toBe(2);
  });

  it('never gives a business another business’s answer', async () => {
    // The member's answers are cached; the stranger asks for the same agent and pages.
    expect((await analytics()).status).toBe(200);
    expect((await log()).status).toBe(200);
    expect((await analytics(stranger)).status).toBe(404);
    expect((await log(stranger)).status).toBe(404);
    expect((await get(`/api/calls?${RANGE}&agentId=${MINE}`, stranger)).status).toBe(404);
    // The same business-wide query answers each business its own calls.
    await postReport('answers-theirs', THEIRS);
    expect((await businessLog(stranger)).body.data.map((row) => row.id)).toEqual([
      'answers-theirs',
    ]);
    expect((await businessLog()).body.data.map((row) => row.id)).toEqual([
      'answers-2',
      'answers-1',
    ]);
  });

  it('sends the cached answer compressed to a client that accepts it', async () => {
    // 75 days of figures: over the 1 KB below which answers go out as they are.
    const url = `/api/agents/${MINE}/analytics?from=2026-03-01&to=2026-05-14`;
    const plain = await get<AgentAnalytics>(url);
    expect(plain.res.body.length).toBeGreaterThan(1024);
    const res = await ctx.app.inject({
      method: 'GET',
      url,
      headers: { ...member, 'accept-encoding': 'gzip, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(plain.res.body);
  });

  it.runIf(target === 'postgres')(
    'shows a write made through another instance at the next read',
    async () => {
      const second = await buildApp(ctx.config);
      try {
        const headers = await sessionHeaders(second, memberName);
        await second.changeNotices.settled();
        const first = await analytics(headers, second);
        const count = first.body.summary.numberOfCalls;
        const total = (await log(headers, second)).body.meta.total;
        // The second instance holds the stamps it read: a hit reads nothing from the database.
        expect(second.changeNotices.listening).toBe(true);
        expect(second.answerCache.stamps.size).toBeGreaterThan(0);
        // Written through the first instance; read on the second, which cached the answers,
        // once it has heard what was committed before now.
        await postReport('answers-elsewhere');
        await second.changeNotices.settled();
        expect((await analytics(headers, second)).body.summary.numberOfCalls).toBe(count + 1);
        const page = await log(headers, second);
        expect(page.body.meta.total).toBe(total + 1);
        expect(page.body.data[0]?.id).toBe('answers-elsewhere');
      } finally {
        await second.close();
      }
    },
  );
});
