import type { TestRun } from './agent-tests';

/**
 * A test run's and a test result's statuses, and what the dashboard and the run's screen say of
 * a run. No schemas here (they are in `agent-tests`, which re-exports these): the dashboard reads
 * these on its first render, and must not bring the schema library with them (decision 096).
 */

export const TEST_RUN_STATUSES = ['queued', 'running', 'ended'] as const;
export const TEST_RESULT_STATUSES = [
  'queued',
  'running',
  'evaluating',
  'passed',
  'failed',
  'canceled',
] as const;
export type TestResultStatus = (typeof TEST_RESULT_STATUSES)[number];

/** A run is over when the platform says so; the screen polls until then. */
export const isTestRunOver = (run: Pick<TestRun, 'status'>): boolean => run.status === 'ended';

/** "2 of 3 passed" / "Running…" for cards and lists. */
export function testRunSummary(run: Pick<TestRun, 'status' | 'counts'>): string {
  if (run.status !== 'ended') return run.status === 'queued' ? 'Queued' : 'Running…';
  const { passed, total, canceled } = run.counts;
  const base = `${passed} of ${total} passed`;
  return canceled > 0 ? `${base} (${canceled} canceled)` : base;
}

/** The newest run per agent (runs newest first), for the dashboard's card. */
export function latestRunPerAgent(runs: readonly TestRun[]): TestRun[] {
  const seen = new Set<string>();
  const latest: TestRun[] = [];
  for (const run of runs) {
    if (!run.agentId || run.unsavedSettings || seen.has(run.agentId)) continue;
    seen.add(run.agentId);
    latest.push(run);
  }
  return latest;
}
