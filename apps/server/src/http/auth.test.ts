import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { permissionMessages, type SessionUser } from '@switchboard/shared/auth';
import { registerErrorHandler } from './error-handler';
import { registerAuth, requireBusinessId, sessionCookieFor, type SignedIn } from './auth';

const member: SessionUser = {
  id: 'u-member',
  userName: 'pat@example.com',
  name: 'Pat',
  email: 'pat@example.com',
  role: 'member',
  business: { id: 'b-1', name: 'Pat’s Plumbing', timezone: 'UTC', country: 'Ireland' },
};
const owner: SessionUser = { ...member, id: 'u-owner', role: 'owner' };
const manager: SessionUser = { ...member, id: 'u-manager', role: 'manager' };
const admin: SessionUser = {
  ...member,
  id: 'u-admin',
  userName: 'ops',
  role: 'admin',
  business: null,
};

/** A fake session store: token → user. */
function fakeSessions(users: Record<string, SessionUser>) {
  return async (token: string): Promise<SignedIn | null> => {
    const user = users[token];
    return user
      ? { session: { id: `s-${token}`, userId: user.id, expiresAt: new Date() }, user }
      : null;
  };
}

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function buildBareApp() {
  const instance = Fastify();
  registerErrorHandler(instance);
  await registerAuth(instance, {
    cookie: sessionCookieFor(undefined),
    findSession: fakeSessions({
      'member-token': member,
      'owner-token': owner,
      'manager-token': manager,
      'admin-token': admin,
    }),
    publicPrefixes: ['/api/docs'],
  });
  app = instance;
  return instance;
}

describe('route access declarations', () => {
  it('refuses to register an /api route that does not say who may call it', async () => {
    const instance = await buildBareApp();
    expect(() => instance.get('/api/secret', async () => ({ secret: 42 }))).toThrow(
      /GET \/api\/secret must declare who may call it/,
    );
  });

  it('fails the boot when a plugin registers an undeclared /api route', async () => {
    const instance = await buildBareApp();
    // buildApp awaits each plugin: the rejection is the boot failing.
    await expect(
      instance.register(
        async (scoped) => {
          scoped.post('/things', async () => ({ ok: true }));
        },
        { prefix: '/api' },
      ),
    ).rejects.toThrow(/POST \/api\/things must declare/);
  });

  it('refuses an access level it does not know', async () => {
    const instance = await buildBareApp();
    expect(() =>
      instance.get(
        '/api/odd',
        { config: { access: 'everyone' as unknown as 'public' } },
        async () => ({}),
      ),
    ).toThrow(/got everyone/);
  });

  it('leaves routes outside /api alone and treats undeclared docs routes as public', async () => {
    const instance = await buildBareApp();
    instance.get('/assets/app.js', async () => 'ok');
    instance.get('/api/docs/json', async () => ({ openapi: '3.0.0' }));
    instance.get('/api/me', { config: { access: 'member' } }, async () => ({}));
    await instance.ready();
    expect(instance.accessTable).toEqual(
      expect.arrayContaining([
        { method: 'GET', url: '/api/docs/json', access: 'public' },
        { method: 'GET', url: '/api/me', access: 'member' },
      ]),
    );
    expect(instance.accessTable.some((route) => route.url === '/assets/app.js')).toBe(false);
  });
});

