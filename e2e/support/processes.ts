import type { ChildProcess } from 'node:child_process';

/**
 * Waits until `url` answers with a 2xx: a server the tests started (or global setup did) is
 * ready. `failed` is asked before each try: a reason stops the wait with that error (the
 * process exited at start). Past `timeoutMs` it rejects, with `detail()` (the process's output)
 * in the message.
 */
export async function waitUntilHealthy(
  url: string,
  {
    timeoutMs,
    failed = () => undefined,
    detail = () => '',
  }: { timeoutMs: number; failed?: () => string | undefined; detail?: () => string },
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const reason = failed();
    if (reason !== undefined) throw new Error(reason);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      const more = detail();
      throw new Error(
        `${url} did not answer within ${timeoutMs / 1000} s${more ? `:\n${more}` : ''}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

/** Stops a child process with SIGTERM (SIGKILL after 10 s); at once if it has already exited. */
export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}
