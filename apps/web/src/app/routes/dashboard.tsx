import { Button, Stack, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import type { AgentSettings } from '@switchboard/shared/agents';
import { PageHeader } from '../../components/page-header';
import { AgentsTable } from '../../features/agents/components/agents-table';
import { RecentCampaignsCard } from '../../features/campaigns/components/recent-campaigns-card';
import { LastTestRunsCard } from '../../features/agent-tests/components/last-test-runs-card';
import { RunTestsOnSettings } from '../../features/agent-tests/components/run-tests-on-settings';
import { useDisplayTimeZone, useSessionUser } from '../../lib/session-context';
import { BusinessOverviewTable } from '../../features/dashboard/components/business-overview';
import { StatisticsCards } from '../../features/dashboard/components/statistics-cards';

// The create-agent form (the forms library and the schemas) loads when it is first opened, not
// with the dashboard (decision 023).
const CreateAgentModal = lazy(async () => ({
  default: (await import('../../features/agents/components/create-agent-modal')).CreateAgentModal,
}));

export default function DashboardRoute() {
  const user = useSessionUser();
  const isAdmin = user.role === 'admin';
  const timeZone = useDisplayTimeZone();
  const [createOpened, createModal] = useDisclosure(false);
  const [newAgentId, setNewAgentId] = useState<string | null>(null);
  const [createRequested, setCreateRequested] = useState(false);
  const openCreate = () => {
    setCreateRequested(true);
    createModal.open();
  };

  return (
    <>
      <PageHeader
        title={isAdmin ? 'Overview' : 'Dashboard'}
        description={
          isAdmin
            ? 'Every business at a glance: its last 7 days, in its own time zone.'
            : 'Your business at a glance.'
        }
        // The operator's rows are each in their business's own zone, named on the row.
        timeZone={isAdmin ? undefined : timeZone}
        actions={
          isAdmin ? undefined : (
            <Button leftSection={<IconPlus size={18} />} onClick={openCreate}>
              Create agent
            </Button>
          )
        }
      />
      <Stack gap="xl">
        {/* The operator looks after many businesses: one row each, not their sum. */}
        {isAdmin ? <BusinessOverviewTable /> : <StatisticsCards />}
        {!isAdmin && <RecentCampaignsCard />}
        {/* Test runs are a business's own: the operator has none. */}
        {!isAdmin && <LastTestRunsCard />}
        <Stack gap="sm" component="section" aria-labelledby="dashboard-agents">
          <Title order={3} fz="lg" id="dashboard-agents">
            {isAdmin ? 'All agents' : 'Your agents'}
          </Title>
          <AgentsTable
            showBusiness={isAdmin}
            highlightedAgentId={newAgentId}
            onCreateAgent={openCreate}
            // Agent tests are a business's own: the operator's settings dialog has none.
            {...(isAdmin
              ? {}
              : {
                  renderSettingsTests: (
                    agentId: string,
                    readValues: () => Promise<AgentSettings | null>,
                  ) => <RunTestsOnSettings agentId={agentId} readSettings={readValues} />,
                })}
          />
        </Stack>
      </Stack>
      {createRequested && (
        <Suspense fallback={null}>
          <CreateAgentModal
            opened={createOpened}
            onClose={createModal.close}
            onCreated={(agent) => setNewAgentId(agent.id)}
          />
        </Suspense>
      )}
    </>
  );
}
