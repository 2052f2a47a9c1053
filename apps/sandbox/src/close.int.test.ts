import { once } from 'node:events';
import net from 'node:net';
import { expect, it, onTestFinished } from 'vitest';
import { startTestSandbox } from './test/sandbox';

// The product stops its sandbox with itself. A client's connection that never carried a request
// held Node's close until the headers timeout, a minute: the product's tests timed out waiting
// for their server to stop (decision 108).
it('closes with a connection open that never sent a request', async () => {
  const sandbox = await startTestSandbox({
    privateKey: 'close-private',
    publicKey: 'close-public',
    totalCalls: 5,
  });
  const { port, hostname } = new URL(sandbox.baseUrl);
  const accepted = once(sandbox.app.server, 'connection');
  const silent = net.connect(Number(port), hostname);
  silent.on('error', () => undefined);
  onTestFinished(() => {
    silent.destroy();
  });
  await once(silent, 'connect');
  await accepted;

  const started = performance.now();
  const ended = once(silent, 'close');
  await sandbox.close();
  await ended;
  expect(performance.now() - started).toBeLessThan(10_000);
});
