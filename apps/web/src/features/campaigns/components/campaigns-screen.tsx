import { Anchor, Stack, Text } from '@mantine/core';
import { waitingMessage, type Campaign } from '@switchboard/shared/campaigns';
import { formatDateTime } from '@switchboard/shared/format';
import { IconPlus, IconSpeakerphone } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ManagerOnlyButton, ManagerOnlyNotice } from '../../../components/manager-only';
import { PageHeader } from '../../../components/page-header';
import { useCanSpendAndDelete, useDisplayTimeZone } from '../../../lib/session-context';
import { DataTable, type DataColumn } from '../../../components/data-table';
import { useCampaigns } from '../api/campaigns';
import { CampaignProgress } from './campaign-progress';
import { CampaignStatusBadge } from './campaign-status-badge';
import { CreateCampaignModal } from './create-campaign-modal';

/** `/campaigns`: the business's outbound campaigns with their progress, and a new one. */
export function CampaignsScreen() {
  const query = useCampaigns();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  // A campaign's calls are paid for: owners and managers start one.
  const allowed = useCanSpendAndDelete();
  const timeZone = useDisplayTimeZone();

  const newButton = (
    <ManagerOnlyButton
      allowed={allowed}
      action="start campaigns"
      leftSection={<IconPlus size={16} />}
      onClick={() => setCreating(true)}
    >
      New campaign
    </ManagerOnlyButton>
  );

  const columns: DataColumn<Campaign>[] = [
    {
      header: 'Campaign',
      cell: (c) => (
        <Stack gap={0}>
          <Anchor component={Link} to={`/campaigns/${c.id}`} fw={500}>
            {c.name}
          </Anchor>
          <Text size="xs" c="dimmed">
            {c.targetName} · starts {formatDateTime(c.startAt, c.timeZone)}
          </Text>
        </Stack>
      ),
    },
    {
      header: 'Status',
      cell: (c) => (
        <Stack gap={2} align="flex-start">
          <CampaignStatusBadge status={c.status} />
          {c.status === 'draft' && (
            <Text size="xs" c="dimmed">
              Not started — review it to start
            </Text>
          )}
          {c.waitingUntil && (
            <Text size="xs" c="dimmed">
              {waitingMessage(c.waitingUntil, c.timeZone)}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      header: 'Progress',
      cell: (c) => (
        <div style={{ minWidth: 180 }}>
          <CampaignProgress counts={c.counts} size="sm" />
        </div>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title="Campaigns"
        description="Call a list of your contacts with an agent, within your calling hours."
        actions={newButton}
        timeZone={timeZone}
        notice={allowed ? undefined : <ManagerOnlyNotice action="start campaigns" />}
      />
      <DataTable
        label="Campaigns"
        query={query}
        columns={columns}
        errorTitle="Could not load the campaigns"
        searchText={(c) => `${c.name} ${c.targetName}`}
        searchLabel="Search campaigns"
        empty={{
          icon: IconSpeakerphone,
          title: 'No campaigns yet',
          description:
            'Choose an agent, one of your numbers and the contacts to call; the platform places the calls and you follow each one here.',
          action: newButton,
        }}
      />
      <CreateCampaignModal
        opened={creating}
        onClose={() => setCreating(false)}
        onCreated={(campaign) => void navigate(`/campaigns/${campaign.id}`)}
      />
    </>
  );
}
