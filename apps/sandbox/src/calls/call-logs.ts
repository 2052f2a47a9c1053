import type { SandboxCall } from './materialize';

/**
 * A call's platform logs (`GET /call/{id}/call-logs` → 302 → the log file). The public document
 * gives the download but not the file's format; its earlier generation typed a call's log line
 * as `CallLogPrivileged` {callId, orgId, log, level (INFO, LOG, WARN, ERROR, CHECKPOINT), time},
 * so the sandbox writes one such object per line (JSON Lines). The lines are made from the call
 * itself (its timeline, its messages, its end), so the same call always has the same logs.
 */

export const CALL_LOG_LEVELS = ['INFO', 'LOG', 'WARN', 'ERROR', 'CHECKPOINT'] as const;
export type CallLogLevel = (typeof CALL_LOG_LEVELS)[number];

export type CallLogLine = {
  callId: string;
  orgId: string;
  log: string;
  level: CallLogLevel;
  time: string;
};

/** End reasons that are the platform's or a provider's failure. */
const ERROR_REASON = /error|failed|fault|twilio-failed|vonage-failed/i;
/** End reasons that are not failures but something a reader should notice. */
const WARN_REASONS = new Set([
  'silence-timed-out',
  'exceeded-max-duration',
  'customer-did-not-answer',
  'customer-busy',
  'voicemail',
  'customer-did-not-give-microphone-permission',
]);

export function endLevel(endedReason: string | undefined): CallLogLevel {
  if (!endedReason) return 'INFO';
  if (ERROR_REASON.test(endedReason)) return 'ERROR';
  return WARN_REASONS.has(endedReason) ? 'WARN' : 'INFO';
}

const TRANSPORT: Record<string, string> = {
  webCall: 'web call (WebRTC room)',
  inboundPhoneCall: 'inbound phone call',
  outboundPhoneCall: 'outbound phone call',
};

function quoted(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return JSON.stringify(flat.length > 300 ? `${flat.slice(0, 297)}...` : flat);
}

type Message = {
  role?: string;
  message?: string;
  time?: number;
  secondsFromStart?: number;
  toolCalls?: { function?: { name?: string; arguments?: string } }[];
  name?: string;
  result?: string;
};

/** The call's log lines, oldest first; none for a call that has not ended (no file yet). */
export function callLogLines(call: SandboxCall): CallLogLine[] {
  if (call.status !== 'ended') return [];
  const lines: (CallLogLine & { at: number; order: number })[] = [];
  const add = (at: number, level: CallLogLevel, log: string) => {
    if (!Number.isFinite(at)) return;
    lines.push({
      callId: call.id,
      orgId: call.orgId,
      log,
      level,
      time: new Date(at).toISOString(),
      at,
      order: lines.length,
    });
  };
  const created = Date.parse(call.createdAt);
  const started = Date.parse(call.startedAt ?? '');
  const ended = Date.parse(call.endedAt ?? call.updatedAt);
  add(created, 'CHECKPOINT', 'Call created');
  add(created, 'INFO', `Transport: ${TRANSPORT[call.type ?? ''] ?? call.type ?? 'unknown'}`);
  if (call.assistantId) add(created, 'INFO', `Assistant: ${call.assistantId}`);
  if (Number.isFinite(started)) {
    add(started, 'CHECKPOINT', 'Call started: media connected');
    for (const raw of call.artifact?.messages ?? []) {
      const message = raw as Message;
      const at =
        typeof message.time === 'number'
          ? message.time
          : started + (message.secondsFromStart ?? 0) * 1000;
      switch (message.role) {
        case 'system':
          add(at, 'LOG', 'Model: system prompt loaded');
          break;
        case 'bot':
          add(at, 'LOG', `Voice: assistant spoke ${quoted(message.message ?? '')}`);
          break;
        case 'user':
          add(at, 'LOG', `Transcriber: final transcript ${quoted(message.message ?? '')}`);
          break;
        case 'tool_calls':
          for (const call of message.toolCalls ?? []) {
            add(at, 'INFO', `Tool call: ${call.function?.name ?? 'unknown'} requested`);
          }
          break;
        case 'tool_call_result':
          add(
            at,
            'INFO',
            `Tool call: ${message.name ?? 'unknown'} answered ${quoted(message.result ?? '')}`,
          );
          break;
        default:
          break;
      }
    }
  } else {
    add(ended, 'WARN', 'Call never connected');
  }
  const reason = call.endedReason ?? 'unknown';
  const level = endLevel(call.endedReason);
  add(
    ended,
    level,
    level === 'ERROR' ? `Call ended with an error: ${reason}` : `Call ended: ${reason}`,
  );
  if (typeof call.cost === 'number') add(ended, 'INFO', `Cost: $${call.cost.toFixed(4)}`);
  add(ended, 'CHECKPOINT', 'Call ended');
  return lines
    .sort((a, b) => a.at - b.at || a.order - b.order)
    .map(({ at: _at, order: _order, ...line }) => line);
}

/** The log file: one JSON object a line. */
export function callLogFile(call: SandboxCall): string {
  return callLogLines(call)
    .map((line) => JSON.stringify(line))
    .join('\n')
    .concat('\n');
}
