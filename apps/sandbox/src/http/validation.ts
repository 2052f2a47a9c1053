import { z } from 'zod';
import { isUuid } from '../lib/ids';
import type { TimeRangeFilter } from '../demo/catalog';
import { badRequest } from './errors';

// Request parsing with class-validator-style messages ("limit must not be greater than 1000"),
// as the platform's NestJS validation pipe words them. Unknown query parameters are refused by
// the document-driven check (document-validation.ts) where the document describes the route.

const ISO_DATE =
  /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}(?::?\d{2})?)?)?$/i;

/** Epoch ms of an ISO 8601 date or date-time; a date-time without offset is taken as UTC. */
export function parseIsoDate(value: string): number | undefined {
  const text = value.trim();
  if (!ISO_DATE.test(text)) return undefined;
  const hasTime = /[T ]\d{2}:\d{2}/.test(text);
  const hasOffset = /(?:Z|[+-]\d{2}(?::?\d{2})?)$/i.test(text.slice(10));
  const normalised = hasTime && !hasOffset ? `${text.replace(' ', 'T')}Z` : text.replace(' ', 'T');
  const ms = Date.parse(normalised);
  return Number.isNaN(ms) ? undefined : ms;
}

export const isoDateString = z
  .string({ error: 'must be a valid ISO 8601 date string' })
  .refine((value) => parseIsoDate(value) !== undefined, 'must be a valid ISO 8601 date string');

export function limitSchema(max = 1000) {
  return z.coerce
    .number({ error: 'must be a number conforming to the specified constraints' })
    .refine(Number.isFinite, 'must be a number conforming to the specified constraints')
    .refine((value) => value >= 0, 'must not be less than 0')
    .refine((value) => value <= max, `must not be greater than ${max}`)
    .transform((value) => Math.floor(value));
}

export const timeFilterShape = {
  createdAtGt: isoDateString.optional(),
  createdAtLt: isoDateString.optional(),
  createdAtGe: isoDateString.optional(),
  createdAtLe: isoDateString.optional(),
  updatedAtGt: isoDateString.optional(),
  updatedAtLt: isoDateString.optional(),
  updatedAtGe: isoDateString.optional(),
  updatedAtLe: isoDateString.optional(),
};

type TimeFilterInput = Partial<Record<keyof typeof timeFilterShape, string | undefined>>;

/** Gt/Lt/Ge/Le → an inclusive [min, max] on integer milliseconds. */
export function timeRange(
  input: TimeFilterInput,
  prefix: 'createdAt' | 'updatedAt',
): TimeRangeFilter {
  const value = (suffix: 'Gt' | 'Lt' | 'Ge' | 'Le') => {
    const raw = input[`${prefix}${suffix}`];
    return raw === undefined ? undefined : parseIsoDate(raw);
  };
  let min = -Infinity;
  let max = Infinity;
  const gt = value('Gt');
  const ge = value('Ge');
  const lt = value('Lt');
  const le = value('Le');
  if (gt !== undefined) min = Math.max(min, gt + 1);
  if (ge !== undefined) min = Math.max(min, ge);
  if (lt !== undefined) max = Math.min(max, lt - 1);
  if (le !== undefined) max = Math.min(max, le);
  return { min, max };
}

function pathOf(path: readonly PropertyKey[]): string {
  return path.map(String).join('.');
}

/** Parses with a zod schema; failures become a 400 with one message per problem. */
export function parseOrThrow<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw badRequest(
    result.error.issues.map((issue) => {
      const path = pathOf(issue.path);
      if (issue.code === 'unrecognized_keys') {
        return issue.keys
          .map((key) => `property ${path ? `${path}.` : ''}${key} should not exist`)
          .join('; ');
      }
      return path ? `${path} ${issue.message}` : issue.message;
    }),
  );
}

/** Path ids are declared `format: uuid` by the platform (NestJS ParseUUIDPipe). */
export function requireUuid(id: string): string {
  if (!isUuid(id)) throw badRequest('Validation failed (uuid is expected)');
  return id;
}

/** A query value that may arrive once (`a=1,2`) or repeated (`a=1&a=2`). */
export const stringList = z
  .union([z.string(), z.array(z.string())], { error: 'must be a string or a list of strings' })
  .transform((value) =>
    (Array.isArray(value) ? value : [value])
      .flatMap((item) => item.split(','))
      .map((item) => item.trim())
      .filter((item) => item !== ''),
  );
