import {
  MATCH_END,
  MATCH_START,
  type CallDetail,
  type CallLogPage,
  type CallLogRow,
} from '@switchboard/shared/call-logs';
import { buildPaginationMeta } from '@switchboard/shared/pagination';
import type { PlatformStatus } from '@switchboard/shared/platform';
import { jsonResponse, stubApi, type ApiRequest } from '../../../test/fake-api';
import { AGENT_ID, buildCallLogRow } from '../../../test/fake-call-logs';

/** Test data shaped like the server's answers; every builder takes overrides. */

export { AGENT_ID, buildCallLogRow };
export const CALLS_PATH = `/api/agents/${AGENT_ID}/calls`;
export const CALLS = `GET ${CALLS_PATH}`;
export const SYNC = 'POST /api/platform/sync';
export const STATUS = 'GET /api/platform/status';

/** A failed, transferred outbound call. */
export function buildTransferredRow(overrides: Partial<CallLogRow> = {}): CallLogRow {
  return buildCallLogRow({
    id: '9b8c7d6e-5f4a-4b3c-8d2e-1f0a9b8c7d6e',
    displayId: '9b8c7d6e…',
    customerPhone: '+1 415 555 0199',
    callType: 'outbound',
    endReason: 'assistant-forwarded-call',
    successEvaluation: 'fail',
    startTime: 'Mar 4, 2026, 09:30',
    duration: '45s',
    cost: '$0.10',
    transferred: true,
    createdAt: '2026-03-04T09:30:00.000Z',
    ...overrides,
  });
}

export function buildCallLogPage(
  rows: CallLogRow[] = [buildCallLogRow(), buildTransferredRow()],
  {
    total = rows.length,
    page = 1,
    limit = 50,
  }: { total?: number; page?: number; limit?: number } = {},
): CallLogPage {
  return { data: rows, meta: buildPaginationMeta(total, page, limit), timeZone: 'Europe/Dublin' };
}

/** A snippet as the server marks it: "…can I [book] a [cleaning]…". */
export function markedSnippet(...parts: (string | { match: string })[]): string {
  return parts
    .map((part) => (typeof part === 'string' ? part : `${MATCH_START}${part.match}${MATCH_END}`))
    .join('');
}

export function buildCallDetail(overrides: Partial<CallDetail> = {}): CallDetail {
  const row = overrides.row ?? buildCallLogRow();
  return {
    row,
    agent: { id: AGENT_ID, name: 'Front desk' },
    timeZone: 'Europe/Dublin',
    startedAt: '2026-03-05T14:07:00.000Z',
    endedAt: '2026-03-05T14:09:05.000Z',
    durationSeconds: 125,
    costUsd: 0.42,
    summary: 'The caller booked a cleaning for Thursday at 10:00.',
    successEvaluationRaw: 'true',
    structuredData: {
      intent: 'book_appointment',
      partySize: 1,
      slot: { day: 'Thursday', time: '10:00' },
    },
    endReasonText: 'The caller hung up.',
    transcript: [
      { speaker: 'assistant', text: 'Bright Smile Dental, how can I help?', secondsFromStart: 0.5 },
      { speaker: 'customer', text: 'I would like to book a cleaning.', secondsFromStart: 4 },
      { speaker: 'tool', text: 'book_appointment({"day":"Thursday"})', secondsFromStart: 30 },
      { speaker: 'assistant', text: 'You are booked for Thursday at 10:00.', secondsFromStart: 42 },
    ],
    recordingUrl: `/api/calls/${row.id}/recording`,
    costBreakdown: [
      { label: 'Transport', cost: 0.05 },
      { label: 'Model', cost: 0.25 },
      { label: 'Voice', cost: 0.12 },
    ],
    transfer: null,
    customerNumber: '+353 87 123 4567',
    structuredOutputs: [
      {
        id: 'so-caller',
        name: 'Caller details',
        result: { callerName: 'Aoife Byrne', reason: 'booking', urgent: false },
      },
      { id: 'so-mood', name: 'Mood', result: 'calm' },
    ],
    ...overrides,
  };
}

export function buildPlatformStatus(running = false): PlatformStatus {
  return {
    mode: 'sandbox',
    sync: {
      status: running ? 'running' : 'idle',
      running,
      lastStartedAt: '2026-03-10T11:59:00.000Z',
      lastSuccessAt: '2026-03-10T11:59:02.000Z',
      lastError: null,
      consecutiveFailures: 0,
      nextRunAt: null,
      progress: { pages: 1, callsFetched: 2, callsWritten: 2 },
    },
  };
}

type Handler = (request: ApiRequest) => Response | Promise<Response>;

/**
 * The call-log endpoints: one page of calls for the agent (whatever the query), the detail of
 * each call in `details`, and a sync that finishes at once. Handlers replace or add endpoints.
 */
export function stubCallLogsApi({
  page = buildCallLogPage(),
  details = [buildCallDetail()],
  handlers = {},
}: {
  page?: CallLogPage;
  details?: CallDetail[];
  handlers?: Record<string, Handler>;
} = {}) {
  return stubApi({
    [CALLS]: () => jsonResponse(page),
    [SYNC]: () => jsonResponse(buildPlatformStatus(true), { status: 202 }),
    [STATUS]: () => jsonResponse(buildPlatformStatus(false)),
    ...Object.fromEntries(
      details.map((detail) => [`GET /api/calls/${detail.row.id}`, () => jsonResponse(detail)]),
    ),
    ...handlers,
  });
}
