import { IconChartBar } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { ScreenPlaceholder } from '../../../components/screen-placeholder';
import { agentCrumbs } from './agent-crumbs';

export default function AgentStatisticsRoute() {
  const { agentId = '' } = useParams();
  return (
    <>
      <PageHeader title="Statistics" breadcrumbs={agentCrumbs(agentId)} />
      <ScreenPlaceholder icon={IconChartBar}>
        Charts of call outcomes, end reasons, call types and costs for this agent will appear here.
      </ScreenPlaceholder>
    </>
  );
}
