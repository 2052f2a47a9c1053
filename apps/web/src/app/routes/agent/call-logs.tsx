import { Skeleton, Stack, VisuallyHidden } from '@mantine/core';
import { usePrefetchQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { useAgent } from '../../../features/agents/api/get-agent';
import { AgentSectionLinks } from '../../../features/analytics/components/agent-section-links';
import { AgentUnavailable } from '../../../features/analytics/components/agent-unavailable';
import { callLogPageQueryOptions } from '../../../features/call-logs/api/list-call-logs';
import { CallLogs } from '../../../features/call-logs/components/call-logs';
import { useCallLogParams } from '../../../features/call-logs/hooks/use-call-log-params';
import { callLogPageParams } from '../../../features/call-logs/utils/call-log-params';
import { agentCrumbs } from './agent-crumbs';

export default function AgentCallLogsRoute() {
  const { agentId = '' } = useParams();
  const agent = useAgent(agentId);
  const { state } = useCallLogParams();
  // The page is asked for alongside the agent rather than after it; it shows once the agent is
  // known to be the user's, so a missing agent never flashes a call-log error first.
  usePrefetchQuery(callLogPageQueryOptions(agentId, callLogPageParams(state)));
  const name = agent.data?.name;
  const details = agent.data
    ? ['Call logs', agent.data.phoneNumber, `times in ${agent.data.timeZone}`].filter(Boolean)
    : [];

  return (
    <>
      <PageHeader
        // The section's name until the agent's is known (or if it never is).
        title={name ?? 'Call logs'}
        description={name ? details.join(' · ') : undefined}
        breadcrumbs={agentCrumbs(agentId, name)}
      />
      <AgentSectionLinks agentId={agentId} current="call-logs" />
      {agent.isError ? (
        <AgentUnavailable
          error={agent.error}
          onRetry={() => void agent.refetch()}
          retrying={agent.isFetching}
        />
      ) : agent.data ? (
        <CallLogs agentId={agentId} />
      ) : (
        <Stack gap="md">
          <VisuallyHidden role="status">Loading the call logs…</VisuallyHidden>
          <Skeleton height={36} />
          <Skeleton height={60} />
          <Skeleton height={320} />
        </Stack>
      )}
    </>
  );
}
