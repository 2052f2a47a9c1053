import type { Vapi } from '@vapi-ai/server-sdk';
import {
  clamp,
  pickWeightedIndex,
  randomBetween,
  randomInt,
  randomLogNormal,
  type Rng,
} from '../lib/random';
import { INBOUND, OUTBOUND, WEB, type BusinessProfile } from './profiles';

// What happens on a call, before any words are chosen: its type, how it ended, whether the
// platform's evaluation passed, how long it rang and lasted, which caller and which scenario.
// The demo generator and the live simulator both plan calls here, so they look alike.

export type ReasonKind = 'normal' | 'transfer' | 'no-answer' | 'voicemail' | 'error' | 'no-connect';

interface ReasonSpec {
  reason: Vapi.CallEndedReason;
  kind: ReasonKind;
  /** Relative frequency for inbound, outbound and web calls. */
  weights: readonly [number, number, number];
  /** Chance that a present successEvaluation is "true". */
  passRate: number;
}

export const REASONS: readonly ReasonSpec[] = [
  { reason: 'customer-ended-call', kind: 'normal', weights: [40, 25, 52], passRate: 0.8 },
  {
    reason: 'assistant-said-end-call-phrase',
    kind: 'normal',
    weights: [18, 15, 15],
    passRate: 0.88,
  },
  { reason: 'assistant-ended-call', kind: 'normal', weights: [12, 9, 10], passRate: 0.8 },
  { reason: 'silence-timed-out', kind: 'normal', weights: [9, 5, 9], passRate: 0.3 },
  { reason: 'exceeded-max-duration', kind: 'normal', weights: [1.5, 1, 1], passRate: 0.5 },
  { reason: 'assistant-forwarded-call', kind: 'transfer', weights: [7.5, 2.5, 1.5], passRate: 0.7 },
  {
    reason: 'call.in-progress.error-transfer-failed',
    kind: 'transfer',
    weights: [1.8, 0.8, 0.4],
    passRate: 0.15,
  },
  {
    reason: 'customer-ended-call-during-transfer',
    kind: 'transfer',
    weights: [1.7, 0.7, 0.3],
    passRate: 0.3,
  },
  { reason: 'customer-did-not-answer', kind: 'no-answer', weights: [0, 16, 0], passRate: 0 },
  { reason: 'customer-busy', kind: 'no-answer', weights: [0, 5, 0], passRate: 0 },
  { reason: 'voicemail', kind: 'voicemail', weights: [0, 12, 0], passRate: 0.05 },
  {
    reason: 'customer-did-not-give-microphone-permission',
    kind: 'no-connect',
    weights: [0, 0, 3],
    passRate: 0,
  },
  {
    reason: 'pipeline-error-openai-llm-failed',
    kind: 'error',
    weights: [1, 0.8, 1],
    passRate: 0.05,
  },
  {
    reason: 'pipeline-error-eleven-labs-voice-failed',
    kind: 'error',
    weights: [0.6, 0.5, 0.6],
    passRate: 0.05,
  },
  {
    reason: 'pipeline-error-deepgram-transcriber-failed',
    kind: 'error',
    weights: [0.5, 0.4, 0.5],
    passRate: 0.05,
  },
  {
    reason: 'pipeline-error-openai-429-exceeded-quota',
    kind: 'error',
    weights: [0.3, 0.2, 0.3],
    passRate: 0.05,
  },
  {
    reason: 'call.in-progress.error-vapifault-transport-never-connected',
    kind: 'no-connect',
    weights: [0.6, 0.5, 0.8],
    passRate: 0,
  },
  {
    reason: 'call.in-progress.error-providerfault-outbound-sip-503-service-unavailable',
    kind: 'no-connect',
    weights: [0, 1, 0],
    passRate: 0,
  },
  {
    reason: 'twilio-failed-to-connect-call',
    kind: 'no-connect',
    weights: [0.2, 0.5, 0],
    passRate: 0,
  },
  // Only by a live call control (say with endCallAfterSpoken): never drawn for demo calls, and
  // last, so the demo data's draws are what they were.
  {
    reason: 'assistant-ended-call-after-message-spoken',
    kind: 'normal',
    weights: [0, 0, 0],
    passRate: 0.8,
  },
  // A call refused because the org's concurrency limit was reached (never drawn, last as above).
  {
    reason: 'call.start.error-subscription-concurrency-limit-reached',
    kind: 'no-connect',
    weights: [0, 0, 0],
    passRate: 0,
  },
  // An inbound call whose assistant-request got no usable answer (never drawn, last as above).
  ...(
    [
      'assistant-request-failed',
      'assistant-request-returned-error',
      'assistant-request-returned-invalid-assistant',
      'assistant-request-returned-no-assistant',
      'assistant-request-returned-forwarding-phone-number',
    ] as const
  ).map((reason) => ({
    reason,
    kind: 'no-connect' as const,
    weights: [0, 0, 0] as const,
    passRate: 0,
  })),
];

const REASON_WEIGHTS_BY_TYPE = [INBOUND, OUTBOUND, WEB].map((type) =>
  REASONS.map((spec) => spec.weights[type] ?? 0),
);

