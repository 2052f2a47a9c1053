import { Group } from '@mantine/core';
import type { AnalyticsRange } from '@switchboard/shared/analytics';
import { useMemo } from 'react';
import { useParams } from 'react-router';
import { DateRangeControl, useDateRangeParams } from '../../../components/date-range-control';
import { useAgent } from '../../../features/agents/api/get-agent';
import {
  IncludeTestCallsSwitch,
  useIncludeTestParam,
} from '../../../features/analytics/components/include-test-calls-switch';
import { formatDateRange } from '../../../features/analytics/utils/format-analytics';

/**
 * The agent of an analytics screen (/agent/:agentId/…) and the range it covers: the days in the
 * URL (`?from&to`) and whether test calls count (`?includeTest`).
 */
export function useAgentRange() {
  const { agentId = '' } = useParams();
  const agent = useAgent(agentId);
  const dates = useDateRangeParams();
  const includeTest = useIncludeTestParam();
  const range = useMemo(() => ({ ...dates, includeTest }), [dates, includeTest]);
  return { agentId, agent, range };
}

/** "Overview · 1–30 Nov 2026": the section, then the days the server answered for. */
export function rangeDescription(section: string, resolved: AnalyticsRange | undefined) {
  return `${section}${resolved ? ` · ${formatDateRange(resolved)}` : ''}`;
}

type AgentRangeActionsProps = {
  /** The days the server answered for (with the zone they are counted in). */
  resolved: AnalyticsRange | undefined;
  /** The agent's zone, until the server has answered. */
  agentTimeZone: string | undefined;
};

/** The controls of an analytics screen: test calls in or out, and the days. */
export function AgentRangeActions({ resolved, agentTimeZone }: AgentRangeActionsProps) {
  return (
    <Group gap="md">
      <IncludeTestCallsSwitch />
      <DateRangeControl resolved={resolved} timeZone={resolved?.timeZone ?? agentTimeZone} />
    </Group>
  );
}
