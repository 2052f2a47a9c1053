import { describe, expect, it } from 'vitest';
import {
  analyticsSummarySchema,
  roundTo2,
  secondsToMinutes,
  summarizeCalls,
  type AnalyticsSummary,
  type SummarizableCall,
} from './analytics';

describe('roundTo2', () => {
  it.each([
    [1.005, 1.01],
    [1.255, 1.26],
    [2.675, 2.68],
    [0.125, 0.13],
    [1.0049, 1],
    [1.234, 1.23],
    [1.236, 1.24],
    [10, 10],
    [0, 0],
    [-1.005, -1.01],
    [-0.125, -0.13],
    [1234567.895, 1234567.9],
    [0.1 + 0.2, 0.3],
  ])('%s → %s', (n, expected) => {
    expect(roundTo2(n)).toBe(expected);
  });

  it('never returns negative zero', () => {
    expect(Object.is(roundTo2(-0.001), 0)).toBe(true);
  });

  it('passes non-finite values through', () => {
    expect(roundTo2(Number.NaN)).toBeNaN();
    expect(roundTo2(Number.POSITIVE_INFINITY)).toBe(Number.POSITIVE_INFINITY);
  });
});

describe('secondsToMinutes', () => {
  it.each([
    [0, 0],
    [60, 1],
    [90, 1.5],
    [125, 2.08],
    [100, 1.67],
    [3725, 62.08],
    [1, 0.02],
  ])('%s s → %s min', (seconds, minutes) => {
    expect(secondsToMinutes(seconds)).toBe(minutes);
  });
});

describe('summarizeCalls', () => {
  const START = Date.parse('2026-03-05T14:07:00Z');
  /** An ended call lasting `seconds` (null: it never started). */
  const ended = (
    overrides: Partial<SummarizableCall> & { seconds?: number | null } = {},
  ): SummarizableCall => {
    const { seconds = 60, ...rest } = overrides;
    return {
      status: 'ended',
      cost: 0.1,
      ...(seconds === null
        ? {}
        : {
            startedAt: new Date(START).toISOString(),
            endedAt: new Date(START + seconds * 1000).toISOString(),
          }),
      ...rest,
    };
  };

  it.each<[string, SummarizableCall[], AnalyticsSummary]>([
    [
      'no calls',
      [],
      { totalCallMinutes: 0, numberOfCalls: 0, totalSpent: 0, averageCostPerCall: 0 },
    ],
    [
      'ended calls of 90 s and 35 s',
      [ended({ seconds: 90, cost: 0.1 }), ended({ seconds: 35, cost: 0.25 })],
      { totalCallMinutes: 2.08, numberOfCalls: 2, totalSpent: 0.35, averageCostPerCall: 0.18 },
    ],
    [
      'a duration derived from timestamps',
      [
        {
          status: 'ended',
          startedAt: '2026-03-05T14:07:00Z',
          endedAt: '2026-03-05T14:09:00Z',
          cost: 0.5,
        },
      ],
      { totalCallMinutes: 2, numberOfCalls: 1, totalSpent: 0.5, averageCostPerCall: 0.5 },
    ],
    [
      'calls that are not ended are left out',
      [
        ended(),
        ended({ status: 'in-progress' }),
        ended({ status: 'queued' }),
        ended({ status: null }),
      ],
      { totalCallMinutes: 1, numberOfCalls: 1, totalSpent: 0.1, averageCostPerCall: 0.1 },
    ],
    [
      'calls without a numeric cost are left out',
      [ended(), ended({ cost: null }), ended({ cost: undefined }), ended({ cost: Number.NaN })],
      { totalCallMinutes: 1, numberOfCalls: 1, totalSpent: 0.1, averageCostPerCall: 0.1 },
    ],
    [
      'calls without a duration are left out',
      [
        ended(),
        ended({ seconds: null }),
        ended({ seconds: null, startedAt: '2026-03-05T14:07:00Z' }),
      ],
      { totalCallMinutes: 1, numberOfCalls: 1, totalSpent: 0.1, averageCostPerCall: 0.1 },
    ],
    [
      'a zero-cost, zero-length ended call still counts',
      [ended({ seconds: 0, cost: 0 })],
      { totalCallMinutes: 0, numberOfCalls: 1, totalSpent: 0, averageCostPerCall: 0 },
    ],
    [
      'the average comes from the exact total, not the rounded one',
      [ended({ cost: 0.014 }), ended({ cost: 0.0149 })],
      // From the rounded total the average would be 0.03 / 2 = 0.015 → 0.02.
      { totalCallMinutes: 2, numberOfCalls: 2, totalSpent: 0.03, averageCostPerCall: 0.01 },
    ],
    [
      'three calls whose average needs rounding',
      [ended({ cost: 0.1 }), ended({ cost: 0.1 }), ended({ cost: 0.12 })],
      { totalCallMinutes: 3, numberOfCalls: 3, totalSpent: 0.32, averageCostPerCall: 0.11 },
    ],
  ])('%s', (_label, calls, expected) => {
    const summary = summarizeCalls(calls);
    expect(summary).toEqual(expected);
    expect(analyticsSummarySchema.parse(summary)).toEqual(expected);
  });
});

describe('analyticsSummarySchema', () => {
  it.each<[string, unknown, boolean]>([
    [
      'a summary',
      { totalCallMinutes: 1.5, numberOfCalls: 2, totalSpent: 0.3, averageCostPerCall: 0.15 },
      true,
    ],
    [
      'a fractional call count',
      { totalCallMinutes: 1, numberOfCalls: 1.5, totalSpent: 0, averageCostPerCall: 0 },
      false,
    ],
    ['a missing field', { totalCallMinutes: 1, numberOfCalls: 1, totalSpent: 0 }, false],
    [
      'a string number',
      { totalCallMinutes: '1', numberOfCalls: 1, totalSpent: 0, averageCostPerCall: 0 },
      false,
    ],
  ])('%s → %s', (_label, value, ok) => {
    expect(analyticsSummarySchema.safeParse(value).success).toBe(ok);
  });
});
