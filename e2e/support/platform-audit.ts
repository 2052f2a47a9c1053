import http from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  describeErrors,
  platformDocument,
  requestBodyValidator,
  responseValidator,
  validatorFor,
  webCallBodyValidator,
} from '../../apps/sandbox/src/platform-document';

// What passes between the product and the platform in live mode, checked against the platform's
// document (Round 3 · 4/10): a proxy in front of the platform's API (every request body the
// product sends and every JSON answer it reads) and one in front of the product (every webhook
// the platform sends it). Counts per resource, and every difference in words.

/** Outcome counts of one resource (`assistant`, `call`, a webhook's message type, …). */
export type AuditCounts = { valid: number; invalid: number; unchecked: number };

export type PlatformAudit = {
  /** Requests to the platform, by resource: their bodies. */
  requests: Map<string, AuditCounts>;
  /** The platform's JSON answers, by resource. */
  answers: Map<string, AuditCounts>;
  /** Webhooks to the product, by message type. */
  webhooks: Map<string, AuditCounts>;
  /** Every difference found, one line each. */
  problems: string[];
  /** The counts as a table, for the test's output. */
  report: () => string;
};

export function createAudit(): PlatformAudit {
  const audit: PlatformAudit = {
    requests: new Map(),
    answers: new Map(),
    webhooks: new Map(),
    problems: [],
    report: () =>
      (
        [
          ['platform requests', audit.requests],
          ['platform answers', audit.answers],
          ['webhooks', audit.webhooks],
        ] as const
      )
        .map(([title, counts]) => {
          const rows = [...counts.entries()]
            .sort(([a], [b]) => a.localeCompare(b))
            .map(
              ([name, c]) =>
                `  ${name.padEnd(40)} ${String(c.valid).padStart(4)} valid ${String(c.invalid).padStart(3)} invalid${c.unchecked ? ` ${c.unchecked} not in the document` : ''}`,
            );
          return [`${title}:`, ...rows].join('\n');
        })
        .join('\n'),
  };
  return audit;
}

function count(map: Map<string, AuditCounts>, key: string, outcome: keyof AuditCounts) {
  const counts = map.get(key) ?? { valid: 0, invalid: 0, unchecked: 0 };
  counts[outcome] += 1;
  map.set(key, counts);
}

