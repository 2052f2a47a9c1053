import {
  Alert,
  Anchor,
  Button,
  Group,
  Modal,
  Paper,
  ScrollArea,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import {
  CAMPAIGN_CONTACTS_PAGE_SIZE,
  CAMPAIGN_CONTACT_STATUSES,
  CAMPAIGN_ATTEMPT_STATUS_LABELS,
  CAMPAIGN_CONTACT_STATUS_LABELS,
  CAMPAIGN_HOLD_MESSAGES,
  campaignContactReasonMessage,
  formatWeekdayTime,
  waitingMessage,
  type Campaign,
  type CampaignAction,
  type CampaignContact,
  type CampaignContactStatus,
} from '@switchboard/shared/campaigns';
import { formatCount, formatCountOf, formatDateTime } from '@switchboard/shared/format';
import {
  IconClock,
  IconHourglass,
  IconPhoneOff,
  IconPlayerPause,
  IconPlayerPlay,
  IconX,
} from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { DataTable, type DataColumn } from '../../../components/data-table';
import { ManagerOnlyButton, ManagerOnlyNotice } from '../../../components/manager-only';
import { PageHeader } from '../../../components/page-header';
import { useCanSpendAndDelete } from '../../../lib/session-context';
import { QueryError } from '../../../components/query-error';
import { usePaginationParams } from '../../../lib/use-pagination-params';
import { FormAlert } from '../../../components/form-alert';
import { useCampaign, useCampaignAction, useCampaignContacts } from '../api/campaigns';
import { CampaignProgress } from './campaign-progress';
import { CampaignStatusBadge, ContactStatusBadge } from './campaign-status-badge';
import { CampaignResultsPanel } from './campaign-results';
import { CampaignReviewPanel, retryLabel, weekdaysLabel } from './campaign-review-panel';

const isStatus = (value: string | null): value is CampaignContactStatus =>
  (CAMPAIGN_CONTACT_STATUSES as readonly (string | null)[]).includes(value);

const none = (
  <Text size="sm" c="dimmed">
    —
  </Text>
);

const results = (row: CampaignContact) =>
  [
    row.appointments > 0 ? formatCountOf(row.appointments, 'appointment', 'appointments') : null,
    row.enquiries > 0 ? formatCountOf(row.enquiries, 'enquiry', 'enquiries') : null,
  ]
    .filter(Boolean)
    .join(', ');

/** "1 · No answer 09:00", one line per call placed, and when the next one may be. */
function Attempts({ row, timeZone }: { row: CampaignContact; timeZone: string }) {
  if (row.attemptList.length === 0 && !row.nextAttemptAt) return none;
  // On the business's clock, as the calling hours are.
  const time = (iso: string) => formatWeekdayTime(iso, timeZone);
  return (
    <Stack gap={0} aria-label={`Calls to ${row.name || row.phone}`}>
      {row.attemptList.map((a) =>
        a.status === 'platform_busy' ? (
          // Not one of the number's calls: the platform account had no free line.
          <Text key={a.callId} size="xs" c="dimmed">
            {CAMPAIGN_ATTEMPT_STATUS_LABELS.platform_busy} ({time(a.at)})
          </Text>
        ) : (
          <Text key={a.callId} size="xs">
            {a.attempt} · {CAMPAIGN_ATTEMPT_STATUS_LABELS[a.status]} {time(a.at)}
          </Text>
        ),
      )}
      {row.nextAttemptAt && (
        <Text size="xs" c="dimmed">
          Next call from {time(row.nextAttemptAt)}
        </Text>
      )}
    </Stack>
  );
}

/** Each number: who, where its call stands, the call itself and what it produced. */
const contactColumnsIn = (timeZone: string): DataColumn<CampaignContact>[] => [
  {
    header: 'Contact',
    cell: (row) => (
      <Stack gap={0}>
        {row.contactId ? (
          <Anchor component={Link} to={`/contacts/${row.contactId}`} size="sm">
            {row.name || row.phone}
          </Anchor>
        ) : (
          <Text size="sm">{row.name || row.phone}</Text>
        )}
        <Text size="xs" c="dimmed" ff="monospace">
          {row.phone}
        </Text>
      </Stack>
    ),
  },
  {
    header: 'Status',
    cell: (row) => (
      <Stack gap={2} align="flex-start">
        <ContactStatusBadge status={row.status} />
        {row.reason && (
          <Text size="xs" c="dimmed">
            {campaignContactReasonMessage(row.reason)}
          </Text>
        )}
      </Stack>
    ),
  },
  {
    header: 'Calls',
    cell: (row) => <Attempts row={row} timeZone={timeZone} />,
  },
  {
    header: 'Call',
    cell: (row) =>
      row.callId && row.agentId ? (
        <Anchor
          component={Link}
          size="sm"
          to={`/agent/${encodeURIComponent(row.agentId)}/call-logs?call=${encodeURIComponent(row.callId)}`}
        >
          View call
        </Anchor>
      ) : (
        none
      ),
  },
  {
    header: 'Result',
    cell: (row) =>
      row.appointments + row.enquiries === 0 ? (
        none
      ) : (
        <Anchor component={Link} size="sm" to={row.contactId ? `/contacts/${row.contactId}` : '#'}>
          {results(row)}
        </Anchor>
      ),
  },
];

/** What cancelling does, said before it is done: calls in progress finish, nothing else is placed. */
function cancelText(campaign: Campaign): string {
  if (campaign.status === 'draft') return 'The draft is discarded. Nobody has been called.';
  const { calling, pending } = campaign.counts;
  const inProgress =
    calling > 0
      ? `${calling} ${calling === 1 ? 'call is' : 'calls are'} in progress: ${calling === 1 ? 'it finishes' : 'they finish'} normally and ${calling === 1 ? 'its' : 'their'} results are kept. `
      : 'No call is in progress. ';
  const left =
    pending > 0
      ? `${pending} ${pending === 1 ? 'number' : 'numbers'} not yet called will not be called. `
      : '';
  return `${inProgress}No new calls are placed; ${left}This cannot be undone.`;
}

function Actions({ campaign }: { campaign: Campaign }) {
  const act = useCampaignAction(campaign.id);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const run = (action: CampaignAction) => act.mutate(action);
  const active = campaign.status === 'scheduled' || campaign.status === 'running';
  const draft = campaign.status === 'draft';
  // Pausing, resuming and cancelling a run decide what the business spends: owners and managers.
  const allowed = useCanSpendAndDelete();
  const action = 'pause, resume or cancel a campaign';
  return (
    <Stack gap="xs" align="flex-end">
      <Group gap="xs">
        {active && (
          <ManagerOnlyButton
            allowed={allowed}
            action={action}
            variant="default"
            leftSection={<IconPlayerPause size={16} />}
            loading={act.isPending && act.variables === 'pause'}
            onClick={() => run('pause')}
          >
            Pause
          </ManagerOnlyButton>
        )}
        {campaign.status === 'paused' && (
          <ManagerOnlyButton
            allowed={allowed}
            action={action}
            leftSection={<IconPlayerPlay size={16} />}
            loading={act.isPending && act.variables === 'resume'}
            onClick={() => run('resume')}
          >
            Resume
          </ManagerOnlyButton>
        )}
        {(active || draft || campaign.status === 'paused') && (
          <ManagerOnlyButton
            allowed={allowed}
            action={action}
            variant="light"
            color="red"
            leftSection={<IconX size={16} />}
            onClick={() => setConfirmCancel(true)}
          >
            {draft ? 'Discard draft' : 'Cancel campaign'}
          </ManagerOnlyButton>
        )}
      </Group>
      {act.error && !confirmCancel && (
        <FormAlert title="Could not change the campaign" error={act.error} />
      )}
      <Modal
        opened={confirmCancel}
        onClose={() => {
          if (act.isPending) return;
          act.reset();
          setConfirmCancel(false);
        }}
        title={draft ? 'Discard this draft?' : 'Cancel this campaign?'}
        centered
      >
        <Stack>
          <Text size="sm">{cancelText(campaign)}</Text>
          {act.variables === 'cancel' && act.error ? (
            <FormAlert title="Could not cancel the campaign" error={act.error} />
          ) : null}
          <Group justify="flex-end">
            <Button
              variant="default"
              disabled={act.isPending}
              onClick={() => {
                act.reset();
                setConfirmCancel(false);
              }}
            >
              {draft ? 'Keep the draft' : 'Keep it running'}
            </Button>
            <Button
              color="red"
              loading={act.isPending && act.variables === 'cancel'}
              onClick={() => act.mutate('cancel', { onSuccess: () => setConfirmCancel(false) })}
            >
              {draft ? 'Discard draft' : 'Cancel campaign'}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

function Stat({ label, value }: { label: string; value: number }) {
  return (
    <Paper withBorder p="sm" radius="md">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fz="xl" fw={700}>
        {value}
      </Text>
    </Paper>
  );
}

/** `/campaigns/:id`: the campaign's progress, each number's call and what it produced. */
export function CampaignDetailScreen({ campaignId }: { campaignId: string }) {
  const campaign = useCampaign(campaignId);
  const canAct = useCanSpendAndDelete();
  const [searchParams, setSearchParams] = useSearchParams();
  const rawStatus = searchParams.get('status');
  const status = isStatus(rawStatus) ? rawStatus : undefined;
  const { page, limit, setPagination } = usePaginationParams(CAMPAIGN_CONTACTS_PAGE_SIZE);
  const live = campaign.data?.status === 'running' || (campaign.data?.counts.calling ?? 0) > 0;
  const contacts = useCampaignContacts(
    campaignId,
    { page, limit, status },
    campaign.data?.updatedAt,
    live,
  );

  if (campaign.isError && !campaign.data) {
    return (
      <QueryError
        title="Could not load the campaign"
        error={campaign.error}
        onRetry={() => void campaign.refetch()}
        retrying={campaign.isFetching}
      />
    );
  }
  const c = campaign.data;

  return (
    <>
      <PageHeader
        title={c?.name ?? 'Campaign'}
        description={
          c
            ? `${c.targetName} · calls ${c.callingHoursStart}–${c.callingHoursEnd}, ${weekdaysLabel(c.callingDays)} · ${c.maxConcurrency} at a time${c.platformConcurrencyLimit === null ? '' : ` (your voice platform account allows ${c.platformConcurrencyLimit})`} · starts ${formatDateTime(c.startAt, c.timeZone)} · ${retryLabel(c)}`
            : 'Loading…'
        }
        actions={c ? <Actions campaign={c} /> : null}
        timeZone={c?.timeZone}
        notice={
          c && !canAct && ['draft', 'scheduled', 'running', 'paused'].includes(c.status) ? (
            <ManagerOnlyNotice action="pause, resume or cancel a campaign" />
          ) : undefined
        }
      />
      {c && (
        <Stack gap="lg">
          <Group gap="sm">
            <CampaignStatusBadge status={c.status} />
            {(c.skippedDoNotCall > 0 || c.skippedNoPhone > 0 || c.skippedDuplicates > 0) && (
              <Text size="sm" c="dimmed">
                Left out: {formatCount(c.skippedDoNotCall)} do-not-call,{' '}
                {formatCount(c.skippedNoPhone)} without a number
                {c.skippedDuplicates > 0
                  ? `, ${formatCountOf(c.skippedDuplicates, 'repeated number', 'repeated numbers')}`
                  : ''}
                .
              </Text>
            )}
          </Group>
          {c.status === 'draft' && <CampaignReviewPanel campaign={c} />}
          {c.waitingUntil && (
            <Alert color="blue" icon={<IconClock size={18} />} title="Not calling now">
              {waitingMessage(c.waitingUntil, c.timeZone)}
            </Alert>
          )}
          {c.hold && (c.status === 'running' || c.status === 'scheduled') && (
            <Alert
              color="yellow"
              icon={<IconHourglass size={18} />}
              title="Waiting for the daily limit"
            >
              {CAMPAIGN_HOLD_MESSAGES[c.hold]}
            </Alert>
          )}
          {c.status !== 'draft' && <CampaignProgress counts={c.counts} />}
          {c.status !== 'draft' && (
            <SimpleGrid cols={{ base: 2, sm: 3, lg: 5, xl: 10 }} spacing="sm">
              <Stat label="Pending" value={c.counts.pending} />
              <Stat label="Calling" value={c.counts.calling} />
              <Stat label="Answered" value={c.counts.answered} />
              <Stat label="Voicemail" value={c.counts.voicemail} />
              <Stat label="No answer" value={c.counts.no_answer} />
              <Stat label="Busy" value={c.counts.busy} />
              <Stat label="Failed" value={c.counts.failed} />
              <Stat label="Not called" value={c.counts.refused} />
              <Stat label="Appointments" value={c.counts.appointments} />
              <Stat label="Enquiries" value={c.counts.enquiries} />
            </SimpleGrid>
          )}
          {c.status !== 'draft' && <CampaignResultsPanel campaign={c} />}
          <ScrollArea type="auto">
            <SegmentedControl
              aria-label="Show numbers"
              size="xs"
              data={[
                { value: 'all', label: 'All' },
                ...CAMPAIGN_CONTACT_STATUSES.map((s) => ({
                  value: s,
                  label: CAMPAIGN_CONTACT_STATUS_LABELS[s],
                })),
              ]}
              value={status ?? 'all'}
              onChange={(value) =>
                setSearchParams((current) => {
                  const next = new URLSearchParams(current);
                  if (value === 'all') next.delete('status');
                  else next.set('status', value);
                  next.delete('page');
                  return next;
                })
              }
            />
          </ScrollArea>
          <DataTable
            query={contacts}
            columns={contactColumnsIn(c.timeZone)}
            label="Campaign contacts"
            errorTitle="Could not load the campaign's contacts"
            empty={{
              title: 'No numbers here',
              icon: IconPhoneOff,
              description: status
                ? 'No number has this outcome yet.'
                : 'This campaign has no numbers.',
            }}
            pager={{ noun: ['number', 'numbers'], onChange: setPagination }}
            minWidth={560}
          />
        </Stack>
      )}
    </>
  );
}
