/**
 * What PostgreSQL's compression of a call's payload costs in PGlite (decision 092): the sandbox's
 * 6,000 demo calls as the platform lists them, inserted in statements of 100 as the sync writes
 * them (`jsonb_to_recordset`, the transcript's tsvector generated) into a fresh PGlite data
 * directory, with the payload's storage `extended` (pglz, PostgreSQL's default) and `external`
 * (out of line, uncompressed), alternating in one process. Prints the CPU of the inserts and of
 * two reads, and the table's size. Not part of `npm test`.
 *
 *   npm run bench:payload-storage -- [--rounds 3]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { cpuSeconds, listDemoCalls } from './lib/demo-calls';
import { loadAverage } from './lib/stats';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '3' } } });
const rounds = Number(values.rounds);

type Listed = { id: string; createdAt: string };
const listed = await listDemoCalls<Listed>();
const statements: string[] = [];
for (let at = 0; at < listed.length; at += 100) {
  const rows = listed.slice(at, at + 100).map((call) => ({ id: call.id, payload: call }));
  statements.push(JSON.stringify(rows));
}
const megabytes = statements.reduce((sum, text) => sum + text.length, 0) / 1e6;
console.log(`${listed.length} calls, ${megabytes.toFixed(1)} MB of JSON (load ${loadAverage()})`);

async function measure(storage: 'extended' | 'external') {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'switchboard-payload-storage-'));
  const db = await PGlite.create(dataDir);
  try {
    await db.exec(`create table calls (id text primary key, payload jsonb not null,
      transcript_search tsvector generated always as
        (to_tsvector('english'::regconfig, coalesce(payload->'artifact'->>'transcript', ''))) stored);
      alter table calls alter column payload set storage ${storage};`);
    let started = cpuSeconds();
    for (const rows of statements) {
      await db.query(
        `insert into calls (id, payload) select id, payload
          from jsonb_to_recordset($1::jsonb) as r(id text, payload jsonb)
          on conflict (id) do update set payload = excluded.payload`,
        [rows],
      );
    }
    const insert = cpuSeconds() - started;
    started = cpuSeconds();
    await db.query(`select sum(length(payload::text)) from calls`);
    const readWhole = cpuSeconds() - started;
    started = cpuSeconds();
    await db.query(`select count(*) from calls where payload->>'status' = 'ended'`);
    const readField = cpuSeconds() - started;
    const [size] = (
      await db.query<{ bytes: string }>(`select pg_total_relation_size('calls')::text as bytes`)
    ).rows;
    console.log(
      `${storage.padEnd(8)}  insert CPU ${insert.toFixed(2)} s, whole payloads read ${readWhole.toFixed(2)} s, ` +
        `one field of each ${readField.toFixed(2)} s, table ${(Number(size!.bytes) / 1e6).toFixed(1)} MB (load ${loadAverage()})`,
    );
  } finally {
    await db.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

for (let round = 0; round < rounds; round += 1) {
  await measure('extended');
  await measure('external');
}
