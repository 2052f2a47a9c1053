import { IconMail } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { ScreenPlaceholder } from '../../../components/screen-placeholder';
import { agentCrumbs } from './agent-crumbs';

export default function EmailLogsRoute() {
  const { agentId = '', contactId = '', enquiryId = '' } = useParams();
  return (
    <>
      <PageHeader
        title="Email log"
        description={`Enquiry ${enquiryId}`}
        breadcrumbs={[
          ...agentCrumbs(agentId),
          {
            label: `Contact ${contactId}`,
            to: `/agent/${encodeURIComponent(agentId)}/enquiries/${encodeURIComponent(contactId)}`,
          },
        ]}
      />
      <ScreenPlaceholder icon={IconMail}>
        {`Emails sent in reply to enquiry ${enquiryId}, with their delivery status, will appear here.`}
      </ScreenPlaceholder>
    </>
  );
}
