/**
 * What the transcript search's words cost PGlite (issue 36 target 7): `to_tsvector` over the
 * transcripts of the sandbox's demo calls, as the generated column `calls.transcript_search`
 * computes them, in a fresh PGlite (its start parameters as the server's), in
 *
 * - the database `npm start` uses (character type `C.UTF-8`), with the `english` configuration
 *   (the column's) and with `simple` (the parser alone, no dictionary);
 * - a database whose character type is `C`, with the builtin `C.UTF-8` provider (`lower()` and
 *   `ILIKE` still right beyond ASCII), which the parser reads faster but with every non-ASCII
 *   character as a letter: the words it makes of text with typographic quotes and dashes are
 *   printed beside the timings.
 *
 * Prints the main thread's CPU a transcript (PGlite runs on it), each round alternating the
 * cases. Not part of `npm test`.
 *
 *   npm run bench:transcript-words -- [--rounds 3] [--transcripts 2000]
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { PGLITE_START_PARAMS } from '../apps/server/src/db/client';
import { listDemoCalls, mainThreadCpuSeconds } from './lib/demo-calls';
import { loadAverage } from './lib/stats';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '3' },
    transcripts: { type: 'string', default: '2000' },
  },
});
const rounds = Number(values.rounds);
const wanted = Number(values.transcripts);
if (!Number.isInteger(rounds) || rounds < 1 || !Number.isInteger(wanted) || wanted < 1) {
  console.error('--rounds and --transcripts take whole numbers of at least 1');
  process.exit(1);
}

type DemoCall = { createdAt: string; artifact?: { transcript?: string } };
const transcripts = (await listDemoCalls<DemoCall>())
  .map((call) => call.artifact?.transcript ?? '')
  .filter((text) => text !== '')
  .slice(0, wanted);
if (transcripts.length === 0) {
  console.error('The demo calls carry no transcript to measure');
  process.exit(1);
}
const averageLength = Math.round(
  transcripts.reduce((total, text) => total + text.length, 0) / transcripts.length,
);
console.log(
  `${transcripts.length} demo transcripts, ${averageLength} characters on average (load ${loadAverage()})`,
);

const SAMPLE = 'Don’t leave it — the rock—roll ÉCOLE';
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'switchboard-words-'));
try {
  const setup = await PGlite.create(dataDir, { startParams: PGLITE_START_PARAMS });
  await setup.exec(
    "CREATE DATABASE ctype_c LOCALE_PROVIDER builtin BUILTIN_LOCALE 'C.UTF-8' LC_COLLATE 'C' LC_CTYPE 'C' TEMPLATE template0",
  );
  await setup.close();

  const cases = [
    { name: 'english, as npm start', database: 'postgres', config: 'english' },
    { name: 'simple, as npm start', database: 'postgres', config: 'simple' },
    { name: 'english, ctype C', database: 'ctype_c', config: 'english' },
  ];
  const words = new Map<string, string>();
  for (let round = 1; round <= rounds; round++) {
    for (const { name, database, config } of cases) {
      const db = await PGlite.create(dataDir, { database, startParams: PGLITE_START_PARAMS });
      try {
        const statement = `select count(to_tsvector('${config}'::regconfig, t)) from unnest($1::text[]) t`;
        await db.query(statement, [transcripts.slice(0, 50)]); // planned and warmed
        const started = mainThreadCpuSeconds();
        await db.query(statement, [transcripts]);
        const ms = ((mainThreadCpuSeconds() - started) * 1000) / transcripts.length;
        console.log(
          `round ${round}: ${name.padEnd(22)} ${ms.toFixed(3)} ms a transcript (load ${loadAverage()})`,
        );
        if (!words.has(name)) {
          const [row] = (
            await db.query<{ words: string }>(
              `select to_tsvector('${config}'::regconfig, $1)::text as words`,
              [SAMPLE],
            )
          ).rows;
          words.set(name, row?.words ?? '');
        }
      } finally {
        await db.close();
      }
    }
  }
  console.log(`\nThe words of "${SAMPLE}":`);
  for (const [name, text] of words) console.log(`  ${name.padEnd(22)} ${text}`);
} finally {
  await fs.rm(dataDir, { recursive: true, force: true });
}
