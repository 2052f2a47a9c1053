import { useCallback } from 'react';
import { useSearchParamsUpdater } from './use-search-params-updater';

/**
 * A list filter kept in the URL (`?q=…`, `?kind=…`), so a reload, a shared link or Back shows
 * the same list. An empty value removes the parameter.
 */
export function useUrlFilter(name: string) {
  const [params, update] = useSearchParamsUpdater();
  const value = params.get(name) ?? '';
  const setValue = useCallback(
    (next: string) =>
      update((current) => {
        if (next) current.set(name, next);
        else current.delete(name);
        return current;
      }),
    [name, update],
  );
  return [value, setValue] as const;
}
