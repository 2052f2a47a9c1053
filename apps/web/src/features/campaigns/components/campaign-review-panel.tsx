import {
  Alert,
  Button,
  Group,
  List,
  Modal,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import {
  CAMPAIGN_RETRY_LABELS,
  PLATFORM_DEFAULT_CONCURRENCY_LIMIT,
  WEEKDAY_SHORT,
  WEEKDAYS,
  formatWeekdayTime,
  type Campaign,
  type CampaignReview,
} from '@switchboard/shared/campaigns';
import { formatCost, formatDateTime, formatCountOf } from '@switchboard/shared/format';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useState } from 'react';
import { FormAlert } from '../../../components/form-alert';
import { ManagerOnlyButton } from '../../../components/manager-only';
import { QueryError } from '../../../components/query-error';
import { useCanSpendAndDelete } from '../../../lib/session-context';
import { useCampaignAction, useCampaignReview } from '../api/campaigns';

const contactsWord = (n: number) => formatCountOf(n, 'contact', 'contacts');

/** The days it calls on, Monday first, runs of three or more joined: "Mon–Fri", "Mon, Wed, Sat". */
export function weekdaysLabel(days: readonly number[]): string {
  if (days.length === 7) return 'every day';
  const runs: number[][] = [];
  let lastIndex = -2;
  WEEKDAYS.forEach((day, index) => {
    if (!days.includes(day)) return;
    const last = runs.at(-1);
    if (last && index === lastIndex + 1) last.push(day);
    else runs.push([day]);
    lastIndex = index;
  });
  return runs
    .flatMap((run) =>
      run.length >= 3
        ? [`${WEEKDAY_SHORT[run[0]!]}–${WEEKDAY_SHORT[run.at(-1)!]}`]
        : run.map((day) => WEEKDAY_SHORT[day]),
    )
    .join(', ');
}

/** "about 1 h 20 min" of calling. */
function durationLabel(minutes: number): string {
  if (minutes < 1) return 'under a minute';
  const h = Math.floor(minutes / 60);
  const m = Math.round(minutes % 60);
  return `about ${h > 0 ? `${h} h ` : ''}${m > 0 || h === 0 ? `${m} min` : ''}`.trim();
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Paper withBorder p="sm" radius="md">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="sm" fw={500} component="div">
        {children}
      </Text>
    </Paper>
  );
}

/** "No answer or busy: up to 3 calls, 60 min apart" / "Each number is called once". */
export function retryLabel(campaign: Campaign): string {
  const { on, attempts, gapMinutes } = campaign.retry;
  if (on.length === 0 || attempts <= 1) return 'Each number is called once';
  const outcomes = on.map((o) => CAMPAIGN_RETRY_LABELS[o].toLowerCase()).join(' or ');
  const gap = gapMinutes === 0 ? 'as soon as the line is free' : `${gapMinutes} min apart`;
  return `After ${outcomes}: up to ${attempts} calls, ${gap}`;
}

/**
 * The agent's {{variables}}: what the first contact's call would be given, and how many
 * contacts lack a variable the agent uses.
 */
