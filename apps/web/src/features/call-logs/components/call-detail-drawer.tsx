import { Drawer, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { displayCallId } from '@switchboard/shared/calls';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { callQueryOptions } from '../api/get-call';
import { CallDetailLoading } from './call-detail-loading';

// A call's detail (its facts, transcript, recording and platform logs, erasing it, calling the
// caller back with the date-time picker) is a chunk of its own, fetched when a call is first
// opened: the call log's first load does not carry it.
const CallDetailBody = lazy(() =>
  import('./call-detail-body').then((module) => ({ default: module.CallDetailBody })),
);

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
  // The call is asked for beside its code, not after it.
  const queryClient = useQueryClient();
  useEffect(() => {
    if (callId !== null) void queryClient.prefetchQuery(callQueryOptions(callId));
  }, [callId, queryClient]);
  return (
    <Drawer
      opened={callId !== null}
      onClose={onClose}
      position="right"
      size={phone ? '100%' : 'xl'}
      title={<CallDetailTitle callId={callId} />}
      closeButtonProps={{ 'aria-label': 'Close the call' }}
    >
      {callId !== null && (
        <Suspense fallback={<CallDetailLoading />}>
          <CallDetailBody callId={callId} highlight={highlight} />
        </Suspense>
      )}
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
