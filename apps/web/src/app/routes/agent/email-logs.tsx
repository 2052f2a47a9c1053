import { useParams } from 'react-router';
import { useAgent } from '../../../features/agents/api/get-agent';
import { EmailLogs } from '../../../features/enquiries/components/email-logs';
import { AgentScreen } from './agent-screen';
import { LoadingBlocks } from '../../../components/loading-blocks';

export default function EmailLogsRoute() {
  const { agentId = '', contactId = '', enquiryId = '' } = useParams();
  const agent = useAgent(agentId);
  return (
    <AgentScreen
      agentId={agentId}
      agent={agent}
      section={null}
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
