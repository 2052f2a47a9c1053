import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agents, callingRules } from './db/schema';
import { notFound } from './lib/app-error';
import { DEMO_ADMIN, DEMO_BUSINESS, DEMO_MEMBER } from './modules/auth/demo-accounts';
import { requireBusinessId, type Access } from './http/auth';
import { permissionMessages } from '@switchboard/shared/auth';
import {
  addTeamMember,
  buildTestApp,
  createBusinessWithMember,
  demoBusinessAndAgent,
  oneDatabase,
  sameOrigin,
  sessionHeaders,
} from './test/test-app';

// The authorization matrix: every /api route the server registered × every kind of caller →
// the status class the route's declared access promises. A new route joins the matrix by
// existing; it cannot be left out.

// A's owner is the demo business's first user; A's member and A's manager were invited to it;
// B is another business, seen through its owner.
type Principal =
  | 'anonymous'
  | 'owner of A'
  | 'member of A'
  | 'manager of A'
  | 'owner of B'
  | 'admin';
const PRINCIPALS: Principal[] = [
  'anonymous',
  'owner of A',
  'member of A',
  'manager of A',
  'owner of B',
  'admin',
];
type Outcome = 'allowed' | 'unauthenticated' | 'forbidden';

function expectedOutcome(access: Access, principal: Principal): Outcome {
  if (access === 'public') return 'allowed';
  if (principal === 'anonymous') return 'unauthenticated';
  if (access === 'admin' && principal !== 'admin') return 'forbidden';
  // Spending money or deleting on the platform: everyone but a business's plain member.
  if (access === 'manager' && principal === 'member of A') return 'forbidden';
  if (access === 'owner' && principal !== 'owner of A' && principal !== 'owner of B') {
    return 'forbidden';
  }
  return 'allowed';
}

/** A business-scoped route like the ones later modules add: the business comes from the session. */
const SCOPED_ROUTE = '/api/test-scoped/agents/:id';
/** Routes of a business's own data, which an admin (who has no business) is refused. */
const BUSINESS_ONLY_PREFIXES = [
  '/api/contacts',
  // A call back spends the business's calls from its own numbers: the operator has none.
  '/api/calls/:id/call-back',
  '/api/enquiries',
  '/api/email-logs',
  '/api/appointments',
  '/api/business',
  '/api/team',
  '/api/phone-numbers',
  '/api/tools',
  '/api/files',
  '/api/knowledge-bases',
  '/api/squads',
  '/api/structured-outputs',
  '/api/test-suites',
  '/api/test-runs',
  '/api/agents/:id/test-runs',
  '/api/campaigns',
  '/api/alerts',
  '/api/account/digest',
];
/**
 * `member` routes whose handler leaves a business's members and managers out (owners and the
 * operator only): repairing an agent's platform settings (agent health is read-only for them).
 */
const OWNER_OR_OPERATOR_ROUTES = new Set(['POST /api/agents/:id/repair']);

function outcomeOf(res: LightMyRequestResponse): Outcome | `unexpected ${number}` {
  const code =
    res.statusCode >= 400 ? res.json<{ error?: { code?: string } }>().error?.code : undefined;
  if (res.statusCode === 401 && code === 'UNAUTHENTICATED') return 'unauthenticated';
  if (res.statusCode === 403 && code === 'FORBIDDEN') return 'forbidden';
  if (res.statusCode >= 500 || res.statusCode === 401 || res.statusCode === 403) {
    // 401/403 for another reason (the webhook's own credential) still means "not refused by
    // the access check"; only a 5xx is a failure of the route itself.
    return res.statusCode >= 500 ? `unexpected ${res.statusCode}` : 'allowed';
  }
  return 'allowed';
}

