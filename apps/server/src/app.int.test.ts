import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { wireErrorSchema, type ErrorCode } from '@switchboard/shared/errors';
import { executeRows } from './db/client';
import { AppError } from './lib/app-error';
import { errorResponses } from './http/error-responses';
import { buildTestApp, oneDatabase, sameOrigin, type DatabaseTarget } from './test/test-app';

async function makeWebDist() {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'switchboard-web-'));
  await fs.mkdir(path.join(dir, 'assets'));
  await fs.writeFile(path.join(dir, 'index.html'), '<!doctype html><div id="root">spa-shell</div>');
  await fs.writeFile(path.join(dir, 'assets', 'app-abc123.js'), 'console.log("app")');
  return dir;
}

/** A body the echo route's schema refuses (an empty name). */
const INVALID_NAME = {
  method: 'POST',
  url: '/api/test-echo',
  headers: sameOrigin,
  payload: { name: '' },
} as const;

/** A JSON body cut short. */
const MALFORMED_JSON = {
  method: 'POST',
  url: '/api/test-echo',
  headers: { ...sameOrigin, 'content-type': 'application/json' },
  payload: '{"name":',
} as const;

describe.each(oneDatabase)('app on %s', (target: DatabaseTarget) => {
  let ctx: Awaited<ReturnType<typeof buildTestApp>>;
  let webDist: string;

  beforeAll(async () => {
    webDist = await makeWebDist();
    ctx = await buildTestApp(target, { WEB_DIST_DIR: webDist });
    // Routes that exist only in this test, to drive the shared error handler.
    ctx.app.post(
      '/api/test-echo',
      {
        config: { access: 'public' },
        schema: {
          body: z.object({ name: z.string().min(1, 'Name is required') }),
          response: { 200: z.object({ hello: z.string() }) },
        },
      },
      (request) => ({ hello: request.body.name }),
    );
    ctx.app.get('/api/test-crash', { config: { access: 'public' } }, () => {
      throw new Error('connection string postgres://admin:hunter2@db leaked');
    });
    ctx.app.get(
      '/api/test-conflict',
      {
        config: { access: 'public' },
        schema: { response: { 200: z.object({}), ...errorResponses('EMAIL_TAKEN') } },
      },
      () => {
        throw new AppError('EMAIL_TAKEN', 'That email is already registered', {
          issues: [{ path: 'body.email', message: 'That email is already registered' }],
        });
      },
    );
    await ctx.app.ready();
  });

  afterAll(async () => {
    await ctx?.close();
    await fs.rm(webDist, { recursive: true, force: true });
  });

  it('reports the database as up on /api/health', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'ok',
      database: { status: 'up', driver: target },
    });
  });

  it('applied the committed migrations at start', async () => {
    const rows = await executeRows<{ table_name: string }>(
      ctx.app.database.db,
      sql`select table_name from information_schema.tables where table_schema = 'public'`,
    );
    expect(rows.map((r) => r.table_name)).toContain('businesses');
  });

  it('answers an unknown API route with the wire error shape and a request id', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(res.statusCode).toBe(404);
    const body = res.json<{ error: { code: string; message: string }; requestId: string }>();
    expect(body.error).toEqual({
      code: 'NOT_FOUND',
      message: 'Route GET /api/no-such-thing not found',
    });
    expect(body.requestId).toBe(res.headers['x-request-id']);
  });

  it('turns a zod validation failure into 400 with the field message', async () => {
    const res = await ctx.app.inject(INVALID_NAME);
    expect(res.statusCode).toBe(400);
    // Exactly these bytes: the route declares its responses, so the error went through the
    // shared wire schema's serializer, which must drop nothing the handler sent.
    const issue = { path: 'body.name', message: 'Name is required' };
    expect(res.body).toBe(
      JSON.stringify({
        error: { code: 'VALIDATION_ERROR', message: issue.message, details: { issues: [issue] } },
        requestId: res.headers['x-request-id'],
      }),
    );
  });

  it('rejects malformed JSON with a 400, not a 500', async () => {
    const res = await ctx.app.inject(MALFORMED_JSON);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: { message: string } }>().error.message).toMatch(/JSON/i);
  });

  it('maps an AppError to its status, code, message and details', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/test-conflict' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      error: {
        code: 'EMAIL_TAKEN',
        message: 'That email is already registered',
        details: { issues: [{ path: 'body.email', message: 'That email is already registered' }] },
      },
    });
  });

  it('never leaks the internal message of a 5xx', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/test-crash' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('hunter2');
    expect(res.json()).toMatchObject({ error: { code: 'INTERNAL_ERROR' } });
  });

  it('answers every kind of failure in the shared wire shape, byte for byte', async () => {
    const failures = [
      { expected: 'NOT_FOUND', res: await ctx.app.inject({ method: 'GET', url: '/api/nowhere' }) },
      {
        expected: 'VALIDATION_ERROR',
        res: await ctx.app.inject(INVALID_NAME),
      },
      {
        expected: 'FST_ERR_CTP_INVALID_JSON_BODY',
        res: await ctx.app.inject(MALFORMED_JSON),
      },
      {
        expected: 'CROSS_ORIGIN',
        res: await ctx.app.inject({
          method: 'POST',
          url: '/api/test-echo',
          payload: { name: 'a' },
        }),
      },
      {
        expected: 'UNAUTHENTICATED',
        res: await ctx.app.inject({ method: 'GET', url: '/api/contacts' }),
      },
      {
        expected: 'EMAIL_TAKEN',
        res: await ctx.app.inject({ method: 'GET', url: '/api/test-conflict' }),
      },
      {
        expected: 'INTERNAL_ERROR',
        res: await ctx.app.inject({ method: 'GET', url: '/api/test-crash' }),
      },
    ];
    for (const { expected, res } of failures) {
      const parsed = wireErrorSchema.safeParse(res.json());
      expect(parsed.success, `${expected}: ${res.body}`).toBe(true);
      expect(parsed.data?.error.code).toBe(expected);
      expect(parsed.data?.requestId).toBe(res.headers['x-request-id']);
      // The schema keeps every byte: routes that declare error responses send exactly this.
      expect(JSON.stringify(parsed.data)).toBe(res.body);
    }
  });

  it('types error codes: an unknown one does not compile', () => {
    // @ts-expect-error 'DUPLICATE' is not an ErrorCode
    const unknown: ErrorCode = 'DUPLICATE';
    expect(wireErrorSchema.shape.error.shape.code.safeParse(unknown).success).toBe(false);
  });

  it('serves the SPA at the root', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('spa-shell');
  });

  it('serves the SPA with history fallback on deep links', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/agent/x/call-logs?tab=failed' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('spa-shell');
  });

  it('serves hashed assets as immutable and a missing asset as a real 404', async () => {
    const asset = await ctx.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const missing = await ctx.app.inject({ method: 'GET', url: '/assets/gone-999.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toMatch(/json/);
  });

  it('sends security headers with a CSP that only admits our own scripts', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    // Plain-HTTP deployment: no HSTS and no upgrade of subresources.
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(csp).not.toContain('upgrade-insecure-requests');
  });

  it('sends the full set of security headers with pages, a short one with the API, and only nosniff with static files', async () => {
    // Headers only a document needs (helmet's set): policy, framing, opener, referrer, ...
    const documentOnly = [
      'content-security-policy',
      'cross-origin-opener-policy',
      'origin-agent-cluster',
      'referrer-policy',
      'x-dns-prefetch-control',
      'x-download-options',
      'x-frame-options',
      'x-permitted-cross-domain-policies',
      'x-xss-protection',
    ];
    for (const url of ['/', '/dashboard', '/agent/x/call-logs']) {
      const page = await ctx.app.inject({ method: 'GET', url });
      expect(page.headers['content-type'], url).toMatch(/^text\/html/);
      for (const name of [...documentOnly, 'x-content-type-options']) {
        expect(page.headers[name], `${url} ${name}`).toBeDefined();
      }
    }

    const asset = await ctx.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const name of [...documentOnly, 'cross-origin-resource-policy']) {
      expect(asset.headers[name], name).toBeUndefined();
    }

    for (const url of ['/api/health', '/api/no-such-route', '/assets/missing-abc123.js']) {
      const api = await ctx.app.inject({ method: 'GET', url });
      expect(api.headers['content-type'], url).toMatch(/json/);
      expect(api.headers['x-content-type-options'], url).toBe('nosniff');
      if (url.startsWith('/api/')) {
        expect(api.headers['content-security-policy'], url).toBe(
          "default-src 'none'; frame-ancestors 'none'",
        );
        expect(api.headers['cross-origin-resource-policy'], url).toBe('same-origin');
      }
      expect(api.headers['x-frame-options'], url).toBeUndefined();
    }
  });

  it('publishes the OpenAPI document and its UI at /api/docs', async () => {
    const doc = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(doc.statusCode).toBe(200);
    const spec = doc.json<{ openapi: string; paths: Record<string, unknown> }>();
    expect(spec.openapi).toMatch(/^3\./);
    expect(spec.paths).toHaveProperty('/api/health');
    type Responses = Record<string, { content?: Record<string, { schema?: unknown }> }>;
    const responsesOf = (path: string, method: string) =>
      (spec.paths[path] as Record<string, { responses: Responses }>)[method]?.responses ?? {};
    // A member route with a path parameter: the access check's 401, the lookup's 404, the
    // handler's 500/503, each with the wire error schema; the route's own 409 where it says so.
    const contact = responsesOf('/api/contacts/{id}', 'get');
    expect(Object.keys(contact)).toEqual(
      expect.arrayContaining(['200', '400', '401', '404', '500', '503']),
    );
    expect(contact['404']?.content?.['application/json']?.schema).toMatchObject({
      properties: { error: { properties: { code: {}, message: {} } }, requestId: {} },
    });
    expect(Object.keys(responsesOf('/api/test-conflict', 'get'))).toContain('409');
    // Statuses a route answers of its own: each only where the route (or what it calls) can.
    const statusesOf = (path: string, method: string) => Object.keys(responsesOf(path, method));
    expect(statusesOf('/api/contacts/import', 'post')).toEqual(
      expect.arrayContaining(['413', '415', '422']),
    );
    expect(statusesOf('/api/phone-numbers', 'get')).toEqual(expect.arrayContaining(['422', '502']));
    expect(statusesOf('/api/calls/{id}/logs', 'get')).toContain('502');
    expect(statusesOf('/api/auth/login', 'post')).toContain('429');
    expect(statusesOf('/api/contacts', 'post')).toContain('409');
    expect(statusesOf('/api/team/members/{id}', 'delete')).toEqual(
      expect.arrayContaining(['204', '409']),
    );
    // A read has no body to refuse, a contact list no conflict, a sign-in no platform.
    for (const status of ['409', '413', '415', '429', '502']) {
      expect(statusesOf('/api/contacts', 'get')).not.toContain(status);
    }
    expect(statusesOf('/api/auth/login', 'post')).not.toContain('502');
    // The health check keeps its own 503 (a degraded status, not an error).
    expect(
      responsesOf('/api/health', 'get')['503']?.content?.['application/json']?.schema,
    ).toMatchObject({
      properties: { status: {} },
    });
    const ui = await ctx.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.body).toMatch(/swagger/i);
  });
});
