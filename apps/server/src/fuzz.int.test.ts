import { maxHeaderSize } from 'node:http';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Access } from './http/auth';
import { canSpendAndDelete } from '@switchboard/shared/auth';
import { DEMO_ADMIN, DEMO_MEMBER } from './modules/auth/demo-accounts';
import { WEBHOOK_BODY_LIMIT_BYTES } from './modules/webhook/webhook.routes';
import {
  appForSuite,
  createBusinessWithMember,
  databaseTargets,
  demoBusinessAndAgent,
  nextTestIp,
  sameOrigin,
  sessionHeaders,
} from './test/test-app';

// A bounded, deterministic fuzz of the whole API: every operation of the OpenAPI document the
// app generates, for every kind of caller, gets the same fixed set of hostile requests
// (wrong types, huge and negative numbers, very long strings, control characters, wrong
// content types, garbage JSON, path parameters that are not ids). Any 5xx fails the test and
// is printed with the request that caused it. Nothing is left out: operations that end the
// caller's session (sign-out, set-password) are covered too, because every operation starts
// with fresh sessions.
//
// What the access check refuses is sent once, not once per kind: it runs at `onRequest`, before
// the body or the query is parsed, so a caller it refuses (anyone signed out on a route that is
// not public; an owner on an admin route; an admin on an owner route) gets the same 401 or 403
// whatever the request holds. That one request proves the refusal; the hostile kinds go where
// they reach validation and the handlers.
//
// Every kind on PGlite (in-process, the quicker for thousands of small requests): the requests go
// one at a time through the same Drizzle queries on both, and PGlite runs PostgreSQL's own parser
// and executor. What differs between the two is the
// driver (how parameters and results are converted), locking and connections, which the files
// that run on both test (decision 049). The driver is why the kinds whose values pass validation
// into SQL parameters at their extremes (query values, numbers at the schema's bound, far dates,
// very long text) are sent on PostgreSQL too.

const SEED = 20261125;
/** Requests per operation and caller; the kinds below are cycled through in this order. */
const CASE_KINDS = [
  'plausible',
  'evil path',
  'evil query',
  'evil field',
  'evil field',
  'wrong body shape',
  'garbage JSON',
  'wrong content type',
  'control characters',
  'huge values',
  'everything evil',
  'repeated query',
] as const;
type CaseKind = (typeof CASE_KINDS)[number];

/**
 * Answers that stay open while the session lasts (Server-Sent Events): only the access check's
 * refusals are sent here, as an allowed request would never end; live-calls.int.test reads them.
 */
const OPEN_STREAMS = new Set(['GET /api/live-calls/stream']);

/** The kinds whose values pass validation into SQL parameters: also sent on PostgreSQL. */
const DRIVER_KINDS: readonly CaseKind[] = ['evil query', 'huge values'];

// The names seed each caller's requests, so they stay as they were when the fuzz found its
// cases; both businesses' callers are owners.
type Identity = 'anonymous' | 'member of A' | 'member of B' | 'admin';
const IDENTITIES: Identity[] = ['anonymous', 'member of A', 'member of B', 'admin'];
const ROLE: Record<Identity, 'owner' | 'admin' | null> = {
  anonymous: null,
  'member of A': 'owner',
  'member of B': 'owner',
  admin: 'admin',
};

/** The status the access check answers this caller with on a route, before any parsing. */
function refusedByAccessCheck(identity: Identity, access: Access): 401 | 403 | null {
  if (access === 'public') return null;
  const role = ROLE[identity];
  if (role === null) return 401;
  if (access === 'admin' && role !== 'admin') return 403;
  if (access === 'manager' && !canSpendAndDelete(role)) return 403;
  if (access === 'owner' && role !== 'owner') return 403;
  return null;
}

type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  nullable?: boolean;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  default?: unknown;
};
type Parameter = { in: 'path' | 'query' | 'header'; name: string; schema?: JsonSchema };
type Operation = {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
};
type OpenApi = { paths: Record<string, Record<string, Operation>> };

/** mulberry32: a small seeded generator, so every run sends the same requests. */
function seededRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (max: number) => Math.floor(next() * max),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!,
  };
}
type Random = ReturnType<typeof seededRandom>;

const hashString = (text: string) => {
  let hash = SEED;
  for (let i = 0; i < text.length; i += 1) hash = Math.imul(hash ^ text.charCodeAt(i), 16777619);
  return hash >>> 0;
};

