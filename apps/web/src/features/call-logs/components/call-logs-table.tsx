import { ActionIcon, Anchor, Badge, CopyButton, Group, Text, VisuallyHidden } from '@mantine/core';
import { callLogsErrorMessage } from '@switchboard/shared/call-log-rules';
import type { CallLogRow } from '@switchboard/shared/call-logs';
import type { PaginationMeta, Paginated } from '@switchboard/shared/page-meta';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactElement, ReactNode } from 'react';
import { Link } from 'react-router';
import { DataTable, type DataColumn } from '../../../components/data-table';
import { EndReasonLabel } from '../../../components/end-reason-label';
import { TooltipOnDemand } from '../../../components/tooltip-on-demand';
import type { TablePaginationProps } from '../../../components/table-pagination';
import type { CallLogColumnKey, HiddenCallLogColumns } from '../utils/call-log-columns';
import classes from './call-card.module.css';
import { callTypeLabel, OutcomeBadge } from './outcome-badge';
import { TranscriptSnippet } from './transcript-snippet';

type CallLogsTableProps = {
  query: UseQueryResult<Paginated<CallLogRow>>;
  /** What an empty first page says (no calls yet, or none match the filters). */
  empty: ReactElement;
  onPage: TablePaginationProps['onChange'];
  /** Show each row's transcript snippet under it (a search is on). */
  withMatches: boolean;
  /** The query string that opens a call (for the ID link). */
  callSearch: (callId: string) => string;
  onOpenCall: (callId: string) => void;
  /** The refreshing state's indicator, drawn over the top edge of the table. */
  topBar?: ReactNode;
  /** The business-wide log: each row says which agent took the call. */
  showAgent?: boolean;
  /** The columns the user chose not to see (the ID always shows: it opens the call). */
  hidden?: HiddenCallLogColumns;
  /**
   * A search's total, counted after its page answered: `counting` until then, then the pager's
   * meta with the total in it.
   */
  total?: { counting: boolean; meta?: PaginationMeta | undefined; atLeast?: number | undefined };
};

const nowrap = { whiteSpace: 'nowrap' } as const;

/** Rows drawn in each task while a first page shows (DataTable's `rowsPerTask`). */
const CALL_ROWS_PER_TASK = 6;

/**
 * One page of the call log; a row opens the call's detail. On a phone each call is a card
 * instead of a row of a wide table.
 */
export function CallLogsTable({
  query,
  empty,
  onPage,
  withMatches,
  callSearch,
  onOpenCall,
  topBar,
  showAgent = false,
  hidden = [],
  total,
}: CallLogsTableProps) {
  // Every cell keeps to one line, so a screen holds as many calls as it can: long text (an
  // agent's name) is cut with an ellipsis and shown whole on hover.
  const all: (DataColumn<CallLogRow> & { key: CallLogColumnKey | 'id' })[] = [
    {
      key: 'id',
      header: 'ID',
      cell: (row) => (
        <Group gap={6} wrap="nowrap">
          <CallLink row={row} search={callSearch(row.id)} />
          <CopyCallId id={row.id} />
          {row.isTest && <TestCallBadge title="Started from Talk to agent" />}
        </Group>
      ),
    },
    ...(showAgent
      ? [
          {
            key: 'agent' as const,
            header: 'Agent',
            maw: 220,
            cell: (row: CallLogRow) => (
              <Text size="sm" truncate="end" title={row.assistant}>
                {row.assistant}
              </Text>
            ),
          },
        ]
      : []),
    {
      key: 'customer',
      header: 'Customer',
      cell: (row) => (
        <Text
          size="sm"
          ff="monospace"
          c={row.customerPhone === '-' ? 'dimmed' : undefined}
          style={nowrap}
        >
          {row.customerPhone}
        </Text>
      ),
    },
    {
      key: 'type',
      header: 'Type',
      cell: (row) => (
        <Text size="sm" style={nowrap}>
          {callTypeLabel(row.callType)}
        </Text>
      ),
    },
    { key: 'endedReason', header: 'Ended reason', cell: (row) => <CallEndReason row={row} /> },
    { key: 'success', header: 'Success', cell: (row) => <CallSuccess row={row} /> },
    {
      key: 'startTime',
      header: 'Start time',
      cell: (row) => (
        <Text size="sm" style={nowrap}>
          {row.startTime}
        </Text>
      ),
    },
    {
      key: 'duration',
      header: 'Duration',
      numeric: true,
      cell: (row) => (
        <Text size="sm" style={nowrap}>
          {row.duration}
        </Text>
      ),
    },
    {
      key: 'cost',
      header: 'Cost',
      numeric: true,
      cell: (row) => (
        <Text size="sm" style={nowrap}>
          {row.cost}
        </Text>
      ),
    },
  ];
  const columns = all.filter((column) => column.key === 'id' || !hidden.includes(column.key));
  const match = (row: CallLogRow) =>
    withMatches && row.transcriptMatch !== null ? (
      <>
        <VisuallyHidden>Transcript match: </VisuallyHidden>
        <TranscriptSnippet snippet={row.transcriptMatch} />
      </>
    ) : null;

  return (
    <DataTable
      query={query}
      columns={columns}
      label="Calls"
      errorTitle="Could not load the call logs"
      errorMessage={callLogsErrorMessage}
      loadingLabel="Loading the call logs…"
      empty={empty}
      pager={{
        noun: ['call', 'calls'],
        onChange: onPage,
        summary: 'count-and-page',
        steps: true,
        pageSizes: false,
        jump: true,
        label: 'Call log pages',
        counting: total?.counting ?? false,
        meta: total?.meta,
        atLeast: total?.atLeast,
      }}
      // Wide on purpose: the table scrolls sideways inside its panel instead of the page.
      minWidth={Math.min(980, 140 + (columns.length - 1) * 120)}
      topBar={topBar}
      // The ID is a real link (keyboard, new tab, copy link); a click anywhere else on the row
      // does the same, for the pointer.
      onRowClick={(row) => onOpenCall(row.id)}
      rowData={(row) => ({ 'data-call-id': row.id })}
      below={match}
      // Fifty rows are more than one short task can draw: the first screenful, then the rest.
      rowsPerTask={CALL_ROWS_PER_TASK}
      card={(row) => (
        <CallCard row={row} search={callSearch(row.id)} showAgent={showAgent} match={match(row)} />
      )}
    />
  );
}

