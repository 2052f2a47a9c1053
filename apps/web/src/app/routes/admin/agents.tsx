import { PageHeader } from '../../../components/page-header';
import { OPERATOR_TIME_ZONE } from '../../../lib/time-zones';
import { AgentsTable } from '../../../features/admin/components/agents-table';

export default function AdminAgentsRoute() {
  return (
    <>
      <PageHeader
        title="Agents"
        description="Assign each voice agent to the business it answers for. A business sees only its own agents and their calls."
        timeZone={OPERATOR_TIME_ZONE}
      />
      <AgentsTable />
    </>
  );
}
