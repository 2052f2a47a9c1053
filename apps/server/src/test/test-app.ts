import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp, type AppOptions } from '../app';
import { loadConfig, type Config } from '../config';
import { insertBusiness, insertSession } from '../modules/auth/auth.repository';
import { findUserByUserName, insertUser } from '../modules/auth/users.repository';
import { generateToken, hashPassword, hashToken } from '../modules/auth/password';
import { sessionCookieFor } from '../http/auth';
import { agents, businesses, calls } from '../db/schema';
import { DEMO_BUSINESS } from '../modules/auth/demo-accounts';
import { eq } from 'drizzle-orm';
import {
  databaseUrl,
  templatesReady,
  withAdminClient,
  type DatabaseTemplates,
} from './template-databases';

/**
 * Where integration tests run: PGlite always, PostgreSQL too when TEST_DATABASE_URL is set.
 * Each test app gets a database of its own (a fresh PGlite directory, or a fresh PostgreSQL
 * database created from TEST_DATABASE_URL) so test files can run in parallel.
 */
export type DatabaseTarget = 'pglite' | 'postgres';

/**
 * Both databases, for the files whose behaviour can differ between them (decision 049):
 * migrations, locks and leases, the drivers' conversions, connections and timeouts.
 */
export const databaseTargets: DatabaseTarget[] = process.env.TEST_DATABASE_URL
  ? ['pglite', 'postgres']
  : ['pglite'];

/**
 * The one database of the files that one proves (decision 049): PostgreSQL when
 * TEST_DATABASE_URL is set (always in CI: production's server and driver, and a scratch
 * database is quicker to make than an embedded one), PGlite otherwise.
 */
const primaryTarget: DatabaseTarget = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

/** `describe.each(oneDatabase)` for the files that one database proves. */
export const oneDatabase: DatabaseTarget[] = [primaryTarget];

type Scratch = { config: Config; cleanup: () => Promise<void> };

type ScratchOptions = {
  /**
   * Start from the run's migrated template (the default; see template-databases.ts). `false`
   * gives an empty database, for tests of what migrating a fresh one does.
   */
  fromTemplate?: boolean;
};

/** The run's templates (asked once per worker); none when test-app is used outside int. */
let templatesMade: Promise<DatabaseTemplates> | undefined;
function templates(): Promise<DatabaseTemplates> {
  const provided = inject('databaseTemplates');
  templatesMade ??= provided
    ? templatesReady(provided)
    : Promise.resolve({ pgliteDir: null, postgresName: null });
  return templatesMade;
}

/**
 * Copies the migrated cluster (about 1,200 files, 41 MB) to `to`, which must not exist yet.
 * `cp -R` does it in a tenth of the time of Node's `fs.cp` (60 against 400–560 ms a copy on
 * the RAM disk, most of `fs.cp`'s in JavaScript on a core the tests need).
 */
async function copyCluster(from: string, to: string): Promise<void> {
  await promisify(execFile)('cp', ['-R', from, to]);
}

/**
 * A new data directory whose embedded database is a copy of the run's migrated template, for
 * tests that start the server as its own process (or open the database) on PGlite: the start
 * then opens a migrated cluster in about a second instead of running initdb and every migration
 * (three to five seconds on two busy cores). A first start on an empty directory is what e2e's
 * servers, the smoke test and the template itself do.
 */
export async function migratedDataDir(prefix = 'switchboard-int-'): Promise<string> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), prefix));
  const template = (await templates()).pgliteDir;
  if (template) await copyCluster(template, path.join(dataDir, 'db'));
  return dataDir;
}