describe.each(oneDatabase)('authorization on %s', (target) => {
  let ctx: Awaited<ReturnType<typeof buildTestApp>>;
  let businessA: string;
  let agentOfA: string;
  let memberB: Awaited<ReturnType<typeof createBusinessWithMember>>;
  let plainMemberA: Awaited<ReturnType<typeof addTeamMember>>;
  let managerA: Awaited<ReturnType<typeof addTeamMember>>;

  beforeAll(async () => {
    ctx = await buildTestApp(target, { SANDBOX_CALLS: '0' });
    ctx.app.get(
      SCOPED_ROUTE,
      { config: { access: 'member' } },
      async (request: { params: unknown }) => {
        const businessId = requireBusinessId(request as Parameters<typeof requireBusinessId>[0]);
        const { id } = request.params as { id: string };
        const [agent] = await ctx.app.database.db
          .select({ id: agents.id, businessId: agents.businessId })
          .from(agents)
          .where(and(eq(agents.id, id), eq(agents.businessId, businessId)));
        if (!agent) throw notFound('Agent');
        return agent;
      },
    );
    await ctx.app.ready();
    const demo = await demoBusinessAndAgent(ctx.app);
    businessA = demo.business.id;
    agentOfA = demo.agent.id;
    memberB = await createBusinessWithMember(ctx.app, { name: 'Business B' });
    plainMemberA = await addTeamMember(ctx.app, businessA);
    managerA = await addTeamMember(ctx.app, businessA, { role: 'manager' });
  });
  afterAll(() => ctx?.close());

  const headersFor = async (principal: Principal): Promise<Record<string, string>> => {
    switch (principal) {
      case 'anonymous':
        return { ...sameOrigin };
      case 'owner of A':
        return sessionHeaders(ctx.app, DEMO_MEMBER.userName);
      case 'member of A':
        return sessionHeaders(ctx.app, plainMemberA.userName);
      case 'manager of A':
        return sessionHeaders(ctx.app, managerA.userName);
      case 'owner of B':
        return sessionHeaders(ctx.app, memberB.userName);
      case 'admin':
        return sessionHeaders(ctx.app, DEMO_ADMIN.userName);
    }
  };

  const callRoute = async (method: string, url: string, principal: Principal) => {
    // Fill path parameters with A's ids, so "allowed" callers reach real data.
    const path = url
      .replace(/:id\b/g, agentOfA)
      .replace(/:[A-Za-z]+/g, 'x')
      .replace('*', 'x');
    const hasBody = ['POST', 'PUT', 'PATCH', 'DELETE'].includes(method);
    return ctx.app.inject({
      method: method as 'GET',
      url: path,
      headers: await headersFor(principal),
      ...(hasBody ? { payload: {} } : {}),
    });
  };

  it('knows every route it is about to test', () => {
    const routes = ctx.app.accessTable.map((r) => `${r.method} ${r.url} ${r.access}`);
    expect(routes).toEqual(
      expect.arrayContaining([
        'GET /api/health public',
        'GET /api/health/live public',
        'GET /api/health/ready public',
        'GET /api/admin/metrics admin',
        'GET /api/docs/json public',
        'POST /api/platform/webhook public',
        'GET /api/platform/status member',
        'POST /api/platform/sync member',
        'POST /api/auth/login public',
        'POST /api/auth/logout public',
        'GET /api/auth/me member',
        'POST /api/auth/create-account public',
        'POST /api/auth/set-password public',
        'GET /api/admin/businesses admin',
        'GET /api/admin/agents admin',
        'GET /api/agent-tools member',
        'PUT /api/admin/agents/:id/business admin',
        'GET /api/admin/mail admin',
        'GET /api/admin/mail/outbox admin',
        'POST /api/auth/forgot-password public',
        'GET /api/admin/businesses/:id/users admin',
        'GET /api/admin/businesses/:id/calling-rules admin',
        'PUT /api/admin/businesses/:id/calling-rules admin',
        'POST /api/admin/users/:id/set-password-link admin',
        'PUT /api/account/profile member',
        'POST /api/account/password member',
        'POST /api/account/sign-out-others member',
        'GET /api/business member',
        'PUT /api/business owner',
        'GET /api/team member',
        'POST /api/team/invitations owner',
        'PUT /api/team/members/:id/role owner',
        'DELETE /api/team/members/:id owner',
        'GET /api/admin/platform-resources admin',
        'PUT /api/admin/platform-resources/:id/business admin',
        'POST /api/admin/platform-resources/discover admin',
        'GET /api/phone-numbers member',
        'POST /api/phone-numbers manager',
        'GET /api/phone-numbers/:id member',
        'PATCH /api/phone-numbers/:id member',
        'DELETE /api/phone-numbers/:id manager',
        'GET /api/tools member',
        'POST /api/tools member',
        'GET /api/tools/:id member',
        'PATCH /api/tools/:id member',
        'DELETE /api/tools/:id manager',
        'GET /api/files member',
        'POST /api/files member',
        'GET /api/files/:id member',
        'DELETE /api/files/:id manager',
        'GET /api/knowledge-bases member',
        'POST /api/knowledge-bases member',
        'GET /api/knowledge-bases/:id member',
        'DELETE /api/knowledge-bases/:id manager',
        'POST /api/knowledge-bases/:id/files member',
        'DELETE /api/knowledge-bases/:id/files/:fileId member',
        'GET /api/squads member',
        'POST /api/squads member',
        'GET /api/squads/:id member',
        'PUT /api/squads/:id member',
        'DELETE /api/squads/:id manager',
        'GET /api/structured-outputs member',
        'POST /api/structured-outputs member',
        'GET /api/structured-outputs/:id member',
        'PATCH /api/structured-outputs/:id member',
        'DELETE /api/structured-outputs/:id manager',
        'GET /api/agents/:id/chats member',
        'POST /api/agents/:id/chats member',
        'GET /api/campaigns member',
        'GET /api/campaigns/options member',
        'POST /api/campaigns manager',
        'GET /api/campaigns/:id member',
        'GET /api/campaigns/:id/review member',
        'GET /api/campaigns/:id/contacts member',
        'GET /api/campaigns/:id/results member',
        'GET /api/campaigns/:id/calls.csv member',
        'PATCH /api/campaigns/:id manager',
        'PUT /api/contacts/:id/do-not-call member',
        'GET /api/calls member',
        'GET /api/calls/export member',
        'GET /api/calls/count member',
        'GET /api/agents/:id/calls/count member',
        'GET /api/calls/:id/logs member',
        'POST /api/calls/:id/erase manager',
        'POST /api/calls/:id/call-back manager',
        'POST /api/web-call/sandbox/web-call/:id/control member',
        'GET /api/test-suites member',
        'POST /api/test-suites member',
        'GET /api/test-suites/:id member',
        'PATCH /api/test-suites/:id member',
        'DELETE /api/test-suites/:id manager',
        'POST /api/test-suites/:id/tests member',
        'DELETE /api/test-suites/:id/tests/:testId manager',
        'POST /api/test-suites/:id/runs member',
        'POST /api/agents/:id/test-runs member',
        'DELETE /api/agents/:id manager',
        'GET /api/test-runs member',
        'GET /api/test-runs/:id member',
        'GET /api/calendar-feeds/:file public',
        'GET /api/integrations/calendar-feed owner',
        'POST /api/integrations/calendar-feed owner',
        'DELETE /api/integrations/calendar-feed owner',
        'GET /api/integrations/webhooks owner',
        'POST /api/integrations/webhooks owner',
        'PATCH /api/integrations/webhooks/:id owner',
        'DELETE /api/integrations/webhooks/:id owner',
        'GET /api/integrations/webhooks/:id/deliveries owner',
        'POST /api/integrations/webhooks/:id/deliveries/:deliveryId/resend owner',
        'GET /api/alerts member',
        'POST /api/alerts owner',
        'PATCH /api/alerts/:id owner',
        'DELETE /api/alerts/:id owner',
        'GET /api/admin/businesses/:businessId/alerts admin',
        'POST /api/admin/businesses/:businessId/alerts admin',
        'PATCH /api/admin/businesses/:businessId/alerts/:id admin',
        'DELETE /api/admin/businesses/:businessId/alerts/:id admin',
        'GET /api/account/digest member',
        'PUT /api/account/digest member',
        'GET /api/live-calls member',
        'GET /api/live-calls/stream member',
        'GET /api/live-calls/:id/listen member',
        'POST /api/live-calls/:id/control member',
        'GET /api/live-calls/:id/transfer-targets member',
        'POST /api/live-calls/sandbox-call member',
        'PUT /api/agents/:id/live-listening member',
      ]),
    );
  });

  it('keeps spending money and deleting on the platform to owners and managers, and only that', () => {
    const managerRoutes = ctx.app.accessTable
      .filter((route) => route.access === 'manager')
      .map((route) => `${route.method} ${route.url}`)
      .sort();
    expect(managerRoutes).toEqual(
      [
        'DELETE /api/agents/:id',
        'DELETE /api/files/:id',
        'DELETE /api/knowledge-bases/:id',
        'DELETE /api/phone-numbers/:id',
        'DELETE /api/squads/:id',
        'DELETE /api/structured-outputs/:id',
        'DELETE /api/test-suites/:id',
        'DELETE /api/test-suites/:id/tests/:testId',
        'DELETE /api/tools/:id',
        'PATCH /api/campaigns/:id',
        'POST /api/campaigns',
        // Erasing a call's recording and transcript deletes the call on the platform.
        'POST /api/calls/:id/erase',
        // Calling a caller back costs what a campaign's call costs.
        'POST /api/calls/:id/call-back',
        // One call to a contact costs what a campaign's call costs.
        'POST /api/contacts/:id/call-back',
        'POST /api/phone-numbers',
      ].sort(),
    );
  });

  it('refuses a member each of those with 403 and the plain reason, before anything is read', async () => {
    for (const route of ctx.app.accessTable.filter((r) => r.access === 'manager')) {
      const res = await callRoute(route.method, route.url, 'member of A');
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(403);
      expect(res.json()).toMatchObject({
        error: { code: 'FORBIDDEN', message: permissionMessages.spendAndDeleteRefused },
      });
    }
    // The agent is still there for its business.
    const [agent] = await ctx.app.database.db
      .select({ businessId: agents.businessId, removedAt: agents.removedAt })
      .from(agents)
      .where(eq(agents.id, agentOfA));
    expect(agent).toEqual({ businessId: businessA, removedAt: null });
  });

  // Every route × every caller, one caller per test: some routes reach the sandbox platform, so
  // the whole matrix in one test is slow on a busy machine. Each call has a session of its own
  // (logout and the password routes end one). The outcome is the access check's, which does not
  // depend on what earlier calls changed (a deleted agent answers 404: still let through).
  it.each(PRINCIPALS)(
    'answers every route as %s as its declared access says',
    async (principal) => {
      const failures: string[] = [];
      let checked = 0;
      for (const route of ctx.app.accessTable) {
        if (route.method === 'HEAD') continue;
        // A stream that stays open while its session lasts: live-calls.int.test checks it.
        if (
          route.url === '/api/live-calls/stream' &&
          expectedOutcome(route.access, principal) === 'allowed'
        )
          continue;
        let expected: Outcome = expectedOutcome(route.access, principal);
        // Business data: an admin has no business of their own (agents and their calls are
        // the exception: the operator sees every agent).
        const businessOnly =
          route.url === SCOPED_ROUTE || BUSINESS_ONLY_PREFIXES.some((p) => route.url.startsWith(p));
        if (businessOnly && principal === 'admin') expected = 'forbidden';
        if (
          OWNER_OR_OPERATOR_ROUTES.has(`${route.method} ${route.url}`) &&
          (principal === 'member of A' || principal === 'manager of A')
        ) {
          expected = 'forbidden';
        }
        const res = await callRoute(route.method, route.url, principal);
        const actual = outcomeOf(res);
        checked += 1;
        if (actual !== expected) {
          failures.push(
            `${route.method} ${route.url} as ${principal}: expected ${expected}, got ${actual} (${res.statusCode} ${res.body.slice(0, 120)})`,
          );
        }
      }
      expect(failures).toEqual([]);
      expect(checked).toBeGreaterThanOrEqual(15);
    },
  );

  describe('a user of B can never read or change A’s data', () => {
    it('sees only their own business on /me', async () => {
      const res = await ctx.app.inject({
        method: 'GET',
        url: '/api/auth/me',
        headers: await headersFor('owner of B'),
      });
      expect(res.json()).toMatchObject({
        user: { userName: memberB.userName, business: { id: memberB.businessId } },
      });
      expect(res.body).not.toContain(businessA);
    });

    it('gets 404 for A’s agent on a business-scoped route, where A’s member gets it', async () => {
      const url = SCOPED_ROUTE.replace(':id', agentOfA);
      const asB = await ctx.app.inject({
        method: 'GET',
        url,
        headers: await headersFor('owner of B'),
      });
      expect(asB.statusCode).toBe(404);
      // A business id in the query does not change whose data is read.
      const withQuery = await ctx.app.inject({
        method: 'GET',
        url: `${url}?businessId=${businessA}`,
        headers: await headersFor('owner of B'),
      });
      expect(withQuery.statusCode).toBe(404);
      const asA = await ctx.app.inject({
        method: 'GET',
        url,
        headers: await headersFor('member of A'),
      });
      expect(asA.statusCode).toBe(200);
      expect(asA.json()).toEqual({ id: agentOfA, businessId: businessA });
    });

    it('sees none of A’s calls in the business-wide call log, and A’s agent is not found there', async () => {
      const headers = await headersFor('owner of B');
      const list = await ctx.app.inject({ method: 'GET', url: '/api/calls', headers });
      expect(list.statusCode).toBe(200);
      expect(list.json<{ meta: { total: number } }>().meta.total).toBe(0);
      const [agentA] = await ctx.app.database.db
        .select()
        .from(agents)
        .where(eq(agents.id, agentOfA));
      for (const url of ['/api/calls', '/api/calls/export', '/api/calls/count']) {
        const res = await ctx.app.inject({
          method: 'GET',
          url: `${url}?agentId=${agentA!.platformAssistantId}`,
          headers,
        });
        expect(res.statusCode, url).toBe(404);
      }
    });

    it('cannot take A’s agent through the admin route, nor list businesses, agents or mail', async () => {
      const headers = await headersFor('owner of B');
      const take = await ctx.app.inject({
        method: 'PUT',
        url: `/api/admin/agents/${agentOfA}/business`,
        headers,
        payload: { businessId: memberB.businessId },
      });
      expect(take.statusCode).toBe(403);
      const [agent] = await ctx.app.database.db
        .select()
        .from(agents)
        .where(eq(agents.id, agentOfA));
      expect(agent?.businessId).toBe(businessA);
      // Nor raise its own calling limits, nor read A's.
      const raise = await ctx.app.inject({
        method: 'PUT',
        url: `/api/admin/businesses/${memberB.businessId}/calling-rules`,
        headers,
        payload: {
          allowedCountries: null,
          allowedNumberKinds: ['premium_rate'],
          dailyCallCap: 100_000,
          dailyMinuteCap: 1_000_000,
        },
      });
      expect(raise.statusCode).toBe(403);
      expect(await ctx.app.database.db.select().from(callingRules)).toEqual([]);
      for (const url of [
        '/api/admin/businesses',
        '/api/admin/agents',
        '/api/admin/mail',
        '/api/admin/mail/outbox',
        `/api/admin/businesses/${businessA}/calling-rules`,
      ]) {
        const res = await ctx.app.inject({ method: 'GET', url, headers });
        expect(res.statusCode).toBe(403);
        expect(res.body).not.toContain(DEMO_BUSINESS.name);
      }
    });
  });
});
