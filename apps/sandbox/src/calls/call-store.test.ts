import { describe, expect, it } from 'vitest';
import { buildDemo, TEST_NOW } from '../test/fixtures';
import { ALL_TIME, type CallFilter } from './call-store';
import type { SandboxCall } from './materialize';

const everything: CallFilter = { createdAt: ALL_TIME, updatedAt: ALL_TIME };
const at = (call: SandboxCall, field: 'createdAt' | 'updatedAt' = 'createdAt') =>
  Date.parse(call[field]);

describe('call store', () => {
  const { store, catalog, index, demo } = buildDemo({ totalCalls: 3000 });

  it('lists newest first, at most `limit`', () => {
    const calls = store.list(everything, 50);
    expect(calls).toHaveLength(50);
    expect(calls[0]!.id).toBe(demo.id(index.count - 1));
    for (let n = 1; n < calls.length; n++) expect(at(calls[n - 1]!)).toBeGreaterThan(at(calls[n]!));
    expect(store.list(everything, 0)).toEqual([]);
  });

  it('pages through every call exactly once with createdAtLt', () => {
    const seen = new Set<string>();
    let before = Infinity;
    for (;;) {
      const page = store.list(
        { ...everything, createdAt: { min: -Infinity, max: before - 1 } },
        1000,
      );
      page.forEach((call) => seen.add(call.id));
      if (page.length < 1000) break;
      before = at(page[page.length - 1]!);
    }
    expect(seen.size).toBe(index.count);
  });

  it('filters by assistant, phone number and time with Gt/Lt/Ge/Le semantics', () => {
    const dental = catalog.demoAssistantIds[0]!;
    const calls = store.list({ ...everything, assistantIds: [dental] }, 1000);
    expect(calls.length).toBeGreaterThan(500);
    expect(calls.every((call) => call.assistantId === dental)).toBe(true);

    const phone = catalog.demoPhoneNumberIds[1]!;
    expect(
      store
        .list({ ...everything, phoneNumberIds: [phone] }, 100)
        .every((c) => c.phoneNumberId === phone),
    ).toBe(true);

    const pivot = store.list(everything, 10)[5]!;
    const lt = store.list({ ...everything, createdAt: { min: -Infinity, max: at(pivot) - 1 } }, 1);
    const le = store.list({ ...everything, createdAt: { min: -Infinity, max: at(pivot) } }, 1);
    expect(lt[0]!.id).not.toBe(pivot.id);
    expect(le[0]!.id).toBe(pivot.id);
  });

  it('finds recently updated calls like a full scan would (updatedAt filter)', () => {
    const since = TEST_NOW.getTime() - 3 * 86_400_000;
    const expected: string[] = [];
    for (let i = index.count - 1; i >= 0; i--)
      if (demo.updatedAt(i) > since) expected.push(demo.id(i));
    const found = store
      .list({ ...everything, updatedAt: { min: since + 1, max: Infinity } }, 1000)
      .map((c) => c.id);
    expect(found).toEqual(expected.slice(0, 1000));
    expect(found.every((id) => at(store.get(id)!, 'updatedAt') > since)).toBe(true);
  });

  it('gets a call by id, and by id filter', () => {
    const id = demo.id(77);
    expect(store.get(id)?.id).toBe(id);
    expect(store.list({ ...everything, ids: [id] }, 10).map((c) => c.id)).toEqual([id]);
    expect(store.get('2b1c4a8e-0000-4000-8000-000000000000')).toBeUndefined();
  });

  it('pages /v2 style with totals, sorted by createdAt, cost or duration', () => {
    const first = store.page({
      filter: everything,
      page: 1,
      limit: 25,
      sortBy: 'createdAt',
      sortOrder: 'DESC',
    });
    expect(first.metadata).toMatchObject({
      itemsPerPage: 25,
      totalItems: 3000,
      currentPage: 1,
      totalPages: 120,
      hasNextPage: true,
    });
    const second = store.page({
      filter: everything,
      page: 2,
      limit: 25,
      sortBy: 'createdAt',
      sortOrder: 'DESC',
    });
    expect(second.results[0]!.id).toBe(store.list(everything, 26)[25]!.id);
    const last = store.page({
      filter: everything,
      page: 120,
      limit: 25,
      sortBy: 'createdAt',
      sortOrder: 'DESC',
    });
    expect(last.metadata.hasNextPage).toBe(false);

    const byCost = store.page({
      filter: everything,
      page: 1,
      limit: 10,
      sortBy: 'cost',
      sortOrder: 'DESC',
    });
    const costs = byCost.results.map((c) => c.cost!);
    expect(costs).toEqual([...costs].sort((a, b) => b - a));
    const ascending = store.page({
      filter: everything,
      page: 1,
      limit: 5,
      sortBy: 'duration',
      sortOrder: 'ASC',
    });
    expect(
      ascending.results.every((c) => Date.parse(c.endedAt!) - Date.parse(c.startedAt!) < 2000),
    ).toBe(true);

    const filtered = store.page({
      filter: { ...everything, endedReasons: ['voicemail'], successEvaluation: 'false' },
      page: 1,
      limit: 100,
      sortBy: 'createdAt',
      sortOrder: 'ASC',
    });
    expect(
      filtered.results.every(
        (c) => c.endedReason === 'voicemail' && c.analysis?.successEvaluation === 'false',
      ),
    ).toBe(true);
  });

  it('merges live calls with the demo history by createdAt, and can rename and delete', () => {
    const { store: fresh, demo: freshDemo } = buildDemo({ totalCalls: 100 });
    const newest = fresh.list(everything, 1)[0]!;
    const liveAt = fresh.uniqueCreatedAt(at(newest) - 1000);
    const live: SandboxCall = {
      id: '6f1c8a62-5a3f-4c7e-9d4b-2f7a1e0c9b11',
      orgId: 'org',
      createdAt: new Date(liveAt).toISOString(),
      updatedAt: new Date(liveAt + 5).toISOString(),
      status: 'queued',
      type: 'webCall',
    };
    fresh.live.upsert(live);
    const listed = fresh.list(everything, 3).map((c) => c.id);
    expect(listed).toEqual([newest.id, live.id, freshDemo.id(98)]);
    expect(fresh.uniqueCreatedAt(liveAt)).toBe(liveAt + 1);

    fresh.live.upsert({ ...live, status: 'ended', updatedAt: new Date(liveAt + 10).toISOString() });
    expect(fresh.get(live.id)?.status).toBe('ended');

    const renamed = fresh.rename(freshDemo.id(3), 'VIP caller', TEST_NOW.getTime() + 1000)!;
    expect(renamed.name).toBe('VIP caller');
    expect(
      fresh
        .list({ ...everything, updatedAt: { min: TEST_NOW.getTime(), max: Infinity } }, 10)
        .map((c) => c.id),
    ).toContain(freshDemo.id(3));
    expect(fresh.remove(freshDemo.id(3))?.id).toBe(freshDemo.id(3));
    expect(fresh.get(freshDemo.id(3))).toBeUndefined();
    expect(fresh.remove(live.id)?.id).toBe(live.id);
    expect(fresh.list(everything, 200)).toHaveLength(99);
  });
});
