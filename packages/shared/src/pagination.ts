import { z } from 'zod';
import { DEFAULT_PAGE_LIMIT, MAX_PAGE_LIMIT, type PaginationMeta } from './page-meta';

export {
  buildPaginationMeta,
  DEFAULT_PAGE_LIMIT,
  MAX_PAGE_LIMIT,
  pageOffset,
  type Paginated,
  type PaginationMeta,
} from './page-meta';

/**
 * page/limit from a query string. Lists differ in their default page size (call logs 50,
 * appointments 10 on screen), so the default is a parameter; the bounds are not.
 */
export function createPaginationQuerySchema(defaultLimit: number = DEFAULT_PAGE_LIMIT) {
  if (!Number.isInteger(defaultLimit) || defaultLimit < 1 || defaultLimit > MAX_PAGE_LIMIT) {
    throw new RangeError(`defaultLimit must be an integer from 1 to ${MAX_PAGE_LIMIT}`);
  }
  return z.object({
    page: z.coerce.number().int().min(1).default(1),
    limit: z.coerce.number().int().min(1).max(MAX_PAGE_LIMIT).default(defaultLimit),
  });
}

export const paginationQuerySchema = createPaginationQuerySchema();
export type PaginationQuery = z.infer<typeof paginationQuerySchema>;

export const paginationMetaSchema = z.object({
  total: z.number().int().nonnegative(),
  page: z.number().int().min(1),
  limit: z.number().int().min(1),
  totalPages: z.number().int().nonnegative(),
  hasNext: z.boolean(),
  hasPrev: z.boolean(),
}) satisfies z.ZodType<PaginationMeta>;

export function paginatedSchema<T extends z.ZodType>(itemSchema: T) {
  return z.object({ data: z.array(itemSchema), meta: paginationMetaSchema });
}