export async function createScratchConfig(
  target: DatabaseTarget,
  env: Record<string, string> = {},
  options: ScratchOptions = {},
): Promise<Scratch> {
  const fromTemplate = options.fromTemplate ?? true;
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'switchboard-int-'));
  // A small sandbox platform keeps start-up quick; tests that need more calls ask for them.
  const base = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    SANDBOX_CALLS: '200',
    ...env,
  };
  if (target === 'pglite') {
    const template = fromTemplate ? (await templates()).pgliteDir : null;
    // A copy of a migrated cluster opens in about a second; initdb takes about three.
    if (template) await copyCluster(template, path.join(dataDir, 'db'));
    return {
      config: loadConfig(base),
      cleanup: () => fs.rm(dataDir, { recursive: true, force: true }),
    };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `switchboard_test_${randomBytes(6).toString('hex')}`;
  const template = fromTemplate ? (await templates()).postgresName : null;
  await withAdminClient(adminUrl, (client) =>
    client.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`),
  );
  return {
    config: loadConfig({ ...base, DATABASE_URL: databaseUrl(adminUrl, name) }),
    cleanup: async () => {
      await withAdminClient(adminUrl, (client) =>
        client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
      );
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Builds the real app on a scratch database; `close` shuts it down and removes the data. */
export async function buildTestApp(
  target: DatabaseTarget,
  env: Record<string, string> = {},
  options: AppOptions = {},
) {
  const scratch = await createScratchConfig(target, env);
  const app = await buildApp(scratch.config, options).catch(async (error: unknown) => {
    await scratch.cleanup();
    throw error;
  });
  return {
    app,
    config: scratch.config,
    close: async () => {
      await app.close();
      await scratch.cleanup();
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof buildApp>>;

/** A factory's parameters after its first, the app. */
type AfterApp<F> = F extends (app: TestApp, ...rest: infer R) => unknown ? R : never;

/**
 * One test app for a describe block: built (with `options`) in its beforeAll, then `start`ed
 * (e.g. listen), and closed in its afterAll. The block's own hooks, registered after this call,
 * run between the two. Read `suite.app` and `suite.config` in hooks and tests, not while the
 * block is declared.
 * The factories below come bound to it: `suite.sessionHeaders(name)` is
 * `sessionHeaders(suite.app, name)`, and so on.
 */
export function appForSuite(
  target: DatabaseTarget,
  env: Record<string, string> = {},
  start?: (app: TestApp) => Promise<unknown>,
  options: AppOptions = {},
) {
  let built: Awaited<ReturnType<typeof buildTestApp>> | undefined;
  beforeAll(async () => {
    built = await buildTestApp(target, env, options);
    await start?.(built.app);
  });
  afterAll(() => built?.close());
  const current = () => {
    if (!built) throw new Error('the suite’s app is built in beforeAll');
    return built;
  };
  const app = () => current().app;
  return {
    get app(): TestApp {
      return current().app;
    },
    get config(): Config {
      return current().config;
    },
    injectAs: (...rest: AfterApp<typeof injectAs>) => injectAs(app(), ...rest),
    requestAs: <T>(...rest: AfterApp<typeof requestAs>) => requestAs<T>(app(), ...rest),
    signIn: (...rest: AfterApp<typeof signIn>) => signIn(app(), ...rest),
    sessionHeaders: (...rest: AfterApp<typeof sessionHeaders>) => sessionHeaders(app(), ...rest),
    createBusinessWithMember: (...rest: AfterApp<typeof createBusinessWithMember>) =>
      createBusinessWithMember(app(), ...rest),
    addTeamMember: (...rest: AfterApp<typeof addTeamMember>) => addTeamMember(app(), ...rest),
    createAdminUser: (...rest: AfterApp<typeof createAdminUser>) => createAdminUser(app(), ...rest),
  };
}

/** What a browser on our own pages sends with a state-changing request. */
export const sameOrigin = { 'sec-fetch-site': 'same-origin' } as const;

/** A request as the holder of `headers`, with `payload` as its JSON body when one is given. */
export function injectAs(
  app: TestApp,
  method: string,
  url: string,
  headers: Record<string, string>,
  payload?: unknown,
) {
  return app.inject({
    method: method as 'GET',
    url,
    headers,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

/**
 * A request as the holder of `headers`, answered as its status, its body when that is JSON
 * (undefined when not) and the response itself.
 */
export async function requestAs<T>(
  app: TestApp,
  method: string,
  url: string,
  headers: Record<string, string>,
  payload?: unknown,
) {
  const res = await injectAs(app, method, url, headers, payload);
  const json = String(res.headers['content-type'] ?? '').startsWith('application/json');
  return { status: res.statusCode, body: (json ? res.json<T>() : undefined) as T, res };
}

let ipCounter = 0;
/**
 * A distinct client address per call, so the per-IP sign-in limit of one test does not spill
 * into the next (light-my-request lets a test choose the remote address).
 */
export function nextTestIp(): string {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

function sessionCookieHeader(app: TestApp, token: string) {
  return `${sessionCookieFor(app.config.publicUrl).name}=${token}`;
}

/**
 * Signs in through the API, like the login form; answers the headers a browser would then
 * send (the session cookie, and Sec-Fetch-Site for state-changing requests).
 */
export async function signIn(
  app: TestApp,
  credentials: { userName: string; password: string },
): Promise<Record<string, string>> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: sameOrigin,
    remoteAddress: nextTestIp(),
    payload: credentials,
  });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  const cookie = res.cookies.find((c) => c.name === sessionCookieFor(app.config.publicUrl).name);
  if (!cookie) throw new Error('sign-in set no session cookie');
  return { ...sameOrigin, cookie: sessionCookieHeader(app, cookie.value) };
}

/**
 * A fresh session for a user, made the way sign-in makes one but without the password check,
 * so a test can open many sessions quickly and without meeting the sign-in rate limit.
 */
export async function sessionHeaders(
  app: TestApp,
  userName: string,
): Promise<Record<string, string>> {
  const user = await findUserByUserName(app.database.db, userName);
  if (!user) throw new Error(`no user ${userName}`);
  const token = generateToken();
  await insertSession(app.database.db, { tokenHash: hashToken(token), userId: user.id });
  return { ...sameOrigin, cookie: sessionCookieHeader(app, token) };
}

let businessCounter = 0;

/** Factory: a business with its first user (an owner, unless told) who has a password. */
export async function createBusinessWithMember(
  app: TestApp,
  overrides: {
    name?: string;
    email?: string;
    password?: string;
    timezone?: string;
    country?: string;
    role?: 'owner' | 'manager' | 'member';
  } = {},
) {
  businessCounter += 1;
  const email = overrides.email ?? `owner${businessCounter}@business-${businessCounter}.example`;
  const password = overrides.password ?? 'member-password';
  const business = await insertBusiness(app.database.db, {
    name: overrides.name ?? `Test Business ${businessCounter}`,
    email,
    phone: null,
    website: null,
    pointOfContact: 'Pat Owner',
    country: overrides.country ?? 'Ireland',
    timezone: overrides.timezone ?? 'Europe/Dublin',
  });
  const user = await insertUser(app.database.db, {
    userName: email,
    name: 'Pat Owner',
    email,
    role: overrides.role ?? 'owner',
    businessId: business.id,
    passwordHash: await hashPassword(password),
  });
  return { businessId: business.id, userId: user.id, userName: email.toLowerCase(), password };
}

/** Factory: one more user of an existing business (a member, unless told), with a password. */
export async function addTeamMember(
  app: TestApp,
  businessId: string,
  overrides: {
    email?: string;
    password?: string;
    role?: 'owner' | 'manager' | 'member';
    name?: string;
  } = {},
) {
  businessCounter += 1;
  const email = overrides.email ?? `member${businessCounter}@team-${businessCounter}.example`;
  const password = overrides.password ?? 'member-password';
  const user = await insertUser(app.database.db, {
    userName: email,
    name: overrides.name ?? 'Sam Member',
    email,
    role: overrides.role ?? 'member',
    businessId,
    passwordHash: await hashPassword(password),
  });
  return { userId: user.id, userName: email.toLowerCase(), password };
}

/** Factory: an admin with a password. */
export async function createAdminUser(
  app: TestApp,
  overrides: { userName?: string; password?: string } = {},
) {
  businessCounter += 1;
  const userName = overrides.userName ?? `operator${businessCounter}`;
  const password = overrides.password ?? 'admin-password';
  const user = await insertUser(app.database.db, {
    userName,
    email: null,
    role: 'admin',
    businessId: null,
    passwordHash: await hashPassword(password),
  });
  return { userId: user.id, userName, password };
}

/** The demo sign-in's business (the dental practice) and its agent, as stored. */
export async function demoBusinessAndAgent(app: TestApp) {
  const db = app.database.db;
  const [business] = await db
    .select()
    .from(businesses)
    .where(eq(businesses.email, DEMO_BUSINESS.email));
  if (!business) throw new Error('no demo business');
  const [agent] = await db.select().from(agents).where(eq(agents.businessId, business.id));
  if (!agent) throw new Error('the demo business has no agent');
  return { business, agent };
}

/**
 * The demo business's id, and the sandbox's first demo assistant (the dental clinic's) with its
 * phone number, for tests that place calls on the demo platform.
 */
export async function demoBusinessAndDental(app: TestApp) {
  const [business] = await app.database.db
    .select()
    .from(businesses)
    .where(eq(businesses.name, DEMO_BUSINESS.name));
  if (!business) throw new Error('no demo business');
  const demo = app.platform.sandbox?.demo.assistants[0];
  if (!demo) throw new Error('no sandbox demo assistant');
  return { businessId: business.id, dental: { id: demo.id, phoneNumberId: demo.phoneNumberId } };
}

/** The ended reason stored for a call (undefined while no row holds it). */
export async function storedEndedReason(app: TestApp, callId: string) {
  const [row] = await app.database.db
    .select({ endedReason: calls.endedReason })
    .from(calls)
    .where(eq(calls.id, callId));
  return row?.endedReason;
}
