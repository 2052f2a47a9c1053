import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type ConsoleMessage,
  type Page,
} from 'playwright-core';
import fs from 'node:fs/promises';
import type { E2EServer } from './global-setup';
import { waitUntilHealthy } from './processes';
import { CHROMIUM_FLAGS } from '../../scripts/chromium-flags.mjs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  afterAll,
  afterEach,
  beforeAll,
  beforeEach,
  describe,
  inject,
  type TestContext,
} from 'vitest';

/** Where a failed test leaves its page: a screenshot and the page's HTML (git-ignored). */
const ARTIFACTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../artifacts');

/**
 * What a failed test's page printed, the requests it sent that change something and those that
 * failed: the screenshot shows the end, this says how it got there (a refused refresh leaves the
 * old list on screen, quietly; an upload the list never shows was answered or not).
 */
function reportRequests(context: TestContext, pageErrors: string[], requests: string[]) {
  if (context.task.result?.state !== 'fail') return;
  if (pageErrors.length === 0 && requests.length === 0) return;
  console.error(
    [
      `[e2e] "${context.task.name}", as the page saw it:`,
      ...requests.map((line) => `  request: ${line}`),
      ...pageErrors.map((line) => `  page error: ${line}`),
    ].join('\n'),
  );
}

/**
 * A failed test's page as it was when the test failed, so the failure can be seen rather than
 * guessed from a timeout: `e2e/artifacts/<file> - <test>.png` and `.html`, named in the log.
 */
async function keepFailedPage(context: TestContext, page: Page | undefined): Promise<void> {
  if (context.task.result?.state !== 'fail' || !page || page.isClosed()) return;
  const file = path.basename(context.task.file?.name ?? 'e2e');
  const name = `${file} - ${context.task.name}`.replace(/[^\w .,-]+/g, '_').slice(0, 150);
  try {
    await fs.mkdir(ARTIFACTS, { recursive: true });
    const base = path.join(ARTIFACTS, name);
    await page.screenshot({ path: `${base}.png`, fullPage: true, timeout: 5000 });
    await fs.writeFile(`${base}.html`, await page.content());
    console.error(`[e2e] the failed page, as it was: ${base}.png (and .html) at ${page.url()}`);
  } catch (error) {
    console.error(`[e2e] could not keep the failed page: ${String(error)}`);
  }
}

// Debian's Chromium on these machines (scripts/chromium-flags.mjs), and for the tests:
const CHROMIUM_ARGS = [
  ...CHROMIUM_FLAGS,
  // Web calls ("Talk to agent"): a fake microphone (a tone) granted without a prompt, and
  // playback without a gesture having been counted (headless has no real user).
  '--use-fake-ui-for-media-stream',
  '--use-fake-device-for-media-stream',
  '--autoplay-policy=no-user-gesture-required',
];

export type E2E = {
  baseURL: string;
  page: Page;
  context: BrowserContext;
  /** Console errors and uncaught page errors seen during the test. */
  pageErrors: string[];
  /**
   * A browser context of its own (another user, another time zone or locale), in a second
   * browser; closed after the test.
   */
  newContext: (options?: BrowserContextOptions) => Promise<BrowserContext>;
  /**
   * Another page (tab) in the test's context, whose errors go to `pageErrors` as the test's
   * page's do: for work the test does in two tabs at once.
   */
  newPage: () => Promise<Page>;
};

/**
 * Chromium logs every 4xx answer to fetch as a console error. A 401 from GET /api/auth/me is how
 * the server says "signed out", which the app asks on purpose (sign-in page, guarded screens):
 * that one is not a page error.
 */
function isSignedOutAnswer(message: ConsoleMessage): boolean {
  return (
    message.text().startsWith('Failed to load resource') &&
    message.text().includes('401') &&
    new URL(message.location().url || 'about:blank').pathname === '/api/auth/me'
  );
}

/** The worker slot this process's spec file holds (see `describeInBrowser`); 1 until claimed. */
let claimedSlot = 1;

