import { randomBytes } from 'node:crypto';
import { createSandbox } from '@switchboard/sandbox/sandbox';
import { createPlatformClient } from '../../apps/server/src/platform/platform-client';

/**
 * The sandbox the seed's way is measured on: `calls` demo calls over `days` (seed 42), and a
 * platform client for it whose requests may take as long as reading a whole range takes.
 */
export async function startSeedWaySandbox(calls: number, days: number, assistants: number) {
  const privateKey = `bench-private-${randomBytes(8).toString('hex')}`;
  const sandbox = await createSandbox({
    privateKey,
    publicKey: `bench-public-${randomBytes(8).toString('hex')}`,
    totalCalls: calls,
    days,
    seed: 42,
    logLevel: 'silent',
  });
  console.log(
    `[sandbox] ${calls} calls over ${days} days across ${assistants} assistants, ` +
      `generated in ${sandbox.demo.generationMs} ms`,
  );
  const client = createPlatformClient({
    mode: 'sandbox',
    baseUrl: sandbox.baseUrl,
    apiKey: privateKey,
    maxRetries: 0,
    timeoutInSeconds: 600,
  });
  return { sandbox, client };
}
