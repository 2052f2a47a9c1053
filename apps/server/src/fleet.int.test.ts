import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type ContactImport, type ContactImportUpload } from '@switchboard/shared/contact-imports';
import type { PlatformStatus } from '@switchboard/shared/platform';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp, type App } from './app';
import { businesses, contactImports, contacts, emailLogs, mailOutbox, users } from './db/schema';
import { DEMO_BUSINESS, DEMO_TEAM_MEMBERS, DEMO_TRADES } from './modules/auth/demo-accounts';
import { createSmtpTransport } from './modules/mail/mail-transport';
import { MailService } from './modules/mail/mail.service';
import { freePort, startSmtpSink } from './test/smtp-sink';
import { createBusinessWithMember, createScratchConfig, sessionHeaders } from './test/test-app';

/**
 * Several instances of the server on one PostgreSQL (decision 015): two apps built on the same
 * database, as two processes behind a load balancer would be.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('two instances on one PostgreSQL', () => {
  let cleanup: () => Promise<void>;
  let otherDataDir: string;
  let a: App;
  let b: App;
  let booted: PromiseSettledResult<App>[];

  beforeAll(async () => {
    // An empty database, not the run's migrated template: both instances must migrate it.
    const scratch = await createScratchConfig(
      'postgres',
      { SYNC_INTERVAL_SECONDS: '3600' },
      { fromTemplate: false },
    );
    cleanup = scratch.cleanup;
    // Each instance has its own data directory (the sandbox platform's state), one database.
    otherDataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'switchboard-int-'));
    // Both boot at once on a fresh database: both migrate it, both may seed the demo.
    booted = await Promise.allSettled([
      buildApp(scratch.config),
      buildApp({ ...scratch.config, dataDir: otherDataDir }),
    ]);
    const [first, second] = booted;
    if (first?.status === 'fulfilled') a = first.value;
    if (second?.status === 'fulfilled') b = second.value;
  });

  afterAll(async () => {
    await a?.close();
    await b?.close();
    await cleanup?.();
    await fs.rm(otherDataDir, { recursive: true, force: true });
  });

  it('both come up when they boot together on a fresh database, and the demo is seeded once', async () => {
    expect(booted.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled']);
    for (const app of [a, b]) {
      const health = await app.inject({ method: 'GET', url: '/api/health' });
      expect(health.json()).toMatchObject({ status: 'ok' });
    }
    const [userCount] = await a.database.db.select({ n: count() }).from(users);
    // The operator, one owner per demo business and the demo team members.
    expect(userCount?.n).toBe(
      1 + Object.keys(DEMO_TRADES).length + Object.keys(DEMO_TEAM_MEMBERS).length,
    );
    const demo = await a.database.db
      .select({ id: businesses.id })
      .from(businesses)
      .where(eq(businesses.name, DEMO_BUSINESS.name));
    expect(demo).toHaveLength(1);
  });

  /** A queued import of `rows` people, uploaded and committed through instance A. */
  const queueImport = async (headers: Record<string, string>, rows: number) => {
    const boundary = `----fleet${randomBytes(8).toString('hex')}`;
    const csv = [
      'Name,Phone',
      ...Array.from({ length: rows }, (_, i) => `Fleet ${i},086 ${4_000_000 + i}`),
    ].join('\n');
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="fleet.csv"\r\n` +
          'Content-Type: text/csv\r\n\r\n',
      ),
      Buffer.from(csv),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const uploaded = await a.inject({
      method: 'POST',
      url: '/api/contacts/import',
      headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    const importId = uploaded.json<ContactImportUpload>().import.id;
    const committed = await a.inject({
      method: 'POST',
      url: `/api/contacts/imports/${importId}/commit`,
      headers,
      payload: { mapping: { name: 0, phone: 1 } },
    });
    expect(committed.statusCode).toBeLessThan(300);
    return importId;
  };

  const importOn = async (app: App, headers: Record<string, string>, importId: string) =>
    (
      await app.inject({ method: 'GET', url: `/api/contacts/imports/${importId}`, headers })
    ).json<ContactImport>();

  it("leaves an import running on A alone when B starts, shows A's progress on B, and completes it cleanly", async () => {
    const owner = await createBusinessWithMember(a);
    const headers = await sessionHeaders(a, owner.userName);
    const importId = await queueImport(headers, 4500);
    const seenOnB: ContactImport[] = [];
    a.contactImportJob.onBatch = async (_id, counts) => {
      if (seenOnB.length > 0) return;
      // B starts while A's import is under way (what B's listen hook does).
      await b.contactImportJob.start();
      await b.contactImportJob.stop();
      // A's lease heartbeat (every 5 s) carries its progress to the row B reads.
      await vi.waitFor(
        async () => {
          const state = await importOn(b, headers, importId);
          expect(state.processedRows).toBe(counts.processedRows);
          seenOnB.push(state);
        },
        { timeout: 10_000, interval: 250 },
      );
    };
    try {
      expect(await a.contactImportJob.runImport(importId)).toBe(true);
    } finally {
      a.contactImportJob.onBatch = undefined;
    }
    expect(seenOnB.at(-1)).toMatchObject({
      status: 'running',
      error: null,
      processedRows: 2000,
      totalRows: 4500,
    });
    expect(await importOn(b, headers, importId)).toMatchObject({
      status: 'completed',
      error: null,
      processedRows: 4500,
      createdCount: 4500,
    });
    const [written] = await b.database.db
      .select({ n: count() })
      .from(contacts)
      .where(eq(contacts.importId, importId));
    expect(written?.n).toBe(4500);
  });

  it('queues again an import whose lease ran out (its server died), not one whose lease is live', async () => {
    const owner = await createBusinessWithMember(a);
    const headers = await sessionHeaders(a, owner.userName);
    const [stale, live] = [await queueImport(headers, 1), await queueImport(headers, 1)];
    const runningSince = (seconds: number) => ({
      status: 'running',
      leaseOwner: 'a-stopped-instance',
      leaseExpiresAt: new Date(Date.now() + seconds * 1000),
    });
    await a.database.db
      .update(contactImports)
      .set(runningSince(-1))
      .where(eq(contactImports.id, stale));
    await a.database.db
      .update(contactImports)
      .set(runningSince(60))
      .where(eq(contactImports.id, live));
    // What B's runner does at start and every half lease while it polls.
    await b.contactImportJob.recoverInterrupted();
    expect(await importOn(b, headers, stale)).toMatchObject({ status: 'queued', error: null });
    expect(await importOn(b, headers, live)).toMatchObject({ status: 'running', error: null });
    expect(await b.contactImportJob.runImport(stale)).toBe(true);
    expect(await importOn(a, headers, stale)).toMatchObject({
      status: 'completed',
      createdCount: 1,
    });
  });

  it('hands an import A is running to B when A stops (SIGTERM), and B writes it whole', async () => {
    const owner = await createBusinessWithMember(a);
    const headers = await sessionHeaders(a, owner.userName);
    const importId = await queueImport(headers, 4500);
    let stopping: Promise<void> | undefined;
    a.contactImportJob.onBatch = () => {
      stopping ??= a.contactImportJob.stop(); // what A's app.close() does on SIGTERM
    };
    try {
      expect(await a.contactImportJob.runImport(importId)).toBe(true);
      await stopping;
    } finally {
      a.contactImportJob.onBatch = undefined;
    }
    expect(await importOn(b, headers, importId)).toMatchObject({
      status: 'queued',
      processedRows: 0,
      createdCount: 0,
    });
    // B's poll claims it like any queued import.
    expect(await b.contactImportJob.runNext()).toBe(importId);
    expect(await importOn(a, headers, importId)).toMatchObject({
      status: 'completed',
      error: null,
      processedRows: 4500,
      createdCount: 4500,
    });
    const [written] = await a.database.db
      .select({ n: count() })
      .from(contacts)
      .where(eq(contacts.importId, importId));
    expect(written?.n).toBe(4500);
  });

  it('accepts ten replies to one enquiry sent at once through both instances, each stored once', async () => {
    const owner = await createBusinessWithMember(a);
    const headers = await sessionHeaders(a, owner.userName);
    const contact = await a.inject({
      method: 'POST',
      url: '/api/contacts',
      headers,
      payload: { name: 'Ada Lovelace', email: 'ada.fleet@example.com' },
    });
    const enquiry = await a.inject({
      method: 'POST',
      url: `/api/contacts/${contact.json<{ id: string }>().id}/enquiries`,
      headers,
      payload: { subject: 'Two instances' },
    });
    const enquiryId = enquiry.json<{ id: string }>().id;
    const keys = Array.from({ length: 10 }, (_, i) => `fleet-reply-${enquiryId}-${i}`);
    const replies = await Promise.all(
      keys.map((idempotencyKey, i) =>
        (i % 2 === 0 ? a : b).inject({
          method: 'POST',
          url: `/api/contacts/enquiries/${enquiryId}/send-reply`,
          headers,
          payload: { subject: 'Re: Two instances', body: `Reply ${i}`, idempotencyKey },
        }),
      ),
    );
    expect(replies.map((res) => res.statusCode)).toEqual(Array(10).fill(202));
    const logs = await b.database.db
      .select({ key: emailLogs.idempotencyKey })
      .from(emailLogs)
      .where(eq(emailLogs.enquiryId, enquiryId));
    expect(logs.map((log) => log.key).sort()).toEqual([...keys].sort());
    // Sent (to the local mailbox), so the outbox is empty again for the tests after this one.
    expect(await a.mail.processDue()).toBe(10);
  });

  it('runs one platform sync when both are asked at once, and both report that run', async () => {
    const runs: string[] = [];
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    for (const [name, app] of [
      ['a', a],
      ['b', b],
    ] as const) {
      const assistants = app.platform.client.sdk.assistants;
      const list = assistants.list.bind(assistants);
      // A run starts by listing the assistants; a platform that answers only when the test
      // says so keeps the first run going while the other instance is asked. (The sync only
      // awaits the SDK's promise, so a plain one stands in for its HttpResponsePromise.)
      const slowList = async (...args: Parameters<typeof list>) => {
        runs.push(name);
        await released;
        return list(...args);
      };
      vi.spyOn(assistants, 'list').mockImplementation(slowList as unknown as typeof list);
    }
    try {
      const member = await createBusinessWithMember(a);
      const headers = await sessionHeaders(a, member.userName);
      const refresh = (app: App) =>
        app.inject({ method: 'POST', url: '/api/platform/sync', headers });
      await Promise.all([refresh(a), refresh(b)]);
      // One run is under way and the other instance has stopped trying (it found the lock).
      await vi.waitFor(
        () => {
          expect(runs).toHaveLength(1);
          expect([a, b].filter((app) => app.callSync.isRunning)).toHaveLength(1);
        },
        { timeout: 10_000 },
      );
      // While the one run is under way, each instance shows it as running.
      for (const app of [a, b]) {
        const status = await app.inject({ method: 'GET', url: '/api/platform/status', headers });
        expect(status.json<PlatformStatus>().sync).toMatchObject({
          status: 'running',
          running: true,
        });
      }
      release();
      const runner = runs[0] === 'a' ? a : b;
      const ended = await runner.callSync.runNow(); // joins its own run
      expect(ended.status).toBe('idle');
      expect(runs).toHaveLength(1);
      // Both report that one run, now finished.
      const reported = await Promise.all(
        [a, b].map(async (app) =>
          (
            await app.inject({ method: 'GET', url: '/api/platform/status', headers })
          ).json<PlatformStatus>(),
        ),
      );
      for (const status of reported) {
        expect(status.sync).toMatchObject({
          status: 'idle',
          running: false,
          lastStartedAt: ended.lastStartedAt?.toISOString(),
        });
      }
    } finally {
      release();
      vi.restoreAllMocks();
    }
  });

  it('never sends one message twice, however slow the mail server is', async () => {
    const port = await freePort();
    // A mail server that accepts the message only when the test lets it.
    let accept!: () => void;
    const accepted = new Promise<void>((resolve) => (accept = resolve));
    const sink = await startSmtpSink(port, { holdUntil: accepted });
    const smtpUrl = `smtp://127.0.0.1:${port}`;
    // Two workers as the two instances run them, with a short lease so the test sees it renewed.
    const worker = (app: App) =>
      new MailService({
        db: app.database.db,
        transport: createSmtpTransport(smtpUrl),
        from: 'Switchboard <no-reply@switchboard.localhost>',
        log: app.log,
        leaseMs: 1500,
      });
    const [workerA, workerB] = [worker(a), worker(b)];
    try {
      const { id } = await a.mail.enqueue({
        to: 'slow@example.com',
        subject: 'Only once',
        text: 'One copy, please.',
        kind: 'test',
      });
      const sendingOnA = workerA.processDue();
      const rowOnB = async () =>
        (await b.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0];
      let firstLease: Date | null | undefined;
      await vi.waitFor(async () => {
        const row = await rowOnB();
        expect(row?.status).toBe('sending');
        firstLease = row?.leaseUntil;
      }, 5000);
      // A is still waiting for the mail server, longer than the lease it claimed with (by the
      // database's clock, which the claim reads) and, as far as the row shows, for ten minutes:
      // B must still not take the message.
      await vi.waitFor(
        async () => {
          // The row's time is whole milliseconds; the lease ran out by the next one.
          const leaseEnd = new Date(firstLease!.getTime() + 1).toISOString();
          const [row] = await b.database.db
            .select({ past: sql<boolean>`now() > ${leaseEnd}::timestamptz` })
            .from(mailOutbox)
            .where(eq(mailOutbox.id, id));
          expect(row?.past).toBe(true);
        },
        { timeout: 10_000, interval: 100 },
      );
      await b.database.db
        .update(mailOutbox)
        .set({ updatedAt: new Date(Date.now() - 10 * 60_000) })
        .where(eq(mailOutbox.id, id));
      const sentByB = await workerB.processDue();
      accept();
      const sentByA = await sendingOnA;
      expect([sentByA, sentByB]).toEqual([1, 0]);
      expect(sink.received.filter((mail) => mail.subject === 'Only once')).toHaveLength(1);
      const [row] = await b.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
      expect(row).toMatchObject({ status: 'sent', attempts: 1 });
    } finally {
      accept();
      await workerA.stop();
      await workerB.stop();
      await sink.close();
    }
  });
});
