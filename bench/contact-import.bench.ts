/**
 * Contact import benchmark: a generated CSV (realistic names, Irish phone numbers in the forms
 * people type them, emails, some duplicates within the file, some existing contacts, some
 * invalid and blank rows) imported through the real pipeline — `POST /api/contacts/import`
 * (sniff, preview, store), `POST /api/contacts/imports/:id/commit` with the suggested mapping,
 * then the import job the server runs — on PostgreSQL and on PGlite, beside `\copy` of the same
 * file into a bare table (PGlite: `COPY … FROM '/dev/blob'`) as the lower limit. Not part of
 * `npm test`.
 *
 *   npm run bench:import -- [--rows 100000] [--existing 1000] [--db postgres,pglite]
 *                           [--cpu-profile <dir>] [--probe /api/agents,/api/health]
 *
 * PostgreSQL is used when BENCH_DATABASE_URL (or TEST_DATABASE_URL) is set; a scratch database
 * is created and dropped. Prints one line per measurement and a summary table.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { parseArgs } from 'node:util';
import type { PGlite } from '@electric-sql/pglite';
import { count, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import type { ContactImport, ContactImportUpload } from '@switchboard/shared/contact-imports';
import { contactImports, contacts } from '../apps/server/src/db/schema';
import {
  benchAdminUrl,
  benchTargets,
  openBenchApp,
  scratchDatabase,
  type BenchApp,
  type BenchTarget,
} from './lib/app';
import { startProfiler } from './lib/profiler';
import { fmt, loadAverage, mb, percentile } from './lib/stats';

const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: '100000' },
    existing: { type: 'string', default: '1000' },
    db: { type: 'string', default: 'postgres,pglite' },
    /** Writes a CPU profile of the import job alone (not the upload) to <dir>/<db>.cpuprofile. */
    'cpu-profile': { type: 'string' },
    /**
     * While the job runs, GET these pages (comma-separated, e.g. /api/agents,/api/health) as
     * the member, each one request at a time with --probe-every ms between them, and report how
     * long they took: whether an import holds up other pages. The import then runs twice per
     * database, alone and with the probes (each in a fresh database), and both times are shown.
     */
    probe: { type: 'string' },
    'probe-every': { type: 'string', default: '100' },
  },
});
const rowCount = Number(values.rows);
const existingCount = Number(values.existing);
const adminUrl = benchAdminUrl();
const targets = benchTargets(values.db, adminUrl);

/** A small deterministic generator (mulberry32), so every run imports the same file. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FIRST = [
  'Aoife', 'Ciara', 'Niamh', 'Siobhán', 'Sinéad', 'Orla', 'Saoirse', 'Caoimhe', 'Emma', 'Sarah',
  'Seán', 'Conor', 'Cian', 'Darragh', 'Oisín', 'Liam', 'Jack', 'James', 'Patrick', 'Michael',
  'Mary', 'Anne', 'Zoë', 'Chloé', 'Mateusz', 'Agnieszka', 'Tomás', 'Pádraig', 'Eoin', 'Róisín',
]; // prettier-ignore
const LAST = [
  'Murphy', 'Kelly', "O'Sullivan", 'Walsh', 'Smith', "O'Brien", 'Byrne', 'Ryan', "O'Connor",
  "O'Neill", 'Reilly', 'Doyle', 'McCarthy', 'Gallagher', 'Doherty', 'Kennedy', 'Lynch', 'Murray',
  'Quinn', 'Moore', 'McLoughlin', 'Carroll', 'Connolly', 'Daly', 'Nowak', 'Kowalski', 'Brennan',
]; // prettier-ignore
const COMPANIES = [
  '',
  '',
  '',
  'Acme Ltd',
  'Byrne & Sons',
  'Walsh Dental',
  'Quinn Motors',
  'Daly Bakery, Cork',
];
const NOTES = [
  '',
  '',
  '',
  '',
  'Called about a quote',
  'Prefers mornings',
  'VIP',
  'Asked for a "callback"',
];
const PREFIXES = ['83', '85', '86', '87', '89'];

/** The i-th distinct mobile: 08x + 7 digits, a bijection of i so no two rows share one by chance. */
function mobile(i: number): { digits: string; prefix: string } {
  const n = (i * 7_919 + 1_234_567) % 10_000_000;
  return { prefix: PREFIXES[i % PREFIXES.length]!, digits: String(n).padStart(7, '0') };
}

