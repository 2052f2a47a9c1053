import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { acquireDirectoryLock } from '../db/directory-lock';
import { users } from '../db/schema';
import { startServerProcess } from '../test/server-process';
import { createScratchConfig, oneDatabase, sameOrigin } from '../test/test-app';

/** Runs `npm run admin -- …` the way an operator does (the built command, as a process). */
async function runAdmin(args: string[], env: Record<string, string>) {
  const admin = startServerProcess(
    { LOG_LEVEL: 'silent', ...env },
    { entry: 'dist/admin.js', args },
  );
  const code = await admin.exited;
  return { code, output: admin.output() };
}

describe.each(oneDatabase)('the admin command on %s', (target) => {
  let scratch: Awaited<ReturnType<typeof createScratchConfig>>;
  let env: Record<string, string>;

  beforeAll(async () => {
    // A real platform key: no demo sign-ins are seeded, so the command is the only way in.
    scratch = await createScratchConfig(target, {
      VAPI_API_KEY: 'live-key-that-goes-nowhere',
      PUBLIC_URL: 'https://switchboard.example.com',
      VAPI_BASE_URL: 'http://127.0.0.1:9',
    });
    env = {
      DATA_DIR: scratch.config.dataDir,
      ...(scratch.config.database.kind === 'postgres'
        ? { DATABASE_URL: scratch.config.database.url }
        : {}),
    };
  });
  afterAll(() => scratch?.cleanup());

  it('creates an admin who can then sign in, with no demo accounts beside it', async () => {
    const created = await runAdmin(['create', 'Operator', '--email', 'ops@example.com'], {
      ...env,
      ADMIN_PASSWORD: 'a-strong-operator-password',
    });
    expect(created.output).toContain('Created admin "operator" <ops@example.com>.');
    expect(created.code).toBe(0);

    const again = await runAdmin(['create', 'operator'], env);
    expect(again.code).toBe(1);
    expect(again.output).toContain('A user named "operator" already exists.');

    const app = await buildApp(scratch.config);
    try {
      const [row] = await app.database.db.select({ n: count() }).from(users);
      expect(row?.n).toBe(1);
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: sameOrigin,
        payload: { userName: 'OPERATOR', password: 'a-strong-operator-password' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        user: { userName: 'operator', email: 'ops@example.com', role: 'admin', business: null },
      });
    } finally {
      await app.close();
    }
  });

  it('generates and prints a password when ADMIN_PASSWORD is not set', async () => {
    const created = await runAdmin(['create', 'second-operator'], env);
    expect(created.code).toBe(0);
    expect(created.output).toMatch(/Password: [A-Za-z0-9_-]{24}\n/);
  });

  it('explains how to use it when the arguments are wrong', async () => {
    const res = await runAdmin(['make', 'someone'], env);
    expect(res.code).toBe(2);
    expect(res.output).toContain('Unknown command "make".');
    expect(res.output).toContain('Usage: npm run admin -- create <userName>');
  });

  it.runIf(target === 'pglite')(
    'stops with a clear message while a server holds the embedded database',
    async () => {
      if (scratch.config.database.kind !== 'pglite') return;
      const release = await acquireDirectoryLock(scratch.config.database.dataDir);
      try {
        const res = await runAdmin(['create', 'third-operator'], env);
        expect(res.code).toBe(1);
        expect(res.output).toContain('is in use by a running Switchboard server');
        expect(res.output).toContain('Stop the server');
      } finally {
        await release();
      }
    },
    30_000,
  );
});
