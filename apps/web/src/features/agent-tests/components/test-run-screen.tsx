import {
  Alert,
  Badge,
  Button,
  Code,
  Group,
  Loader,
  Paper,
  Spoiler,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import type { TestResult } from '@switchboard/shared/agent-tests';
import { isTestRunOver } from '@switchboard/shared/test-runs';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { useCancelTestRun, useTestRun } from '../api/agent-tests';
import { TestResultBadge, TestRunBadge } from './test-status';

/** `/test-runs/:runId`: each test passed or failed, why, and what was said. */
export function TestRunScreen({ runId }: { runId: string }) {
  const query = useTestRun(runId);
  const cancel = useCancelTestRun(runId);
  const run = query.data;
  const crumbs = [
    { label: 'Agent tests', to: '/tests' },
    ...(run?.suiteId
      ? [{ label: run.suiteName, to: `/tests/${encodeURIComponent(run.suiteId)}` }]
      : []),
  ];
  if (query.isError && !run) {
    return (
      <>
        <PageHeader title="Test run" breadcrumbs={crumbs} />
        <QueryError
          title="Could not load the test run"
          error={query.error}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      </>
    );
  }
  return (
    <>
      <PageHeader
        title={run ? `${run.suiteName} on ${run.agentName ?? 'an agent'}` : 'Test run'}
        breadcrumbs={crumbs}
        description={
          run ? (
            <Group gap="xs" component="span">
              <Text span size="sm" c="dimmed">
                {run.createdAtText}
              </Text>
              <TestRunBadge run={run} />
              {run.unsavedSettings && (
                <Badge variant="outline" color="gray">
                  Unsaved settings
                </Badge>
              )}
            </Group>
          ) : undefined
        }
      />
      {!run ? (
        <Group gap="xs" aria-live="polite">
          <Loader size="sm" />
          <Text c="dimmed">Loading the run…</Text>
        </Group>
      ) : (
        <Stack gap="md">
          {!isTestRunOver(run) && (
            <Group gap="xs" aria-live="polite">
              <Loader size="xs" />
              <Text size="sm" c="dimmed">
                The simulated calls are running; results appear as each one ends.
              </Text>
              <Button
                size="xs"
                variant="default"
                loading={cancel.isPending}
                onClick={() => cancel.mutate()}
              >
                Stop the run
              </Button>
            </Group>
          )}
          {cancel.isError && (
            <Alert color="red" variant="light" title="Could not stop the run" role="alert">
              {cancel.error.message}
            </Alert>
          )}
          {run.results.map((result) => (
            <ResultCard key={result.id} result={result} />
          ))}
        </Stack>
      )}
    </>
  );
}

export function ResultCard({ result }: { result: TestResult }) {
  return (
    <Paper withBorder p="md" component="article" aria-label={result.testName}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={3} fz="md">
            {result.testName}
          </Title>
          <TestResultBadge status={result.status} />
        </Group>
        <Text size="sm" c="dimmed">
          Expected: {result.expectation}
        </Text>
        {result.reason && (
          <Text size="sm" c="red.8" fw={500}>
            {result.reason}
          </Text>
        )}
        {result.transcript && (
          <Spoiler maxHeight={72} showLabel="Show the whole transcript" hideLabel="Show less">
            <Code
              block
              style={{ whiteSpace: 'pre-wrap' }}
              aria-label={`Transcript of ${result.testName}`}
            >
              {result.transcript}
            </Code>
          </Spoiler>
        )}
      </Stack>
    </Paper>
  );
}
