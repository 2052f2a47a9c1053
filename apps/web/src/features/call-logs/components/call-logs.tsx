import { Button, Progress, Tabs, VisuallyHidden } from '@mantine/core';
import { CALL_LOG_TABS, type CallLogTab } from '@switchboard/shared/calls';
import { buildPaginationMeta, type PaginationMeta } from '@switchboard/shared/page-meta';
import { IconPhoneCall, IconRestore } from '@tabler/icons-react';
import { startTransition, useEffect, useState } from 'react';
import { TabList } from '../../../components/tab-list';
import { EmptyPanel } from '../../../components/empty-panel';
import { callLogsExportHref } from '../api/export-call-logs';
import { useCallLogCount, useCallLogPage } from '../api/list-call-logs';
import { useRefreshCallLogs } from '../api/sync-platform';
import { useCallLogParams } from '../hooks/use-call-log-params';
import { useHiddenCallLogColumns } from '../hooks/use-hidden-call-log-columns';
import {
  callLogFilterOf,
  callLogPageParams,
  hasActiveFilters,
  type CallLogState,
} from '../utils/call-log-params';
import type { HiddenCallLogColumns } from '../utils/call-log-columns';
import { CallDetailDrawer } from './call-detail-drawer';
import { CallLogColumnsMenu } from './call-log-columns-menu';
import { CallLogFilters } from './call-log-filters';
import { CallLogsTable } from './call-logs-table';

const TAB_LABELS: Record<CallLogTab, string> = {
  all: 'All',
  successful: 'Successful',
  failed: 'Failed',
  transferred: 'Transferred',
};

function isTab(value: string | null): value is CallLogTab {
  return (CALL_LOG_TABS as readonly string[]).includes(value ?? '');
}

/**
 * A call log: tabs, filters, one page of calls and the selected call's detail, all kept in the
 * URL. With `agentId`, that agent's log; without, the business's calls across its agents
 * (`agents` to pick one of).
 */
export function CallLogs({
  agentId,
  agents,
}: {
  agentId?: string | undefined;
  agents?: { id: string; name: string }[] | undefined;
}) {
  const { state, change, reset, callSearch } = useCallLogParams();
  const params = callLogPageParams(state);
  const calls = useCallLogPage(agentId, params);
  // A transcript search's page answers before its matches are counted: the total comes apart,
  // within bounds ("At least 100 calls" when it stopped early, paged on by the page's hasNext).
  const counting = calls.data?.counting === true;
  const count = useCallLogCount(agentId, params, counting);
  const total = counting
    ? count.data
      ? count.data.more
        ? { counting: false, atLeast: count.data.total }
        : {
            counting: false,
            meta: buildPaginationMeta(count.data.total, params.page, params.limit),
          }
      : { counting: true }
    : undefined;
  const refresh = useRefreshCallLogs(agentId);
  const refreshing = refresh.isPending;
  const [hidden, setHidden] = useHiddenCallLogColumns();
  // The call's drawer (nothing on screen while closed, but a modal's hooks and transitions)
  // mounts in a transition after the list's first commit, so it is not part of the screen's
  // longest task (decision 098); a call named in the URL opens one render later.
  const [drawerMounted, setDrawerMounted] = useState(false);
  useEffect(() => {
    startTransition(() => setDrawerMounted(true));
  }, []);

  return (
    <>
      <Tabs
        value={state.tab}
        // One list, narrowed by the tab: only the active panel has content.
        keepMounted={false}
        onChange={(tab) => {
          if (isTab(tab)) change({ tab });
        }}
      >
        <TabList label="Calls to show" tabs={CALL_LOG_TABS} labels={TAB_LABELS} />
        <CallLogFilters
          state={state}
          onChange={change}
          onReset={reset}
          onRefresh={() => refresh.mutate()}
          refreshing={refreshing}
          exportHref={callLogsExportHref(agentId, callLogFilterOf(state))}
          agents={agentId ? undefined : (agents ?? [])}
          columnsMenu={
            <CallLogColumnsMenu hidden={hidden} onChange={setHidden} withAgent={!agentId} />
          }
        />
        {CALL_LOG_TABS.map((tab) => (
          <Tabs.Panel key={tab} value={tab}>
            <CallLogResults
              state={state}
              calls={calls}
              refreshing={refreshing}
              onChange={change}
              onReset={reset}
              callSearch={callSearch}
              showAgent={!agentId}
              hidden={hidden}
              total={total}
            />
          </Tabs.Panel>
        ))}
      </Tabs>
      {drawerMounted && (
        <CallDetailDrawer
          callId={state.call}
          onClose={() => change({ call: null })}
          highlight={state.q}
        />
      )}
    </>
  );
}

type CallLogResultsProps = {
  state: CallLogState;
  calls: ReturnType<typeof useCallLogPage>;
  refreshing: boolean;
  onChange: ReturnType<typeof useCallLogParams>['change'];
  onReset: () => void;
  callSearch: (callId: string) => string;
  showAgent: boolean;
  hidden: HiddenCallLogColumns;
  total: { counting: boolean; meta?: PaginationMeta; atLeast?: number } | undefined;
};

function CallLogResults({
  state,
  calls,
  refreshing,
  onChange,
  onReset,
  callSearch,
  showAgent,
  hidden,
  total,
}: CallLogResultsProps) {
  const empty = hasActiveFilters(state) ? (
    <EmptyPanel
      icon={IconPhoneCall}
      title="No calls match these filters"
      description="Try another tab or other filters, or reset the filters to see every call."
      action={
        <Button variant="light" leftSection={<IconRestore size={16} />} onClick={onReset}>
          Reset filters
        </Button>
      }
    />
  ) : (
    <EmptyPanel
      icon={IconPhoneCall}
      title="No calls yet"
      description={
        state.includeTest
          ? 'Calls answered or placed appear here shortly after they end.'
          : 'Calls answered or placed appear here shortly after they end. Test calls from “Talk to agent” show when you include them.'
      }
    />
  );

  return (
    <CallLogsTable
      query={calls}
      empty={empty}
      onPage={onChange}
      withMatches={state.q !== ''}
      callSearch={callSearch}
      onOpenCall={(call) => onChange({ call })}
      showAgent={showAgent}
      hidden={hidden}
      total={total}
      topBar={
        refreshing && (
          <>
            <Progress
              value={100}
              striped
              animated
              size="xs"
              radius={0}
              pos="absolute"
              top={0}
              left={0}
              right={0}
              style={{ zIndex: 1 }}
              aria-hidden
            />
            <VisuallyHidden role="status">Refreshing the call logs…</VisuallyHidden>
          </>
        )
      }
    />
  );
}
