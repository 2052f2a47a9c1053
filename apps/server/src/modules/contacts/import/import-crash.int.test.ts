/**
 * A server killed (SIGKILL) in the middle of a contact import, on PGlite and on PostgreSQL: the
 * real entry point runs as its own process, as `npm start` does, is killed once the import has
 * written its first batches, and is started again on the same data.
 */
import {
  contactImportMessages,
  type ContactImport,
  type ContactImportUpload,
} from '@switchboard/shared/contact-imports';
import type { ContactList } from '@switchboard/shared/contacts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MEMBER } from '../../auth/demo-accounts';
import { startServerProcess, type ServerProcess } from '../../../test/server-process';
import { createScratchConfig, databaseTargets } from '../../../test/test-app';

const ROWS = 60_000;
const AGAIN_ROWS = 5_000;

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
  constructor(readonly url: string) {}

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

describe.each(databaseTargets)('a contact import killed mid-way on %s', (target) => {
  let env: Record<string, string>;
  let cleanup: () => Promise<void>;
  let server: (Running & { url: string }) | undefined;

  beforeAll(async () => {
    const scratch = await createScratchConfig(target);
    cleanup = scratch.cleanup;
    env = {
      DATA_DIR: scratch.config.dataDir,
      ...(scratch.config.database.kind === 'postgres'
        ? { DATABASE_URL: scratch.config.database.url }
        : {}),
    };
  });

  afterAll(async () => {
    server?.child.kill('SIGKILL');
    await server?.exited;
    await cleanup?.();
  });

  it('leaves no contact of it, marks it failed with the reason, and a new import then succeeds', async () => {
    const file = contactsCsv(ROWS);
    server = await startAndWait(env);
    let client = new Client(server.url);
    await client.signIn();
    const before = await client.contactCount();
    const importId = await client.importFile(file);

    // Killed once the job says it has written rows (and, on PostgreSQL, once the import's
    // progress shows them too): the import is under way, its transaction open.
    const running = server;
    await waitFor(
      () => (loggedRowsDone(running.output(), importId) > 0 ? true : undefined),
      300_000,
    );
    if (target === 'postgres') {
      const progress = await client.importOf(importId);
      expect(progress.status).toBe('running');
      expect(progress.processedRows).toBeGreaterThan(0);
      expect(progress.processedRows).toBeLessThan(ROWS);
    }
    server.child.kill('SIGKILL');
    await server.exited;

    server = await startAndWait(env);
    client = new Client(server.url);
    await client.signIn();
    // On PostgreSQL the killed server's lease has to run out first (IMPORT_LEASE_SECONDS):
    // until then another instance may be the one running it.
    const failed = await waitFor(async () => {
      const state = await client.importOf(importId);
      return state.status === 'running' ? undefined : state;
    }, 120_000);
    expect(failed).toMatchObject({ status: 'failed', error: contactImportMessages.interrupted });
    expect(await client.contactCount()).toBe(before);
    expect(await client.contactCount('crash.example')).toBe(0);

    // The same contacts again (the file's first rows, so the test does not wait on a second
    // 60,000-row import): none of them is left over from the killed import, so all are created.
    const againId = await client.importFile(contactsCsv(AGAIN_ROWS));
    const done = await waitFor(async () => {
      const state = await client.importOf(againId);
      return state.status === 'completed' || state.status === 'failed' ? state : undefined;
    }, 180_000);
    expect(done).toMatchObject({
      status: 'completed',
      processedRows: AGAIN_ROWS,
      createdCount: AGAIN_ROWS,
      failedCount: 0,
    });
    expect(await client.contactCount('crash.example')).toBe(AGAIN_ROWS);
  }, 900_000);
});
