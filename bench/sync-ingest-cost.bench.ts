/**
 * Where the first sync's database time goes in PGlite (issue 36 target 5, decision 094): the
 * sandbox's 6,000 demo calls as the platform lists them, written with `ingestCalls` (what the
 * sync runs) into a fresh PGlite data directory loaded from the build's template
 * (`npm run build` first), once per variant, the variants alternating in one process. A
 * variant changes the migrated schema or the start parameters before the calls are written
 * (dropping an index or disabling the triggers loses a feature: those variants only say what
 * it costs). Prints the CPU of the writes (the process's, and the main thread's alone, PGlite's own). Not part of `npm test`.
 *
 *   npm run bench:sync-ingest-cost -- [--rounds 2] [--variants base,nogin,...] [--page-size 100]
 *                                     [--calls 6000] [--functions]
 *
 * --page-size sets the calls per statement of every variant that does not name its own (1: a
 * webhook's report, one call a statement; issue 36 target 7); --calls writes only the newest n.
 * --functions has the database time its own functions (`track_functions = all`) and prints,
 * after each variant, every function the writes ran (the calls' change trigger and what it
 * calls): its calls, and its time a statement in all and without the functions it called. The
 * database's own clock, so the triggers' parts need no variant taken away to be seen.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { PGLITE_START_PARAMS, type Db } from '../apps/server/src/db/client';
import * as schema from '../apps/server/src/db/schema';
import { ingestCalls } from '../apps/server/src/modules/call-ingest/call-ingest.service';
import { toCallRecord, type CallRecord } from '../apps/server/src/platform/call-record';
import { CALL_PARTS } from './lib/call-parts';
import { cpuSeconds, listDemoCalls, mainThreadCpuSeconds } from './lib/demo-calls';
import { loadAverage } from './lib/stats';

const root = path.resolve(import.meta.dirname, '..');
const template = path.join(root, 'apps/server/dist/pglite-template.tar.gz');
if (!fs.existsSync(template)) {
  console.error('No PGlite template: run `npm run build` first.');
  process.exit(1);
}

type Variant = { sql?: string; params?: string[]; pageSize?: number };
const VARIANTS: Record<string, Variant> = {
  base: {},
  nogin: { sql: CALL_PARTS.searchIndex.join(';') },
  noidx: { sql: [...CALL_PARTS.searchIndex, ...CALL_PARTS.otherIndexes].join(';') },
  notrig: { sql: 'alter table calls disable trigger user' },
  noroll: { sql: CALL_PARTS.rollups.join(';') },
  noversion: { sql: CALL_PARTS.answerVersions.join(';') },
  nochange: { sql: CALL_PARTS.changeTriggers.join(';') },
  nofpw: { params: ['-c', 'full_page_writes=off'] },
  nosync: { params: ['-c', 'synchronous_commit=off'] },
  notsv: { sql: 'alter table calls drop column transcript_search cascade' },
  wal: { params: ['-c', 'full_page_writes=off', '-c', 'synchronous_commit=off'] },
  nozero: { params: ['-c', 'wal_init_zero=off'] },
  walmin: { params: ['-c', 'wal_level=minimal', '-c', 'max_wal_senders=0'] },
  external: { sql: 'alter table calls alter column payload set storage external' },
  /** The update event's firing, which a statement storing new calls pays with no rows. */
  noupd: { sql: 'drop trigger calls_change_update on calls' },
  page500: { pageSize: 500 },
  page1000: { pageSize: 1000 },
};

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '2' },
    variants: { type: 'string', default: Object.keys(VARIANTS).join(',') },
    'page-size': { type: 'string', default: '100' },
    calls: { type: 'string' },
    functions: { type: 'boolean', default: false },
  },
});
const defaultPageSize = Number(values['page-size']);
const rounds = Number(values.rounds);
const chosen = values.variants.split(',');
for (const [option, value] of Object.entries({
  '--page-size': defaultPageSize,
  '--rounds': rounds,
  '--calls': Number(values.calls ?? 1),
})) {
  if (!Number.isInteger(value) || value < 1) {
    console.error(`${option} takes a whole number of at least 1`);
    process.exit(1);
  }
}

const listed = (await listDemoCalls<{ createdAt: string }>()).slice(
  0,
  values.calls === undefined ? undefined : Number(values.calls),
);
console.log(`${listed.length} calls (load ${loadAverage()})`);

async function measure(name: string, variant: Variant) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'switchboard-sync-ingest-'));
  const client = await PGlite.create(dataDir, {
    startParams: [
      ...PGLITE_START_PARAMS,
      ...(variant.params ?? []),
      ...(values.functions ? ['-c', 'track_functions=all'] : []),
    ],
    loadDataDir: new Blob([fs.readFileSync(template)]),
  });
  try {
    if (variant.sql) await client.exec(variant.sql);
    const db = drizzle({ client, schema, casing: 'snake_case' }) as unknown as Db;
    const pageSize = variant.pageSize ?? defaultPageSize;
    // Records are made per page inside the measure, as the sync does.
    const started = cpuSeconds();
    const mainStarted = mainThreadCpuSeconds();
    let written = 0;
    for (let at = 0; at < listed.length; at += pageSize) {
      const records: CallRecord[] = listed
        .slice(at, at + pageSize)
        .map((call) => toCallRecord(call));
      written += await ingestCalls(db, records);
    }
    const cpu = cpuSeconds() - started;
    const main = mainThreadCpuSeconds() - mainStarted;
    console.log(
      `${name.padEnd(9)} ${written} written, ${pageSize} a statement: CPU ${cpu.toFixed(2)} s, ` +
        `${((cpu * 1000) / listed.length).toFixed(2)} ms a call; main thread ` +
        `${((main * 1000) / listed.length).toFixed(2)} ms a call (load ${loadAverage()})`,
    );
    if (values.functions) await printFunctionTimes(client, Math.ceil(listed.length / pageSize));
  } finally {
    await client.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * The database's own figures for its functions since it started (the writes were all it ran
 * besides the variant's change): calls, and ms a statement in all and in the function itself.
 */
async function printFunctionTimes(client: PGlite, statements: number) {
  // A backend's function counts reach the statistics views when it flushes them, which an
  // idle backend does only after a while: asked for now, they arrive with the next statement.
  await client.query('select pg_stat_force_next_flush()');
  const { rows } = await client.query<{
    funcname: string;
    calls: number;
    total_time: number;
    self_time: number;
  }>(
    `select funcname, calls::int, total_time, self_time from pg_stat_user_functions
     order by total_time desc`,
  );
  for (const row of rows) {
    console.log(
      `  ${row.funcname.padEnd(24)} ${String(row.calls).padStart(6)} calls, ` +
        `${(row.total_time / statements).toFixed(3)} ms a statement in all, ` +
        `${(row.self_time / statements).toFixed(3)} in itself`,
    );
  }
}

for (let round = 0; round < rounds; round += 1) {
  for (const name of chosen) {
    const variant = VARIANTS[name];
    if (!variant) throw new Error(`unknown variant ${name}`);
    await measure(name, variant);
  }
}