function VariablesReview({ review }: { review: CampaignReview }) {
  const { used, sample, missing } = review.variables;
  const values = sample ? Object.entries(sample.values).sort(([a], [b]) => a.localeCompare(b)) : [];
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        What the agent is told about each contact
      </Text>
      <Text size="xs" c="dimmed">
        {used.length > 0
          ? `The agent’s messages use ${used.map((v) => `{{${v}}}`).join(', ')}.`
          : 'The agent’s messages use no {{variables}}; each call still gets the contact’s details.'}
      </Text>
      {missing.map((m) => (
        <Alert key={m.variable} color="yellow" p="xs" title={`{{${m.variable}}} is missing`}>
          {contactsWord(m.count)} {m.count === 1 ? 'has' : 'have'} no value for{' '}
          {`{{${m.variable}}}`}: the agent will say nothing in its place.
        </Alert>
      ))}
      {sample && values.length > 0 && (
        <Table aria-label="Variables for the first contact" withTableBorder fz="sm" layout="fixed">
          <Table.Caption>For {sample.name || sample.phone}, the first to be called</Table.Caption>
          <Table.Tbody>
            {values.map(([name, value]) => (
              <Table.Tr key={name}>
                <Table.Td ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                  {`{{${name}}}`}
                </Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{value}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}

/** Calls at once as they will be: the chosen number, or the account's limit when lower. */
function effectiveConcurrency(campaign: Campaign): string {
  const limit = campaign.platformConcurrencyLimit;
  return limit !== null && limit < campaign.maxConcurrency
    ? `${limit} at a time (your account’s limit)`
    : `${campaign.maxConcurrency} at a time`;
}

/** The voice platform account's limit of calls at once, in words. */
function concurrencyLimitLabel(limit: number | null): string {
  return limit === null
    ? 'Your voice platform account’s limit of calls at once is not known here'
    : `Your voice platform account allows ${limit} calls at once`;
}

/**
 * More calls at a time than the platform's default limit (10), or than the account's known
 * limit: the calls beyond it wait for a free line.
 */
function ConcurrencyWarning({ campaign }: { campaign: Campaign }) {
  const limit = campaign.platformConcurrencyLimit;
  const over =
    campaign.maxConcurrency > PLATFORM_DEFAULT_CONCURRENCY_LIMIT ||
    (limit !== null && campaign.maxConcurrency > limit);
  if (!over) return null;
  return (
    <Alert color="yellow" p="xs" title="More calls at a time than the platform may allow">
      {limit === null
        ? `Voice platform accounts take ${PLATFORM_DEFAULT_CONCURRENCY_LIMIT} calls at once unless their limit was raised.`
        : `Your voice platform account allows ${limit} calls at once.`}{' '}
      Calls beyond your account’s limit wait for a free line, so the campaign may take longer than
      expected.
    </Alert>
  );
}

function ReviewFacts({ review, campaign }: { review: CampaignReview; campaign: Campaign }) {
  const zone = campaign.timeZone;
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
        <Fact label="Will call">{contactsWord(review.willCall)}</Fact>
        <Fact label="Callers see">{review.callerNumber.name}</Fact>
        <Fact label={review.target.kind === 'squad' ? 'Squad' : 'Agent'}>{review.target.name}</Fact>
        <Fact label="First call">
          {formatWeekdayTime(review.firstCallAt, zone)} ({formatDateTime(review.firstCallAt, zone)},{' '}
          {zone})
        </Fact>
        <Fact label="Calling hours">
          {campaign.callingHoursStart}–{campaign.callingHoursEnd},{' '}
          {weekdaysLabel(campaign.callingDays)}
        </Fact>
        <Fact label="Expected duration">
          {durationLabel(review.expectedMinutes)} at {effectiveConcurrency(campaign)}
          <Text size="xs" c="dimmed">
            {review.averageFromCalls
              ? `Calls of this agent last ${review.averageCallSeconds} s on average (last 30 days)`
              : `No recent calls: ${review.averageCallSeconds} s a call assumed`}
          </Text>
        </Fact>
        <Fact label="Calls at a time">
          {campaign.maxConcurrency} at a time
          <Text size="xs" c="dimmed">
            {concurrencyLimitLabel(campaign.platformConcurrencyLimit)}
          </Text>
        </Fact>
        <Fact label="Calling again">{retryLabel(campaign)}</Fact>
        <Fact label="Daily limit">
          {review.dailyCap.calls.toLocaleString('en-US')} calls and{' '}
          {review.dailyCap.minutes.toLocaleString('en-US')} minutes a day
          <Text size="xs" c="dimmed">
            {review.dailyCap.callsUsedToday.toLocaleString('en-US')} calls used today; numbers past
            the limit are called on the next day with room
          </Text>
        </Fact>
        <Fact label="Estimated cost">
          {review.estimatedCost === null ? (
            'Not known yet (no recent calls with a cost)'
          ) : (
            <>
              about {formatCost(review.estimatedCost)}
              <Text size="xs" c="dimmed">
                at {formatCost(review.costPerMinute)} a minute, this agent’s recent cost
              </Text>
            </>
          )}
        </Fact>
      </SimpleGrid>
      <ConcurrencyWarning campaign={campaign} />
      <VariablesReview review={review} />
      {review.leftOut.length > 0 && (
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            Left out
          </Text>
          <List size="sm" aria-label="Left out">
            {review.leftOut.map((line) => (
              <List.Item key={line.reason}>
                {line.label}: {contactsWord(line.count)}
              </List.Item>
            ))}
          </List>
        </Stack>
      )}
      {review.sample.length > 0 && (
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            First to be called
          </Text>
          <Table aria-label="First to be called" withTableBorder fz="sm">
            <Table.Tbody>
              {review.sample.map((row) => (
                <Table.Tr key={row.phone}>
                  <Table.Td>{row.name || 'No name'}</Table.Td>
                  <Table.Td ff="monospace">{row.phone}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      )}
    </Stack>
  );
}

/**
 * A draft's review: who will be called and who not (and why), from which number, who calls,
 * when the first call is, how long it takes and about what it costs; Start asks once more,
 * naming the count.
 */
export function CampaignReviewPanel({ campaign }: { campaign: Campaign }) {
  const review = useCampaignReview(campaign.id, campaign.status === 'draft');
  const act = useCampaignAction(campaign.id);
  const allowed = useCanSpendAndDelete();
  const [confirming, setConfirming] = useState(false);

  if (review.isError && !review.data) {
    return (
      <QueryError
        title="Could not load the review"
        error={review.error}
        onRetry={() => void review.refetch()}
        retrying={review.isFetching}
      />
    );
  }
  const data = review.data;
  const count = data?.willCall ?? 0;
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start">
          <Stack gap={2}>
            <Title order={3}>Review before starting</Title>
            <Text size="sm" c="dimmed">
              Nothing has been dialled. Check who will be called, then start.
            </Text>
          </Stack>
          <ManagerOnlyButton
            allowed={allowed}
            action="start a campaign"
            leftSection={<IconPlayerPlay size={16} />}
            disabled={!data || count === 0}
            onClick={() => setConfirming(true)}
          >
            Start campaign
          </ManagerOnlyButton>
        </Group>
        {data ? (
          <>
            {count === 0 && (
              <Alert color="yellow" title="Nobody to call">
                Every contact chosen is left out; starting would place no calls.
              </Alert>
            )}
            <ReviewFacts review={data} campaign={campaign} />
          </>
        ) : (
          <Skeleton h={160} />
        )}
      </Stack>
      <Modal
        opened={confirming}
        onClose={() => !act.isPending && setConfirming(false)}
        title="Start this campaign?"
        centered
      >
        <Stack>
          <Text size="sm">
            {data
              ? `${campaign.name} will call ${contactsWord(count)} from ${data.callerNumber.name}, first at ${formatWeekdayTime(data.firstCallAt, campaign.timeZone)}.`
              : ''}
          </Text>
          {act.error ? <FormAlert title="Could not start the campaign" error={act.error} /> : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)} disabled={act.isPending}>
              Not yet
            </Button>
            <Button
              loading={act.isPending}
              onClick={() =>
                act.mutate('start', {
                  onSuccess: () => setConfirming(false),
                })
              }
            >
              Call {contactsWord(count)}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
