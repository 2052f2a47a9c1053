import { PageHeader } from '../../components/page-header';
import { useAgentList } from '../../lib/api/list-agents';
import { useDisplayTimeZone } from '../../lib/session-context';
import { EnquiryInbox } from '../../features/enquiries/components/enquiry-inbox';

export default function EnquiriesRoute() {
  // The agent filter's choices; the inbox works without them while they load (or if they fail).
  const agents = useAgentList();
  const timeZone = useDisplayTimeZone();
  return (
    <>
      <PageHeader
        title="Enquiries"
        description="What callers asked your agents for."
        timeZone={timeZone}
      />
      <EnquiryInbox
        agents={(agents.data ?? []).map((agent) => ({ id: agent.id, name: agent.name }))}
      />
    </>
  );
}