/**
 * The server this worker's spec files use: global setup starts one per worker, and each spec
 * file uses the server of the worker slot it claimed. (Vitest's VITEST_POOL_ID cannot say
 * which: it is 1 in every worker when several projects run, as in `npm test`.)
 */
export function e2eServer(slot = claimedSlot): E2EServer {
  const servers = inject('servers');
  const server = servers[(slot - 1) % Math.max(1, servers.length)];
  if (!server) throw new Error('No e2e server was started (is Chromium installed?)');
  return server;
}

/** What a test may leave in its origin's storage; the HTTP and compiled-code caches stay. */
const STORAGE_TYPES = [
  'cookies',
  'local_storage',
  'indexeddb',
  'service_workers',
  'cache_storage',
  'file_systems',
  'shared_storage',
  'storage_buckets',
].join(',');

const VIEWPORT = { width: 1280, height: 800 };

/** Worker slots: at most this many spec files hold a profile at once. */
const SLOTS = 4;

/** Which Chromium a suite runs in: the headless shell unless it asks for the whole browser. */
type BrowserKind = 'shell' | 'whole';

/**
 * A worker slot's browser profile (one per kind of browser), in this run's own folder. Spec
 * files in a worker run one after another, so each opens its slot's profile in turn and finds
 * the app's scripts already in its caches.
 */
function profileDir(slot: number, kind: BrowserKind): string {
  return path.join(inject('browserDir')!, `profile-${slot}-${kind}`);
}

/**
 * Takes the first worker slot no other spec file holds: a folder made in this run's own folder
 * (making a folder that exists fails, so two files never take the same one). Our lock rather
 * than Chromium's: the headless shell does not lock its profile, so two files would share one.
 */
