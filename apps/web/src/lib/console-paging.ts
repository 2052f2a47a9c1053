import { useDisplayTimeZone } from './session-context';
import { usePaginationParams } from './use-pagination-params';

/**
 * What an operator's paged table takes from its page: the page and its size kept in the URL,
 * the way to change them, and the time zone its dates are shown in.
 */
export function useConsolePaging() {
  const timeZone = useDisplayTimeZone();
  const { page, limit, setPagination } = usePaginationParams();
  return { page, limit, onPageChange: setPagination, timeZone };
}
