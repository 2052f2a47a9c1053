/**
 * A server stopped (SIGTERM) and then one killed (SIGKILL) in the middle of a contact import, on
 * PGlite and on PostgreSQL: the real entry point runs as its own process, as `npm start` does,
 * is stopped once the import has written its first batch, and is started again on the same data
 * (decision 052).
 */
import type { ContactImport, ContactImportUpload } from '@switchboard/shared/contact-imports';
import type { ContactList } from '@switchboard/shared/contacts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MEMBER } from '../../auth/demo-accounts';
import { startServerProcess, type ServerProcess } from '../../../test/server-process';
import { createScratchConfig, databaseTargets } from '../../../test/test-app';

/**
 * Rows per batch (IMPORT_BATCH_ROWS), lowered from the default 2000 so that a small file still
 * makes many batches: the same stop, kill and recovery as with a file of many big batches, on
 * a few thousand rows (each target's servers import the file three times).
 */
const BATCH_ROWS = 20;
/**
 * 150 batches: the signal, sent when this process reads that the first was written, must land
 * before the last. Twenty batches of 100 rows took 187 ms on PostgreSQL, and a CI run's loaded
 * test process read the first line only after the whole import had ended; each batch costs
 * about the same whatever its rows, so many small ones make the window several times wider.
 */
const ROWS = 150 * BATCH_ROWS;

type Running = ServerProcess;

function startServer(env: Record<string, string>): Running {
  return startServerProcess({
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'debug',
    SANDBOX_CALLS: '20',
    SANDBOX_SIMULATOR_INTERVAL_MS: '0',
    // The shortest lease: on PostgreSQL the killed server's claim has to run out before the
    // next one fails its import (the default 30 s would only make this test wait).
    IMPORT_LEASE_SECONDS: '3',
    IMPORT_BATCH_ROWS: String(BATCH_ROWS),
    ...env,
  });
}

async function waitFor<T>(probe: () => T | undefined | Promise<T | undefined>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Starts the server and answers its base URL; retries while a killed one's lock goes stale. */
async function startAndWait(env: Record<string, string>): Promise<Running & { url: string }> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const server = startServer(env);
    const outcome = await Promise.race([
      waitFor(() => /ready on http:\/\/[^:]+:(\d+)/.exec(server.output())?.[1], 240_000),
      server.exited.then(() => undefined),
    ]);
    if (outcome !== undefined) return { ...server, url: `http://127.0.0.1:${outcome}` };
    if (!server.output().includes('is in use') || Date.now() > deadline)
      throw new Error(`server did not start:\n${server.output()}`);
    await new Promise((r) => setTimeout(r, 1000));
  }
}

/** A contact list of `rows` distinct people (New York numbers: the demo business is in the US). */
function contactsCsv(rows: number): Buffer {
  const lines = ['Name,Phone,Email,Company'];
  for (let i = 0; i < rows; i++) {
    const line = String(i % 10_000).padStart(4, '0');
    const phone = `(212) ${200 + Math.floor(i / 10_000)}-${line}`;
    lines.push(`Person ${i},${phone},person.${i}@crash.example,Crash Test Ltd`);
  }
  return Buffer.from(lines.join('\n'));
}

class Client {
  private cookie = '';
  constructor(public url: string) {}

