import { createSandbox, type Sandbox } from '@switchboard/sandbox/sandbox';
import type { CallDetail } from '@switchboard/shared/call-logs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeRows } from '../db/client';
import {
  buildTestApp,
  createAdminUser,
  createBusinessWithMember,
  oneDatabase,
  sessionHeaders,
} from '../test/test-app';

// Live mode against a platform whose calls carry no public recording URL (private storage):
// the recording still plays, through the platform's authenticated download
// (GET /call/{id}/mono-recording with our key → 302 to a short-lived presigned link), streamed
// by us; the presigned link is never stored with the call, and an expired one is replaced.

const PRIVATE = 'live-recordings-private-key';

describe.each(oneDatabase)('recordings in live mode on %s', (target) => {
  let sandbox: Sandbox;
  let ctx: Awaited<ReturnType<typeof buildTestApp>>;
  let admin: Record<string, string>;

  beforeAll(async () => {
    sandbox = await createSandbox({
      privateKey: PRIVATE,
      publicKey: 'live-recordings-public-key',
      totalCalls: 40,
      logLevel: 'silent',
      // Links live 5 s, inside the product's 15 s margin: every play asks for a new one. (A 1 s
      // link, tried first, expired under load between the platform signing it and our fetch.)
      recordings: { publicUrls: false, linkTtlSeconds: 5 },
    });
    ctx = await buildTestApp(target, {
      VAPI_API_KEY: PRIVATE,
      VAPI_BASE_URL: sandbox.baseUrl,
      PUBLIC_URL: 'https://switchboard.example.com',
      SANDBOX_CALLS: '0',
    });
    await ctx.app.callSync.runNow();
    admin = await sessionHeaders(ctx.app, (await createAdminUser(ctx.app)).userName);
  });
  afterAll(async () => {
    await ctx?.close();
    await sandbox?.close();
  });

  async function storedCalls() {
    return executeRows<{ id: string; payload: unknown }>(
      ctx.app.database.db,
      sql`select id, payload from calls order by created_at`,
    );
  }

  const detail = async (id: string, headers = admin) =>
    ctx.app.inject({ method: 'GET', url: `/api/calls/${id}`, headers });

  it('plays a call that carries no recording URL, seekable, through the authenticated download', async () => {
    const rows = await storedCalls();
    expect(rows.length).toBeGreaterThan(10);
    // Nothing stored points at a recording: no public URL, no presigned link.
    expect(JSON.stringify(rows.map((r) => r.payload))).not.toMatch(/recordings\/|X-Amz-/);
    const spoken = rows.find((row) => {
      const p = row.payload as { status?: string; artifact?: { messages?: unknown[] } };
      return p.status === 'ended' && (p.artifact?.messages?.length ?? 0) > 0;
    })!;
    const body = (await detail(spoken.id)).json<CallDetail>();
    expect(body.recordingUrl).toBe(`/api/calls/${spoken.id}/recording`);
    const whole = await ctx.app.inject({ method: 'GET', url: body.recordingUrl!, headers: admin });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('audio/wav');
    expect(whole.rawPayload.subarray(0, 4).toString()).toBe('RIFF');
    const part = await ctx.app.inject({
      method: 'GET',
      url: body.recordingUrl!,
      headers: { ...admin, range: 'bytes=0-99' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload).toHaveLength(100);
    // The link is in its last 15 s: a new one is asked for, and it plays the same bytes.
    const again = await ctx.app.inject({ method: 'GET', url: body.recordingUrl!, headers: admin });
    expect(again.statusCode).toBe(200);
    expect(again.rawPayload.equals(whole.rawPayload)).toBe(true);
    // Still nothing stored about the link.
    expect(JSON.stringify((await storedCalls()).map((r) => r.payload))).not.toMatch(/X-Amz-/);
  });

  it('offers no recording for a call where nobody spoke; another business gets 404', async () => {
    const rows = await storedCalls();
    const silent = rows.find((row) => {
      const p = row.payload as { artifact?: { messages?: unknown[] } };
      return (p.artifact?.messages?.length ?? 0) === 0;
    });
    if (silent) {
      expect((await detail(silent.id)).json<CallDetail>().recordingUrl).toBeNull();
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/calls/${silent.id}/recording`,
        headers: admin,
      });
      expect(res.statusCode).toBe(404);
    }
    const stranger = await createBusinessWithMember(ctx.app);
    const strangerHeaders = await sessionHeaders(ctx.app, stranger.userName);
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/calls/${rows[0]!.id}/recording`,
      headers: strangerHeaders,
    });
    expect(res.statusCode).toBe(404);
  });
});
