import { Drawer, Tabs, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { displayCallId } from '@switchboard/shared/calls';
import { IconPhoneOff } from '@tabler/icons-react';
import { EmptyPanel } from '../../../components/empty-panel';
import { QueryError } from '../../../components/query-error';
import { isApiError } from '../../../lib/api-client';
import { useCall } from '../api/get-call';
import { CallDetail } from './call-detail';
import { CallPlatformLogs } from './call-platform-logs';
import { LoadingBlocks } from '../../../components/loading-blocks';

type CallDetailDrawerProps = {
  /** The call in the URL (`?call=`); null: closed. */
  callId: string | null;
  onClose: () => void;
  /** The call log's transcript search: its words are marked in the transcript. */
  highlight?: string;
};

/** The detail of the call selected in the URL: a side panel, or the whole screen on a phone. */
export function CallDetailDrawer({ callId, onClose, highlight = '' }: CallDetailDrawerProps) {
  const phone = useMediaQuery('(max-width: 48em)');
  return (
    <Drawer
      opened={callId !== null}
      onClose={onClose}
      position="right"
      size={phone ? '100%' : 'xl'}
      title={<CallDetailTitle callId={callId} />}
      closeButtonProps={{ 'aria-label': 'Close the call' }}
    >
      {callId !== null && <CallDetailBody callId={callId} highlight={highlight} />}
    </Drawer>
  );
}

function CallDetailTitle({ callId }: { callId: string | null }) {
  return (
    <Text fw={600} component="span">
      Call{' '}
      {callId !== null && (
        <Text component="span" ff="monospace" inherit title={callId}>
          {displayCallId(callId)}
        </Text>
      )}
    </Text>
  );
}

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
    return <LoadingBlocks label="Loading the call…" heights={[72, 120, 200]} gap="md" />;
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
