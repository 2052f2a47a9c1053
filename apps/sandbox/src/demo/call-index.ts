import { hash32, mulberry32 } from '../lib/random';
import { ZoneClock } from '../lib/time-zone';
import { callerPoolSize, planCall } from './call-plan';
import type { BusinessProfile } from './profiles';

// The demo call history as a compact, column-wise index: 25 bytes a call, so a million calls
// fit in 25 MB. Everything else about a call (ids, words, costs) is rebuilt from its position
// and the seed when it is asked for. Calls are sorted by createdAt, strictly increasing, so a
// createdAt filter is a binary search and createdAtLt paging never skips a call.

export interface CallIndex {
  readonly count: number;
  readonly createdAt: Float64Array;
  readonly business: Uint8Array;
  readonly type: Uint8Array;
  readonly reason: Uint8Array;
  /** -1 = no evaluation, 0 = "false", 1 = "true" */
  readonly success: Int8Array;
  readonly scenario: Uint8Array;
  readonly caller: Uint32Array;
  readonly ringMs: Uint32Array;
  readonly durationMs: Uint32Array;
  /** Upper bound of updatedAt − createdAt over all calls. */
  readonly maxLagMs: number;
  readonly windowStart: number;
  readonly windowEnd: number;
  /** Caller pool size per business. */
  readonly callerPools: readonly number[];
}

export interface CallIndexParams {
  seed: number;
  nowMs: number;
  days: number;
  totalCalls: number;
  profiles: readonly BusinessProfile[];
}

const HOUR_MS = 3_600_000;
/** The newest demo call is created this long before `now`, so every demo call has ended by then. */
export const TAIL_MARGIN_MS = 17 * 60_000;

/** Time between the end of a call and its last update (the end-of-call analysis). */
export function postProcessingMs(seed: number, index: number): number {
  return 2_000 + (hash32(seed, 0x905, index) % 6_000);
}

/** Per-call random number in [0, 1) that drives cost detail (talkativeness). */
export function costJitter(seed: number, index: number): number {
  return hash32(seed, 0xc057, index) / 4294967296;
}

export function updatedAtOf(index: CallIndex, seed: number, i: number): number {
  return (
    (index.createdAt[i] ?? 0) +
    (index.ringMs[i] ?? 0) +
    (index.durationMs[i] ?? 0) +
    postProcessingMs(seed, i)
  );
}

interface Stream {
  createdAt: Float64Array;
  type: Uint8Array;
  reason: Uint8Array;
  success: Int8Array;
  scenario: Uint8Array;
  caller: Uint32Array;
  ringMs: Uint32Array;
  durationMs: Uint32Array;
}

function allocate(count: number): Stream {
  return {
    createdAt: new Float64Array(count),
    type: new Uint8Array(count),
    reason: new Uint8Array(count),
    success: new Int8Array(count),
    scenario: new Uint8Array(count),
    caller: new Uint32Array(count),
    ringMs: new Uint32Array(count),
    durationMs: new Uint32Array(count),
  };
}

/** Hourly weights across the window in the business's local time, with mild growth. */
function hourlyWeights(profile: BusinessProfile, start: number, end: number): Float64Array {
  const clock = new ZoneClock(profile.timeZone);
  const firstHour = Math.floor(start / HOUR_MS);
  const slots = Math.ceil(end / HOUR_MS) - firstHour;
  const weights = new Float64Array(slots);
  for (let s = 0; s < slots; s++) {
    const slotStart = Math.max(start, (firstHour + s) * HOUR_MS);
    const slotEnd = Math.min(end, (firstHour + s + 1) * HOUR_MS);
    if (slotEnd <= slotStart) continue;
    const local = clock.localParts((slotStart + slotEnd) / 2);
    const growth = 0.85 + (0.3 * (slotStart - start)) / Math.max(1, end - start);
    weights[s] =
      (profile.hourWeights[local.hour] ?? 0) *
      (profile.weekdayWeights[local.weekday] ?? 0) *
      growth *
      ((slotEnd - slotStart) / HOUR_MS);
  }
  return weights;
}