function formatPhone({ prefix, digits }: { prefix: string; digits: string }, style: number) {
  switch (style % 4) {
    case 0:
      return `0${prefix} ${digits.slice(0, 3)} ${digits.slice(3)}`;
    case 1:
      return `+353 ${prefix} ${digits.slice(0, 3)} ${digits.slice(3)}`;
    case 2:
      return `0${prefix}${digits}`;
    default:
      return `(0${prefix}) ${digits.slice(0, 3)}-${digits.slice(3)}`;
  }
}

/** An address people really have: no accents, no apostrophes. */
const emailOf = (first: string, last: string, n: number) =>
  `${first}.${last}.${n}@example.com`.normalize('NFD').replace(/[\u0300-\u036f']/g, '');

const csvCell = (value: string) =>
  /[",\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;

type FileFacts = {
  rows: number;
  duplicates: number;
  invalid: number;
  blank: number;
  bytes: number;
};

/**
 * Writes the CSV: per 1,000 rows about 20 repeat an earlier person (same phone in another
 * form, or same email in other case, filling a blank), 15 are invalid (a short phone, a broken
 * email, neither), 2 are blank; the first `existing` distinct people are also stored as
 * contacts beforehand (the import merges into them).
 */
async function writeCsv(file: string, rows: number): Promise<FileFacts> {
  const next = random(42);
  const out = createWriteStream(file);
  const facts: FileFacts = { rows, duplicates: 0, invalid: 0, blank: 0, bytes: 0 };
  let chunk = 'Name,Phone,Email,Company,Notes\n';
  let people = 0;
  for (let line = 0; line < rows; line++) {
    const roll = next();
    let record: string[];
    if (roll < 0.002) {
      facts.blank += 1;
      record = ['', '', '', '', ''];
    } else if (roll < 0.017) {
      facts.invalid += 1;
      const name = `${FIRST[line % FIRST.length]} ${LAST[line % LAST.length]}`;
      const kind = Math.floor(next() * 3);
      record =
        kind === 0
          ? [name, String(1000 + line), '', '', '']
          : kind === 1
            ? [name, '', `${name.replace(/\W/g, '')}@`, '', '']
            : [name, '', '', 'No contact details', ''];
    } else if (roll < 0.037 && people > 0) {
      facts.duplicates += 1;
      const earlier = Math.floor(next() * people);
      const first = FIRST[earlier % FIRST.length]!;
      const last = LAST[(earlier * 7) % LAST.length]!;
      record =
        next() < 0.5
          ? [
              `${first} ${last}`,
              formatPhone(mobile(earlier), earlier + 1),
              '',
              '',
              'Second enquiry',
            ]
          : [
              '',
              '',
              emailOf(first, last, earlier).replace('example.com', 'Example.COM'),
              COMPANIES[(earlier + 3) % COMPANIES.length]!,
              '',
            ];
    } else {
      const i = people++;
      const first = FIRST[i % FIRST.length]!;
      const last = LAST[(i * 7) % LAST.length]!;
      const hasEmail = next() < 0.8;
      record = [
        `${first} ${last}`,
        formatPhone(mobile(i), i),
        hasEmail ? emailOf(first, last, i) : '',
        COMPANIES[i % COMPANIES.length]!,
        NOTES[i % NOTES.length]!,
      ];
    }
    chunk += `${record.map(csvCell).join(',')}\n`;
    if (chunk.length > 1 << 16) {
      facts.bytes += Buffer.byteLength(chunk);
      if (!out.write(chunk))
        await new Promise<void>((resolve) => out.once('drain', () => resolve()));
      chunk = '';
    }
  }
  facts.bytes += Buffer.byteLength(chunk);
  out.end(chunk);
  await new Promise<void>((resolve, reject) =>
    out.on('finish', () => resolve()).on('error', reject),
  );
  return facts;
}

/** The first `n` people of the file as contacts the business already has (some blanks). */
async function insertExisting(bench: BenchApp, businessId: string, n: number) {
  for (let start = 0; start < n; start += 1000) {
    const batch = [];
    for (let i = start; i < Math.min(n, start + 1000); i++) {
      const { prefix, digits } = mobile(i);
      batch.push({
        businessId,
        name: i % 2 === 0 ? '' : `Known ${i}`,
        phone: `+353${prefix}${digits}`,
        source: 'manual',
      });
    }
    await bench.db.insert(contacts).values(batch);
  }
}

/** Highest RSS seen while `work` runs, sampled every 10 ms, less the RSS before. */
async function measure<T>(
  work: () => Promise<T>,
): Promise<{ result: T; ms: number; rssGrowthMb: number }> {
  global.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 10);
  const started = performance.now();
  try {
    const result = await work();
    peak = Math.max(peak, process.memoryUsage().rss);
    return { result, ms: performance.now() - started, rssGrowthMb: (peak - before) / 1024 / 1024 };
  } finally {
    clearInterval(timer);
  }
}

type ProbeResult = {
  db: string;
  url: string;
  requests: number;
  p50: number;
  p95: number;
  max: number;
  load: string;
};
const probeResults: ProbeResult[] = [];
/** The import job's seconds per database: alone, and with the probes running. */
const jobSeconds: { db: string; probed: boolean; seconds: number; load: string }[] = [];

/** GETs `url` as the member until stopped, one at a time; logs how long they took. */
function probePage(bench: BenchApp, url: string) {
  const samples: number[] = [];
  let running = true;
  const every = Number(values['probe-every']);
  const began = performance.now();
  /** When the longest wait began, in seconds after the probes started. */
  let longestAt = 0;
  const loop = (async () => {
    while (running) {
      const started = performance.now();
      const res = await bench.app.inject({ method: 'GET', url, headers: bench.headers });
      if (res.statusCode !== 200) throw new Error(`probe ${url}: ${res.statusCode} ${res.body}`);
      const ms = performance.now() - started;
      if (ms > Math.max(0, ...samples)) longestAt = (started - began) / 1000;
      samples.push(ms);
      await new Promise((resolve) => setTimeout(resolve, every));
    }
  })();
  return {
    stop: async (target: string) => {
      running = false;
      await loop;
      const sorted = [...samples].sort((a, b) => a - b);
      probeResults.push({
        db: target,
        url,
        requests: samples.length,
        p50: percentile(sorted, 50),
        p95: percentile(sorted, 95),
        max: sorted.at(-1) ?? Number.NaN,
        load: loadAverage(),
      });
      console.log(
        `[${target}] GET ${url} during the import, every ${every} ms: ${samples.length} ` +
          `requests, p50 ${fmt(percentile(sorted, 50))} ms, p95 ${fmt(percentile(sorted, 95))} ms, ` +
          `max ${fmt(sorted.at(-1) ?? Number.NaN)} ms at +${longestAt.toFixed(1)} s ` +
          `(load ${loadAverage()})`,
      );
    },
  };
}

function multipart(file: Buffer, fileName: string) {
  const boundary = `----bench${randomBytes(8).toString('hex')}`;
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n` +
          'Content-Type: text/csv\r\n\r\n',
      ),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

type Row = {
  db: string;
  path: string;
  rows: number;
  seconds: number;
  rssGrowthMb: number | null;
};
const results: Row[] = [];

function record(row: Row) {
  results.push(row);
  console.log(
    `[${row.db}] ${row.path}: ${row.rows} rows in ${row.seconds.toFixed(2)} s` +
      (row.rssGrowthMb === null ? '' : `, RSS +${row.rssGrowthMb.toFixed(0)} MB`) +
      ` (RSS ${mb()} MB, load ${loadAverage()})`,
  );
}

const execFileAsync = promisify(execFile);
const BARE_TABLE =
  'create table bare_contacts (name text, phone text, email text, company text, notes text)';

/** psql's `\copy` of the file into a bare table of a scratch database: the lower limit. */
async function copyPostgres(file: string) {
  const scratch = await scratchDatabase(adminUrl!);
  try {
    const client = new pg.Client({ connectionString: scratch.url });
    await client.connect();
    await client.query(BARE_TABLE);
    await client.end();
    const started = performance.now();
    await execFileAsync('psql', [
      scratch.url,
      '-v',
      'ON_ERROR_STOP=1',
      '-c',
      `\\copy bare_contacts from '${file}' with (format csv, header true)`,
    ]);
    record({
      db: 'postgres',
      path: '\\copy into a bare table',
      rows: rowCount,
      seconds: (performance.now() - started) / 1000,
      rssGrowthMb: null,
    });
  } finally {
    await scratch.drop();
  }
}

/** PGlite's COPY from a blob into a bare table, in the bench app's database. */
async function copyPglite(bench: BenchApp, file: string) {
  const client = (bench.db as unknown as { $client: PGlite }).$client;
  await client.exec(BARE_TABLE);
  const blob = new Blob([await fs.readFile(file)]);
  const { ms, rssGrowthMb } = await measure(() =>
    client.query(`copy bare_contacts from '/dev/blob' with (format csv, header true)`, [], {
      blob,
    }),
  );
  record({
    db: 'pglite',
    path: "COPY from '/dev/blob' into a bare table",
    rows: rowCount,
    seconds: ms / 1000,
    rssGrowthMb,
  });
}

async function benchTarget(target: BenchTarget, file: string, facts: FileFacts, probes: string[]) {
  const fileMb = Math.ceil(facts.bytes / 1024 / 1024) + 1;
  const bench = await openBenchApp({
    target,
    adminUrl,
    agentIds: ['bench-agent-01'],
    timeZone: 'Europe/Dublin',
    env: { IMPORT_MAX_FILE_MB: String(Math.max(25, fileMb)) },
  });
  try {
    const business = { id: bench.businessId };
    await insertExisting(bench, business.id, existingCount);

    const inject = async (method: 'POST' | 'GET', url: string, body?: object) => {
      const res = await bench.app.inject({
        method,
        url,
        headers: bench.headers,
        ...(body === undefined ? {} : { payload: body }),
      });
      if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
      return res.json<unknown>();
    };

    const { ms, rssGrowthMb, result } = await measure(async () => {
      const { payload, contentType } = multipart(await fs.readFile(file), 'contacts.csv');
      const uploadStarted = performance.now();
      const res = await bench.app.inject({
        method: 'POST',
        url: '/api/contacts/import',
        headers: { ...bench.headers, 'content-type': contentType },
        payload,
      });
      if (res.statusCode !== 201) throw new Error(`upload: ${res.statusCode} ${res.body}`);
      const upload = res.json<ContactImportUpload>();
      const uploadMs = performance.now() - uploadStarted;
      await inject('POST', `/api/contacts/imports/${upload.import.id}/commit`, {
        mapping: upload.preview.suggestedMapping,
      });
      const profiler =
        values['cpu-profile'] === undefined ? undefined : await startProfiler('the job');
      const jobCpu = process.cpuUsage();
      const jobStarted = performance.now();
      const probing = probes.map((url) => probePage(bench, url));
      let jobMs: number;
      try {
        if (!(await bench.app.contactImportJob.runImport(upload.import.id)))
          throw new Error('the import was not queued');
      } finally {
        jobMs = performance.now() - jobStarted;
        for (const probe of probing) await probe.stop(target);
      }
      jobSeconds.push({
        db: target,
        probed: probes.length > 0,
        seconds: jobMs / 1000,
        load: loadAverage(),
      });
      const { user, system } = process.cpuUsage(jobCpu);
      const jobCpuMs = (user + system) / 1000;
      if (profiler) await profiler.stop(path.join(values['cpu-profile']!, `${target}.cpuprofile`));
      const done = (await inject(
        'GET',
        `/api/contacts/imports/${upload.import.id}`,
      )) as ContactImport;
      return { done, uploadMs, jobMs, jobCpuMs };
    });
    const { done, uploadMs, jobMs, jobCpuMs } = result;
    if (done.status !== 'completed') throw new Error(`import ${done.status}: ${done.error}`);
    const [stored] = await bench.db
      .select({ n: count() })
      .from(contacts)
      .where(eq(contacts.businessId, business.id));
    console.log(
      `[${target}] counts: processed ${done.processedRows}, created ${done.createdCount}, ` +
        `updated ${done.updatedCount}, skipped ${done.skippedCount}, failed ${done.failedCount}; ` +
        `contacts stored ${stored?.n}; upload+preview ${(uploadMs / 1000).toFixed(2)} s, ` +
        `job ${(jobMs / 1000).toFixed(2)} s (CPU of this process ${(jobCpuMs / 1000).toFixed(2)} s)`,
    );
    const expectedStored = existingCount + done.createdCount;
    if (Number(stored?.n) !== expectedStored || done.processedRows !== facts.rows)
      throw new Error(`counts do not add up: ${stored?.n} stored, expected ${expectedStored}`);
    record({
      db: target,
      path: 'import (upload, preview, commit, job)',
      rows: facts.rows,
      seconds: ms / 1000,
      rssGrowthMb,
    });
    const [left] = await bench.db
      .select({ file: sql<number>`coalesce(length(${contactImports.file}), 0)` })
      .from(contactImports);
    if (Number(left?.file) !== 0) throw new Error('the stored upload was not dropped');

    if (target === 'pglite') await copyPglite(bench, file);
  } finally {
    await bench.close();
  }
  if (target === 'postgres') await copyPostgres(file);
}

const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'switchboard-import-bench-'));
try {
  const file = path.join(dir, 'contacts.csv');
  const genStarted = performance.now();
  const facts = await writeCsv(file, rowCount);
  console.log(
    `CSV: ${facts.rows} rows, ${(facts.bytes / 1024 / 1024).toFixed(1)} MB, ${facts.duplicates} ` +
      `repeat an earlier person, ${facts.invalid} invalid, ${facts.blank} blank; ` +
      `${existingCount} people already stored; written in ` +
      `${((performance.now() - genStarted) / 1000).toFixed(1)} s`,
  );
  const probes = values.probe?.split(',').filter((url) => url !== '') ?? [];
  for (const target of targets) {
    // With probes: the import alone first, then again in a fresh database with the probes.
    if (probes.length > 0) await benchTarget(target, file, facts, []);
    await benchTarget(target, file, facts, probes);
  }
} finally {
  await fs.rm(dir, { recursive: true, force: true });
}

console.log('\n| database | path | rows | seconds | rows/s | RSS growth MB |');
console.log('|---|---|---:|---:|---:|---:|');
for (const r of results) {
  console.log(
    `| ${r.db} | ${r.path} | ${r.rows} | ${r.seconds.toFixed(2)} | ${Math.round(r.rows / r.seconds)} | ${r.rssGrowthMb === null ? '–' : r.rssGrowthMb.toFixed(0)} |`,
  );
}
for (const db of ['postgres', 'pglite']) {
  const imported = results.find((r) => r.db === db && r.path.startsWith('import'));
  const copied = results.find((r) => r.db === db && !r.path.startsWith('import'));
  if (imported && copied)
    console.log(`${db}: import ÷ copy = ${(imported.seconds / copied.seconds).toFixed(1)}×`);
}

if (probeResults.length > 0) {
  console.log(
    '\n| database | page during the import | requests | p50 ms | p95 ms | max ms | load |',
  );
  console.log('|---|---|---:|---:|---:|---:|---:|');
  for (const p of probeResults)
    console.log(
      `| ${p.db} | GET ${p.url} | ${p.requests} | ${fmt(p.p50)} | ${fmt(p.p95)} | ${fmt(p.max)} | ${p.load} |`,
    );
  console.log('\n| database | job s alone | job s with probes | with ÷ alone |');
  console.log('|---|---:|---:|---:|');
  for (const db of ['postgres', 'pglite']) {
    const alone = jobSeconds.find((j) => j.db === db && !j.probed);
    const probed = jobSeconds.find((j) => j.db === db && j.probed);
    if (alone && probed)
      console.log(
        `| ${db} | ${alone.seconds.toFixed(2)} (load ${alone.load}) | ${probed.seconds.toFixed(2)} (load ${probed.load}) | ${(probed.seconds / alone.seconds).toFixed(2)}× |`,
      );
  }
}
