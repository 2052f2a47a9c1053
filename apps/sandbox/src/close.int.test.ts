import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, it, onTestFinished } from 'vitest';
import { startTestSandbox } from './test/sandbox';
import { openSilentConnection } from './test/silent-connection';

const keys = { privateKey: 'close-private', publicKey: 'close-public' };

// The product stops its sandbox with itself. A client's connection that never carried a request
// held Node's close until the headers timeout, a minute: the product's tests timed out waiting
// for their server to stop (decision 108).
it('closes with a connection open that never sent a request', async () => {
  const sandbox = await startTestSandbox({ ...keys, totalCalls: 5 });
  const { ended } = await openSilentConnection(sandbox.app.server);
  // Before, the close waited for the headers timeout (a minute), and the test timed out.
  await sandbox.close();
  await ended;
});

// The product asks this when its own close begins, before it stops taking webhooks: otherwise
// the calls in progress deliver into a closed server, and its log fills with failed deliveries.
it('stops its calls on request: the call ends, nothing more is delivered, the API answers', async () => {
  const received: string[] = [];
  const receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      const { message } = JSON.parse(body) as { message: { type: string; status?: string } };
      received.push(message.status ? `${message.type}:${message.status}` : message.type);
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  onTestFinished(() => new Promise<void>((resolve) => receiver.close(() => resolve())));
  const sandbox = await startTestSandbox({ ...keys, totalCalls: 5, simulator: { stepMs: 10 } });
  onTestFinished(() => sandbox.close());
  sandbox.setServer({ url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook` });

  const call = sandbox.simulateCall({
    assistantId: sandbox.demo.assistantIds[0]!,
    tool: 'none',
    endedReason: 'customer-ended-call',
    holdMs: 120_000,
  });
  await expect.poll(() => received.includes('status-update:in-progress')).toBe(true);

  await sandbox.stopCalls();
  await expect(call).rejects.toMatchObject({ name: 'AbortError' });
  const deliveredBefore = received.length;
  const answer = await fetch(`${sandbox.baseUrl}/assistant`, {
    headers: { authorization: `Bearer ${keys.privateKey}` },
  });
  expect(answer.status).toBe(200);
  expect(received).toHaveLength(deliveredBefore);
  expect(received).not.toContain('end-of-call-report');
});
