import { createSandbox } from './sandbox';

// `npm run measure -w apps/sandbox [-- 1000000]`: how long the demo data takes to generate, what
// it costs in memory, and how fast the API serves it. Not a test; numbers for the README.

const calls = Number(process.argv[2] ?? process.env.SANDBOX_CALLS ?? 1_000_000);
const mb = (bytes: number) => `${Math.round(bytes / 1e6)} MB`;

const before = process.memoryUsage();
let started = performance.now();
const sandbox = await createSandbox({
  privateKey: 'measure-private',
  publicKey: 'measure-public',
  totalCalls: calls,
  logLevel: 'warn',
});
const startupMs = performance.now() - started;
const after = process.memoryUsage();
const headers = { authorization: 'Bearer measure-private' };

async function timed(label: string, path: string, init?: RequestInit) {
  started = performance.now();
  const response = await fetch(`${sandbox.baseUrl}${path}`, { headers, ...init });
  const text = await response.text();
  console.log(`${label}: ${Math.round(performance.now() - started)} ms, ${mb(text.length)}`);
  return text;
}

console.log(
  `${calls} calls: generated in ${sandbox.demo.generationMs} ms, started in ${Math.round(startupMs)} ms`,
);
console.log(`memory: index ${mb(after.arrayBuffers - before.arrayBuffers)}, rss ${mb(after.rss)}`);
const page = JSON.parse(await timed('GET /call?limit=1000', '/call?limit=1000')) as {
  createdAt: string;
}[];
await timed(
  'next page (createdAtLt)',
  `/call?limit=1000&createdAtLt=${page.at(-1)?.createdAt ?? ''}`,
);
await timed('GET /v2/call sorted by cost', '/v2/call?limit=100&sortBy=cost');
await timed('POST /analytics (per day, per assistant, all calls)', '/analytics', {
  method: 'POST',
  headers: { ...headers, 'content-type': 'application/json' },
  body: JSON.stringify({
    queries: [
      {
        table: 'call',
        name: 'all',
        operations: [
          { operation: 'count', column: 'id' },
          { operation: 'sum', column: 'cost' },
        ],
        groupBy: ['assistantId'],
        timeRange: { start: sandbox.demo.windowStart.toISOString(), step: 'day' },
      },
    ],
  }),
});
await sandbox.close();
