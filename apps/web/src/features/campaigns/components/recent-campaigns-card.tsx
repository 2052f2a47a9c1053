import { Anchor, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { CAMPAIGN_RECENT_LIMIT } from '@switchboard/shared/campaign-statuses';
import { Link } from 'react-router';
import { useCampaigns } from '../api/campaigns';
import { CampaignProgress } from './campaign-progress';
import { CampaignStatusBadge } from './campaign-status-badge';

/** Dashboard: the latest campaigns and how they went. Hidden until the business has one. */
export function RecentCampaignsCard() {
  const query = useCampaigns(CAMPAIGN_RECENT_LIMIT);
  if (query.isError || (query.data && query.data.length === 0)) return null;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="recent-campaigns">
      <Group justify="space-between" mb="sm">
        <Title order={3} fz="lg" id="recent-campaigns">
          Recent campaigns
        </Title>
        <Anchor component={Link} to="/campaigns" size="sm">
          All campaigns
        </Anchor>
      </Group>
      {!query.data ? (
        <Stack gap="xs">
          <Skeleton height={36} />
          <Skeleton height={36} />
        </Stack>
      ) : (
        <Stack gap="md">
          {query.data.map((c) => (
            <div key={c.id}>
              <Group justify="space-between" gap="xs" mb={4} wrap="nowrap">
                <Anchor component={Link} to={`/campaigns/${c.id}`} fw={500} truncate>
                  {c.name}
                </Anchor>
                <CampaignStatusBadge status={c.status} />
              </Group>
              <CampaignProgress counts={c.counts} size="sm" />
              <Text size="xs" c="dimmed" mt={2}>
                {c.counts.answered} answered · {c.counts.voicemail} voicemail · {c.counts.no_answer}{' '}
                no answer · {c.counts.busy} busy · {c.counts.failed} failed
              </Text>
            </div>
          ))}
        </Stack>
      )}
    </Paper>
  );
}
