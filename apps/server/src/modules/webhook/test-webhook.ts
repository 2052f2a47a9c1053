import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TestApp } from '../../test/test-app';

/**
 * For tests: a message from the platform posted to the app's webhook with the shared secret (a
 * string is sent as it is, as JSON).
 */
export function postToWebhook(app: TestApp, secret: string, payload: unknown) {
  return app.inject({
    method: 'POST',
    url: '/api/platform/webhook',
    headers: { 'content-type': 'application/json', 'x-vapi-secret': secret },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });
}

/**
 * For tests: an address the sandbox can send server messages to that hands each one to the app
 * (which the tests drive with inject, without listening), and the app's answer back: a small
 * HTTP relay.
 */
export async function relayWebhooksTo(app: TestApp) {
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      void postToWebhook(
        app,
        String(request.headers['x-vapi-secret'] ?? ''),
        Buffer.concat(chunks).toString('utf8'),
      ).then((answer) => {
        response.statusCode = answer.statusCode;
        response.setHeader('content-type', 'application/json');
        response.end(answer.body);
      });
    });
  });
  // Idle connections kept longer than any test (Node's default is 5 s), as the sandbox's test
  // receiver does (apps/sandbox/src/test/receiver.ts says why): a message sent straight after a
  // long synchronous step could otherwise go out on a connection this server closes under it.
  server.keepAliveTimeout = 120_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api/platform/webhook`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * For tests: the platform's tool-calls message asking for one function during a call in
 * progress. The call's id is `call-` and the tool call's id, and it was created now, unless
 * `call` says otherwise; `call` gives its assistant, type and any other field.
 */
export function toolCallsMessage(
  toolCallId: string,
  fn: { name: string; arguments: unknown },
  call: { assistantId: string; type: string; id?: string | undefined } & Record<string, unknown>,
) {
  const { id = `call-${toolCallId}`, ...fields } = call;
  return {
    message: {
      type: 'tool-calls',
      toolCallList: [{ id: toolCallId, type: 'function', function: fn }],
      call: { id, status: 'in-progress', createdAt: new Date().toISOString(), ...fields },
    },
  };
}
