import { useParams } from 'react-router';
import { CallDetailBody } from '../../../features/call-logs/components/call-detail-body';
import { ContactEnquiries } from '../../../features/enquiries/components/contact-enquiries';
import { AgentScreen } from './agent-screen';
import { LoadingBlocks } from '../../../components/loading-blocks';

export default function ContactEnquiriesRoute() {
  const { agentId = '', contactId = '' } = useParams();
  return (
    <AgentScreen
      agentId={agentId}
      sectionTitle="Enquiries"
      description="A contact's enquiries to this agent"
      extraCrumbs={[
        { label: 'Enquiries', to: `/enquiries?agentId=${encodeURIComponent(agentId)}` },
      ]}
      placeholder={<LoadingBlocks label="Loading the enquiries…" heights={[64, 64]} />}
    >
      <ContactEnquiries
        agentId={agentId}
        contactId={contactId}
        renderCall={(callId) => <CallDetailBody callId={callId} />}
      />
    </AgentScreen>
  );
}