  async signIn() {
    const res = await fetch(`${this.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
      body: JSON.stringify(DEMO_MEMBER),
    });
    expect(res.status).toBe(200);
    this.cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
  }

  async request<T>(method: string, route: string, body?: FormData | object): Promise<T> {
    const res = await fetch(`${this.url}${route}`, {
      method,
      headers: {
        cookie: this.cookie,
        'sec-fetch-site': 'same-origin',
        ...(body === undefined || body instanceof FormData
          ? {}
          : { 'content-type': 'application/json' }),
      },
      body: body instanceof FormData ? body : body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (res.status >= 300) throw new Error(`${method} ${route}: ${res.status} ${text}`);
    return JSON.parse(text) as T;
  }

  /** Uploads the file and commits it with the suggested mapping; answers the import's id. */
  async importFile(file: Buffer): Promise<string> {
    const form = new FormData();
    form.append('file', new Blob([file], { type: 'text/csv' }), 'crash.csv');
    const upload = await this.request<ContactImportUpload>('POST', '/api/contacts/import', form);
    await this.request('POST', `/api/contacts/imports/${upload.import.id}/commit`, {
      mapping: upload.preview.suggestedMapping,
    });
    return upload.import.id;
  }

  importOf(id: string) {
    return this.request<ContactImport>('GET', `/api/contacts/imports/${id}`);
  }

  async contactCount(search?: string) {
    const query = search === undefined ? '' : `&search=${encodeURIComponent(search)}`;
    return (await this.request<ContactList>('GET', `/api/contacts?limit=1${query}`)).meta.total;
  }
}

/**
 * Resolves as soon as the server has printed a batch of this import (read as it arrives, not
 * polled: the signal that follows must find the import mid-way).
 */
function firstBatchLogged(server: Running, importId: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const look = () => {
      if (loggedRowsDone(server.output(), importId) === 0) return;
      server.child.stdout?.off('data', look);
      resolve();
    };
    server.child.stdout?.on('data', look);
    void server.exited.then(() => reject(new Error(`server exited:\n${server.output()}`)));
    look();
  });
}

/** Rows done the job reported (its debug log line after each batch) for this import. */
function loggedRowsDone(output: string, importId: string): number {
  let done = 0;
  for (const line of output.split('\n')) {
    if (!line.includes('contact import batch written') || !line.includes(importId)) continue;
    const parsed = JSON.parse(line) as { processedRows?: number };
    done = Math.max(done, parsed.processedRows ?? 0);
  }
  return done;
}

describe.each(databaseTargets)('a contact import stopped and killed mid-way on %s', (target) => {
  let env: Record<string, string>;
  let cleanup: () => Promise<void>;
  let server: (Running & { url: string }) | undefined;
  let client: Client;
  let importId: string;
  let before: number;

  beforeAll(async () => {
    const scratch = await createScratchConfig(target);
    cleanup = scratch.cleanup;
    env = {
      DATA_DIR: scratch.config.dataDir,
      ...(scratch.config.database.kind === 'postgres'
        ? { DATABASE_URL: scratch.config.database.url }
        : {}),
    };
    server = await startAndWait(env);
    client = new Client(server.url);
    await client.signIn();
    before = await client.contactCount();
    importId = await client.importFile(contactsCsv(ROWS));
  });

  afterAll(async () => {
    server?.child.kill('SIGKILL');
    await server?.exited;
    await cleanup?.();
  });

  it('a server stopped (SIGTERM) mid-import rolls it back, queues it again and exits 0 at once', async () => {
    // Stopped as a deploy stops it, once the import is under way (its transaction open).
    await firstBatchLogged(server!, importId);
    server!.child.kill('SIGTERM');
    expect(await server!.exited, server!.output()).toBe(0);
    expect(server!.output()).toContain('contact import queued again: server stopping');
    expect(server!.output()).not.toContain('did not finish within');
  });

  describe('its next start', () => {
    beforeAll(async () => {
      server = await startAndWait(env);
    });

    it('takes the import up from the stored file (and is killed mid-way: SIGKILL)', async () => {
      await firstBatchLogged(server!, importId);
      // Nothing runs its shutdown: the import is left running, its transaction gone.
      server!.child.kill('SIGKILL');
      await server!.exited;
    });

    describe('the start after that', () => {
      beforeAll(async () => {
        server = await startAndWait(env);
        client.url = server.url; // the session is a row: it holds across the restarts
      });

      it('finds the import left running, queues it again and writes every row once', async () => {
        // On PostgreSQL the killed server's lease has to run out first (IMPORT_LEASE_SECONDS):
        // until then another instance may be the one running it.
        const done = await waitFor(async () => {
          const state = await client.importOf(importId);
          return state.status === 'completed' || state.status === 'failed' ? state : undefined;
        }, 20_000);
        expect(server!.output()).toContain('interrupted contact imports queued again');
        // Every row created once: none was left over from the two runs rolled back.
        expect(done).toMatchObject({
          status: 'completed',
          error: null,
          processedRows: ROWS,
          createdCount: ROWS,
          updatedCount: 0,
          failedCount: 0,
        });
        expect(await client.contactCount('crash.example')).toBe(ROWS);
        expect(await client.contactCount()).toBe(before + ROWS);
      });
    });
  });
});
