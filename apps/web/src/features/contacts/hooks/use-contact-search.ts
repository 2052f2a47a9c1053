import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * `?search=` of the contacts list. A new search is a new list, so it starts at page 1 (the
 * page is dropped from the URL in the same navigation).
 */
export function useContactSearch() {
  const [searchParams, setSearchParams] = useSearchParams();
  const search = (searchParams.get('search') ?? '').trim();

  const setSearch = useCallback(
    (next: string) => {
      const value = next.trim();
      setSearchParams((current) => {
        if ((current.get('search') ?? '').trim() === value) return current;
        const params = new URLSearchParams(current);
        if (value) params.set('search', value);
        else params.delete('search');
        params.delete('page');
        return params;
      });
    },
    [setSearchParams],
  );

  return { search, setSearch };
}