export function reasonIndexOf(reason: string): number {
  return REASONS.findIndex((spec) => spec.reason === reason);
}

export function reasonSpec(reasonIndex: number): ReasonSpec {
  const spec = REASONS[reasonIndex];
  if (!spec) throw new Error(`unknown end reason index ${reasonIndex}`);
  return spec;
}

/** Share of connected calls that carry an analysis.successEvaluation. */
const EVALUATED_SHARE = 0.74;
const VOICEMAIL_EVALUATED_SHARE = 0.25;

/** Longest demo call, seconds; also the demo assistants' maxDurationSeconds. */
export const MAX_CALL_SECONDS = 900;

export interface CallPlan {
  type: number;
  reasonIndex: number;
  /** -1 = no evaluation, 0 = "false", 1 = "true" */
  success: number;
  scenarioIndex: number;
  callerIndex: number;
  ringMs: number;
  durationMs: number;
}

export interface PlanOptions {
  type?: number;
  reasonIndex?: number;
  /** Restrict to scenarios with (true) or without (false) a tool call. */
  withTool?: boolean;
  callerPoolSize: number;
}

export function callerPoolSize(callsForAssistant: number): number {
  return Math.max(40, Math.round(callsForAssistant * 0.3));
}

/** Regulars (a small part of the pool) make a large share of the calls. */
export function pickCaller(rng: Rng, poolSize: number): number {
  const regulars = Math.max(5, Math.round(poolSize * 0.1));
  if (rng() < 0.25) return Math.floor(rng() * Math.min(regulars, poolSize));
  return Math.floor(rng() * poolSize);
}

export function scenarioIndexFor(
  rng: Rng,
  profile: BusinessProfile,
  type: number,
  withTool?: boolean,
): number {
  const weights = profile.scenarios.map((scenario) => {
    if (scenario.types && !scenario.types.includes(type)) return 0;
    if (withTool === true && !scenario.tool) return 0;
    if (withTool === false && scenario.tool) return 0;
    return scenario.weight;
  });
  if (weights.every((weight) => weight === 0)) {
    // Nothing fits the constraint; fall back to any scenario for the type, then to any at all.
    const any = profile.scenarios.map((scenario) =>
      scenario.types && !scenario.types.includes(type) ? 0 : scenario.weight,
    );
    if (any.every((weight) => weight === 0))
      return pickWeightedIndex(
        rng,
        profile.scenarios.map((s) => s.weight),
      );
    return pickWeightedIndex(rng, any);
  }
  return pickWeightedIndex(rng, weights);
}

function ringMsFor(rng: Rng, type: number, spec: ReasonSpec): number {
  if (spec.reason === 'customer-did-not-answer') return randomInt(rng, 25_000, 45_000);
  if (spec.reason === 'customer-busy') return randomInt(rng, 2_000, 6_000);
  if (type === OUTBOUND) return randomInt(rng, 5_000, 22_000);
  if (type === WEB) return randomInt(rng, 300, 1_500);
  return randomInt(rng, 400, 2_500);
}

function durationSecondsFor(rng: Rng, profile: BusinessProfile, spec: ReasonSpec): number {
  const median = profile.medianSeconds;
  switch (spec.kind) {
    case 'no-answer':
      return randomBetween(rng, 0, 0.4);
    case 'no-connect':
      return randomBetween(rng, 0, 2);
    case 'voicemail':
      return randomBetween(rng, 14, 40);
    case 'error':
      return randomBetween(rng, 8, 150);
    case 'transfer':
      return clamp(randomLogNormal(rng, median * 0.7, 0.5), 20, 600);
    case 'normal':
      if (spec.reason === 'exceeded-max-duration') return MAX_CALL_SECONDS + rng() * 1.5;
      if (spec.reason === 'silence-timed-out') {
        return clamp(30 + randomLogNormal(rng, median * 0.4, 0.5), 35, MAX_CALL_SECONDS - 30);
      }
      return clamp(randomLogNormal(rng, median, 0.55), 12, MAX_CALL_SECONDS - 30);
  }
}

export function planCall(rng: Rng, profile: BusinessProfile, options: PlanOptions): CallPlan {
  const type = options.type ?? pickWeightedIndex(rng, profile.typeMix);
  const reasonIndex =
    options.reasonIndex ?? pickWeightedIndex(rng, REASON_WEIGHTS_BY_TYPE[type] ?? []);
  const spec = reasonSpec(reasonIndex);
  const evaluatedShare =
    spec.kind === 'no-answer' || spec.kind === 'no-connect'
      ? 0
      : spec.kind === 'voicemail'
        ? VOICEMAIL_EVALUATED_SHARE
        : EVALUATED_SHARE;
  const success = rng() < evaluatedShare ? (rng() < spec.passRate ? 1 : 0) : -1;
  const scenarioIndex = scenarioIndexFor(rng, profile, type, options.withTool);
  const callerIndex = pickCaller(rng, options.callerPoolSize);
  const ringMs = ringMsFor(rng, type, spec);
  const durationMs = Math.round(durationSecondsFor(rng, profile, spec) * 1000);
  return { type, reasonIndex, success, scenarioIndex, callerIndex, ringMs, durationMs };
}
