import { useParams } from 'react-router';
import { EmailLogs } from '../../../features/enquiries/components/email-logs';
import { AgentScreen } from './agent-screen';
import { LoadingBlocks } from '../../../components/loading-blocks';

export default function EmailLogsRoute() {
  const { agentId = '', contactId = '', enquiryId = '' } = useParams();
  return (
    <AgentScreen
      agentId={agentId}
      sectionTitle="Email log"
      description="Email log: the replies to one enquiry and their delivery"
      extraCrumbs={[
        {
          label: 'Contact enquiries',
          to: `/agent/${encodeURIComponent(agentId)}/enquiries/${encodeURIComponent(contactId)}`,
        },
      ]}
      placeholder={<LoadingBlocks label="Loading the email log…" heights={[48]} />}
    >
      <EmailLogs enquiryId={enquiryId} />
    </AgentScreen>
  );
}
