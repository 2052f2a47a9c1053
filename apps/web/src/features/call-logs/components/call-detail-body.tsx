import { Tabs } from '@mantine/core';
import { IconPhoneOff } from '@tabler/icons-react';
import { EmptyPanel } from '../../../components/empty-panel';
import { QueryError } from '../../../components/query-error';
import { isApiError } from '../../../lib/api-client';
import { useCall } from '../api/get-call';
import { CallDetail } from './call-detail';
import { CallPlatformLogs } from './call-platform-logs';
import { CallDetailLoading } from './call-detail-loading';

/** One call's detail (facts, transcript, recording), loaded by id: also shown inline elsewhere. */
export function CallDetailBody({ callId, highlight = '' }: { callId: string; highlight?: string }) {
  const call = useCall(callId);

  if (call.isError && !call.data) {
    // The server answers 404 for another business's call too, so both read the same.
    if (isApiError(call.error) && call.error.status === 404) {
      return (
        <EmptyPanel
          icon={IconPhoneOff}
          title="Call not found"
          description="This call does not exist or is not one of your business's calls."
        />
      );
    }
    return (
      <QueryError
        title="Could not load the call"
        error={call.error}
        onRetry={() => void call.refetch()}
        retrying={call.isFetching}
      />
    );
  }

  if (!call.data) {
    return <CallDetailLoading />;
  }

  return (
    // The logs are the platform's file, fetched only when their tab is opened.
    <Tabs defaultValue="details" keepMounted={false}>
      <Tabs.List mb="md">
        <Tabs.Tab value="details">Details</Tabs.Tab>
        <Tabs.Tab value="logs">Logs</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="details">
        <CallDetail call={call.data} highlight={highlight} />
      </Tabs.Panel>
      <Tabs.Panel value="logs">
        <CallPlatformLogs callId={callId} timeZone={call.data.timeZone} />
      </Tabs.Panel>
    </Tabs>
  );
}
