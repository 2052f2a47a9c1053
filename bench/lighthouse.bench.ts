/**
 * Lighthouse (mobile: its default Moto G Power emulation, simulated slow 4G and 4× CPU
 * slowdown) on the landing page, sign-in, the dashboard and an agent's call logs, against the
 * built app served by the real server, in Debian's Chromium. Signed-in pages get the demo
 * member's session cookie. Not part of `npm test`.
 *
 *   npm run bench:lighthouse -- [--runs 1] [--url http://127.0.0.1:3000] [--build] [--json] [--save dir]
 *
 * Without --url it starts the server (apps/server/src/main.ts, NODE_ENV=production, a fresh
 * data directory, the bundled sandbox platform) on a free port, as the e2e suite does, and
 * stops it at the end; the web app must be built (--build runs `npm run build` first).
 * --save writes each run's full Lighthouse report (JSON) to that directory, to see where the time
 * goes. CHROMIUM_PATH overrides /usr/bin/chromium. Lighthouse is CPU-bound: on a shared machine the
 * scores come out lower than on an idle one; the machine's load is printed with them.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { loadAverage } from './lib/stats';

const root = path.resolve(import.meta.dirname, '..');
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const DEMO_MEMBER = { userName: 'demo@brightsmile.example', password: 'switchboard-demo' };

type Page = { name: string; path: string; signedIn: boolean };
type Run = {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  transferKb: number;
  scriptKb: number;
  stylesheetKb: number;
};

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function startServer(): Promise<{ baseUrl: string; stop: () => Promise<void> }> {
  const port = await freePort();
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'switchboard-lighthouse-'));
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', 'apps/server/src/main.ts'],
    {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        DATABASE_URL: '',
        VAPI_API_KEY: '',
        SANDBOX_SIMULATOR_INTERVAL_MS: '0',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error('The server exited at start.');
    const ready = await fetch(`${baseUrl}/api/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error('The server did not become healthy within 120 s.');
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    baseUrl,
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Signs in as the demo member; answers the Cookie header a browser would then send. */
async function signIn(baseUrl: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify(DEMO_MEMBER),
  });
  if (!res.ok) throw new Error(`Sign-in failed: ${res.status} ${await res.text()}`);
  const cookies = res.headers.getSetCookie().map((cookie) => cookie.split(';')[0]);
  if (cookies.length === 0) throw new Error('Sign-in set no cookie.');
  return cookies.join('; ');
}

