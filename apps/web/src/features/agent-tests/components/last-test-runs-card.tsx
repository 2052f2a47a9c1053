import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { latestRunPerAgent } from '@switchboard/shared/test-runs';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { testRunsQueryOptions } from '../api/agent-tests';
import { TestRunBadge } from './test-status';

/** The dashboard's card: each agent's last test run (of its saved settings). */
export function LastTestRunsCard() {
  const query = useQuery(testRunsQueryOptions());
  const latest = query.data ? latestRunPerAgent(query.data) : [];
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="last-test-runs">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3} fz="md" id="last-test-runs">
            Last test run per agent
          </Title>
          <Anchor component={Link} to="/tests" size="sm">
            Agent tests
          </Anchor>
        </Group>
        {query.isPending ? (
          <Text size="sm" c="dimmed">
            Loading…
          </Text>
        ) : query.isError ? (
          <Text size="sm" c="red.8">
            {query.error instanceof Error ? query.error.message : 'Could not load the test runs'}
          </Text>
        ) : latest.length === 0 ? (
          <Text size="sm" c="dimmed">
            No test runs yet. Run a suite on the Agent tests page.
          </Text>
        ) : (
          <Stack gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
            {latest.map((run) => (
              <Group key={run.id} component="li" justify="space-between" wrap="wrap" gap="xs">
                <Stack gap={0}>
                  <Text size="sm" fw={500}>
                    {run.agentName ?? 'An agent no longer here'}
                  </Text>
                  <Anchor
                    component={Link}
                    to={`/test-runs/${encodeURIComponent(run.id)}`}
                    size="xs"
                  >
                    {run.suiteName} · {run.createdAtText}
                  </Anchor>
                </Stack>
                <TestRunBadge run={run} />
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
