import { Badge } from '@mantine/core';
import type { TestRun } from '@switchboard/shared/agent-tests';
import { testRunSummary, type TestResultStatus } from '@switchboard/shared/test-runs';

const RESULT_LOOK: Record<TestResultStatus, { color: string; label: string }> = {
  queued: { color: 'gray', label: 'Queued' },
  running: { color: 'blue', label: 'Running' },
  evaluating: { color: 'blue', label: 'Judging' },
  passed: { color: 'teal', label: 'Passed' },
  failed: { color: 'red', label: 'Failed' },
  canceled: { color: 'gray', label: 'Canceled' },
};

/** One test's outcome in a run. */
export function TestResultBadge({ status }: { status: TestResultStatus }) {
  const look = RESULT_LOOK[status];
  return (
    <Badge color={look.color} variant="light">
      {look.label}
    </Badge>
  );
}

/** A run's outcome: all passed (teal), some failed (red), or still going (blue). */
export function TestRunBadge({ run }: { run: Pick<TestRun, 'status' | 'counts'> }) {
  const over = run.status === 'ended';
  const color = !over ? 'blue' : run.counts.failed > 0 || run.counts.canceled > 0 ? 'red' : 'teal';
  return (
    <Badge color={color} variant="light">
      {testRunSummary(run)}
    </Badge>
  );
}
