/**
 * The main thread's long tasks on a first load (issue 36 target 6), in a measure that the
 * machine's load hardly moves: each task's CPU time on the renderer's main thread (the trace's
 * thread time), the page loaded at Lighthouse's phone size in Debian's Chromium, unthrottled.
 * "TBT×4" sums max(0, 4 × task − 50 ms) over the tasks, as Lighthouse's 4× CPU slowdown would
 * count them into its Total Blocking Time. Not part of `npm test`.
 *
 *   npm run build && npm run bench:main-thread -- [--runs 5] [--port 4190]
 *     [--pages landing,sign-in,dashboard,call-logs] [--against <dist>]
 *
 * `WEB_DIST_DIR=<another build's apps/web/dist>` serves another build on the same server code.
 * `--against <another build's apps/web/dist>` compares two builds load by load: a second server
 * serves that build, and each run loads the page from it and from this build in turn, so that a
 * machine whose speed drifts over minutes moves both alike (it does: a series of five loads took
 * twice as long as the next on one machine). Each page's lines also give the main thread's CPU by
 * trace event (script evaluation, style, layout…), ms a load, and the Intl objects the page
 * made while it loaded: the first one starts the browser's ICU, tens of milliseconds of one
 * task (decision 105).
 */
import { parseArgs } from 'node:util';
import type { Browser } from 'playwright-core';
import { firstAgentId, settle, signIn, startServer } from './lib/app-server';
import { launchBrowser } from './lib/browser';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    port: { type: 'string' },
    pages: { type: 'string', default: 'dashboard,call-logs' },
    against: { type: 'string' },
  },
});
const runs = Number(values.runs);

type TraceEvent = {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string; data?: { frame?: string } };
};

type Load = {
  /** The CPU ms of each top-level task on the page's main thread longer than 12.5 ms. */
  tasks: number[];
  /** CPU ms by trace event name (nested events count in their parents' too). */
  byEvent: Map<string, number>;
  /** Each Intl object the page made, and how long the first took to make. */
  intl: { kinds: string[]; firstMs: number | undefined };
};

/**
 * Counts the Intl objects a page makes (a plain script, added before the page's own: the
 * bench's TypeScript is compiled with helpers a page does not have).
 */
const COUNT_INTL = `
  window.__intlMade = [];
  ['NumberFormat', 'DateTimeFormat', 'PluralRules', 'Collator', 'RelativeTimeFormat',
   'ListFormat', 'Segmenter', 'DisplayNames'].forEach(function (kind) {
    var Made = Intl[kind];
    if (!Made) return;
    var Counted = function () {
      var started = performance.now();
      var made = new (Function.prototype.bind.apply(Made, [null].concat([].slice.call(arguments))))();
      window.__intlMade.push([kind, performance.now() - started]);
      return made;
    };
    Counted.prototype = Made.prototype;
    Counted.supportedLocalesOf = Made.supportedLocalesOf;
    Intl[kind] = Counted;
  });
`;

