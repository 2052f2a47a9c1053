import { createSandbox } from '@switchboard/sandbox/sandbox';
import { VapiClient } from '@vapi-ai/server-sdk';

/**
 * Every call of a fresh default sandbox (the 6,000 demo calls `npm start` syncs), as the
 * platform's `GET /call` answers them through the SDK: pages of 1,000 walked back by
 * `createdAtLt`. The sandbox is closed before this returns.
 */
export async function listDemoCalls<T extends { createdAt: string }>(): Promise<T[]> {
  const sandbox = await createSandbox({
    privateKey: 'bench-private',
    publicKey: 'bench-public',
    logLevel: 'warn',
    simulator: { intervalMs: 0 },
  });
  const listed: T[] = [];
  try {
    const sdk = new VapiClient({ token: 'bench-private', baseUrl: sandbox.baseUrl, maxRetries: 0 });
    let before: string | undefined;
    for (;;) {
      const page = (await sdk.calls.list({
        limit: 1000,
        ...(before ? { createdAtLt: before } : {}),
      })) as unknown as T[];
      listed.push(...page);
      if (page.length < 1000) break;
      before = page.reduce(
        (oldest, call) => (call.createdAt < oldest ? call.createdAt : oldest),
        page[0]!.createdAt,
      );
    }
  } finally {
    await sandbox.close();
  }
  return listed;
}

/** This process's CPU time so far (user and system), in seconds. */
export function cpuSeconds(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
}

/**
 * This thread's CPU time so far, in seconds (Node.js 24's process.threadCpuUsage; this process's
 * on older versions): what PGlite, which runs on the main thread, costs without the garbage
 * collector's helpers and the compiler's threads, whose share moves from run to run.
 */
export function mainThreadCpuSeconds(): number {
  const threadCpuUsage = (process as { threadCpuUsage?: () => NodeJS.CpuUsage }).threadCpuUsage;
  const { user, system } = threadCpuUsage ? threadCpuUsage.call(process) : process.cpuUsage();
  return (user + system) / 1e6;
}
