import { Alert, Button, Group, Paper, Select, Skeleton, Stack, Text } from '@mantine/core';
import {
  CALLER_PERSONALITY_LABELS,
  describeExpectation,
  type AgentTest,
  type TestSuite,
} from '@switchboard/shared/agent-tests';
import { IconPlayerPlay, IconPlus, IconTestPipe, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { QueryError } from '../../../components/query-error';
import { ConfirmDeleteModal, useConfirmDelete } from '../../../components/confirm-delete-modal';
import { ResourceActions } from '../../../components/resource-actions';
import {
  ManagerOnlyButton,
  ManagerOnlyNotice,
  managerOnlyReason,
} from '../../../components/manager-only';
import { useCanSpendAndDelete } from '../../../lib/session-context';
import { DataTable, type DataColumn } from '../../../components/data-table';
import {
  useAgentChoices,
  useDeleteTest,
  useDeleteTestSuite,
  useRunTestSuite,
  useSuiteTests,
  useTestSuite,
} from '../api/agent-tests';
import { TestFormModal } from './test-form-modal';
import { TestRunHistory } from './test-run-history';

/** `/tests/:suiteId`: the suite's tests, running it against an agent, and its runs. */
export function TestSuiteScreen({ suiteId }: { suiteId: string }) {
  const query = useTestSuite(suiteId);
  const testsQuery = useSuiteTests(suiteId);
  const navigate = useNavigate();
  const [adding, setAdding] = useState(false);
  const {
    deleting: deletingTest,
    startDelete: startDeleteTest,
    deleteProps: deleteTestProps,
  } = useConfirmDelete<AgentTest>(useDeleteTest(suiteId));
  // A deleted suite has no page left: back to the list.
  const { startDelete: startDeleteSuite, deleteProps: deleteSuiteProps } =
    useConfirmDelete<TestSuite>(useDeleteTestSuite(), () => void navigate('/tests'));
  // Tests and suites live on the platform: owners and managers delete them (decision 051).
  const canDelete = useCanSpendAndDelete();
  const suite = query.data;

  if (query.isError && !suite) {
    return (
      <>
        <PageHeader title="Test suite" breadcrumbs={[{ label: 'Agent tests', to: '/tests' }]} />
        <QueryError
          title="Could not load the test suite"
          error={query.error}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      </>
    );
  }

  const addButton = (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
      Add test
    </Button>
  );
  const columns: DataColumn<AgentTest>[] = [
    { header: 'Test', cell: (test) => <Text fw={500}>{test.name}</Text> },
    {
      header: 'Caller',
      cell: (test) =>
        test.personality ? CALLER_PERSONALITY_LABELS[test.personality] : 'Made elsewhere',
    },
    {
      header: 'What the caller wants',
      cell: (test) => (
        <Text size="sm" lineClamp={2} maw={360}>
          {test.scenario}
        </Text>
      ),
    },
    { header: 'What must happen', cell: (test) => describeExpectation(test.expectation) },
    {
      header: 'Actions',
      end: true,
      cell: (test) => (
        <ResourceActions
          name={test.name}
          deleteRefusal={canDelete ? undefined : managerOnlyReason('delete tests')}
          onDelete={() => startDeleteTest(test)}
        />
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title={suite?.name ?? 'Test suite'}
        breadcrumbs={[{ label: 'Agent tests', to: '/tests' }]}
        description="Each test is a simulated call: the caller follows the scenario, then what must happen is checked."
        actions={
          <Group gap="xs">
            {addButton}
            <ManagerOnlyButton
              allowed={canDelete}
              action="delete tests or test suites"
              variant="default"
              color="red"
              leftSection={<IconTrash size={16} />}
              onClick={() => suite && startDeleteSuite(suite)}
              disabled={!suite}
            >
              Delete suite
            </ManagerOnlyButton>
          </Group>
        }
        notice={canDelete ? undefined : <ManagerOnlyNotice action="delete tests or test suites" />}
      />
      <Stack gap="xl">
        {suite ? (
          <RunPanel
            suiteId={suiteId}
            testCount={suite.tests.length}
            onStarted={(runId) => void navigate(`/test-runs/${encodeURIComponent(runId)}`)}
          />
        ) : (
          <Skeleton height={88} radius="sm" />
        )}
        <DataTable
          label="Tests"
          query={testsQuery}
          columns={columns}
          errorTitle="Could not load the tests"
          empty={{
            icon: IconTestPipe,
            title: 'No tests in this suite yet',
            description:
              'Add a test: who calls, what they want (e.g. “asks for a Saturday slot”) and what must happen (book_appointment is called with a Saturday time).',
            action: addButton,
          }}
        />
        <TestRunHistory suiteId={suiteId} />
      </Stack>
      <TestFormModal suiteId={suiteId} opened={adding} onClose={() => setAdding(false)} />
      <ConfirmDeleteModal
        title="Delete this test?"
        confirmLabel="Delete test"
        errorTitle="Could not delete the test"
        {...deleteTestProps}
      >
        {deletingTest?.name} leaves the suite; past runs keep its results.
      </ConfirmDeleteModal>
      <ConfirmDeleteModal
        title="Delete this suite?"
        confirmLabel="Delete suite"
        errorTitle="Could not delete the suite"
        {...deleteSuiteProps}
      >
        {suite?.name} and its tests are deleted; past runs stay in the history.
      </ConfirmDeleteModal>
    </>
  );
}

/** Choose one of the business's agents and run the suite against it (as saved). */
function RunPanel({
  suiteId,
  testCount,
  onStarted,
}: {
  suiteId: string;
  testCount: number;
  onStarted: (runId: string) => void;
}) {
  const agents = useAgentChoices();
  const run = useRunTestSuite();
  const [agentId, setAgentId] = useState<string | null>(null);
  const chosen = agentId ?? agents.data?.[0]?.id ?? null;
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Group align="flex-end" gap="sm" wrap="wrap">
          <Select
            label="Agent"
            placeholder={agents.isLoading ? 'Loading agents…' : 'Choose an agent'}
            data={(agents.data ?? []).map((agent) => ({ value: agent.id, label: agent.name }))}
            value={chosen}
            onChange={setAgentId}
            allowDeselect={false}
            w={{ base: '100%', xs: 280 }}
            error={agents.isError ? 'Could not load the agents' : undefined}
          />
          <Button
            leftSection={<IconPlayerPlay size={16} />}
            disabled={!chosen || testCount === 0}
            loading={run.isPending}
            onClick={() => {
              if (chosen)
                run.mutate(
                  { suiteId, agentId: chosen },
                  { onSuccess: (started) => onStarted(started.id) },
                );
            }}
          >
            Run the tests
          </Button>
        </Group>
        {testCount === 0 && (
          <Text size="sm" c="dimmed">
            Add a test to run the suite.
          </Text>
        )}
        {run.isError && (
          <Alert color="red" variant="light" title="Could not run the tests" role="alert">
            {run.error instanceof Error ? run.error.message : 'Something went wrong.'}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