async function firstAgentId(baseUrl: string, cookie: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/agents`, { headers: { cookie } });
  const body = (await res.json()) as { data?: { id: string }[] } | { id: string }[];
  const list = Array.isArray(body) ? body : (body.data ?? []);
  if (!list[0]) throw new Error(`The demo member has no agent (GET /api/agents: ${res.status}).`);
  return list[0].id;
}

/**
 * Waits for the first copy of the platform's calls to finish: until then the server spends its
 * CPU on the sync, and Lighthouse would measure that as a slow server. Then asks each page and
 * its API once, as a browser would have, so caches are warm as on a running server.
 */
async function settle(baseUrl: string, cookie: string, paths: string[]) {
  const deadline = Date.now() + 300_000;
  for (;;) {
    const res = await fetch(`${baseUrl}/api/platform/status`, { headers: { cookie } });
    const status = (await res.json()) as {
      sync: { running: boolean; lastSuccessAt: string | null };
    };
    if (!status.sync.running && status.sync.lastSuccessAt) break;
    if (Date.now() > deadline) throw new Error('The first sync did not finish within 5 minutes.');
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  for (const pagePath of [...paths, '/api/agents', '/api/statistics/dashboard']) {
    await fetch(`${baseUrl}${pagePath}`, { headers: { cookie } });
  }
}

/** The run with the median score; of two, the lower. */
const medianRun = (runs: Run[]) =>
  [...runs].sort((a, b) => a.score - b.score)[Math.floor((runs.length - 1) / 2)]!;

async function audit(
  url: string,
  port: number,
  cookie: string | undefined,
  save: string | undefined,
): Promise<Run> {
  const result = await lighthouse(
    url,
    {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
    },
    undefined,
  );
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (save) {
    await fs.mkdir(save, { recursive: true });
    const name = new URL(url).pathname.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'root';
    await fs.writeFile(path.join(save, `${name}-${Date.now()}.json`), JSON.stringify(lhr));
  }
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const summary = (
    lhr.audits['resource-summary']?.details as
      { items: { resourceType: string; transferSize: number }[] } | undefined
  )?.items;
  const kb = (type: string) =>
    (summary?.find((item) => item.resourceType === type)?.transferSize ?? Number.NaN) / 1024;
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcp: numeric('first-contentful-paint'),
    lcp: numeric('largest-contentful-paint'),
    tbt: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    transferKb: kb('total'),
    scriptKb: kb('script'),
    stylesheetKb: kb('stylesheet'),
  };
}

/**
 * Lighthouse sometimes fails to record a trace on a busy machine (NO_NAVSTART,
 * CHROME_INTERSTITIAL_ERROR); such a run is tried again, twice at most, and says so.
 */
async function auditWithRetry(...args: Parameters<typeof audit>): Promise<Run> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await audit(...args);
    } catch (error) {
      if (attempt >= 3) throw error;
      console.log(`${args[0]}: ${(error as Error).message} — trying again`);
    }
  }
}

async function main() {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: '1' },
      url: { type: 'string' },
      build: { type: 'boolean', default: false },
      json: { type: 'boolean', default: false },
      save: { type: 'string' },
    },
  });
  const runs = Math.max(1, Number(values.runs));
  if (values.build) execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  const server = values.url ? undefined : await startServer();
  const baseUrl = values.url ?? server!.baseUrl;
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  try {
    const cookie = await signIn(baseUrl);
    const agentId = await firstAgentId(baseUrl, cookie);
    const pages: Page[] = [
      { name: 'landing', path: '/', signedIn: false },
      { name: 'sign-in', path: '/login', signedIn: false },
      { name: 'dashboard', path: '/dashboard', signedIn: true },
      { name: 'call logs', path: `/agent/${agentId}/call-logs`, signedIn: true },
    ];
    await settle(
      baseUrl,
      cookie,
      pages.map((page) => page.path),
    );
    const results: { page: Page; runs: Run[] }[] = [];
    for (const page of pages) {
      const pageRuns: Run[] = [];
      for (let i = 0; i < runs; i += 1) {
        const run = await auditWithRetry(
          `${baseUrl}${page.path}`,
          chrome.port,
          page.signedIn ? cookie : undefined,
          values.save,
        );
        console.log(
          `${page.name} run ${i + 1}: score ${run.score}, LCP ${(run.lcp / 1000).toFixed(1)} s, ` +
            `TBT ${run.tbt.toFixed(0)} ms, ${run.transferKb.toFixed(0)} KB (JS ${run.scriptKb.toFixed(0)} KB), ` +
            `load ${loadAverage()}`,
        );
        pageRuns.push(run);
      }
      results.push({ page, runs: pageRuns });
    }
    if (values.json) {
      console.log(JSON.stringify(results, null, 2));
      return;
    }
    console.log(
      `\nLighthouse ${lighthouseVersion()} mobile, the median of ${runs} run(s), load ${loadAverage()}\n`,
    );
    console.log(
      '| page | score | every run | FCP s | LCP s | TBT ms | CLS | transferred KB | JS KB | CSS KB |',
    );
    console.log('| --- | --: | --- | --: | --: | --: | --: | --: | --: | --: |');
    for (const { page, runs: pageRuns } of results) {
      // The median run by score (with two runs, the lower), every figure from that same run.
      const run = medianRun(pageRuns);
      console.log(
        `| ${page.name} (\`${page.path.replace(agentId, ':id')}\`) | ${run.score} | ` +
          `${pageRuns.map((r) => r.score).join(' / ')} | ` +
          `${(run.fcp / 1000).toFixed(1)} | ${(run.lcp / 1000).toFixed(1)} | ` +
          `${run.tbt.toFixed(0)} | ${run.cls.toFixed(3)} | ` +
          `${run.transferKb.toFixed(0)} | ${run.scriptKb.toFixed(0)} | ` +
          `${run.stylesheetKb.toFixed(0)} |`,
      );
    }
  } finally {
    chrome.kill();
    await server?.stop();
  }
}

function lighthouseVersion(): string {
  return (
    JSON.parse(
      execFileSync(process.execPath, ['-p', 'JSON.stringify(require("lighthouse/package.json"))'], {
        cwd: root,
        encoding: 'utf8',
      }),
    ) as { version: string }
  ).version;
}

await main();
