import { useMemo } from 'react';
import { PageHeader } from '../../components/page-header';
import { useDisplayTimeZone } from '../../lib/session-context';
import { useAgentList } from '../../lib/api/list-agents';
import { IncludeTestCallsSwitch } from '../../features/analytics/components/include-test-calls-switch';
import { CallLogs } from '../../features/call-logs/components/call-logs';

/**
 * `/calls`: one call log across the business's agents (the operator: every agent's), with every
 * filter of an agent's log and the agent as one more.
 */
export default function CallsRoute() {
  const agents = useAgentList();
  const timeZone = useDisplayTimeZone();
  const choices = useMemo(
    () => agents.data?.map((agent) => ({ id: agent.id, name: agent.name })),
    [agents.data],
  );
  return (
    <>
      <PageHeader
        title="Calls"
        description="Every call your agents answered or placed, newest first."
        timeZone={timeZone}
        actions={<IncludeTestCallsSwitch />}
      />
      <CallLogs agents={choices} />
    </>
  );
}
