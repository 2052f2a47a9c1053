import { z } from 'zod';
import { platformDocument } from '../platform-document';
import { limitSchema } from './validation';

// The newer list routes (`/structured-output`, `/chat`, `/session`, `/campaign`, `/eval` …)
// answer a page, `{results, metadata}` (the document's `…PaginatedResponse` and
// `PaginationMeta`), instead of a bare array: `page` counts from 1, `limit` rows a page.

export const pageQueryShape = {
  page: z.coerce
    .number({ error: 'page must be a number conforming to the specified constraints' })
    .int()
    .min(1, 'page must not be less than 1')
    .default(1),
  sortOrder: z.enum(['ASC', 'DESC']).default('DESC'),
};

/** Whether the document answers this path's list as a page rather than an array. */
export function listIsPaginated(path: string): boolean {
  const schema = platformDocument().paths[path]?.get?.responses?.['200']?.content?.[
    'application/json'
  ]?.schema as { $ref?: unknown } | undefined;
  return typeof schema?.$ref === 'string' && schema.$ref.endsWith('PaginatedResponse');
}

/** One page of items already filtered and ordered as asked. */
export function paginate<T>(
  items: readonly T[],
  query: { page: number; limit: number; sortOrder: 'ASC' | 'DESC' },
): { results: T[]; metadata: Record<string, unknown> } {
  const limit = Math.max(1, query.limit);
  const totalPages = Math.max(1, Math.ceil(items.length / limit));
  const start = (query.page - 1) * limit;
  return {
    results: items.slice(start, start + limit),
    metadata: {
      itemsPerPage: limit,
      totalItems: items.length,
      currentPage: query.page,
      totalPages,
      hasNextPage: query.page < totalPages,
      sortOrder: query.sortOrder,
    },
  };
}

export const pageLimitSchema = () => limitSchema().default(100);