function CallLink({ row, search }: { row: CallLogRow; search: string }) {
  return (
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
  );
}

function TestCallBadge({ title }: { title?: string }) {
  return (
    <Badge size="xs" variant="outline" color="gray" title={title}>
      Test
    </Badge>
  );
}

/** The call's id, copied to the clipboard with a tick and "Copied" for a moment. */
export function CopyCallId({ id }: { id: string }) {
  return (
    <CopyButton value={id} timeout={1500}>
      {({ copied, copy }) => (
        <TooltipOnDemand label={copied ? 'Copied' : 'Copy the call ID'} withArrow position="top">
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
        </TooltipOnDemand>
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
    // One line: the short label and, for a transferred call, its badge beside it.
    <Group gap={6} wrap="nowrap">
      <EndReasonLabel reason={row.endReason} />
      {row.transferred && (
        <Badge size="xs" variant="light" color="grape" style={{ flexShrink: 0 }}>
          Transferred
        </Badge>
      )}
    </Group>
  );
}

/** A phone's call: one card, the same facts and links as a row. */
function CallCard({
  row,
  search,
  showAgent,
  match,
}: {
  row: CallLogRow;
  search: string;
  showAgent: boolean;
  match: ReactNode;
}) {
  return (
    <div className={classes.card}>
      <div className={classes.head}>
        <div className={classes.id}>
          <CallLink row={row} search={search} />
          <CopyCallId id={row.id} />
          {row.isTest && <TestCallBadge />}
        </div>
        <CallSuccess row={row} />
      </div>
      <p className={`${classes.text} ${classes.start}`}>{row.startTime}</p>
      <div className={classes.facts}>
        {showAgent && <Fact label="Agent" value={row.assistant} />}
        <Fact label="Customer" value={row.customerPhone} mono />
        <Fact label="Type" value={callTypeLabel(row.callType)} />
        <Fact label="Duration" value={row.duration} />
        <Fact label="Cost" value={row.cost} />
      </div>
      <div className={classes.section}>
        <p className={classes.label}>Ended reason</p>
        <CallEndReason row={row} />
      </div>
      {match && <div className={classes.section}>{match}</div>}
    </div>
  );
}

function Fact({ label, value, mono }: { label: string; value: string; mono?: boolean }) {
  return (
    <div>
      <p className={classes.label}>{label}</p>
      <p className={`${classes.text} ${classes.value}${mono ? ` ${classes.mono}` : ''}`}>{value}</p>
    </div>
  );
}
