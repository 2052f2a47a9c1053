/**
 * Reading a large contact CSV from disk: how long 200,000 lines take and how much heap the
 * reader retains while it streams them. It was a unit test (37 s of a busy worker, its heap
 * figure read while other files shared the worker); the unit test now reads a few thousand
 * lines across many chunks, and the volume, time and memory are measured here (issue 31).
 *
 *   npm run bench:csv-stream -- --lines 200000
 *
 * The file is ~15 MB and its rows as strings ~50 MB; a reader that held either would retain
 * far more than the 8 MB bound, so the script exits non-zero above it.
 */
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import type { ParsedRow } from '../apps/server/src/modules/contacts/import/csv';
import { openContactFile } from '../apps/server/src/modules/contacts/import/parse-file';

const { values } = parseArgs({ options: { lines: { type: 'string', default: '200000' } } });
const total = Number(values.lines);
const RETAINED_BOUND = 8 * 1024 * 1024;

const gc = globalThis.gc;
if (!gc) {
  console.error('Run with --expose-gc (npm run bench:csv-stream does).');
  process.exit(2);
}

const dir = await mkdtemp(join(tmpdir(), 'csv-stream-bench-'));
try {
  const path = join(dir, 'large.csv');
  async function* lines() {
    yield 'Name;Phone;Email;Notes\n';
    for (let i = 0; i < total; i += 1000) {
      let block = '';
      for (let j = i; j < Math.min(i + 1000, total); j++)
        block += `Person ${j};+3538${String(10_000_000 + j)};p${j}@example.ie;"note; ${j}"\n`;
      yield block;
    }
  }
  await pipeline(Readable.from(lines()), createWriteStream(path));

  // A collected heap, so the figure is what is retained rather than garbage not yet swept.
  gc();
  const heapBefore = process.memoryUsage().heapUsed;
  const started = performance.now();
  const file = await openContactFile({ path });
  let count = 0;
  let peak = 0;
  let last: ParsedRow | undefined;
  for await (const row of file.rows) {
    count++;
    last = row;
    if (count % 50_000 === 0) {
      gc();
      peak = Math.max(peak, process.memoryUsage().heapUsed - heapBefore);
    }
  }
  const seconds = (performance.now() - started) / 1000;
  const expectedLast = `Person ${total - 1}`;
  const ok = count === total + 1 && last?.cells[0] === expectedLast && peak < RETAINED_BOUND;
  console.table([
    {
      lines: total,
      rows: count,
      seconds: Number(seconds.toFixed(2)),
      'rows/s': Math.round(count / seconds),
      'peak retained MB': Number((peak / 1024 / 1024).toFixed(1)),
      'bound MB': RETAINED_BOUND / 1024 / 1024,
    },
  ]);
  if (!ok) {
    console.error(`Failed: ${count} rows (expected ${total + 1}), last ${last?.cells[0]}`);
    process.exitCode = 1;
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}
