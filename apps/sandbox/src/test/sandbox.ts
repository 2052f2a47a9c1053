import { VapiClient } from '@vapi-ai/server-sdk';
import { afterAll, beforeAll } from 'vitest';
import { createSandbox, type Sandbox, type SandboxOptions } from '../sandbox';
import { sandboxApi } from './api';

type TestSandboxOptions = Omit<SandboxOptions, 'simulator'> & {
  simulator?: Omit<NonNullable<SandboxOptions['simulator']>, 'intervalMs'>;
};

/** A sandbox for a test file: silent, and without background calls (the tests make their own). */
export function startTestSandbox(options: TestSandboxOptions): Promise<Sandbox> {
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

/**
 * One test sandbox for a describe block: started in its beforeAll (with `options`, or what the
 * function answers then, for options that name something another hook started first) and
 * closed in its afterAll. Read `suite.sandbox`, `suite.client` (the SDK with the private key)
 * and `suite.api` (a JSON request, by default with the private key) in hooks and tests, not
 * while the block is declared.
 */
export function sandboxForSuite(options: TestSandboxOptions | (() => TestSandboxOptions)) {
  let started: { sandbox: Sandbox; client: VapiClient; privateKey: string } | undefined;
  beforeAll(async () => {
    const resolved = typeof options === 'function' ? options() : options;
    const sandbox = await startTestSandbox(resolved);
    started = { sandbox, client: testClient(sandbox, resolved.privateKey), ...resolved };
  });
  afterAll(() => started?.sandbox.close());
  const current = () => {
    if (!started) throw new Error('the suite’s sandbox is started in beforeAll');
    return started;
  };
  return {
    get sandbox(): Sandbox {
      return current().sandbox;
    },
    get client(): VapiClient {
      return current().client;
    },
    api: <B = Record<string, unknown>>(
      method: string,
      path: string,
      body?: unknown,
      key = current().privateKey,
    ) => sandboxApi<B>(current().sandbox.baseUrl, key, method, path, body),
  };
}

/** A line said in a web call's room, as its client posts one. */
export function sayInRoom(webCallUrl: string, role: 'assistant' | 'user', message: string) {
  return fetch(`${webCallUrl}/transcript`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ role, message }),
  });
}
