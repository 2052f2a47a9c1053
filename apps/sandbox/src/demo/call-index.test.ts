import { describe, expect, it } from 'vitest';
import { buildDemo, TEST_NOW } from '../test/fixtures';
import { ZoneClock } from '../lib/time-zone';
import { reasonSpec } from './call-plan';
import { TAIL_MARGIN_MS, updatedAtOf } from './call-index';
import { DEMO_PROFILES, INBOUND, OUTBOUND, WEB } from './profiles';

const DAY = 86_400_000;
const { index, params } = buildDemo();

function share(predicate: (i: number) => boolean, among: (i: number) => boolean = () => true) {
  let hits = 0;
  let total = 0;
  for (let i = 0; i < index.count; i++) {
    if (!among(i)) continue;
    total += 1;
    if (predicate(i)) hits += 1;
  }
  return hits / total;
}

const kind = (i: number) => reasonSpec(index.reason[i] ?? 0).kind;
const reason = (i: number) => reasonSpec(index.reason[i] ?? 0).reason;

describe('demo call index', () => {
  it('is the same for the same seed and now, and different for another seed or now', () => {
    const again = buildDemo().index;
    expect(again.createdAt).toEqual(index.createdAt);
    expect(again.reason).toEqual(index.reason);
    expect(again.durationMs).toEqual(index.durationMs);
    expect(buildDemo({ seed: 7 }).index.createdAt).not.toEqual(index.createdAt);
    expect(buildDemo({ nowMs: TEST_NOW.getTime() + DAY }).index.createdAt[0]).not.toBe(
      index.createdAt[0],
    );
  });

  it('has exactly totalCalls calls, strictly increasing createdAt, all within the window and ended by now', () => {
    expect(index.count).toBe(6000);
    const now = params.nowMs;
    for (let i = 0; i < index.count; i++) {
      const at = index.createdAt[i]!;
      if (i > 0 && at <= index.createdAt[i - 1]!)
        throw new Error(`createdAt not increasing at ${i}`);
      if (at < now - 90 * DAY || at > now - TAIL_MARGIN_MS)
        throw new Error(`call ${i} outside the window`);
      if (updatedAtOf(index, params.seed, i) > now) throw new Error(`call ${i} updated after now`);
    }
    expect(buildDemo({ totalCalls: 0 }).index.count).toBe(0);
    expect(buildDemo({ totalCalls: 7 }).index.count).toBe(7);
  });

  it('spreads calls over the four businesses, the survey line mostly outbound', () => {
    const counts = DEMO_PROFILES.map((_, b) => share((i) => index.business[i] === b));
    counts.forEach((value, b) => expect(value).toBeCloseTo(DEMO_PROFILES[b]!.share, 2));
    expect(
      share(
        (i) => index.type[i] === OUTBOUND,
        (i) => index.business[i] === 3,
      ),
    ).toBeGreaterThan(0.8);
    expect(
      share(
        (i) => index.type[i] === INBOUND,
        (i) => index.business[i] === 0,
      ),
    ).toBeGreaterThan(0.65);
    expect(share((i) => index.type[i] === WEB)).toBeGreaterThan(0.08);
  });

  it('peaks in local business hours and on weekdays', () => {
    const clock = new ZoneClock('America/New_York');
    const dental = (i: number) => index.business[i] === 0;
    const local = (i: number) => clock.localParts(index.createdAt[i]!);
    expect(share((i) => local(i).hour >= 8 && local(i).hour < 18, dental)).toBeGreaterThan(0.75);
    const weekdayShare = share((i) => local(i).weekday >= 1 && local(i).weekday <= 5, dental);
    // Five of seven days, but well over 5/7 of the calls.
    expect(weekdayShare).toBeGreaterThan(0.85);
  });

  it('ends most calls normally, with transfers, no-answers, voicemails and a few errors', () => {
    expect(share((i) => kind(i) === 'normal')).toBeGreaterThan(0.7);
    expect(share((i) => kind(i) === 'transfer')).toBeGreaterThan(0.04);
    expect(share((i) => kind(i) === 'transfer')).toBeLessThan(0.15);
    expect(share((i) => reason(i) === 'assistant-forwarded-call')).toBeGreaterThan(0.03);
    expect(
      share(
        (i) => kind(i) === 'no-answer',
        (i) => index.type[i] === OUTBOUND,
      ),
    ).toBeGreaterThan(0.12);
    expect(
      share(
        (i) => kind(i) === 'no-answer',
        (i) => index.type[i] !== OUTBOUND,
      ),
    ).toBe(0);
    expect(share((i) => reason(i) === 'voicemail')).toBeGreaterThan(0.01);
    expect(share((i) => kind(i) === 'error')).toBeGreaterThan(0.005);
    expect(share((i) => kind(i) === 'error')).toBeLessThan(0.05);
  });

  it('evaluates about two thirds of the calls, never the unanswered ones', () => {
    const evaluated = share((i) => index.success[i]! >= 0);
    expect(evaluated).toBeGreaterThan(0.6);
    expect(evaluated).toBeLessThan(0.73);
    expect(
      share(
        (i) => index.success[i]! >= 0,
        (i) => kind(i) === 'no-answer',
      ),
    ).toBe(0);
    expect(
      share(
        (i) => index.success[i] === 1,
        (i) => index.success[i]! >= 0,
      ),
    ).toBeGreaterThan(0.55);
  });

  it('lasts from seconds to about 15 minutes; unanswered calls last about nothing', () => {
    let longest = 0;
    for (let i = 0; i < index.count; i++) longest = Math.max(longest, index.durationMs[i]!);
    expect(longest).toBeGreaterThan(14 * 60_000);
    expect(longest).toBeLessThanOrEqual(15 * 60_000 + 1500);
    expect(
      share(
        (i) => index.durationMs[i]! < 1000,
        (i) => kind(i) === 'no-answer',
      ),
    ).toBe(1);
    const normal = (i: number) => kind(i) === 'normal';
    expect(share((i) => index.durationMs[i]! > 60_000, normal)).toBeGreaterThan(0.6);
  });

  it('has repeat callers', () => {
    const calls = new Map<string, number>();
    for (let i = 0; i < index.count; i++) {
      if (index.type[i] === WEB) continue;
      const key = `${index.business[i]}:${index.caller[i]}`;
      calls.set(key, (calls.get(key) ?? 0) + 1);
    }
    const repeaters = [...calls.values()].filter((count) => count >= 3).length;
    expect(repeaters).toBeGreaterThan(100);
    expect(Math.max(...calls.values())).toBeLessThan(30);
  });
});
