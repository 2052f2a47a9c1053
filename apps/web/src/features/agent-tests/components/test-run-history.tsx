import { Anchor, Badge, Group, Stack, Text, Title } from '@mantine/core';
import type { TestRun } from '@switchboard/shared/agent-tests';
import { IconHistory } from '@tabler/icons-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { DataTable, type DataColumn } from '../../../components/data-table';
import { useTestRuns } from '../api/agent-tests';
import { TestRunBadge } from './test-status';

type Props = {
  suiteId?: string;
};

/**
 * The kept runs (of one suite, or of all), newest first, under their heading: when, which suite
 * against which agent, and how it went.
 */
export function TestRunHistory({ suiteId }: Props) {
  const headingId = useId();
  const query = useTestRuns(suiteId ? { suiteId } : {});
  const columns: DataColumn<TestRun>[] = [
    {
      header: 'Run',
      cell: (run) => (
        <Anchor component={Link} to={`/test-runs/${encodeURIComponent(run.id)}`} fw={500}>
          {run.createdAtText}
        </Anchor>
      ),
    },
    ...(suiteId ? [] : [{ header: 'Suite', cell: (run: TestRun) => run.suiteName || '—' }]),
    {
      header: 'Agent',
      cell: (run) => (
        <Group gap="xs" wrap="nowrap">
          <Text size="sm">{run.agentName ?? 'An agent no longer here'}</Text>
          {run.unsavedSettings && (
            <Badge size="sm" variant="outline" color="gray">
              Unsaved settings
            </Badge>
          )}
        </Group>
      ),
    },
    { header: 'Result', cell: (run) => <TestRunBadge run={run} /> },
  ];
  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId}>
      <Title order={3} fz="lg" id={headingId}>
        {suiteId ? 'Runs of this suite' : 'Run history'}
      </Title>
      <DataTable
        label="Test runs"
        query={query}
        columns={columns}
        errorTitle="Could not load the test runs"
        empty={{
          icon: IconHistory,
          title: 'No runs yet',
          description: 'Run a suite against an agent; every run is kept here with its results.',
        }}
      />
    </Stack>
  );
}
