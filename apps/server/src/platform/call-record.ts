import { platformCallSchema, type PlatformCall } from '@switchboard/shared/platform-call';
import { isTestCallPayload } from '@switchboard/shared/web-call';
import { dequal } from 'dequal';
import type { calls } from '../db/schema';
import { cleanDeep, valueMayNeedCleaning } from '../lib/control-characters';

export type CallRecord = typeof calls.$inferInsert;

/**
 * An ISO time as a Date; null when it is none, or outside the years 1–9999 (JavaScript reads
 * "0000-06-01" or "+275000-01-01"; the database refuses to store them, which failed the whole
 * call).
 */
function toDate(value: unknown): Date | null {
  if (typeof value !== 'string' || value === '') return null;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  const year = date.getUTCFullYear();
  return year >= 1 && year <= 9999 ? date : null;
}

/** successEvaluation as stored: the PassFail rubric's "true"/"false", or another rubric's word. */
export function evaluationText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'boolean' || typeof value === 'number') return String(value);
  return typeof value === 'string' ? value : null;
}

export class InvalidCallError extends Error {}

/**
 * The call as stored (decision 113): the platform sends a call's conversation twice, as
 * `artifact.messages` and again as the top-level `messages`. Everything that reads a stored call
 * takes `artifact.messages` first (calls.service.ts), so the top-level copy is left out when it
 * is the same; when it differs, or `artifact.messages` is missing, the call is kept whole.
 */
export function storedPayload(call: PlatformCall): PlatformCall {
  const artifact = call.artifact as { messages?: unknown } | null | undefined;
  if (call.messages === undefined || !dequal(call.messages, artifact?.messages)) return call;
  const { messages: _same, ...stored } = call;
  return stored;
}

/**
 * Maps a platform Call to a row of the call store. The derived columns (duration, outcome,
 * transferred, call type, customer digits) are computed by the database from these fields.
 * `fallbackUpdatedAt` covers payloads without updatedAt (some webhook copies of the call).
 */
export function toCallRecord(
  raw: unknown,
  options: {
    fallbackUpdatedAt?: Date;
    isTest?: boolean;
    /** The caller cleaned the value already (or knows it needs no cleaning). */
    clean?: boolean;
  } = {},
): CallRecord {
  // Transcripts and summaries are kept even when they carry a NUL (which jsonb cannot hold).
  // A call with nothing to clean (nearly every one) is parsed as it came, not copied first.
  const clean = options.clean === true || !valueMayNeedCleaning(raw);
  const parsed = platformCallSchema.safeParse(clean ? raw : cleanDeep(raw));
  if (!parsed.success) {
    throw new InvalidCallError(
      `Not a platform call: ${parsed.error.issues.map((i) => `${i.path.join('.') || 'call'} ${i.message}`).join('; ')}`,
    );
  }
  const call: PlatformCall = parsed.data;
  const createdAt = toDate(call.createdAt);
  if (!createdAt) throw new InvalidCallError('Not a platform call: createdAt is not a date');
  const updatedAt = toDate(call.updatedAt) ?? options.fallbackUpdatedAt ?? createdAt;
  return {
    id: call.id,
    assistantId: call.assistantId ?? null,
    phoneNumberId: call.phoneNumberId ?? null,
    type: call.type ?? null,
    status: call.status ?? null,
    endedReason: call.endedReason ?? null,
    successEvaluation: evaluationText(call.analysis?.successEvaluation),
    customerNumber: call.customer?.number ?? null,
    startedAt: toDate(call.startedAt),
    endedAt: toDate(call.endedAt),
    cost: typeof call.cost === 'number' && Number.isFinite(call.cost) ? call.cost : null,
    // Started from "Talk to agent": its assistantOverrides carry our test-call metadata.
    isTest: options.isTest ?? isTestCallPayload(call),
    createdAt,
    updatedAt,
    payload: storedPayload(call),
  };
}