/** Values no field expects. */
const EVIL_VALUES: unknown[] = [
  null,
  true,
  0,
  -1,
  -2147483649,
  2 ** 53 + 2,
  1e308,
  -1e308,
  1.5,
  'NaN',
  'Infinity',
  '1e309',
  '-0',
  '',
  '   ',
  'a'.repeat(20_000),
  'ü'.repeat(5_000),
  '\u0000',
  'x\u0000y',
  '\u001b[2J',
  '\ud800',
  '𝕏'.repeat(50),
  "' or 1=1 --",
  '%00',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '2026-02-30T25:61:00Z',
  '-271821-04-20T00:00:00.000Z',
  '+275760-09-13T00:00:00.001Z',
  '0000-00-00',
  '9999-12-31',
  'not-an-email@',
  '+999999999999999999999',
  [],
  ['\u0000'],
  {},
  { nested: { deeper: [1, 'x'] } },
];

/** Strings for a query value (a query is always text). */
const EVIL_QUERY_VALUES = [
  '-1',
  '0',
  '1.5',
  '1e309',
  '99999999999999999999999',
  '-99999999999999999999999',
  'NaN',
  'abc',
  '',
  'a'.repeat(5_000),
  '\u0000',
  '\u001f',
  '2026-13-45',
  '1970-01-01',
  '9999-12-31',
  '-000001-01-01',
  'true',
  'null',
  "' or 1=1 --",
  '%',
  '\\',
  '𝕏',
];

/** Path parameters that are not ids (percent-encoded where a URL needs it). */
const EVIL_PATH_VALUES = [
  'x',
  '-1',
  '0',
  '1e309',
  '99999999999999999999999',
  'a'.repeat(3_000),
  '%00',
  '%01',
  '%FF',
  '%E0%A4',
  '..%2F..%2Fadmin',
  'null',
  '%20',
  encodeURIComponent('𝕏'),
  '00000000-0000-0000-0000-000000000000',
  encodeURIComponent("' or 1=1 --"),
];

const firstType = (schema: JsonSchema) =>
  Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;

/** A value the schema accepts, as far as a quick reading of it goes. */
function plausible(schema: JsonSchema | undefined, random: Random, depth = 0): unknown {
  if (!schema || depth > 6) return 'x';
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return random.pick(schema.enum);
  const branches = schema.anyOf ?? schema.oneOf;
  if (branches?.length) return plausible(random.pick(branches), random, depth + 1);
  if (schema.allOf?.length) return plausible(schema.allOf[0], random, depth + 1);
  switch (firstType(schema)) {
    case 'object': {
      const value: Record<string, unknown> = {};
      for (const [key, child] of Object.entries(schema.properties ?? {})) {
        if (schema.required?.includes(key) || random.next() < 0.7)
          value[key] = plausible(child, random, depth + 1);
      }
      return value;
    }
    case 'array':
      return Array.from({ length: Math.max(schema.minItems ?? 0, 1) }, () =>
        plausible(schema.items, random, depth + 1),
      );
    case 'integer':
    case 'number':
      return Math.max(schema.minimum ?? 1, Math.min(schema.maximum ?? 10, 1 + random.int(5)));
    case 'boolean':
      return random.next() < 0.5;
    case 'string': {
      if (schema.format === 'email') return `fuzz${random.int(1e6)}@example.ie`;
      if (schema.format === 'date-time')
        return new Date(Date.UTC(2026, 11, 1 + random.int(20), 10)).toISOString();
      if (schema.format === 'date') return `2026-11-${String(1 + random.int(28)).padStart(2, '0')}`;
      return 'x'.repeat(Math.max(schema.minLength ?? 1, 1)).slice(0, schema.maxLength ?? 100);
    }
    default:
      return schema.default ?? 'x';
  }
}

/** Every string in a value, replaced by one carrying a control character. */
function withControlCharacters(value: unknown, random: Random): unknown {
  if (typeof value === 'string')
    return `${value}${random.pick(['\u0000', '\u0001', '\u001b', '\u007f'])}`;
  if (Array.isArray(value)) return value.map((item) => withControlCharacters(item, random));
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, withControlCharacters(v, random)]),
    );
  return value;
}

/**
 * Every number made huge or negative, every string very long. The outermost array gets 500
 * items, arrays inside it a few: 500 × 500 long strings (a squad's members and their hand-offs)
 * would be gigabytes of JSON in the test itself, not a harder case for the server.
 *
 * An outermost array is cut after the item that takes its JSON past `bodyLimit` (the route's
 * limit): the server refuses a body over it by its length, before reading it, so the items past
 * that were only the test's own JSON (tens of megabytes a request). Every item is still made,
 * so the seed's later draws are the ones it always made; a body within the limit is unchanged.
 */
