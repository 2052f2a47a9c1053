/**
 * How big and how slow one sync page is when calls are large: the sandbox holds N web calls of
 * about 50 KB each (their overrides carry a long variable value), and GET /call answers pages of
 * several sizes through the official SDK, as the sync asks for them. Prints bytes and times per
 * page size and what the page would take on slower links. Not part of `npm test`.
 *
 *   npm run bench:sync-page -- [--calls 1000] [--kb 50]
 */
import { parseArgs } from 'node:util';
import { createSandbox } from '@switchboard/sandbox/sandbox';
import { VapiClient } from '@vapi-ai/server-sdk';

const { values } = parseArgs({
  options: { calls: { type: 'string', default: '1000' }, kb: { type: 'string', default: '50' } },
});
const total = Number(values.calls);
const kb = Number(values.kb);

const sandbox = await createSandbox({
  privateKey: 'bench-private',
  publicKey: 'bench-public',
  totalCalls: 0,
  logLevel: 'warn',
  // The web calls stay in progress for the whole run.
  simulator: { intervalMs: 0, webCallMs: 3_600_000 },
});
try {
  const assistantId = sandbox.demo.assistantIds[0]!;
  const privateHeaders = { authorization: 'Bearer bench-private' };
  const createCall = async (padding: string) => {
    const response = await fetch(`${sandbox.baseUrl}/call/web`, {
      method: 'POST',
      headers: { authorization: 'Bearer bench-public', 'content-type': 'application/json' },
      body: JSON.stringify({ assistantId, assistantOverrides: { variableValues: { padding } } }),
    });
    if (response.status !== 201) throw new Error(`POST /call/web answered ${response.status}`);
    return (await response.json()) as { id: string };
  };
  // The padding may appear more than once in a stored call: size it from two probes.
  const probe = async (length: number) => {
    const { id } = await createCall('x'.repeat(length));
    const text = await (
      await fetch(`${sandbox.baseUrl}/call/${id}`, { headers: privateHeaders })
    ).text();
    await fetch(`${sandbox.baseUrl}/call/${id}`, { method: 'DELETE', headers: privateHeaders });
    return Buffer.byteLength(text);
  };
  const small = await probe(1000);
  const perChar = ((await probe(11_000)) - small) / 10_000;
  const padding = 'x'.repeat(Math.max(0, Math.round((kb * 1000 - small) / perChar + 1000)));
  for (let n = 0; n < total; n += 1) await createCall(padding);
  const sdk = new VapiClient({ token: 'bench-private', baseUrl: sandbox.baseUrl, maxRetries: 0 });
  const mb = (bytes: number) => (bytes / 1e6).toFixed(1);
  console.log(`${total} calls of ~${kb} KB in the sandbox`);
  console.log('| page | MB | ms (loopback, SDK) | s at 100 Mbit/s | s at 10 Mbit/s |');
  console.log('| ---: | -: | -: | -: | -: |');
  for (const limit of [50, 100, 250, 500, 1000].filter((size) => size <= total)) {
    // Once to warm up, then measured.
    await sdk.calls.list({ limit });
    const started = performance.now();
    const page = await sdk.calls.list({ limit });
    const ms = performance.now() - started;
    const bytes = Buffer.byteLength(JSON.stringify(page));
    const at = (mbit: number) => ((bytes * 8) / (mbit * 1e6)).toFixed(1);
    console.log(`| ${limit} | ${mb(bytes)} | ${Math.round(ms)} | ${at(100)} | ${at(10)} |`);
  }
} finally {
  await sandbox.close();
}
