/**
 * Lighthouse (mobile: its default Moto G Power emulation, simulated slow 4G and 4× CPU
 * slowdown) on the landing page, sign-in, the dashboard and an agent's call logs, against the
 * built app served by the real server, in Debian's Chromium. Signed-in pages get the demo
 * member's session cookie. Not part of `npm test`.
 *
 *   npm run bench:lighthouse -- [--runs 1] [--url http://127.0.0.1:3000 | --port 4180] [--build] [--json] [--save dir]
 *     [--pages dashboard,call-logs] [--against <another build's apps/web/dist>]
 *
 * Without --url it starts the server (bench/lib/app-server.ts: apps/server/src/main.ts, NODE_ENV=production, a fresh
 * data directory, the bundled sandbox platform) on --port or a free one, as the e2e suite does, and
 * stops it at the end; the web app must be built (--build runs `npm run build` first).
 * --save writes each run's full Lighthouse report (JSON) to that directory, to see where the time
 * goes. --pages measures only the pages named (landing, sign-in, dashboard, call-logs), in that
 * order. WEB_DIST_DIR (the server's own setting) serves another build, to measure two builds
 * back to back against the same data; --against serves another build on a second server and
 * audits the two in turn, run by run, so that the machine's drift over minutes (seen: one series
 * twice as slow as the next) moves both alike. CHROMIUM_PATH overrides /usr/bin/chromium. Lighthouse is CPU-bound: on a shared machine the
 * scores come out lower than on an idle one; the machine's load is printed with them.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { firstAgentId, settle, signIn, startServer } from './lib/app-server';
import { CHROMIUM_FLAGS, chromePath } from './lib/browser';
import { loadAverage } from './lib/stats';

const root = path.resolve(import.meta.dirname, '..');

type Page = { name: string; key: string; path: string; signedIn: boolean };
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
      | { items: { resourceType: string; transferSize: number }[] }
      | undefined
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
      port: { type: 'string' },
      pages: { type: 'string' },
      against: { type: 'string' },
    },
  });
  const only = values.pages?.split(',').map((name) => name.trim());
  const runs = Math.max(1, Number(values.runs));
  if (values.build) execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  const server = values.url
    ? undefined
    : await startServer(values.port ? Number(values.port) : undefined);
  const other = values.against
    ? await startServer(undefined, { WEB_DIST_DIR: values.against })
    : undefined;
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ['--headless', ...CHROMIUM_FLAGS],
  });
  try {
    /** Each build under test: this one, and the one --against names, audited in turn. */
    const builds = await Promise.all(
      [
        { label: '', baseUrl: values.url ?? server!.baseUrl },
        ...(other ? [{ label: ` against ${values.against}`, baseUrl: other.baseUrl }] : []),
      ].map(async ({ label, baseUrl }) => {
        const cookie = await signIn(baseUrl);
        const agentId = await firstAgentId(baseUrl, cookie);
        const pages: Page[] = [
          { name: 'landing', key: 'landing', path: '/', signedIn: false },
          { name: 'sign-in', key: 'sign-in', path: '/login', signedIn: false },
          { name: 'dashboard', key: 'dashboard', path: '/dashboard', signedIn: true },
          {
            name: 'call logs',
            key: 'call-logs',
            path: `/agent/${agentId}/call-logs`,
            signedIn: true,
          },
        ].filter((page) => !only || only.includes(page.key));
        if (pages.length === 0) throw new Error(`--pages names none of the pages: ${values.pages}`);
        await settle(
          baseUrl,
          cookie,
          pages.map((page) => page.path),
        );
        return { label, baseUrl, cookie, agentId, pages };
      }),
    );
    const results: { page: Page; label: string; agentId: string; runs: Run[] }[] = [];
    for (const [index] of builds[0]!.pages.entries()) {
      const byBuild = builds.map((build) => ({
        page: build.pages[index]!,
        label: build.label,
        agentId: build.agentId,
        runs: [] as Run[],
      }));
      for (let i = 0; i < runs; i += 1) {
        // With --against, the two builds' runs alternate: the machine's drift moves both alike.
        for (const [at, build] of builds.entries()) {
          const { page, runs: pageRuns } = byBuild[at]!;
          const run = await auditWithRetry(
            `${build.baseUrl}${page.path}`,
            chrome.port,
            page.signedIn ? build.cookie : undefined,
            values.save,
          );
          console.log(
            `${page.name}${build.label} run ${i + 1}: score ${run.score}, LCP ${(run.lcp / 1000).toFixed(1)} s, ` +
              `TBT ${run.tbt.toFixed(0)} ms, ${run.transferKb.toFixed(0)} KB (JS ${run.scriptKb.toFixed(0)} KB), ` +
              `load ${loadAverage()}`,
          );
          pageRuns.push(run);
        }
      }
      results.push(...byBuild);
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
    for (const { page, label, agentId, runs: pageRuns } of results) {
      // The median run by score (with two runs, the lower), every figure from that same run.
      const run = medianRun(pageRuns);
      console.log(
        `| ${page.name} (\`${page.path.replace(agentId, ':id')}\`)${label} | ${run.score} | ` +
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
    await other?.stop();
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
