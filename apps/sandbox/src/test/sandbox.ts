import { VapiClient } from '@vapi-ai/server-sdk';
import { createSandbox, type Sandbox, type SandboxOptions } from '../sandbox';

/** A sandbox for a test file: silent, and without background calls (the tests make their own). */
export function startTestSandbox(
  options: Omit<SandboxOptions, 'simulator'> & {
    simulator?: Omit<NonNullable<SandboxOptions['simulator']>, 'intervalMs'>;
  },
): Promise<Sandbox> {
  return createSandbox({
    logLevel: 'silent',
    ...options,
    simulator: { ...options.simulator, intervalMs: 0 },
  });
}

/** The platform's SDK on a test sandbox, with `key`, failing at once rather than retrying. */
export function testClient(sandbox: Sandbox, key: string): VapiClient {
  return new VapiClient({ token: key, baseUrl: sandbox.baseUrl, maxRetries: 0 });
}
