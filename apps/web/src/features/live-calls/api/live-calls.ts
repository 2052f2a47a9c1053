import { useEffect, useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  liveCallListSchema,
  type LiveCall,
  type LiveControl,
} from '@switchboard/shared/live-calls';
import { buildUrl, api } from '../../../lib/api-client';

export type LiveConnection = 'connecting' | 'live' | 'reconnecting';

/**
 * The calls in progress, pushed by the server (GET /api/live-calls/stream, Server-Sent Events):
 * the whole list again on every change. The browser reconnects by itself when it drops.
 */
export function useLiveCalls(): { calls: LiveCall[] | undefined; connection: LiveConnection } {
  const [calls, setCalls] = useState<LiveCall[] | undefined>(undefined);
  const [connection, setConnection] = useState<LiveConnection>('connecting');
  useEffect(() => {
    const source = new EventSource(buildUrl('/live-calls/stream'), { withCredentials: true });
    source.addEventListener('open', () => setConnection('live'));
    source.addEventListener('error', () => setConnection('reconnecting'));
    source.addEventListener('calls', (event) => {
      const parsed = liveCallListSchema.safeParse(JSON.parse((event as MessageEvent<string>).data));
      if (parsed.success) {
        setCalls(parsed.data.calls);
        setConnection('live');
      }
    });
    return () => source.close();
  }, []);
  return { calls, connection };
}

/** POST /api/live-calls/:id/control: say, whisper, mute, transfer, end. */
export function useControlLiveCall(callId: string) {
  return useMutation({
    mutationFn: (control: LiveControl) =>
      api('post', '/live-calls/{id}/control', { path: { id: callId }, body: control }),
  });
}

/** The business's numbers a call may be transferred to. */
export function useTransferTargets(callId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['live-calls', callId, 'transfer-targets'],
    queryFn: ({ signal }) =>
      api('get', '/live-calls/{id}/transfer-targets', { path: { id: callId }, signal }),
    enabled,
    meta: { errorTitle: 'Could not load the numbers to transfer to' },
  });
}

/** Sandbox only: a simulated caller rings one of the business's agents. */
export function usePlaceSandboxCall() {
  return useMutation({
    mutationFn: () => api('post', '/live-calls/sandbox-call', { body: {} }),
  });
}