function generateStream(
  params: CallIndexParams,
  businessIndex: number,
  count: number,
  start: number,
  end: number,
): Stream {
  const profile = params.profiles[businessIndex];
  const stream = allocate(count);
  if (!profile || count === 0) return stream;
  const rng = mulberry32(hash32(params.seed, 0x57ea, businessIndex, params.nowMs, params.days));
  const weights = hourlyWeights(profile, start, end);
  let total = 0;
  for (const weight of weights) total += weight;
  if (total === 0) return stream;
  const firstHour = Math.floor(start / HOUR_MS);
  const pool = callerPoolSize(count);

  // Stratified sampling over the cumulative weight: one call per stratum, jittered inside it.
  // The draws come out already sorted and the count is exact.
  let slot = 0;
  let before = 0;
  let slotWeight = weights[0] ?? 0;
  for (let k = 0; k < count; k++) {
    const target = ((k + rng()) / count) * total;
    while (before + slotWeight <= target && slot < weights.length - 1) {
      before += slotWeight;
      slot += 1;
      slotWeight = weights[slot] ?? 0;
    }
    const slotStart = Math.max(start, (firstHour + slot) * HOUR_MS);
    const slotEnd = Math.min(end, (firstHour + slot + 1) * HOUR_MS);
    const within = slotWeight > 0 ? Math.min(1, Math.max(0, (target - before) / slotWeight)) : 0;
    stream.createdAt[k] = Math.floor(slotStart + within * (slotEnd - slotStart - 1));

    const plan = planCall(rng, profile, { callerPoolSize: pool });
    stream.type[k] = plan.type;
    stream.reason[k] = plan.reasonIndex;
    stream.success[k] = plan.success;
    stream.scenario[k] = plan.scenarioIndex;
    stream.caller[k] = plan.callerIndex;
    stream.ringMs[k] = plan.ringMs;
    stream.durationMs[k] = plan.durationMs;
  }
  return stream;
}

function callsPerBusiness(totalCalls: number, profiles: readonly BusinessProfile[]): number[] {
  const shares = profiles.map((profile) => profile.share);
  const sum = shares.reduce((a, b) => a + b, 0) || 1;
  const counts = shares.map((share) => Math.floor((totalCalls * share) / sum));
  let rest = totalCalls - counts.reduce((a, b) => a + b, 0);
  for (let i = 0; rest > 0; i = (i + 1) % counts.length, rest--) counts[i] = (counts[i] ?? 0) + 1;
  return counts;
}

export function generateCallIndex(params: CallIndexParams): CallIndex {
  const windowEnd = params.nowMs - TAIL_MARGIN_MS;
  const windowStart = Math.min(params.nowMs - params.days * 86_400_000, windowEnd - HOUR_MS);
  const counts = callsPerBusiness(params.totalCalls, params.profiles);
  const streams = counts.map((count, b) =>
    generateStream(params, b, count, windowStart, windowEnd),
  );

  const total = counts.reduce((a, b) => a + b, 0);
  const merged = allocate(total);
  const business = new Uint8Array(total);
  const heads = counts.map(() => 0);
  let previous = -Infinity;
  let maxLag = 0;
  for (let i = 0; i < total; i++) {
    let best = -1;
    let bestAt = Infinity;
    for (let b = 0; b < streams.length; b++) {
      const head = heads[b] ?? 0;
      if (head >= (counts[b] ?? 0)) continue;
      const at = streams[b]?.createdAt[head] ?? Infinity;
      if (at < bestAt) {
        bestAt = at;
        best = b;
      }
    }
    const stream = streams[best];
    const head = heads[best] ?? 0;
    if (!stream) throw new Error('call index merge ran dry');
    heads[best] = head + 1;
    // Strictly increasing: ties move by a millisecond.
    const createdAt = bestAt <= previous ? previous + 1 : bestAt;
    previous = createdAt;
    merged.createdAt[i] = createdAt;
    business[i] = best;
    merged.type[i] = stream.type[head] ?? 0;
    merged.reason[i] = stream.reason[head] ?? 0;
    merged.success[i] = stream.success[head] ?? -1;
    merged.scenario[i] = stream.scenario[head] ?? 0;
    merged.caller[i] = stream.caller[head] ?? 0;
    merged.ringMs[i] = stream.ringMs[head] ?? 0;
    merged.durationMs[i] = stream.durationMs[head] ?? 0;
    const lag =
      (merged.ringMs[i] ?? 0) + (merged.durationMs[i] ?? 0) + postProcessingMs(params.seed, i);
    if (lag > maxLag) maxLag = lag;
  }
  return {
    count: total,
    ...merged,
    business,
    maxLagMs: maxLag,
    windowStart,
    windowEnd,
    callerPools: counts.map(callerPoolSize),
  };
}
