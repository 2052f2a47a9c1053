import { IconPhoneCall } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { ScreenPlaceholder } from '../../../components/screen-placeholder';
import { agentCrumbs } from './agent-crumbs';

export default function AgentCallLogsRoute() {
  const { agentId = '' } = useParams();
  return (
    <>
      <PageHeader title="Call logs" breadcrumbs={agentCrumbs(agentId)} />
      <ScreenPlaceholder icon={IconPhoneCall}>
        Call logs for this agent will appear here.
      </ScreenPlaceholder>
    </>
  );
}
