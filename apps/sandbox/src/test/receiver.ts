import { createServer, type IncomingHttpHeaders } from 'node:http';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { AddressInfo } from 'node:net';

/**
 * How long a test's HTTP receiver keeps an idle connection: longer than any test, so that only
 * the sender (undici, 4 s) closes one, never the receiver under a request just sent.
 */
export const KEEP_IDLE_CONNECTIONS_MS = 120_000;

/** One server message as the receiver took it in. */
export interface Received<M = ReceivedMessage> {
  path: string;
  headers: IncomingHttpHeaders;
  /** The body as sent (the `{ message }` envelope). */
  raw: string;
  message: M;
}

export type ReceivedMessage = { type: string; status?: string; [key: string]: unknown };

/** The receiver's own answer to a message: a status and body, or undefined for the default. */
export type ReceiverAnswer = (
  message: ReceivedMessage,
  path: string,
) => { status?: number; body: unknown } | undefined;

/**
 * A tiny stand-in for the product's server: it keeps every server message the sandbox sends
 * (`received`, in order of arrival) and answers `state.answer`'s reply where it gives one,
 * a tool call with `toolResult`, anything else with `{}`. `M` types the messages a test reads.
 */
export async function startReceiver<M = ReceivedMessage>(
  options: { toolResult?: string; answer?: ReceiverAnswer } = {},
) {
  const received: Received<M>[] = [];
  const state: { answer: ReceiverAnswer | undefined } = { answer: options.answer };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const { message } = JSON.parse(raw) as { message: ReceivedMessage };
      const path = request.url ?? '';
      received.push({ path, headers: request.headers, raw, message: message as M });
      response.setHeader('content-type', 'application/json');
      const own = state.answer?.(message, path);
      if (own) {
        response.statusCode = own.status ?? 200;
        response.end(JSON.stringify(own.body));
        return;
      }
      if (message.type === 'tool-calls') {
        const [toolCall] = message.toolCallList as { id: string; function: { name: string } }[];
        const result = options.toolResult ?? 'Done';
        response.end(
          JSON.stringify({
            results: [{ name: toolCall?.function.name, toolCallId: toolCall?.id, result }],
          }),
        );
        return;
      }
      response.end('{}');
    });
  });
  // An idle connection is kept for as long as a test runs (Node's default is 5 s). A delivery
  // sent straight after a long synchronous step in the same process (the sandbox compiling a
  // validator for an answer, seconds on a busy machine) can otherwise go out on a connection
  // whose 5 s ran out during that step: the receiver's timer then closes it under the request,
  // the delivery fails with ECONNRESET, and the message is lost (the platform does not retry
  // without a backoffPlan). A clean-clone CI run lost an assistant-request call's "queued" so.
  server.keepAliveTimeout = KEEP_IDLE_CONNECTIONS_MS;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const base = `http://127.0.0.1:${port}`;
  return {
    base,
    /** A path on it for tests that need only one. */
    url: `${base}/hook`,
    received,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Reads until `done` holds or `ms` pass; answers the last value read, or names it in the timeout. */
export async function waitFor<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  ms = 20_000,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out: ${JSON.stringify(value).slice(0, 400)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export type Receiver<M = ReceivedMessage> = Awaited<ReturnType<typeof startReceiver<M>>>;

/**
 * One receiver for a describe block: started in its beforeAll (register it before the sandbox
 * that sends to it), emptied before each test (and its answer set back to `options.answer`),
 * closed in its afterAll. Its fields are read in hooks and tests, not while the block is declared.
 */
export function receiverForSuite<M = ReceivedMessage>(
  options: { toolResult?: string; answer?: ReceiverAnswer } = {},
): Omit<Receiver<M>, 'close'> {
  let started: Receiver<M> | undefined;
  beforeAll(async () => {
    started = await startReceiver<M>(options);
  });
  beforeEach(() => {
    if (!started) return;
    started.received.length = 0;
    started.state.answer = options.answer;
  });
  afterAll(() => started?.close());
  const current = () => {
    if (!started) throw new Error('the suite’s receiver is started in beforeAll');
    return started;
  };
  return {
    get base() {
      return current().base;
    },
    get url() {
      return current().url;
    },
    get received() {
      return current().received;
    },
    get state() {
      return current().state;
    },
  };
}
