import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { CallIngestService } from '../apps/server/src/modules/call-ingest/call-ingest.service';
import { toCallRecord } from '../apps/server/src/platform/call-record';

const n = Number(process.argv[2] ?? 300);
const dataDir = await fs.mkdtemp(path.join('/dev/shm', 'ingest36-pgl-'));
const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, DATABASE_URL: '', SANDBOX_CALLS: process.env.CALLS ?? '200',
  SANDBOX_SIMULATOR_INTERVAL_MS: '0', VAPI_WEBHOOK_SECRET: 'x'.repeat(32), SYNC_INTERVAL_SECONDS: '86400' });
const app = await buildApp(config);
if (process.env.PRE) await (app.database.db as any).$client.exec(process.env.PRE);
{ const t0 = process.cpuUsage(); const w0 = performance.now(); await app.callSync.runNow(); const c0 = process.cpuUsage(t0); console.log(`sync: ${((performance.now() - w0) / 1000).toFixed(1)} s wall, ${((c0.user + c0.system) / 1e6).toFixed(1)} s CPU`); }
const sample = (await app.platform.client.sdk.calls.list({ limit: 200 })) as unknown as Record<string, unknown>[];
const ingest = new CallIngestService({ db: app.database.db });
const records = Array.from({ length: n }, (_, i) => {
  const call = { ...sample[i % sample.length], id: `pgl-${i}` } as Record<string, unknown>;
  return { record: toCallRecord(call), report: { endedReason: call.endedReason, analysis: call.analysis, artifact: call.artifact } };
});
for (const { record, report } of records.slice(0, 20)) await ingest.message({ ...record, id: record.id + 'w' }, { report, assistantId: record.assistantId ?? undefined });
const t = process.cpuUsage(); const w = performance.now();
for (const { record, report } of records) await ingest.message(record, { report, assistantId: record.assistantId ?? undefined });
const c = process.cpuUsage(t);
console.log(`message(): ${((c.user + c.system) / 1000 / n).toFixed(2)} ms CPU, ${((performance.now() - w) / n).toFixed(2)} ms wall each`);
const client = (app.database.db as any).$client;
const { callRowsJson, reportMergeJson } = await import('../apps/server/src/modules/calls/calls.repository');
const mod = await import('../apps/server/src/modules/call-ingest/call-ingest.service');
for (let k = 0; k < 3; k++) {
  const { record, report } = records[k]!;
  const vals = [callRowsJson([{ ...record, id: record.id + 'x' }]), reportMergeJson(report), true, record.assistantId, null];
  const res = await client.query('explain (analyze, timing on) ' + (mod as any).INGEST_STATEMENT, vals);
  if (k === 2 && process.env.PLAN) console.log(res.rows.map((r: any) => r['QUERY PLAN']).join('\n'));
}
{
  await client.query(`prepare sbp(jsonb, jsonb, boolean, text, text) as ${(mod as any).INGEST_STATEMENT}`);
  const lit = (v: unknown) => v === null || v === undefined ? 'null' : typeof v === 'boolean' ? String(v) : `'${String(v).replaceAll("'", "''")}'`;
  const texts = (sfx: string) => records.map(({ record, report }) => `execute sbp(${lit(callRowsJson([{ ...record, id: record.id + sfx }]))}, ${lit(reportMergeJson(report))}, true, ${lit(record.assistantId)}, null)`);
  const t3 = process.cpuUsage();
  for (const text of texts('p')) await client.query(text);
  const c3 = process.cpuUsage(t3);
  console.log(`PREPARE/EXECUTE: ${((c3.user + c3.system) / 1000 / n).toFixed(2)} ms CPU each`);
  await client.exec(process.env.ALTER ?? 'select 1');
  const t4 = process.cpuUsage();
  for (const text of texts('q')) await client.exec(text);
  const c4 = process.cpuUsage(t4);
  console.log(`exec(EXECUTE): ${((c4.user + c4.system) / 1000 / n).toFixed(2)} ms CPU each`);
}
for (const sqlText of (process.env.EXTRA ?? '').split(';;').filter(Boolean)) {
  const t2 = process.cpuUsage();
  for (let i = 0; i < n; i++) await client.query(sqlText.replaceAll('$I', String(i)));
  const c2 = process.cpuUsage(t2);
  console.log(`${sqlText.slice(0, 80)}: ${((c2.user + c2.system) / 1000 / n).toFixed(2)} ms`);
}
await app.close();
await fs.rm(dataDir, { recursive: true, force: true });