async function claimSlot(): Promise<number> {
  for (let slot = 1; slot <= SLOTS; slot += 1) {
    try {
      await fs.mkdir(slotLock(slot));
      return slot;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  throw new Error(`Every e2e worker slot (${SLOTS}) is in use`);
}

function slotLock(slot: number): string {
  return path.join(inject('browserDir')!, `slot-${slot}.lock`);
}

/**
 * Where the browser is (its time zone and locale), and whether the suite needs the whole
 * browser: the headless shell has no notifications, so web push is tested in Chromium itself.
 */
type Where = Pick<BrowserContextOptions, 'timezoneId' | 'locale'> & { wholeBrowser?: true };

/**
 * Declares a suite whose tests each start signed out, with empty storage, no granted
 * permissions and a new page.
 *
 * The tests share one persistent browser context per worker, emptied between tests rather than
 * replaced: most of the e2e time is Chromium compiling and running the app's JavaScript, and a
 * fresh (off-the-record) context keeps neither the HTTP cache of the hashed, immutable scripts
 * nor V8's compiled-code cache. Measured: 16 page loads took 17–22 s of Chromium CPU in fresh
 * contexts and 11–14 s in one reused profile; three spec files (23 tests) took 6–12 % less
 * Chromium CPU. A test that needs a second user or other context options calls
 * `e2e.newContext`. The browser is Debian's headless shell where it is installed (decision 103;
 * the whole Chromium for a suite that asks). The whole suite is skipped (loudly, by global
 * setup) when Chromium is not installed.
 */
export function describeInBrowser(name: string, body: (e2e: E2E) => void): void;
/**
 * `where`: the browser's time zone and locale for every test of the suite (the system's when
 * not given). The shared context is launched with them, so a suite that reads the app from
 * abroad keeps the worker's warm profile rather than opening a cold context per test.
 */
export function describeInBrowser(name: string, where: Where, body: (e2e: E2E) => void): void;
export function describeInBrowser(
  name: string,
  ...args: [body: (e2e: E2E) => void] | [where: Where, body: (e2e: E2E) => void]
) {
  const [{ wholeBrowser, ...where }, body] = args.length === 1 ? [{}, args[0]] : args;
  const kind: BrowserKind = wholeBrowser ? 'whole' : 'shell';
  const chromiumPath = inject(kind === 'whole' ? 'chromiumPath' : 'headlessShellPath');
  describe.skipIf(!chromiumPath)(name, () => {
    let slot: number | undefined;
    let shared: BrowserContext | undefined;
    /** The server the shared context's relative addresses go to. */
    let sharedBaseURL = '';
    let second: Browser | undefined;
    const extra: BrowserContext[] = [];
    const e2e = { baseURL: '', pageErrors: [] as string[] } as E2E;
    /**
     * The test's requests that changed something or failed (answered 4xx/5xx, or no answer),
     * printed if it fails.
     */
    const requestLog: string[] = [];
    const at = () => new Date().toISOString().slice(11, 23);

    /** A page's uncaught errors and console errors, into the test's `pageErrors`. */
    const watchErrors = (page: Page) => {
      page.on('response', (response) => {
        const request = response.request();
        if (response.status() < 400 && request.method() === 'GET') return;
        requestLog.push(
          `${at()} ${request.method()} ${new URL(request.url()).pathname} ${response.status()}`,
        );
      });
      page.on('requestfailed', (request) => {
        requestLog.push(
          `${at()} ${request.method()} ${new URL(request.url()).pathname} failed: ${request.failure()?.errorText ?? '?'}`,
        );
      });
      page.on('pageerror', (error) => e2e.pageErrors.push(error.message));
      page.on('console', (message) => {
        if (message.type() !== 'error' || isSignedOutAnswer(message)) return;
        e2e.pageErrors.push(message.text());
      });
    };
    e2e.newPage = async () => {
      const page = await e2e.context.newPage();
      watchErrors(page);
      return page;
    };

    e2e.newContext = async (options = {}) => {
      second ??= await chromium.launch({
        executablePath: chromiumPath ?? undefined,
        headless: true,
        args: CHROMIUM_ARGS,
      });
      const context = await second.newContext({
        baseURL: e2e.baseURL,
        viewport: VIEWPORT,
        ...options,
      });
      extra.push(context);
      return context;
    };

    // The first free worker slot: its profile, and its server.
    beforeAll(async () => {
      slot = await claimSlot();
      claimedSlot = slot;
      const baseURL = e2eServer(slot).baseURL;
      shared = await chromium.launchPersistentContext(profileDir(slot, kind), {
        executablePath: chromiumPath ?? undefined,
        headless: true,
        args: CHROMIUM_ARGS,
        baseURL,
        viewport: VIEWPORT,
        ...where,
      });
      sharedBaseURL = baseURL;
      e2e.baseURL = baseURL;
      // Global setup spawns the servers and returns at once (they start while the other
      // projects' tests run); one that cannot start is reported on the run's output by it.
      await waitUntilHealthy(`${sharedBaseURL}/api/health`, {
        timeoutMs: 45_000,
        detail: () => 'the e2e server did not start: the run’s output above says why',
      });
    });
    afterAll(async () => {
      await shared?.close();
      await second?.close();
      if (slot !== undefined) await fs.rm(slotLock(slot), { recursive: true, force: true });
    });
    beforeEach(async () => {
      e2e.pageErrors.length = 0;
      requestLog.length = 0;
      if (e2e.baseURL !== sharedBaseURL) {
        // The suite points at a server of its own (live mode): a context for it, per test.
        e2e.context = await e2e.newContext();
        e2e.page = await e2e.context.newPage();
      } else {
        const context = shared!;
        await context.clearCookies();
        await context.clearPermissions();
        e2e.context = context;
        e2e.page = await context.newPage();
        const cdp = await context.newCDPSession(e2e.page);
        await cdp.send('Storage.clearDataForOrigin', {
          origin: new URL(e2e.baseURL).origin,
          storageTypes: STORAGE_TYPES,
        });
        await cdp.detach();
      }
      watchErrors(e2e.page);
    });
    afterEach(async (context) => {
      reportRequests(context, e2e.pageErrors, requestLog);
      await keepFailedPage(context, e2e.page);
      for (const other of extra.splice(0)) await other.close();
      for (const page of shared?.pages() ?? []) await page.close();
    });

    body(e2e);
  });
}
