import fsp from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TRADES } from './modules/auth/demo-accounts';
import {
  readyPort as readyPortOf,
  startServerProcess,
  waitFor,
  type ServerProcess,
} from './test/server-process';
import { createScratchConfig, migratedDataDir } from './test/test-app';

// Tracing (decision 046) as it runs: the real entry point in its own process, exporting to a
// small OTLP/HTTP collector in this test.

type Running = ServerProcess;

/** The built server's entry point, as `npm start` runs it; `nodeArgs` go before it. */
const spawnServer = (env: Record<string, string>, nodeArgs: string[] = []): Running =>
  startServerProcess(env, { nodeArgs });

const readyPort = (server: Running) => readyPortOf(server, 60_000);

/** A span as an OTLP/JSON export carries it, with its attributes flattened. */
type ReceivedSpan = {
  traceId: string;
  spanId: string;
  parentSpanId: string | undefined;
  name: string;
  kind: number;
  scope: string;
  serviceName: unknown;
  attributes: Record<string, unknown>;
};

const SPAN_KIND_SERVER = 2;
const SPAN_KIND_CLIENT = 3;

type OtlpAttribute = { key: string; value: Record<string, unknown> };
type OtlpExport = {
  resourceSpans?: {
    resource?: { attributes?: OtlpAttribute[] };
    scopeSpans?: {
      scope?: { name?: string };
      spans?: {
        traceId: string;
        spanId: string;
        parentSpanId?: string;
        name: string;
        kind: number;
        attributes?: OtlpAttribute[];
      }[];
    }[];
  }[];
};

function flatten(attributes: OtlpAttribute[] = []): Record<string, unknown> {
  return Object.fromEntries(attributes.map((a) => [a.key, Object.values(a.value)[0]]));
}

/** An OTLP/HTTP receiver for traces in the JSON encoding (OTEL_EXPORTER_OTLP_PROTOCOL=http/json). */
async function startCollector() {
  const spans: ReceivedSpan[] = [];
  const problems: string[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      if (req.method !== 'POST' || req.url !== '/v1/traces') {
        problems.push(`${req.method} ${req.url}`);
        res.writeHead(404).end();
        return;
      }
      if (!req.headers['content-type']?.startsWith('application/json')) {
        problems.push(`content-type ${req.headers['content-type']}`);
        res.writeHead(415).end();
        return;
      }
      const data = JSON.parse(body) as OtlpExport;
      for (const resourceSpans of data.resourceSpans ?? []) {
        const serviceName = flatten(resourceSpans.resource?.attributes)['service.name'];
        for (const scopeSpans of resourceSpans.scopeSpans ?? []) {
          for (const span of scopeSpans.spans ?? []) {
            spans.push({
              traceId: span.traceId,
              spanId: span.spanId,
              parentSpanId: span.parentSpanId || undefined,
              name: span.name,
              kind: span.kind,
              scope: scopeSpans.scope?.name ?? '',
              serviceName,
              attributes: flatten(span.attributes),
            });
          }
        }
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    spans,
    problems,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Whether `ancestor` is `span`'s parent, its parent's parent, and so on. */
function descendsFrom(span: ReceivedSpan, ancestor: ReceivedSpan, all: ReceivedSpan[]): boolean {
  const byId = new Map(all.map((s) => [s.spanId, s]));
  let parent = span.parentSpanId ? byId.get(span.parentSpanId) : undefined;
  while (parent) {
    if (parent.spanId === ancestor.spanId) return true;
    parent = parent.parentSpanId ? byId.get(parent.parentSpanId) : undefined;
  }
  return false;
}

async function signInAsDemoOwner(port: number): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
    body: JSON.stringify(DEMO_TRADES.dental.owner),
  });
  expect(res.status).toBe(200);
  return res.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'one trace from a request through its SQL and its platform call (PostgreSQL: needs TEST_DATABASE_URL)',
  () => {
    let collector: Awaited<ReturnType<typeof startCollector>>;
    let cleanup: () => Promise<void>;
    let server: Running;
    let port: number;

    beforeAll(async () => {
      collector = await startCollector();
      const scratch = await createScratchConfig('postgres');
      cleanup = scratch.cleanup;
      if (scratch.config.database.kind !== 'postgres') throw new Error('not PostgreSQL');
      server = spawnServer({
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: scratch.config.dataDir,
        DATABASE_URL: scratch.config.database.url,
        SANDBOX_CALLS: '50',
        SANDBOX_SIMULATOR_INTERVAL_MS: '0',
        OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
        OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
        OTEL_SERVICE_NAME: 'switchboard-under-test',
        OTEL_BSP_SCHEDULE_DELAY: '100',
      });
      port = await readyPort(server);
    });

    afterAll(async () => {
      server?.child.kill('SIGKILL');
      await cleanup?.();
      await collector?.close();
    });

    it('exports the HTTP server span, its pg spans and the undici fetch to the sandbox under one trace id', async () => {
      const cookie = await signInAsDemoOwner(port);
      const res = await fetch(`http://127.0.0.1:${port}/api/phone-numbers`, {
        headers: { cookie },
      });
      expect(res.status).toBe(200);
      expect(((await res.json()) as { data: unknown[] }).data.length).toBeGreaterThan(0);

      const isRouteSpan = (s: ReceivedSpan) =>
        s.scope === '@opentelemetry/instrumentation-http' &&
        s.kind === SPAN_KIND_SERVER &&
        s.attributes['http.route'] === '/api/phone-numbers';
      // The server span ends last; its children are exported with it or before.
      const request = await waitFor(() => collector.spans.find(isRouteSpan), 15_000).catch(() => {
        throw new Error(
          `no server span for /api/phone-numbers; received: ${collector.spans.map((s) => s.name).join(', ')}\n${collector.problems.join('\n')}\n${server.output()}`,
        );
      });
      // A later request's span as a barrier: spans are exported in the order they end, so once
      // it has arrived, anything else this request made has too.
      expect((await fetch(`http://127.0.0.1:${port}/api/health/live`)).status).toBe(200);
      await waitFor(
        () =>
          collector.spans.find(
            (s) =>
              s.scope === '@opentelemetry/instrumentation-http' &&
              s.kind === SPAN_KIND_SERVER &&
              s.attributes['http.route'] === '/api/health/live',
          ),
        15_000,
      );

      expect(collector.spans.filter(isRouteSpan)).toHaveLength(1);
      expect(request).toMatchObject({
        name: 'GET /api/phone-numbers',
        parentSpanId: undefined,
        serviceName: 'switchboard-under-test',
      });
      const trace = collector.spans.filter((s) => s.traceId === request.traceId);

      const queries = trace.filter(
        (s) =>
          s.scope === '@opentelemetry/instrumentation-pg' &&
          s.kind === SPAN_KIND_CLIENT &&
          s.name.startsWith('pg.query'),
      );
      expect(queries.length).toBeGreaterThan(0);
      for (const query of queries) {
        // The stable database conventions name the system db.system.name; older db.system.
        expect(query.attributes['db.system.name'] ?? query.attributes['db.system']).toBe(
          'postgresql',
        );
        expect(descendsFrom(query, request, trace)).toBe(true);
      }

      const platformCalls = trace.filter(
        (s) => s.scope === '@opentelemetry/instrumentation-undici' && s.kind === SPAN_KIND_CLIENT,
      );
      expect(platformCalls).toHaveLength(1);
      const [platformCall] = platformCalls;
      expect(platformCall!.attributes['url.full']).toMatch(
        /^http:\/\/127\.0\.0\.1:\d+\/phone-number\?limit=1000$/,
      );
      expect(descendsFrom(platformCall!, request, trace)).toBe(true);

      // The in-process sandbox answers on its own listener; the trace context went with the
      // fetch (traceparent), so its server span is the fetch's child in the same trace.
      const sandboxSpan = trace.find(
        (s) =>
          s.scope === '@opentelemetry/instrumentation-http' &&
          s.kind === SPAN_KIND_SERVER &&
          s.parentSpanId === platformCall!.spanId,
      );
      expect(sandboxSpan?.attributes['http.route']).toBe('/phone-number');
      expect(collector.problems).toEqual([]);
    });

    it('stops cleanly on SIGTERM, flushing the tracer', async () => {
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
    });
  },
);