function withHugeValues(
  value: unknown,
  random: Random,
  bodyLimit: number,
  inArray = false,
): unknown {
  if (typeof value === 'string') return value.repeat(1 + Math.ceil(20_000 / (value.length || 1)));
  if (typeof value === 'number') return random.pick([1e308, -1e308, 2 ** 63, -(2 ** 31) - 1, -1]);
  if (Array.isArray(value)) {
    const items = Array.from({ length: inArray ? 3 : 500 }, () =>
      withHugeValues(value[0] ?? 'x', random, bodyLimit, true),
    );
    if (inArray) return items;
    let bytes = 0;
    const past = items.findIndex(
      (item) => (bytes += Buffer.byteLength(JSON.stringify(item) ?? '')) > bodyLimit,
    );
    return past === -1 ? items : items.slice(0, past + 1);
  }
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, withHugeValues(v, random, bodyLimit, inArray)]),
    );
  return value;
}

/**
 * A query value repeated to be very long, but no longer than it takes to pass the longest
 * request head Node's HTTP server reads (`maxHeaderSize`, 16 KiB): a longer URL is refused
 * (431) before the app sees it, so megabytes of it were only parsing work for the test.
 */
function hugeQueryValue(value: string): string {
  return value.repeat(Math.min(2_000, Math.ceil((maxHeaderSize + 1) / Math.max(value.length, 1))));
}

const asQueryText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** Nested deeper than anyone would write by hand. */
const deeplyNested = (depth: number): unknown =>
  Array.from({ length: depth }).reduce<unknown>((inner) => ({ a: [inner] }), 'bottom');

const GARBAGE_JSON = [
  '{"a":',
  '{a:1}',
  '[1,2',
  'nul',
  '{"a":1}}',
  '\u0000',
  '{"__proto__":{"x":1}}',
];

type FuzzRequest = {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
};

