import { usePrefetchQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { useAgent } from '../../../features/agents/api/get-agent';
import { IncludeTestCallsSwitch } from '../../../features/analytics/components/include-test-calls-switch';
import { callLogPageQueryOptions } from '../../../features/call-logs/api/list-call-logs';
import { CallLogs } from '../../../features/call-logs/components/call-logs';
import { useCallLogParams } from '../../../features/call-logs/hooks/use-call-log-params';
import { callLogPageParams } from '../../../features/call-logs/utils/call-log-params';
import { AgentScreen } from './agent-screen';
import { LoadingBlocks } from '../../../components/loading-blocks';

export default function AgentCallLogsRoute() {
  const { agentId = '' } = useParams();
  const agent = useAgent(agentId);
  const { state } = useCallLogParams();
  // The page is asked for alongside the agent rather than after it; it shows once the agent is
  // known to be the user's, so a missing agent never flashes a call-log error first.
  usePrefetchQuery(callLogPageQueryOptions(agentId, callLogPageParams(state)));
  const details = agent.data ? ['Call logs', agent.data.phoneNumber].filter(Boolean) : [];

  return (
    <AgentScreen
      agentId={agentId}
      section="call-logs"
      sectionTitle="Call logs"
      description={details.join(' · ')}
      actions={<IncludeTestCallsSwitch />}
      placeholder={
        <LoadingBlocks label="Loading the call logs…" heights={[36, 60, 320]} gap="md" />
      }
    >
      <CallLogs agentId={agentId} />
    </AgentScreen>
  );
}