/** The document's path templates, as patterns, most specific (fewest parameters) first. */
function pathTemplates(): { template: string; pattern: RegExp }[] {
  return [...Object.keys(platformDocument().paths), '/call/web']
    .map((template) => ({
      template,
      params: (template.match(/\{/g) ?? []).length,
      pattern: new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`),
    }))
    .sort((a, b) => a.params - b.params)
    .map(({ template, pattern }) => ({ template, pattern }));
}

function resourceOf(template: string): string {
  const parts = template.split('/').filter((part) => part && !part.startsWith('{'));
  return parts.slice(0, parts[0] === 'v2' || parts[0] === 'eval' ? 3 : 1).join('/');
}

function readBody(stream: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => resolve(Buffer.concat(chunks)));
    stream.on('error', reject);
  });
}

type Check = (exchange: {
  method: string;
  path: string;
  requestBody: Buffer;
  status: number;
  contentType: string;
  answer: Buffer | null;
}) => void;

/**
 * A proxy to `target` that passes everything through unchanged; JSON answers are read whole (and
 * checked), anything else (audio, event streams, pages) is streamed as it comes.
 */
async function startProxy(
  target: string,
  check: Check,
): Promise<{ url: string; close: () => Promise<void> }> {
  const upstream = new URL(target);
  // A new connection per request: a kept-alive one the other side has just closed would be
  // reset under the next request, a failure neither the product nor the platform made.
  const agent = new http.Agent({ keepAlive: false });
  const server = http.createServer((request, response) => {
    void (async () => {
      const requestBody = await readBody(request);
      const forwarded = http.request(
        {
          agent,
          host: upstream.hostname,
          port: upstream.port,
          method: request.method,
          path: request.url,
          headers: { ...request.headers, host: upstream.host },
        },
        (answer) => {
          const contentType = String(answer.headers['content-type'] ?? '');
          const exchange = {
            method: request.method ?? 'GET',
            path: (request.url ?? '/').split('?')[0]!,
            requestBody,
            status: answer.statusCode ?? 0,
            contentType,
          };
          if (!contentType.startsWith('application/json')) {
            response.writeHead(answer.statusCode ?? 502, answer.headers);
            answer.pipe(response);
            check({ ...exchange, answer: null });
            return;
          }
          void readBody(answer).then((body) => {
            response.writeHead(answer.statusCode ?? 502, answer.headers);
            response.end(body);
            check({ ...exchange, answer: body });
          });
        },
      );
      forwarded.on('error', () => {
        if (!response.headersSent) response.writeHead(502);
        response.end();
      });
      forwarded.end(requestBody);
    })();
  });
  // The product keeps its connections to us alive and closes an idle one itself after a few
  // seconds. Node's server closes one after 5 s idle; when a validator compile has held this
  // process's event loop for seconds (a busy machine), that close and the product's next request
  // cross on the same socket and the product sees "fetch failed" (a CI run did: "Failed to create
  // agent: the voice platform could not be reached"). So this side never closes an idle one first.
  server.keepAliveTimeout = 120_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function parse(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    return undefined;
  }
}

/** The proxy in front of the platform's API: request bodies and JSON answers. */
export function startPlatformAuditProxy(target: string, audit: PlatformAudit) {
  const templates = pathTemplates();
  return startProxy(target, ({ method, path, requestBody, status, answer }) => {
    const template = templates.find(({ pattern }) => pattern.test(path))?.template;
    const what = `${method} ${template ?? path}`;
    if (!template) {
      // A presigned recording link, or a path the document lacks: counted, not checked.
      count(audit.requests, `/${path.split('/')[1] ?? ''}/…`, 'unchecked');
      return;
    }
    const resource = resourceOf(template);
    if (requestBody.length > 0) {
      let validate;
      try {
        validate =
          template === '/call/web'
            ? webCallBodyValidator()
            : requestBodyValidator(method, template);
      } catch {
        validate = undefined;
      }
      if (!validate) count(audit.requests, resource, 'unchecked');
      else if (validate(parse(requestBody))) count(audit.requests, resource, 'valid');
      else {
        count(audit.requests, resource, 'invalid');
        audit.problems.push(`${what} request: ${describeErrors(validate.errors).join('; ')}`);
      }
    }
    if (answer === null || status >= 400 || template === '/call/web') return;
    let validate;
    try {
      validate = responseValidator(method, template, status);
    } catch {
      validate = undefined;
    }
    if (!validate) count(audit.answers, resource, 'unchecked');
    else if (validate(parse(answer))) count(audit.answers, resource, 'valid');
    else {
      count(audit.answers, resource, 'invalid');
      audit.problems.push(
        `${what} ${status} answer: ${describeErrors(validate.errors).join('; ')}`,
      );
    }
  });
}

/** The proxy in front of the product: the webhooks the platform sends to `webhookPath`. */
export function startWebhookAuditProxy(target: string, webhookPath: string, audit: PlatformAudit) {
  const envelope = validatorFor('ServerMessage');
  return startProxy(target, ({ method, path, requestBody }) => {
    if (method !== 'POST' || path !== webhookPath) return;
    const body = parse(requestBody) as { message?: { type?: unknown } } | undefined;
    const type = typeof body?.message?.type === 'string' ? body.message.type : '(no type)';
    if (envelope(body)) count(audit.webhooks, type, 'valid');
    else {
      count(audit.webhooks, type, 'invalid');
      audit.problems.push(`webhook ${type}: ${describeErrors(envelope.errors).join('; ')}`);
    }
  });
}
