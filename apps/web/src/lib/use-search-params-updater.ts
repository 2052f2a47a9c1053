import { useCallback, useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';

/**
 * `useSearchParams` with an updater that chains: React Router hands a functional update the
 * query string of the last render, so two changes made before the page re-renders (a tab click,
 * then Enter in a filter a moment later) would lose the first. Here each update starts from the
 * query string the previous update produced.
 */
export function useSearchParamsUpdater() {
  const [searchParams, setSearchParams] = useSearchParams();
  const latest = useRef(searchParams);
  useEffect(() => {
    latest.current = searchParams;
  }, [searchParams]);

  const update = useCallback(
    (next: (current: URLSearchParams) => URLSearchParams, options?: { replace?: boolean }) => {
      const params = next(new URLSearchParams(latest.current));
      latest.current = params;
      setSearchParams(params, options);
    },
    [setSearchParams],
  );
  return [searchParams, update] as const;
}
