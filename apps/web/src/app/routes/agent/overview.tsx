import { IconRobot } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { ScreenPlaceholder } from '../../../components/screen-placeholder';
import { agentCrumbs } from './agent-crumbs';

export default function AgentOverviewRoute() {
  const { agentId = '' } = useParams();
  return (
    <>
      <PageHeader
        title="Overview"
        description={`Agent ${agentId}`}
        breadcrumbs={agentCrumbs(agentId).slice(0, 1)}
      />
      <ScreenPlaceholder icon={IconRobot}>
        Call minutes, number of calls, total spent and average cost per call for this agent will
        appear here, with charts.
      </ScreenPlaceholder>
    </>
  );
}
