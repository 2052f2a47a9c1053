import type { FastifyBaseLogger } from 'fastify';
import type { Sandbox, SimulateCallOptions } from '@switchboard/sandbox/sandbox';

/**
 * The calls the sandbox simulator places right after the embedded default's first start, so a
 * newcomer sees enquiries and appointments at once instead of after minutes of random calls.
 * They go through the real path — the simulator POSTs the platform's webhooks and tool calls to
 * our webhook — so no row is written directly. Per demo assistant (dental, plumbing,
 * restaurant; the survey line has no tools): which tool each call makes.
 */
export const DEMO_BURST: readonly (readonly SimulateCallOptions['tool'][])[] = [
  ['create_enquiry', 'create_enquiry', 'book_appointment'],
  ['create_enquiry', 'book_appointment'],
  ['create_enquiry', 'book_appointment'],
];

/**
 * The longest the burst waits for the first sync: a sandbox asked for millions of calls
 * (`SANDBOX_CALLS`) syncs for minutes, and the newcomer's enquiries should not wait for it.
 */
export const DEMO_BURST_WAIT_MS = 30_000;

/** Settles when `event` does, or after `ms`, whichever comes first. */
export function afterOrWithin(event: Promise<unknown>, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    timer.unref();
    const settled = () => {
      clearTimeout(timer);
      resolve();
    };
    void event.then(settled, settled);
  });
}

/** Runs the burst in the background; answers when every call has ended (or failed). */
export async function runDemoBurst(
  sandbox: Pick<Sandbox, 'simulateCall' | 'demo'>,
  log: FastifyBaseLogger,
): Promise<number> {
  const calls = DEMO_BURST.flatMap((tools, index) => {
    const assistantId = sandbox.demo.assistantIds[index];
    if (!assistantId) return [];
    return tools.map((tool) =>
      sandbox.simulateCall({ assistantId, tool, endedReason: 'customer-ended-call' }),
    );
  });
  const settled = await Promise.allSettled(calls);
  const reasons = settled.flatMap((result) =>
    result.status === 'rejected' ? [result.reason as unknown] : [],
  );
  // A call the sandbox ended because the server is shutting down did not fail.
  const stopped = reasons.filter(
    (reason) => reason instanceof Error && reason.name === 'AbortError',
  );
  const failed = reasons.filter((reason) => !stopped.includes(reason));
  if (failed.length > 0) log.warn({ err: failed[0] }, 'some demo calls failed');
  const placed = settled.length - reasons.length;
  log.info(
    `Demo calls placed: ${placed} (enquiries and appointments)` +
      (stopped.length > 0 ? `; ${stopped.length} ended by the shutdown.` : '.'),
  );
  return placed;
}
