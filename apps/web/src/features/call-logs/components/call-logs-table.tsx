import {
  ActionIcon,
  Anchor,
  Badge,
  Card,
  CopyButton,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { CallLogRow } from '@switchboard/shared/call-logs';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import type { MouseEvent, ReactNode } from 'react';
import { Link } from 'react-router';
import { PastLastPage } from '../../../components/past-last-page';
import { TableSkeleton } from '../../../components/table-skeleton';
import { callTypeLabel, OutcomeBadge } from './outcome-badge';
import { TranscriptSnippet } from './transcript-snippet';

const BASE_COLUMNS = [
  'ID',
  'Customer',
  'Type',
  'Ended reason',
  'Success',
  'Start time',
  'Duration',
  'Cost',
] as const;
const FIGURES: readonly string[] = ['Duration', 'Cost'];

/** The columns shown: the business-wide log adds the agent after the ID. */
function columnsOf(showAgent: boolean): readonly string[] {
  return showAgent ? ['ID', 'Agent', ...BASE_COLUMNS.slice(1)] : BASE_COLUMNS;
}

type CallLogsTableProps = {
  /** undefined while the page loads (skeleton rows). */
  rows: CallLogRow[] | undefined;
  /** A page past the last one came back empty. */
  pastLastPage: boolean;
  onFirstPage: () => void;
  /** Show each row's transcript snippet under it (a search is on). */
  withMatches: boolean;
  /** The query string that opens a call (for the ID link). */
  callSearch: (callId: string) => string;
  onOpenCall: (callId: string) => void;
  busy: boolean;
  /** The refreshing state's indicator, drawn over the top edge of the table. */
  topBar?: ReactNode;
  /** The business-wide log: each row says which agent took the call. */
  showAgent?: boolean;
};

/**
 * One page of the call log; a row opens the call's detail. On a phone (under 36em) each call is
 * a card instead of a row of a wide table.
 */
export function CallLogsTable(props: CallLogsTableProps) {
  const phone = useMediaQuery('(max-width: 36em)') ?? false;
  return phone ? <CallLogCards {...props} /> : <CallLogTableView {...props} />;
}

function CallLogTableView({
  rows,
  pastLastPage,
  onFirstPage,
  withMatches,
  callSearch,
  onOpenCall,
  busy,
  topBar,
  showAgent = false,
}: CallLogsTableProps) {
  const COLUMNS = columnsOf(showAgent);
  return (
    <Paper withBorder pos="relative" style={{ overflow: 'hidden' }}>
      {topBar}
      {/* Wide on purpose: on a phone the table scrolls sideways instead of the page. */}
      <Table.ScrollContainer minWidth={980}>
        <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover aria-busy={busy}>
          <Table.Thead>
            <Table.Tr>
              {COLUMNS.map((column) => (
                <Table.Th key={column} ta={FIGURES.includes(column) ? 'right' : undefined}>
                  {column}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          {rows ? (
            <Table.Tbody>
              {pastLastPage ? (
                <Table.Tr>
                  <Table.Td colSpan={COLUMNS.length}>
                    <PastLastPage onFirstPage={onFirstPage} />
                  </Table.Td>
                </Table.Tr>
              ) : (
                rows.map((row) => (
                  <CallRow
                    key={row.id}
                    row={row}
                    withMatch={withMatches}
                    search={callSearch(row.id)}
                    onOpen={() => onOpenCall(row.id)}
                    showAgent={showAgent}
                  />
                ))
              )}
            </Table.Tbody>
          ) : (
            <TableSkeleton columns={COLUMNS.length} />
          )}
        </Table>
      </Table.ScrollContainer>
      {!rows && <VisuallyHidden role="status">Loading the call logs…</VisuallyHidden>}
    </Paper>
  );
}

type CallRowProps = {
  row: CallLogRow;
  withMatch: boolean;
  search: string;
  onOpen: () => void;
  showAgent: boolean;
};

/** The call's id, copied to the clipboard with a tick and "Copied" for a moment. */
export function CopyCallId({ id }: { id: string }) {
  return (
    <CopyButton value={id} timeout={1500}>
      {({ copied, copy }) => (
        <Tooltip label={copied ? 'Copied' : 'Copy the call ID'} withArrow position="top">
          <ActionIcon
            variant="subtle"
            color={copied ? 'teal' : 'gray'}
            size="sm"
            aria-label={copied ? 'Call ID copied' : 'Copy the call ID'}
            onClick={(event) => {
              event.stopPropagation();
              copy();
            }}
          >
            {copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
          </ActionIcon>
        </Tooltip>
      )}
    </CopyButton>
  );
}

/** "In progress" for a call that has not ended, else the seed's pass/fail. */
function CallSuccess({ row }: { row: CallLogRow }) {
  if (row.inProgress) {
    return (
      <Badge variant="dot" color="blue" size="sm" title={`Status: ${row.status ?? 'unknown'}`}>
        In progress
      </Badge>
    );
  }
  return <OutcomeBadge outcome={row.successEvaluation} />;
}

/** The end reason; a call still going has none yet. */
function CallEndReason({ row }: { row: CallLogRow }) {
  if (row.inProgress) {
    return (
      <Text size="sm" c="dimmed">
        —<VisuallyHidden> not ended yet</VisuallyHidden>
      </Text>
    );
  }
  return (
    // The badge goes under the reason: beside it, it squeezed a long reason
    // ("assistant-forwarded-call") to a letter a line.
    <Stack gap={4} align="flex-start">
      <Text size="sm" ff="monospace" style={{ wordBreak: 'break-word' }}>
        {row.endReason}
      </Text>
      {row.transferred && (
        <Badge size="xs" variant="light" color="grape" style={{ flexShrink: 0 }}>
          Transferred
        </Badge>
      )}
    </Stack>
  );
}

function CallRow({ row, withMatch, search, onOpen, showAgent }: CallRowProps) {
  // The ID is a real link (keyboard, new tab, copy link); a click anywhere else on the row does
  // the same, for the pointer.
  const openFromRow = (event: MouseEvent<HTMLTableRowElement>) => {
    if (event.target instanceof Element && event.target.closest('a, button')) return;
    if (window.getSelection()?.toString()) return; // selecting text is not a click
    onOpen();
  };
  const showMatch = withMatch && row.transcriptMatch !== null;

  return (
    <>
      <Table.Tr onClick={openFromRow} style={{ cursor: 'pointer' }} data-call-id={row.id}>
        <Table.Td style={showMatch ? { borderBottom: 0 } : undefined}>
          <Group gap={6} wrap="nowrap">
            <Anchor
              component={Link}
              to={{ search }}
              ff="monospace"
              size="sm"
              title={row.id}
              aria-label={`Call ${row.displayId}`}
            >
              {row.displayId}
            </Anchor>
            <CopyCallId id={row.id} />
            {row.isTest && (
              <Badge size="xs" variant="outline" color="gray" title="Started from Talk to agent">
                Test
              </Badge>
            )}
          </Group>
        </Table.Td>
        {showAgent && (
          <Table.Td>
            <Text size="sm">{row.assistant}</Text>
          </Table.Td>
        )}
        <Table.Td>
          <Text size="sm" ff="monospace" c={row.customerPhone === '-' ? 'dimmed' : undefined}>
            {row.customerPhone}
          </Text>
        </Table.Td>
        <Table.Td>
          <Text size="sm">{callTypeLabel(row.callType)}</Text>
        </Table.Td>
        <Table.Td>
          <CallEndReason row={row} />
        </Table.Td>
        <Table.Td>
          <CallSuccess row={row} />
        </Table.Td>
        <Table.Td>
          <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
            {row.startTime}
          </Text>
        </Table.Td>
        <Table.Td ta="right">
          <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
            {row.duration}
          </Text>
        </Table.Td>
        <Table.Td ta="right">
          <Text size="sm">{row.cost}</Text>
        </Table.Td>
      </Table.Tr>
      {showMatch && row.transcriptMatch !== null && (
        <Table.Tr onClick={openFromRow} style={{ cursor: 'pointer' }}>
          <Table.Td colSpan={columnsOf(showAgent).length} pt={0}>
            <VisuallyHidden>Transcript match: </VisuallyHidden>
            <TranscriptSnippet snippet={row.transcriptMatch} />
          </Table.Td>
        </Table.Tr>
      )}
    </>
  );
}

/** A phone's call log: one card per call, the same facts and links as a row. */
function CallLogCards({
  rows,
  pastLastPage,
  onFirstPage,
  withMatches,
  callSearch,
  onOpenCall,
  busy,
  topBar,
  showAgent = false,
}: CallLogsTableProps) {
  if (!rows) {
    return (
      <Stack gap="sm">
        <VisuallyHidden role="status">Loading the call logs…</VisuallyHidden>
        {[0, 1, 2].map((n) => (
          <Skeleton key={n} height={120} radius="md" />
        ))}
      </Stack>
    );
  }
  if (pastLastPage) {
    return (
      <Paper withBorder>
        <PastLastPage onFirstPage={onFirstPage} />
      </Paper>
    );
  }
  return (
    <Stack gap="sm" pos="relative" aria-busy={busy} role="list" aria-label="Calls">
      {topBar}
      {rows.map((row) => (
        <Card
          key={row.id}
          withBorder
          padding="sm"
          role="listitem"
          data-call-id={row.id}
          style={{ cursor: 'pointer' }}
          onClick={(event: MouseEvent<HTMLDivElement>) => {
            if (event.target instanceof Element && event.target.closest('a, button')) return;
            onOpenCall(row.id);
          }}
        >
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Group gap={6} wrap="nowrap">
              <Anchor
                component={Link}
                to={{ search: callSearch(row.id) }}
                ff="monospace"
                size="sm"
                title={row.id}
                aria-label={`Call ${row.displayId}`}
              >
                {row.displayId}
              </Anchor>
              <CopyCallId id={row.id} />
              {row.isTest && (
                <Badge size="xs" variant="outline" color="gray">
                  Test
                </Badge>
              )}
            </Group>
            <CallSuccess row={row} />
          </Group>
          <Text size="sm" mt={6}>
            {row.startTime}
          </Text>
          <SimpleGrid cols={2} spacing={4} verticalSpacing={2} mt={6}>
            {showAgent && <Fact label="Agent" value={row.assistant} />}
            <Fact label="Customer" value={row.customerPhone} mono />
            <Fact label="Type" value={callTypeLabel(row.callType)} />
            <Fact label="Duration" value={row.duration} />
            <Fact label="Cost" value={row.cost} />
          </SimpleGrid>
          <Stack gap={2} mt={6}>
            <Text size="xs" c="dimmed">
              Ended reason
            </Text>
            <CallEndReason row={row} />
          </Stack>
          {withMatches && row.transcriptMatch !== null && (
            <Stack gap={2} mt={6}>
              <VisuallyHidden>Transcript match: </VisuallyHidden>
              <TranscriptSnippet snippet={row.transcriptMatch} />
            </Stack>
          )}
        </Card>
      ))}
    </Stack>
  );
}

function Fact({ label, value, mono }: { label: string; value: string; mono?: boolean }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" ff={mono ? 'monospace' : undefined} style={{ wordBreak: 'break-word' }}>
        {value}
      </Text>
    </div>
  );
}
