import { Anchor, Button, Stack, TextInput } from '@mantine/core';
import { testSuiteInputSchema, type TestSuiteSummary } from '@switchboard/shared/agent-tests';
import { IconChecklist, IconPlus } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { ConsoleForm, ConsoleFormModal } from '../../../components/console-form-modal';
import { DataTable, type DataColumn } from '../../../components/data-table';
import { useCreateTestSuite, useTestSuites } from '../api/agent-tests';
import { TestRunHistory } from './test-run-history';

/** `/tests`: the business's test suites and every run kept. */
export function TestSuitesScreen() {
  const query = useTestSuites();
  const [creating, setCreating] = useState(false);
  const createButton = (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
      New suite
    </Button>
  );
  const columns: DataColumn<TestSuiteSummary>[] = [
    {
      header: 'Suite',
      cell: (suite) => (
        <Anchor component={Link} to={`/tests/${encodeURIComponent(suite.id)}`} fw={500}>
          {suite.name}
        </Anchor>
      ),
    },
    {
      header: 'Tests',
      end: true,
      cell: (suite) => suite.testCount,
    },
  ];
  return (
    <>
      <PageHeader
        title="Agent tests"
        description="Simulated callers with a scenario and what must happen: run a suite against an agent before you change it."
        actions={createButton}
      />
      <Stack gap="xl">
        <DataTable
          label="Test suites"
          query={query}
          columns={columns}
          errorTitle="Could not load the test suites"
          searchText={(suite) => suite.name}
          searchLabel="Search suites"
          empty={{
            icon: IconChecklist,
            title: 'No test suites yet',
            description:
              'A suite groups tests: a simulated caller, what they want, and what your agent must do.',
            action: createButton,
          }}
        />
        <TestRunHistory />
      </Stack>
      <NewSuiteModal opened={creating} onClose={() => setCreating(false)} />
    </>
  );
}

function NewSuiteModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const create = useCreateTestSuite();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setName('');
    setError(null);
    create.reset();
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = testSuiteInputSchema.safeParse({ name });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Please enter a name');
      return;
    }
    create.mutate(parsed.data.name, {
      onSuccess: (suite) => {
        close();
        void navigate(`/tests/${encodeURIComponent(suite.id)}`);
      },
    });
  };
  return (
    <ConsoleFormModal
      opened={opened}
      onClose={close}
      title="New test suite"
      formKey="new"
      size="md"
    >
      <ConsoleForm
        onSubmit={submit}
        mutation={create}
        errorTitle="Could not create the suite"
        onCancel={close}
        submitLabel="Create suite"
      >
        <TextInput
          label="Name"
          placeholder="Appointments"
          data-autofocus
          value={name}
          onChange={(event) => {
            setName(event.currentTarget.value);
            setError(null);
          }}
          error={error}
        />
      </ConsoleForm>
    </ConsoleFormModal>
  );
}
