import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  buildPaginationMeta,
  createPaginationQuerySchema,
  pageOffset,
  paginatedSchema,
  paginationMetaSchema,
  paginationQuerySchema,
  type PaginationMeta,
} from './pagination';

describe('paginationQuerySchema', () => {
  it.each<[Record<string, unknown>, { page: number; limit: number }]>([
    [{}, { page: 1, limit: 20 }],
    [{ page: '3' }, { page: 3, limit: 20 }],
    [
      { page: '2', limit: '50' },
      { page: 2, limit: 50 },
    ],
    [{ limit: '1' }, { page: 1, limit: 1 }],
    [{ limit: '100' }, { page: 1, limit: 100 }],
    [
      { page: 4, limit: 10 },
      { page: 4, limit: 10 },
    ],
  ])('%j → %j', (query, expected) => {
    expect(paginationQuerySchema.parse(query)).toEqual(expected);
  });

  it.each<[Record<string, unknown>]>([
    [{ page: '0' }],
    [{ page: '-1' }],
    [{ page: '1.5' }],
    [{ page: 'abc' }],
    [{ page: '' }],
    [{ limit: '0' }],
    [{ limit: '101' }],
    [{ limit: '2.5' }],
  ])('rejects %j', (query) => {
    expect(paginationQuerySchema.safeParse(query).success).toBe(false);
  });
});

describe('createPaginationQuerySchema', () => {
  it.each([
    [50, {}, { page: 1, limit: 50 }],
    [10, {}, { page: 1, limit: 10 }],
    [10, { limit: '25' }, { page: 1, limit: 25 }],
  ])('default %s with %j → %j', (defaultLimit, query, expected) => {
    expect(createPaginationQuerySchema(defaultLimit).parse(query)).toEqual(expected);
  });

  it('keeps the upper bound whatever the default', () => {
    expect(createPaginationQuerySchema(50).safeParse({ limit: '101' }).success).toBe(false);
  });

  it.each([0, 101, 2.5])('refuses a default of %s', (defaultLimit) => {
    expect(() => createPaginationQuerySchema(defaultLimit)).toThrow(RangeError);
  });
});

describe('buildPaginationMeta', () => {
  it.each<[number, number, number, PaginationMeta]>([
    [0, 1, 20, { total: 0, page: 1, limit: 20, totalPages: 0, hasNext: false, hasPrev: false }],
    [1, 1, 20, { total: 1, page: 1, limit: 20, totalPages: 1, hasNext: false, hasPrev: false }],
    [20, 1, 20, { total: 20, page: 1, limit: 20, totalPages: 1, hasNext: false, hasPrev: false }],
    [21, 1, 20, { total: 21, page: 1, limit: 20, totalPages: 2, hasNext: true, hasPrev: false }],
    [21, 2, 20, { total: 21, page: 2, limit: 20, totalPages: 2, hasNext: false, hasPrev: true }],
    [150, 2, 50, { total: 150, page: 2, limit: 50, totalPages: 3, hasNext: true, hasPrev: true }],
    // A page past the end: nothing further, but the way back is open.
    [10, 5, 20, { total: 10, page: 5, limit: 20, totalPages: 1, hasNext: false, hasPrev: true }],
  ])('total %s, page %s, limit %s', (total, page, limit, expected) => {
    const meta = buildPaginationMeta(total, page, limit);
    expect(meta).toEqual(expected);
    expect(paginationMetaSchema.parse(meta)).toEqual(expected);
  });
});

describe('pageOffset', () => {
  it.each([
    [1, 20, 0],
    [2, 20, 20],
    [3, 50, 100],
    [1, 1, 0],
  ])('page %s, limit %s → %s', (page, limit, offset) => {
    expect(pageOffset(page, limit)).toBe(offset);
  });
});

describe('paginatedSchema', () => {
  const schema = paginatedSchema(z.object({ id: z.string() }));
  const meta = buildPaginationMeta(2, 1, 20);

  it.each<[string, unknown, boolean]>([
    ['a page of items', { data: [{ id: 'a' }, { id: 'b' }], meta }, true],
    ['an empty page', { data: [], meta: buildPaginationMeta(0, 1, 20) }, true],
    ['an item of the wrong shape', { data: [{ id: 1 }], meta }, false],
    ['no meta', { data: [] }, false],
    ['meta missing hasPrev', { data: [], meta: { ...meta, hasPrev: undefined } }, false],
    ['a bare array', [{ id: 'a' }], false],
  ])('%s → %s', (_label, value, ok) => {
    expect(schema.safeParse(value).success).toBe(ok);
  });
});
