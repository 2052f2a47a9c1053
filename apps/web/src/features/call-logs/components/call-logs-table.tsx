import { Anchor, Badge, Group, Paper, Table, Text, VisuallyHidden } from '@mantine/core';
import type { CallLogRow } from '@switchboard/shared/call-logs';
import type { MouseEvent, ReactNode } from 'react';
import { Link } from 'react-router';
import { PastLastPage } from '../../../components/past-last-page';
import { TableSkeleton } from '../../../components/table-skeleton';
import { callTypeLabel, OutcomeBadge } from './outcome-badge';
import { TranscriptSnippet } from './transcript-snippet';

const COLUMNS = [
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
};

/** One page of the call log; a row opens the call's detail. */
export function CallLogsTable({
  rows,
  pastLastPage,
  onFirstPage,
  withMatches,
  callSearch,
  onOpenCall,
  busy,
  topBar,
}: CallLogsTableProps) {
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

type CallRowProps = { row: CallLogRow; withMatch: boolean; search: string; onOpen: () => void };

function CallRow({ row, withMatch, search, onOpen }: CallRowProps) {
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
            {row.isTest && (
              <Badge size="xs" variant="outline" color="gray" title="Started from Talk to agent">
                Test
              </Badge>
            )}
          </Group>
        </Table.Td>
        <Table.Td>
          <Text size="sm" ff="monospace" c={row.customerPhone === '-' ? 'dimmed' : undefined}>
            {row.customerPhone}
          </Text>
        </Table.Td>
        <Table.Td>
          <Text size="sm">{callTypeLabel(row.callType)}</Text>
        </Table.Td>
        <Table.Td>
          <Group gap={6} wrap="nowrap">
            <Text size="sm" ff="monospace" style={{ wordBreak: 'break-word' }}>
              {row.endReason}
            </Text>
            {row.transferred && (
              <Badge size="xs" variant="light" color="grape">
                Transferred
              </Badge>
            )}
          </Group>
        </Table.Td>
        <Table.Td>
          <OutcomeBadge outcome={row.successEvaluation} />
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
          <Table.Td colSpan={COLUMNS.length} pt={0}>
            <VisuallyHidden>Transcript match: </VisuallyHidden>
            <TranscriptSnippet snippet={row.transcriptMatch} />
          </Table.Td>
        </Table.Tr>
      )}
    </>
  );
}