describe('access enforcement', () => {
  async function appWithRoutes() {
    const instance = await buildBareApp();
    instance.get('/api/open', { config: { access: 'public' } }, async (request) => ({
      user: request.user?.id ?? null,
    }));
    instance.get('/api/mine', { config: { access: 'member' } }, async (request) => ({
      user: request.user?.id,
      business: requireBusinessId(request),
    }));
    instance.get('/api/ops', { config: { access: 'admin' } }, async (request) => ({
      user: request.user?.id,
    }));
    instance.get('/api/team-only', { config: { access: 'owner' } }, async (request) => ({
      user: request.user?.id,
    }));
    instance.delete('/api/costly', { config: { access: 'manager' } }, async (request) => ({
      user: request.user?.id,
    }));
    await instance.ready();
    return instance;
  }
  const withToken = (token: string) => ({ cookie: `sb_session=${token}` });

  it('lets anyone call a public route', async () => {
    const instance = await appWithRoutes();
    const res = await instance.inject({ method: 'GET', url: '/api/open' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ user: null });
  });

  it('answers 401 UNAUTHENTICATED without a session, and clears an unknown cookie', async () => {
    const instance = await appWithRoutes();
    const none = await instance.inject({ method: 'GET', url: '/api/mine' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({
      error: { code: 'UNAUTHENTICATED', message: 'Please sign in to continue.' },
    });
    const stale = await instance.inject({
      method: 'GET',
      url: '/api/mine',
      headers: withToken('gone'),
    });
    expect(stale.statusCode).toBe(401);
    expect(stale.json()).toMatchObject({
      error: {
        code: 'UNAUTHENTICATED',
        message: 'Your session has expired. Please sign in again.',
      },
    });
    expect(stale.cookies).toEqual([expect.objectContaining({ name: 'sb_session', value: '' })]);
  });

  it('gives a member their own business, and 403 FORBIDDEN on an admin route', async () => {
    const instance = await appWithRoutes();
    const mine = await instance.inject({
      method: 'GET',
      url: '/api/mine',
      headers: withToken('member-token'),
    });
    expect(mine.json()).toEqual({ user: 'u-member', business: 'b-1' });
    const ops = await instance.inject({
      method: 'GET',
      url: '/api/ops',
      headers: withToken('member-token'),
    });
    expect(ops.statusCode).toBe(403);
    expect(ops.json()).toMatchObject({ error: { code: 'FORBIDDEN' } });
  });

  it('lets an admin call admin routes, but not business-scoped ones (no business)', async () => {
    const instance = await appWithRoutes();
    const ops = await instance.inject({
      method: 'GET',
      url: '/api/ops',
      headers: withToken('admin-token'),
    });
    expect(ops.statusCode).toBe(200);
    const mine = await instance.inject({
      method: 'GET',
      url: '/api/mine',
      headers: withToken('admin-token'),
    });
    expect(mine.statusCode).toBe(403);
  });

  it('lets owners, managers and the operator call a manager route; a member gets 403 with why', async () => {
    const instance = await appWithRoutes();
    const call = (token: string) =>
      instance.inject({ method: 'DELETE', url: '/api/costly', headers: withToken(token) });
    for (const [token, id] of [
      ['owner-token', 'u-owner'],
      ['manager-token', 'u-manager'],
      ['admin-token', 'u-admin'],
    ] as const) {
      const allowed = await call(token);
      expect(allowed.statusCode, token).toBe(200);
      expect(allowed.json()).toEqual({ user: id });
    }
    const refused = await call('member-token');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      error: { code: 'FORBIDDEN', message: permissionMessages.spendAndDeleteRefused },
    });
    // A manager is not an owner: the team stays the owners'.
    const team = await instance.inject({
      method: 'GET',
      url: '/api/team-only',
      headers: withToken('manager-token'),
    });
    expect(team.statusCode).toBe(403);
  });

  it('lets only an owner call an owner route: a member and an admin get 403', async () => {
    const instance = await appWithRoutes();
    const call = (token: string) =>
      instance.inject({ method: 'GET', url: '/api/team-only', headers: withToken(token) });
    const asOwner = await call('owner-token');
    expect(asOwner.statusCode).toBe(200);
    expect(asOwner.json()).toEqual({ user: 'u-owner' });
    for (const token of ['member-token', 'admin-token']) {
      const refused = await call(token);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({
        error: { code: 'FORBIDDEN', message: 'Only an owner of the business can do this.' },
      });
    }
    expect((await instance.inject({ method: 'GET', url: '/api/team-only' })).statusCode).toBe(401);
  });
});

describe('session cookie', () => {
  it('is a plain cookie over HTTP and a Secure __Host- cookie under HTTPS', () => {
    expect(sessionCookieFor(undefined)).toEqual({ name: 'sb_session', secure: false });
    expect(sessionCookieFor('http://10.0.0.5:3000')).toEqual({ name: 'sb_session', secure: false });
    expect(sessionCookieFor('https://switchboard.example.com')).toEqual({
      name: '__Host-sb_session',
      secure: true,
    });
  });
});
