import { createPaginationQuerySchema, DEFAULT_PAGE_LIMIT } from '@switchboard/shared/pagination';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/**
 * `page` and `limit` of a list, kept in the URL query string (reload, back/forward and shared
 * links keep them). Values that do not parse fall back to the first page and the default size,
 * and the defaults are left out of the URL.
 */
export function usePaginationParams(defaultLimit: number = DEFAULT_PAGE_LIMIT) {
  const [searchParams, setSearchParams] = useSearchParams();
  const schema = useMemo(() => createPaginationQuerySchema(defaultLimit), [defaultLimit]);

  const rawPage = searchParams.get('page') ?? undefined;
  const rawLimit = searchParams.get('limit') ?? undefined;
  const { page, limit } = useMemo(() => {
    const parsed = schema.safeParse({ page: rawPage, limit: rawLimit });
    if (parsed.success) return parsed.data;
    const pageOnly = schema.safeParse({ page: rawPage });
    return pageOnly.success ? pageOnly.data : { page: 1, limit: defaultLimit };
  }, [schema, rawPage, rawLimit, defaultLimit]);

  const setPagination = useCallback(
    (next: { page?: number; limit?: number }) => {
      setSearchParams((current) => {
        const params = new URLSearchParams(current);
        const nextPage = next.page ?? page;
        const nextLimit = next.limit ?? limit;
        if (nextPage === 1) params.delete('page');
        else params.set('page', String(nextPage));
        if (nextLimit === defaultLimit) params.delete('limit');
        else params.set('limit', String(nextLimit));
        return params;
      });
    },
    [setSearchParams, page, limit, defaultLimit],
  );

  return { page, limit, setPagination };
}