/** Loads `url` once in a new context (nothing cached), signed in when `cookie` is given. */
async function firstLoad(browser: Browser, url: string, cookie: string | undefined): Promise<Load> {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  });
  const { origin } = new URL(url);
  if (cookie) {
    await context.addCookies(
      cookie.split('; ').map((pair) => {
        const [name, ...rest] = pair.split('=');
        return { name: name!, value: rest.join('='), url: origin };
      }),
    );
  }
  await context.addInitScript({ content: COUNT_INTL });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', ({ value }) =>
    events.push(...(value as unknown as TraceEvent[])),
  );
  const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
  await cdp.send('Tracing.start', {
    traceConfig: {
      includedCategories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'],
    },
    transferMode: 'ReportEvents',
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.waitForTimeout(1500);
  // A string, evaluated in the page: the bench is type-checked for Node, which has no window.
  const made = await page.evaluate<[string, number][]>('window.__intlMade');
  await cdp.send('Tracing.end');
  await done;
  await context.close();
  // The page's renderer: of the renderers' main threads, the one that ran the most.
  const mains = events.filter(
    (event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain',
  );
  const busy = (thread: TraceEvent) =>
    events
      .filter(
        (event) => event.name === 'RunTask' && event.pid === thread.pid && event.tid === thread.tid,
      )
      .reduce((sum, event) => sum + (event.dur ?? 0), 0);
  const main = mains.sort((a, b) => busy(b) - busy(a))[0];
  if (!main) throw new Error('No renderer main thread in the trace.');
  const onMain = events.filter(
    (event) => event.ph === 'X' && event.pid === main.pid && event.tid === main.tid,
  );
  const cpuMs = (event: TraceEvent) => (event.tdur ?? event.dur ?? 0) / 1000;
  const byEvent = new Map<string, number>();
  for (const event of onMain) {
    if (event.name !== 'RunTask')
      byEvent.set(event.name, (byEvent.get(event.name) ?? 0) + cpuMs(event));
  }
  const tasks = onMain
    .filter((event) => event.name === 'RunTask')
    .map(cpuMs)
    .filter((ms) => ms > 12.5);
  return { tasks, byEvent, intl: { kinds: made.map(([kind]) => kind), firstMs: made[0]?.[1] } };
}

const tbt4 = (tasks: number[]) => tasks.reduce((sum, ms) => sum + Math.max(0, 4 * ms - 50), 0);

const server = await startServer(values.port ? Number(values.port) : undefined);
const other = values.against
  ? await startServer(undefined, { WEB_DIST_DIR: values.against })
  : undefined;
const browser = await launchBrowser();
try {
  /** Each build under test: this one, and the one given with --against. */
  const builds = [{ name: 'this build', server }];
  if (other) builds.push({ name: `against ${values.against}`, server: other });
  const sessions = await Promise.all(
    builds.map(async ({ server: { baseUrl } }) => {
      const cookie = await signIn(baseUrl);
      return { baseUrl, cookie, agentId: await firstAgentId(baseUrl, cookie) };
    }),
  );
  const pagesOf = (agentId: string) =>
    [
      { key: 'landing', path: '/', signedIn: false },
      { key: 'sign-in', path: '/login', signedIn: false },
      { key: 'dashboard', path: '/dashboard', signedIn: true },
      { key: 'call-logs', path: `/agent/${agentId}/call-logs`, signedIn: true },
    ].filter((page) => values.pages.split(',').includes(page.key));
  for (const session of sessions) {
    await settle(
      session.baseUrl,
      session.cookie,
      pagesOf(session.agentId).map((page) => page.path),
    );
  }
  const rows: string[] = [];
  for (const key of values.pages.split(',')) {
    const results = builds.map(() => ({
      totals: [] as number[],
      byEvent: new Map<string, number>(),
    }));
    for (let run = 0; run < runs; run++) {
      for (const [index, session] of sessions.entries()) {
        const page = pagesOf(session.agentId).find((candidate) => candidate.key === key);
        if (!page) continue;
        const load = await firstLoad(
          browser,
          `${session.baseUrl}${page.path}`,
          page.signedIn ? session.cookie : undefined,
        );
        const result = results[index]!;
        for (const [name, ms] of load.byEvent) {
          result.byEvent.set(name, (result.byEvent.get(name) ?? 0) + ms);
        }
        result.totals.push(tbt4(load.tasks));
        const { kinds, firstMs } = load.intl;
        console.log(
          `${key}${other ? ` (${builds[index]!.name})` : ''} run ${run + 1}: tasks > 12.5 ms (CPU ms) ${load.tasks.map((ms) => ms.toFixed(0)).join(', ')}; TBT×4 ${tbt4(load.tasks).toFixed(0)} ms; ` +
            `Intl objects made ${kinds.length}${firstMs === undefined ? '' : ` (the first, ${kinds[0]}, in ${firstMs.toFixed(0)} ms)`}`,
        );
      }
    }
    for (const [index, { totals, byEvent }] of results.entries()) {
      if (totals.length === 0) continue;
      const label = `${key}${other ? ` (${builds[index]!.name})` : ''}`;
      const sorted = [...totals].sort((a, b) => a - b);
      const median = sorted[Math.floor((sorted.length - 1) / 2)]!;
      console.log(`${label}: main-thread CPU by trace event, ms a load (the ten largest)`);
      console.log(
        [...byEvent]
          .sort((a, b) => b[1] - a[1])
          .slice(0, 10)
          .map(([name, ms]) => `  ${(ms / runs).toFixed(1).padStart(7)}  ${name}`)
          .join('\n'),
      );
      rows.push(
        `| ${label} | ${median.toFixed(0)} | ${totals.map((ms) => ms.toFixed(0)).join(' / ')} |`,
      );
    }
  }
  console.log('\n| page | TBT×4 median (ms) | every run |\n| --- | ---: | --- |');
  console.log(rows.join('\n'));
} finally {
  await browser.close();
  await server.stop();
  await other?.stop();
}
