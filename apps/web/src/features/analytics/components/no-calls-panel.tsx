import type { AnalyticsRange } from '@switchboard/shared/analytics';
import { IconPhoneOff } from '@tabler/icons-react';
import { EmptyPanel } from '../../../components/empty-panel';
import { formatDateRange } from '../utils/format-analytics';

/** In place of the charts when the range has no calls (a new agent, a quiet week). */
export function NoCallsPanel({ range }: { range: Pick<AnalyticsRange, 'from' | 'to'> }) {
  return (
    <EmptyPanel
      icon={IconPhoneOff}
      title="No calls in this range"
      description={`This agent has no ended calls in ${formatDateRange(range)}. Widen the date range (for example, to the last 90 days) to include earlier calls.`}
    />
  );
}