describe('without an OTLP endpoint', () => {
  let dataDir: string;
  let loaded: string;
  let liveStatus: number;

  // The server starts (with a loader hook on every module it resolves, which makes the start
  // slower) in the hook, whose ceiling is a start's; the test reads what it recorded.
  beforeAll(async () => {
    dataDir = await migratedDataDir('switchboard-tracing-');
    loaded = path.join(dataDir, 'loaded-modules.txt');
    // A loader hook that writes down the module URLs of the packages in question the process
    // resolves (Fastify's too, to show that it works), not every one of the thousands.
    const hooks = `import { appendFileSync } from 'node:fs';
      const watched = /\\/node_modules\\/(fastify|@opentelemetry|@fastify\\/otel|import-in-the-middle)\\//;
      export async function resolve(specifier, context, next) {
        const result = await next(specifier, context);
        if (watched.test(result.url)) appendFileSync(${JSON.stringify(loaded)}, result.url + '\\n');
        return result;
      }`;
    const registerHooks = `import { register } from 'node:module';
      register(${JSON.stringify(`data:text/javascript,${encodeURIComponent(hooks)}`)});`;
    const server = spawnServer(
      {
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        SANDBOX_CALLS: '0',
        SANDBOX_SIMULATOR_INTERVAL_MS: '0',
      },
      ['--import', `data:text/javascript,${encodeURIComponent(registerHooks)}`],
    );
    try {
      const port = await readyPort(server);
      liveStatus = (await fetch(`http://127.0.0.1:${port}/api/health/live`)).status;
    } finally {
      server.child.kill('SIGKILL');
    }
  });

  afterAll(async () => {
    await fsp.rm(dataDir, { recursive: true, force: true });
  });

  it('never loads the OpenTelemetry SDK or the import hook', async () => {
    expect(liveStatus).toBe(200);
    const urls = (await fsp.readFile(loaded, 'utf8')).split('\n');
    // The recorder works: it saw the server's own libraries being loaded.
    expect(urls.some((url) => url.includes('/node_modules/fastify/'))).toBe(true);
    expect(
      urls.filter((url) =>
        /\/node_modules\/(@opentelemetry|@fastify\/otel|import-in-the-middle)\//.test(url),
      ),
    ).toEqual([]);
  });
});
