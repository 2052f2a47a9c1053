import { IconMessages } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { ScreenPlaceholder } from '../../../components/screen-placeholder';
import { agentCrumbs } from './agent-crumbs';

export default function ContactEnquiriesRoute() {
  const { agentId = '', contactId = '' } = useParams();
  return (
    <>
      <PageHeader
        title="Enquiries"
        description={`Contact ${contactId}`}
        breadcrumbs={agentCrumbs(agentId)}
      />
      <ScreenPlaceholder icon={IconMessages}>
        {`Enquiries from contact ${contactId} to this agent, with replies by email, will appear here.`}
      </ScreenPlaceholder>
    </>
  );
}
