import { describe, expect, it } from 'vitest';
import { buildDemo } from '../test/fixtures';
import { defaultAlias, runAnalyticsQuery, type AnalyticsQuery } from './analytics';

const { store, demo, index, catalog } = buildDemo({ totalCalls: 4000 });
const all = { start: index.windowStart, end: index.windowEnd + 3_600_000, timezone: 'UTC' };

function query(overrides: Partial<AnalyticsQuery>): AnalyticsQuery {
  return { name: 'q', operations: [{ operation: 'count', column: 'id' }], ...all, ...overrides };
}

describe('analytics', () => {
  it('names values `${operation}${Column}` unless aliased', () => {
    expect(defaultAlias('sum', 'duration')).toBe('sumDuration');
    expect(defaultAlias('avg', 'cost')).toBe('avgCost');
    const [row] = runAnalyticsQuery(
      store,
      query({
        operations: [
          { operation: 'count', column: 'id' },
          { operation: 'sum', column: 'costBreakdown.llm', alias: 'llm' },
        ],
      }),
    ).result;
    expect(Object.keys(row!)).toEqual(['countId', 'llm']);
  });

  it('adds up exactly what the calls say', () => {
    let cost = 0;
    let duration = 0;
    let longest = 0;
    for (let i = 0; i < index.count; i++) {
      const call = demo.call(i);
      cost += call.cost!;
      const seconds = (Date.parse(call.endedAt!) - Date.parse(call.startedAt!)) / 1000;
      duration += seconds;
      longest = Math.max(longest, seconds);
    }
    const { result } = runAnalyticsQuery(
      store,
      query({
        operations: [
          { operation: 'count', column: 'id' },
          { operation: 'sum', column: 'cost' },
          { operation: 'avg', column: 'cost' },
          { operation: 'sum', column: 'duration' },
          { operation: 'avg', column: 'duration' },
          { operation: 'max', column: 'duration' },
        ],
      }),
    );
    expect(result).toHaveLength(1);
    expect(result[0]).toMatchObject({ countId: index.count, maxDuration: longest });
    // Unrounded (to the sums' order of addition): a mean just under a half-cent, rounded to six
    // places here and then to two by the reader, said 0.15 where the store said 0.14.
    expect(result[0]!.sumCost).toBeCloseTo(cost, 9);
    expect(result[0]!.avgCost).toBeCloseTo(cost / index.count, 12);
    expect(result[0]!.sumDuration).toBeCloseTo(duration, 6);
    expect(result[0]!.avgDuration).toBeCloseTo(duration / index.count, 9);
  });

  it('groups by assistant, end reason and evaluation', () => {
    const { result } = runAnalyticsQuery(store, query({ groupBy: ['assistantId'] }));
    expect(result.map((row) => row.assistantId).sort()).toEqual(
      [...catalog.demoAssistantIds].sort(),
    );
    expect(result.reduce((total, row) => total + (row.countId as number), 0)).toBe(index.count);

    const byEvaluation = runAnalyticsQuery(
      store,
      query({ groupBy: ['analysis.successEvaluation'] }),
    ).result;
    expect(byEvaluation.map((row) => row['analysis.successEvaluation']).sort()).toEqual(
      ['false', 'true', null].sort(),
    );

    const twoKeys = runAnalyticsQuery(store, query({ groupBy: ['type', 'endedReason'] })).result;
    expect(
      twoKeys.find(
        (row) => row.type === 'outboundPhoneCall' && row.endedReason === 'customer-did-not-answer',
      ),
    ).toBeDefined();
    expect(
      twoKeys.find(
        (row) => row.type === 'inboundPhoneCall' && row.endedReason === 'customer-did-not-answer',
      ),
    ).toBeUndefined();
  });

  it('buckets by day in the requested time zone', () => {
    const start = Date.parse('2025-05-01T04:00:00.000Z'); // midnight in New York
    const end = Date.parse('2025-05-08T04:00:00.000Z');
    const result = runAnalyticsQuery(
      store,
      query({ start, end, step: 'day', timezone: 'America/New_York' }),
    );
    expect(result.timeRange).toEqual({
      start: '2025-05-01T04:00:00.000Z',
      end: '2025-05-08T04:00:00.000Z',
      step: 'day',
      timezone: 'America/New_York',
    });
    expect(result.result.map((row) => row.date)).toEqual(
      Array.from({ length: 7 }, (_, d) => new Date(start + d * 86_400_000).toISOString()),
    );
    const inRange = store.list(
      { createdAt: { min: start, max: end - 1 }, updatedAt: { min: -Infinity, max: Infinity } },
      1000,
    );
    expect(result.result.reduce((total, row) => total + (row.countId as number), 0)).toBe(
      inRange.length,
    );
  });

  it('returns one row of zeros for an empty range without grouping, and no rows with grouping', () => {
    const empty = {
      start: Date.parse('2000-01-01T00:00:00Z'),
      end: Date.parse('2000-01-02T00:00:00Z'),
    };
    const [row] = runAnalyticsQuery(
      store,
      query({
        ...empty,
        operations: [
          { operation: 'count', column: 'id' },
          { operation: 'sum', column: 'cost' },
          { operation: 'avg', column: 'cost' },
        ],
      }),
    ).result;
    expect(row).toEqual({ countId: 0, sumCost: 0, avgCost: null });
    expect(runAnalyticsQuery(store, query({ ...empty, groupBy: ['status'] })).result).toEqual([]);
  });
});
