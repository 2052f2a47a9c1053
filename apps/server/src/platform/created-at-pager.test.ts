import { describe, expect, it } from 'vitest';
import { CreatedAtPager, type Dated, type PageWindow } from './created-at-pager';

/** A platform list: filters by the createdAt bounds, sorts in the given order, cuts at limit. */
function fakeList(rows: Dated[], order: 'newest-first' | 'oldest-first') {
  return async (window: PageWindow, limit: number): Promise<Dated[]> => {
    const at = (value: string | undefined) => (value === undefined ? undefined : Date.parse(value));
    const ge = at(window.createdAtGe);
    const gt = at(window.createdAtGt);
    const le = at(window.createdAtLe);
    const lt = at(window.createdAtLt);
    return rows
      .filter((row) => {
        const time = Date.parse(row.createdAt);
        return (
          (ge === undefined || time >= ge) &&
          (gt === undefined || time > gt) &&
          (le === undefined || time <= le) &&
          (lt === undefined || time < lt)
        );
      })
      .sort((a, b) => {
        const diff = Date.parse(a.createdAt) - Date.parse(b.createdAt);
        return (order === 'oldest-first' ? diff : -diff) || a.id.localeCompare(b.id);
      })
      .slice(0, limit);
  };
}

/** `count` rows, `perInstant` of them sharing each millisecond (ties across page edges). */
function rowsOf(count: number, perInstant = 1): Dated[] {
  const base = Date.parse('2026-01-01T00:00:00.000Z');
  return Array.from({ length: count }, (_, n) => ({
    id: `row-${String(n).padStart(5, '0')}`,
    createdAt: new Date(base + Math.floor(n / perInstant) * 1000).toISOString(),
  }));
}

async function readAll(pager: CreatedAtPager<Dated>): Promise<string[]> {
  const ids: string[] = [];
  for await (const page of pager.pages()) ids.push(...page.map((row) => row.id));
  return ids;
}

describe('CreatedAtPager', () => {
  it.each(['newest-first', 'oldest-first'] as const)(
    'reads every row exactly once when the platform answers %s, ties at page edges included',
    async (order) => {
      const rows = rowsOf(1037, 3);
      const pager = new CreatedAtPager(fakeList(rows, order), 50);
      const ids = await readAll(pager);
      expect(ids).toHaveLength(rows.length);
      expect(new Set(ids).size).toBe(rows.length);
      expect(pager.truncated).toBe(false);
      // Every request makes progress: about one request per page, not a loop on one page.
      expect(pager.requests).toBeLessThanOrEqual(Math.ceil(rows.length / 40) + 1);
    },
  );

  it.each(['newest-first', 'oldest-first'] as const)(
    'keeps rows sharing an instant across a page edge (%s)',
    async (order) => {
      const rows = [...rowsOf(16, 16), ...rowsOf(200).map((row) => ({ ...row, id: `x${row.id}` }))];
      const ids = await readAll(new CreatedAtPager(fakeList(rows, order), 20));
      expect(new Set(ids).size).toBe(rows.length);
      expect(ids).toHaveLength(rows.length);
    },
  );

  it.each(['newest-first', 'oldest-first'] as const)(
    'pages through a full page whose rows all share one instant (%s)',
    async (order) => {
      const rows = [
        ...rowsOf(20, 20),
        ...rowsOf(91)
          .slice(1)
          .map((row) => ({ ...row, id: `x${row.id}` })),
      ];
      // The newest rows share one instant too.
      rows.push(
        ...rowsOf(20, 20).map((row) => ({
          ...row,
          id: `z${row.id}`,
          createdAt: '2027-01-01T00:00:00.000Z',
        })),
      );
      const pager = new CreatedAtPager(fakeList(rows, order), 20);
      const ids = await readAll(pager);
      expect(new Set(ids).size).toBe(rows.length);
      expect(ids).toHaveLength(rows.length);
    },
  );

  it('says the listing is truncated when more rows share an instant than a page holds, and reads the rest', async () => {
    const rows = [...rowsOf(25, 25), ...rowsOf(30).map((row) => ({ ...row, id: `x${row.id}` }))];
    // createdAt is the only key a request can bound: 25 rows at one instant do not fit in a
    // page of 10, so the rows after the first page of them cannot be asked for.
    const pager = new CreatedAtPager(fakeList(rows, 'oldest-first'), 10);
    const ids = await readAll(pager);
    // The first ten at that instant, and all the rest.
    expect(new Set(ids).size).toBe(10 + 29);
    expect(ids).toHaveLength(10 + 29);
    expect(pager.truncated).toBe(true);
  });

  it('reads an empty list with one request', async () => {
    const pager = new CreatedAtPager(fakeList([], 'oldest-first'), 10);
    expect(await readAll(pager)).toEqual([]);
    expect(pager.requests).toBe(1);
  });
});
