import { Group, Progress, Text, Tooltip } from '@mantine/core';
import {
  CAMPAIGN_CONTACT_STATUSES,
  CAMPAIGN_CONTACT_STATUS_LABELS,
  type CampaignContactStatus,
} from '@switchboard/shared/campaign-statuses';
import type { CampaignCounts } from '@switchboard/shared/campaigns';
import { formatCount, formatCountOf } from '@switchboard/shared/format';
import { CONTACT_STATUS_COLORS } from './campaign-status-badge';

/** The bar's sections: each outcome, in the shared order, then the calls still in progress. */
const DONE: CampaignContactStatus[] = [
  ...CAMPAIGN_CONTACT_STATUSES.filter((status) => status !== 'pending' && status !== 'calling'),
  'calling',
];

/** One bar: the share of numbers in each outcome, with "12 of 40 called". */
export function CampaignProgress({
  counts,
  size = 'md',
}: {
  counts: CampaignCounts;
  size?: string;
}) {
  const called = counts.total - counts.pending - counts.calling - counts.refused;
  const callable = counts.total - counts.refused;
  return (
    <div>
      {/* The bar is a picture of the counts written beside it: each section is named for
          assistive technology (a progressbar needs a name), the root carries no label of its own. */}
      <Progress.Root size={size}>
        {DONE.map((status) =>
          counts[status] > 0 ? (
            <Tooltip
              key={status}
              label={`${CAMPAIGN_CONTACT_STATUS_LABELS[status]}: ${formatCount(counts[status])}`}
            >
              <Progress.Section
                value={(counts[status] / Math.max(1, counts.total)) * 100}
                color={CONTACT_STATUS_COLORS[status]}
                aria-label={`${CAMPAIGN_CONTACT_STATUS_LABELS[status]}: ${counts[status]} of ${counts.total}`}
              />
            </Tooltip>
          ) : null,
        )}
      </Progress.Root>
      <Group justify="space-between" mt={4} gap="xs">
        <Text size="xs" c="dimmed">
          {formatCount(called)} of {formatCount(callable)} called
          {counts.refused > 0 ? ` · ${formatCount(counts.refused)} not called (calling rules)` : ''}
        </Text>
        <Text size="xs" c="dimmed">
          {formatCountOf(counts.appointments, 'appointment', 'appointments')},{' '}
          {formatCountOf(counts.enquiries, 'enquiry', 'enquiries')}
        </Text>
      </Group>
    </div>
  );
}
