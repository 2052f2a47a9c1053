import { useCallback, useMemo } from 'react';
import { useSearchParamsUpdater } from '../../../lib/use-search-params-updater';
import {
  changeCallLogParams,
  parseCallLogParams,
  resetCallLogParams,
  type CallLogChange,
} from '../utils/call-log-params';

/** The call log's state from the URL, and the ways to change it (each a history entry). */
export function useCallLogParams() {
  const [searchParams, updateSearchParams] = useSearchParamsUpdater();
  const state = useMemo(() => parseCallLogParams(searchParams), [searchParams]);

  /** `replace`: the change takes the current history entry's place (a filter being typed). */
  const change = useCallback(
    (next: CallLogChange, options?: { replace?: boolean }) =>
      updateSearchParams((current) => changeCallLogParams(current, next), options),
    [updateSearchParams],
  );
  const reset = useCallback(
    () => updateSearchParams((current) => resetCallLogParams(current)),
    [updateSearchParams],
  );
  /** The query string that opens a call's detail, for a real link (new tab, copy link). */
  const callSearch = useCallback(
    (callId: string) => `?${changeCallLogParams(searchParams, { call: callId }).toString()}`,
    [searchParams],
  );

  return { state, change, reset, callSearch };
}