function multipartBody(random: Random): { payload: Buffer; contentType: string } {
  const boundary = `fuzz${random.int(1e9)}`;
  const file = random.pick([
    'Name,Phone\nAnn,+353871234567\n',
    'Name,Phone\nNu\u0000la,+353871234567\n' + 'Padding,+353871234568\n'.repeat(20),
    '\u0000\u0001\u0002',
    'PK\u0003\u0004garbage',
    '',
  ]);
  const body = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="f\u0000.csv"\r\n` +
      `Content-Type: text/csv\r\n\r\n${file}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="mapping"\r\n\r\n` +
      `${random.pick(['{"name":0,"phone":1}', '{"name":-1}', '{"name":1e309}', 'nope', '[]'])}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="commit"\r\n\r\ntrue\r\n` +
      `--${boundary}--\r\n`,
  );
  const cut = random.next() < 0.5 ? body.subarray(0, random.int(body.length)) : body;
  return { payload: cut, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** One request of the given kind for an operation. */
function buildRequest(
  kind: CaseKind,
  method: string,
  path: string,
  operation: Operation,
  random: Random,
  known: { agentOfA: string; bodyLimit: number },
): FuzzRequest {
  const parameters = operation.parameters ?? [];
  const pathParams = parameters.filter((p) => p.in === 'path');
  const queryParams = parameters.filter((p) => p.in === 'query');
  const jsonSchema = operation.requestBody?.content?.['application/json']?.schema;
  const takesBody = ['POST', 'PUT', 'PATCH', 'DELETE'].includes(method);

  const evilPath = kind === 'evil path' || kind === 'everything evil';
  let url = path;
  for (const param of pathParams) {
    const value = evilPath ? random.pick(EVIL_PATH_VALUES) : known.agentOfA;
    url = url.replace(`{${param.name}}`, value);
  }

  const query = new URLSearchParams();
  for (const param of queryParams) {
    if (random.next() < 0.5 && kind === 'plausible') continue;
    const evil =
      kind === 'evil query' || kind === 'everything evil' || kind === 'huge values'
        ? random.next() < 0.7
        : false;
    let value = evil
      ? random.pick(EVIL_QUERY_VALUES)
      : asQueryText(plausible(param.schema, random));
    if (kind === 'control characters') value += random.pick(['\u0000', '\u0002', '\u001b']);
    if (kind === 'huge values') {
      // Numbers at the schema's own bound (the deepest page there is), text very long.
      const type = param.schema ? firstType(param.schema) : undefined;
      value =
        type === 'integer' || type === 'number'
          ? String(param.schema?.maximum ?? 2 ** 53)
          : hugeQueryValue(value);
    }
    query.append(param.name, value);
    if (kind === 'repeated query') query.append(param.name, random.pick(EVIL_QUERY_VALUES));
  }
  if (kind === 'repeated query' || (kind === 'evil query' && queryParams.length === 0)) {
    query.append('page', random.pick(EVIL_QUERY_VALUES));
    query.append('unexpected', '\u0000');
  }
  const search = query.toString();
  if (search) url += `?${search}`;

  const headers: Record<string, string> = {};
  if (!takesBody) return { method, url, headers };

  let body: unknown = plausible(jsonSchema, random);
  // The webhook's schema is only an envelope; give its message a type it acts on, so the
  // hostile values reach the call store and the agents' tools.
  if (path === '/api/platform/webhook') body = { message: webhookMessage(random) };
  switch (kind) {
    case 'evil field':
    case 'everything evil': {
      const keys = Object.keys(jsonSchema?.properties ?? {});
      const target = body && typeof body === 'object' && !Array.isArray(body) ? body : {};
      const key = keys.length ? random.pick(keys) : 'unexpected';
      (target as Record<string, unknown>)[key] = random.pick(EVIL_VALUES);
      body = target;
      break;
    }
    case 'wrong body shape':
      body = random.pick<unknown>([[], [body], 42, 'text', null, true, deeplyNested(2_000)]);
      break;
    case 'control characters':
      body = withControlCharacters(body, random);
      break;
    case 'huge values':
      body = withHugeValues(body, random, known.bodyLimit);
      break;
    default:
      break;
  }

  if (kind === 'garbage JSON') {
    headers['content-type'] = 'application/json';
    return { method, url, headers, payload: random.pick(GARBAGE_JSON) };
  }
  if (kind === 'wrong content type') {
    const choice = random.int(4);
    if (choice === 0) {
      const form = multipartBody(random);
      headers['content-type'] = form.contentType;
      return { method, url, headers, payload: form.payload };
    }
    headers['content-type'] = [
      'text/plain',
      'application/x-www-form-urlencoded',
      'application/xml',
    ][choice - 1]!;
    return { method, url, headers, payload: 'a=1&b=%00' };
  }
  // An operation that declares no JSON body (the import upload) gets forms, whole or cut off.
  if (!jsonSchema && kind !== 'plausible' && random.next() < 0.6) {
    const form = multipartBody(random);
    headers['content-type'] = random.next() < 0.2 ? 'multipart/form-data' : form.contentType;
    return { method, url, headers, payload: form.payload };
  }
  headers['content-type'] = 'application/json';
  return { method, url, headers, payload: JSON.stringify(body ?? null) };
}

const WEBHOOK_SECRET = 'whsec-fuzz-0123456789';

function webhookMessage(random: Random): Record<string, unknown> {
  const evil = () => random.pick(EVIL_VALUES);
  const call = {
    id: random.next() < 0.8 ? `fuzz-call-${random.int(1e6)}` : evil(),
    assistantId: random.next() < 0.5 ? 'asst-fuzz' : evil(),
    createdAt: random.next() < 0.8 ? '2026-11-22T10:00:00.000Z' : evil(),
    status: random.next() < 0.5 ? 'ended' : evil(),
    customer: { number: random.next() < 0.5 ? '+15552223333' : evil() },
    cost: random.next() < 0.5 ? 0.1 : evil(),
    startedAt: evil(),
    endedAt: evil(),
  };
  return {
    type: random.pick(['status-update', 'end-of-call-report', 'tool-calls', 'hang', 'x']),
    timestamp: random.next() < 0.7 ? Date.now() : evil(),
    call: random.next() < 0.9 ? call : evil(),
    endedReason: evil(),
    artifact: { transcript: random.pick(['AI: Hi\u0000', 'x'.repeat(20_000), evil()]) },
    analysis: { successEvaluation: evil(), summary: evil() },
    toolCallList: [
      {
        id: random.next() < 0.8 ? `tool-${random.int(1e6)}` : evil(),
        function: {
          name: random.pick(['create_enquiry', 'book_appointment', 'nope', evil()]),
          arguments: random.pick<unknown>([
            JSON.stringify({ callerName: evil(), callerEmail: evil(), message: evil() }),
            { service: evil(), start: evil(), callerName: evil() },
            '{not json',
            evil(),
          ]),
        },
      },
    ],
  };
}

describe.each(databaseTargets)('API fuzz on %s', (target) => {
  const kindsSent = target === 'pglite' ? CASE_KINDS : DRIVER_KINDS;
  const ctx = appForSuite(target, { SANDBOX_CALLS: '20', VAPI_WEBHOOK_SECRET: WEBHOOK_SECRET });
  let agentOfA: string;
  let memberB: string;

  beforeAll(async () => {
    agentOfA = (await demoBusinessAndAgent(ctx.app)).agent.id;
    memberB = (await createBusinessWithMember(ctx.app, { name: 'Business B' })).userName;
  });

  const headersFor = async (identity: Identity): Promise<Record<string, string>> => {
    switch (identity) {
      case 'anonymous':
        return { ...sameOrigin };
      case 'member of A':
        return sessionHeaders(ctx.app, DEMO_MEMBER.userName);
      case 'member of B':
        return sessionHeaders(ctx.app, memberB);
      case 'admin':
        return sessionHeaders(ctx.app, DEMO_ADMIN.userName);
    }
  };

  type FuzzedOperation = { method: string; path: string; operation: Operation; access: Access };
  let operations: FuzzedOperation[] = [];
  beforeAll(async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json<OpenApi>();
    const accessOf = new Map(
      ctx.app.accessTable.map((route) => [`${route.method} ${route.url}`, route.access]),
    );
    operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => {
        const route = `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`;
        const access = accessOf.get(route);
        if (!access) throw new Error(`${route} is documented but has no access declared`);
        return { method: method.toUpperCase(), path, operation, access };
      }),
    );
  });

  it('fuzzes every operation: each has a caller the access check lets through', () => {
    expect(operations.length).toBeGreaterThan(50);
    const unreached = operations.filter(({ access }) =>
      IDENTITIES.every((identity) => refusedByAccessCheck(identity, access) !== null),
    );
    expect(unreached).toEqual([]);
  });

  // The operations in document order, in four runs of a quarter each (each one test's worth).
  const PARTS = 4;
  it.each(Array.from({ length: PARTS }, (_, index) => index + 1))(
    'answers no hostile request with a 5xx (operations, part %i of 4)',
    async (part) => {
      const size = Math.ceil(operations.length / PARTS);
      const failures: string[] = [];
      let refusals = 0;
      for (const { method, path, operation, access } of operations.slice(
        (part - 1) * size,
        part * size,
      )) {
        for (const identity of IDENTITIES) {
          const refusal = refusedByAccessCheck(identity, access);
          if (refusal === null && OPEN_STREAMS.has(`${method} ${path}`)) continue;
          // On PostgreSQL only the driver's kinds, and only where they get past the access check.
          if (refusal !== null && target !== 'pglite') continue;
          // Fresh sessions for each operation: sign-out and set-password end them.
          const identityHeaders = await headersFor(identity);
          const random = seededRandom(hashString(`${method} ${path} ${identity}`));
          // Every kind is built in turn, sent or not, so each request is the one this seed has
          // always made for it. A GET identical to one already sent for this operation and
          // caller is not sent again: the kinds that change only the body leave a GET as another
          // kind made it, and reading the same thing again proves nothing new. (A write sent
          // twice is a case of its own, a duplicate, and is sent.)
          const readAlready = new Set<string>();
          const bodyLimit =
            path === '/api/platform/webhook'
              ? WEBHOOK_BODY_LIMIT_BYTES
              : ctx.app.initialConfig.bodyLimit!;
          for (const kind of CASE_KINDS) {
            const request = buildRequest(kind, method, path, operation, random, {
              agentOfA,
              bodyLimit,
            });
            if (refusal !== null ? kind !== 'plausible' : !kindsSent.includes(kind)) continue;
            if (request.method === 'GET') {
              const sameRead = JSON.stringify([request.url, request.headers]);
              if (readAlready.has(sameRead)) continue;
              readAlready.add(sameRead);
            }
            const headers = { ...identityHeaders, ...request.headers };
            if (path === '/api/platform/webhook') headers['x-vapi-secret'] = WEBHOOK_SECRET;
            const res = await ctx.app.inject({
              method: request.method as 'GET',
              url: request.url,
              headers,
              remoteAddress: nextTestIp(),
              ...(request.payload === undefined ? {} : { payload: request.payload }),
            });
            if (refusal !== null) refusals += 1;
            const wrong = refusal !== null ? res.statusCode !== refusal : res.statusCode >= 500;
            if (wrong) {
              const payload = String(request.payload ?? '').slice(0, 300);
              failures.push(
                `${identity} ${kind}: ${request.method} ${request.url.slice(0, 300)} ` +
                  `[${headers['content-type'] ?? ''}] ${JSON.stringify(payload)} → ` +
                  `${res.statusCode}${refusal !== null ? ` (expected ${refusal})` : ''} ` +
                  res.body.slice(0, 200),
              );
            }
          }
        }
      }
      if (target === 'pglite') expect(refusals).toBeGreaterThan(0);
      expect(failures, failures.join('\n')).toEqual([]);
    },
  );
});
