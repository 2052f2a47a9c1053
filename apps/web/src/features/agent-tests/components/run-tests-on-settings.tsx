import { Alert, Anchor, Button, Group, Loader, Paper, Select, Stack, Text } from '@mantine/core';
import { isTestRunOver } from '@switchboard/shared/test-runs';
import type { AgentSettings } from '@switchboard/shared/agents';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useRunTestsOnDraft, useTestRun, useTestSuites } from '../api/agent-tests';
import { ResultCard } from './test-run-screen';
import { TestRunBadge } from './test-status';

type Props = {
  agentId: string;
  /** Checks the settings form and gives its values (null when a field is wrong). */
  readSettings: () => Promise<AgentSettings | null>;
};

/**
 * In the agent settings dialog, before saving: run a suite against the settings as they are in
 * the form (sent inline to the platform; nothing is saved) and show how each test went.
 */
export function RunTestsOnSettings({ agentId, readSettings }: Props) {
  const suites = useTestSuites();
  const run = useRunTestsOnDraft();
  const [suiteId, setSuiteId] = useState<string | null>(null);
  const [runId, setRunId] = useState<string | null>(null);
  const result = useTestRun(runId);
  const runnable = (suites.data ?? []).filter((suite) => suite.testCount > 0);
  const chosen = suiteId ?? runnable[0]?.id ?? null;

  const start = async () => {
    if (!chosen) return;
    const settings = await readSettings();
    if (!settings) return;
    run.mutate(
      { agentId, suiteId: chosen, settings },
      { onSuccess: (started) => setRunId(started.id) },
    );
  };

  return (
    <Paper withBorder p="sm" component="section" aria-label="Test these settings">
      <Stack gap="xs">
        <Text size="sm" fw={500}>
          Run the tests before saving
        </Text>
        {suites.isPending ? (
          <Text size="sm" c="dimmed">
            Loading the test suites…
          </Text>
        ) : runnable.length === 0 ? (
          <Text size="sm" c="dimmed">
            No test suite with tests yet.{' '}
            <Anchor component={Link} to="/tests">
              Create one
            </Anchor>{' '}
            to check changes before you save them.
          </Text>
        ) : (
          <Group align="flex-end" gap="sm" wrap="wrap">
            <Select
              label="Suite"
              data={runnable.map((suite) => ({ value: suite.id, label: suite.name }))}
              value={chosen}
              onChange={setSuiteId}
              allowDeselect={false}
              w={{ base: '100%', xs: 240 }}
            />
            <Button
              variant="light"
              leftSection={<IconPlayerPlay size={16} />}
              loading={run.isPending || (result.data !== undefined && !isTestRunOver(result.data))}
              onClick={() => void start()}
            >
              Run the tests
            </Button>
          </Group>
        )}
        {run.isError && (
          <Alert color="red" variant="light" title="Could not run the tests" role="alert">
            {run.error instanceof Error ? run.error.message : 'Something went wrong.'}
          </Alert>
        )}
        {runId && !result.data && <Loader size="xs" aria-label="Starting the run" />}
        {result.data && (
          <Stack gap="xs" aria-live="polite">
            <Group gap="xs">
              <Text size="sm">With these settings:</Text>
              <TestRunBadge run={result.data} />
            </Group>
            {result.data.results.map((item) => (
              <ResultCard key={item.id} result={item} />
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
