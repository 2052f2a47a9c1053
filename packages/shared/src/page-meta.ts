/**
 * A list's page sizes and the meta of a page of it. No schemas here (they are in `pagination`,
 * which re-exports these): the call log's first screen reads these and must not bring the schema
 * library with them (decisions 096, 106).
 */

export const DEFAULT_PAGE_LIMIT = 20;
export const MAX_PAGE_LIMIT = 100;

/** Where a page sits in its list (`paginationMetaSchema` checks this shape). */
export interface PaginationMeta {
  total: number;
  page: number;
  limit: number;
  totalPages: number;
  hasNext: boolean;
  hasPrev: boolean;
}

export function buildPaginationMeta(total: number, page: number, limit: number): PaginationMeta {
  const totalPages = Math.ceil(total / limit);
  return { total, page, limit, totalPages, hasNext: page < totalPages, hasPrev: page > 1 };
}

export interface Paginated<T> {
  data: T[];
  meta: PaginationMeta;
}

/** Rows to skip before the given 1-based page. */
export function pageOffset(page: number, limit: number): number {
  return (page - 1) * limit;
}
