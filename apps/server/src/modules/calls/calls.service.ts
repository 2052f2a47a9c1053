import { escapeFormulasCast } from '../../lib/csv-formula';
import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import {
  type BusinessCallLogFilter,
  type BusinessCallLogQuery,
  type CallDetail,
  CALL_COUNT_CAP,
  CALL_COUNT_EXAMINE,
  type CallLogCount,
  type CallLogFilter,
  type CallLogPage,
  type CallLogQuery,
  type CallLogRow,
  type TranscriptLine,
  ERASE_CALL_WORDS,
  isCallInProgress,
  phoneFilterDigits,
} from '@switchboard/shared/call-logs';
import {
  UNKNOWN_ASSISTANT,
  UNKNOWN_END_REASON,
  callTypeOf,
  displayCallId,
} from '@switchboard/shared/calls';
import { addDays } from '@switchboard/shared/date-range';
import { describeEndedReason } from '@switchboard/shared/ended-reasons';
import { formatCost, formatDateTime, formatDuration } from '@switchboard/shared/format';
import { buildPaginationMeta, pageOffset } from '@switchboard/shared/pagination';
import { structuredOutputCell } from '@switchboard/shared/structured-outputs';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';
import { sql } from 'drizzle-orm';
import { findAgentZone, scopeCondition, type AgentScope } from '../agents/agents.repository';
import { zoneMidnights } from '../analytics/analytics.repository';
import { scopeKey } from '../analytics/analytics.service';
import { AnswerCache, uncachedAnswer, type Answer } from '../../http/answer-cache';
import { findAgentAnswerStamp, findBusinessAnswerStamp } from './answer-stamps';
import {
  countBusinessCallLog,
  countBusinessCallLogUpTo,
  countCallLog,
  countCallLogUpTo,
  countsFromRollups,
  type BoundedCount,
  findBusinessZone,
  eraseStoredCall,
  findCallWithAgent,
  iterateBusinessCallLog,
  listStructuredOutputColumns,
  iterateCallLog,
  listBusinessCallLog,
  listCallLog,
  type BusinessCallLogCriteria,
  type CallLogCriteria,
  type CallLogFilterCriteria,
  type CallLogRecord,
} from './calls.repository';
import { insertCallAction, listCallActions } from '../live-calls/live-calls.repository';
import { consoleFailure, isPlatformNotFound } from '../console/console-errors';
import type { PlatformRuntime } from '../../platform/platform-runtime';

const MISSING = '-';

/** The seed's formatted call row (§3), from the stored columns. */
export function toCallLogRow(record: CallLogRecord, timeZone: string): CallLogRow {
  return {
    id: record.id,
    displayId: displayCallId(record.id),
    // A squad's call without an agent of its own shows the squad (decision 036).
    assistant:
      record.agentName || (record.squadName ? `${record.squadName} (squad)` : UNKNOWN_ASSISTANT),
    assistantId: record.assistantId,
    assistantPhone: record.assistantPhone || MISSING,
    customerPhone: record.customerNumber || MISSING,
    callType: callTypeOf(record.type),
    endReason: record.endedReason || UNKNOWN_END_REASON,
    successEvaluation: record.outcome,
    startTime: formatDateTime(record.startedAt ?? record.createdAt, timeZone),
    duration: formatDuration(record.durationSeconds),
    cost: formatCost(record.cost),
    status: record.status,
    transferred: record.transferred,
    isTest: record.isTest,
    inProgress: isCallInProgress(record.status),
    createdAt: record.createdAt.toISOString(),
    transcriptMatch: record.transcriptMatch,
  };
}

type Payload = {
  status?: unknown;
  artifactPlan?: { recordingEnabled?: unknown };
  assistant?: { artifactPlan?: { recordingEnabled?: unknown } };
  analysis?: { summary?: unknown; successEvaluation?: unknown; structuredData?: unknown };
  artifact?: {
    messages?: unknown[];
    recordingUrl?: unknown;
    stereoRecordingUrl?: unknown;
    recording?: { mono?: { combinedUrl?: unknown }; stereoUrl?: unknown };
    transcript?: unknown;
    transfers?: {
      destination?: { number?: unknown; description?: unknown; name?: unknown };
      status?: unknown;
    }[];
  };
  messages?: unknown[];
  costBreakdown?: Record<string, unknown>;
  destination?: { number?: unknown; description?: unknown; name?: unknown; sipUri?: unknown };
};

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value : null;
const finite = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

/** The conversation as bubbles: who spoke, what, and when (seconds from the start). */
export function transcriptOf(payload: Payload): TranscriptLine[] {
  const messages = payload.artifact?.messages ?? payload.messages ?? [];
  const lines: TranscriptLine[] = [];
  for (const raw of messages) {
    if (!raw || typeof raw !== 'object') continue;
    const message = raw as Record<string, unknown>;
    const at = finite(message.secondsFromStart);
    switch (message.role) {
      case 'bot':
      case 'assistant': {
        const said = text(message.message);
        if (said) lines.push({ speaker: 'assistant', text: said, secondsFromStart: at });
        break;
      }
      case 'user': {
        const said = text(message.message);
        if (said) lines.push({ speaker: 'customer', text: said, secondsFromStart: at });
        break;
      }
      case 'tool_calls': {
        const calls = Array.isArray(message.toolCalls) ? message.toolCalls : [];
        for (const call of calls as { function?: { name?: unknown } }[]) {
          const name = text(call.function?.name) ?? 'a tool';
          lines.push({ speaker: 'tool', text: `Called ${name}`, secondsFromStart: at });
        }
        break;
      }
      case 'tool_call_result': {
        const result = text(message.result);
        const name = text(message.name) ?? 'Tool';
        if (result)
          lines.push({ speaker: 'tool', text: `${name}: ${result}`, secondsFromStart: at });
        break;
      }
      default:
        // System prompts are configuration, not conversation.
        break;
    }
  }
  return lines;
}

const BREAKDOWN_LABELS: [key: string, label: string][] = [
  ['transport', 'Transport'],
  ['stt', 'Speech-to-text'],
  ['llm', 'Model'],
  ['tts', 'Voice'],
  ['vapi', 'Platform'],
];

/** Where the platform keeps the call's recording, if anywhere (http(s) only). */
export function recordingSourceOf(payload: Payload): string | null {
  const artifact = payload.artifact;
  const candidates = [
    artifact?.recordingUrl,
    artifact?.recording?.mono?.combinedUrl,
    artifact?.stereoRecordingUrl,
    artifact?.recording?.stereoUrl,
  ];
  for (const candidate of candidates) {
    const url = text(candidate);
    if (url && /^https?:\/\//i.test(url)) return url;
  }
  return null;
}

/**
 * Whether the platform may hold a recording of a call that carries no recording URL (its
 * storage may be private; the authenticated download then has it): the call ended, someone
 * spoke, and recording was not turned off for it. The platform records by default.
 */
export function platformMayHoldRecording(payload: Payload): boolean {
  if (payload.status !== 'ended') return false;
  if (payload.artifactPlan?.recordingEnabled === false) return false;
  if (payload.assistant?.artifactPlan?.recordingEnabled === false) return false;
  const messages = payload.artifact?.messages ?? payload.messages ?? [];
  return messages.length > 0 || text(payload.artifact?.transcript) !== null;
}

function transferOf(payload: Payload, transferred: boolean): CallDetail['transfer'] {
  const record = payload.artifact?.transfers?.[0];
  const destination = record?.destination ?? payload.destination;
  if (!destination && !transferred) return null;
  return {
    number: text(destination?.number) ?? text((destination as { sipUri?: unknown })?.sipUri),
    // The platform's transfer destinations have no name; `description` is their label. Calls
    // stored from the sandbox before it followed the platform's document carry `name`.
    name: text(destination?.description) ?? text(destination?.name),
    status: text(record?.status),
  };
}

/** Call-log batches as CSV rows, streamed (formula-looking cells escaped, BOM for Excel). */
function csvOf(
  batches: AsyncIterable<CallLogRecord[]>,
  timeZone: string,
  /** One column per structured output of the agents' businesses, its result in each call. */
  outputs: readonly { id: string; name: string }[] = [],
): Readable {
  async function* records() {
    for await (const batch of batches) {
      for (const record of batch) {
        const row = toCallLogRow(record, timeZone);
        yield [
          row.id,
          row.assistant,
          row.assistantPhone,
          row.customerPhone,
          row.callType,
          row.endReason,
          row.successEvaluation,
          row.startTime,
          row.duration,
          row.cost,
          row.createdAt,
          record.durationSeconds === null ? '' : Math.round(record.durationSeconds * 1000) / 1000,
          record.cost ?? '',
          row.transferred ? 'yes' : 'no',
          row.isTest ? 'yes' : 'no',
          ...outputs.map((output) =>
            structuredOutputCell(record.structuredOutputs?.[output.id]?.result),
          ),
        ];
      }
    }
  }
  return Readable.from(records()).pipe(
    stringify({
      header: true,
      columns: [
        'Call ID',
        'Assistant',
        'Assistant phone',
        'Customer phone',
        'Type',
        'Ended reason',
        'Success',
        `Start time (${timeZone})`,
        'Duration',
        'Cost',
        'Created at (UTC)',
        'Duration (seconds)',
        'Cost (USD)',
        'Transferred',
        'Test call',
        ...outputs.map((output) => output.name),
      ],
      cast: escapeFormulasCast,
      bom: true,
    }),
  );
}

type Deps = {
  db: Db;
  /** Erasing a call deletes it on the platform first (decision 069). */
  platform: Pick<PlatformRuntime, 'client'>;
  /** Milliseconds since the epoch, as the app's other services take it (tests set it). */
  now?: () => number;
  answers?: AnswerCache;
};

/** A query as part of a cache key: every parameter given, in one order. */
function queryKey(query: Record<string, unknown>): string {
  return JSON.stringify(
    Object.entries(query)
      .filter(([, value]) => value !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  );
}

/** Who erases a call, as its history names them. */
type Eraser = { id: string; name: string | null; userName: string };

/** The call log of an agent, its CSV export, and one call's detail. */
/** The call history's action for an erased recording and transcript. */
const ERASE_ACTION = 'erase';

/** A bounded count as the count endpoints answer it: exact, or "at least" (decision 081). */
const capped = ({ matched, complete }: BoundedCount): CallLogCount =>
  matched >= CALL_COUNT_CAP
    ? { total: CALL_COUNT_CAP, more: true }
    : { total: matched, more: !complete };

export class CallsService {
  /** Finished call-log pages (decision 073). */
  readonly answers: AnswerCache;

  constructor(private readonly deps: Deps) {
    this.answers = deps.answers ?? new AnswerCache();
  }

  /** The filter as the repository takes it: dates as instants in the zone, phone as digits. */
  private async filterCriteria(
    filter: CallLogFilter,
    timeZone: string,
  ): Promise<CallLogFilterCriteria> {
    const dates = [filter.from, filter.to ? addDays(filter.to, 1) : undefined];
    const wanted = dates.filter((d): d is string => d !== undefined);
    const instants = await zoneMidnights(this.deps.db, wanted, timeZone);
    return {
      tab: filter.tab,
      phoneDigits: filter.phone ? phoneFilterDigits(filter.phone) : undefined,
      start: filter.from ? instants[0] : undefined,
      end: filter.to ? instants[filter.from ? 1 : 0] : undefined,
      q: filter.q || undefined,
      endReason: filter.endReason || undefined,
      callType: filter.callType,
      minDuration: filter.minDuration,
      maxDuration: filter.maxDuration,
      minCost: filter.minCost,
      maxCost: filter.maxCost,
      includeTest: filter.includeTest,
    };
  }

  private async criteria(
    scope: AgentScope,
    agentId: string,
    filter: CallLogFilter,
  ): Promise<{ criteria: CallLogCriteria; timeZone: string }> {
    const agent = await findAgentZone(this.deps.db, scope, agentId);
    if (!agent) throw notFound('Agent');
    const criteria = await this.filterCriteria(filter, agent.timeZone);
    return {
      timeZone: agent.timeZone,
      criteria: {
        assistantId: agentId,
        ...criteria,
        // Whole local days in the agent's zone: a total may then come from the rollups.
        days: { timeZone: agent.timeZone, from: filter.from, to: filter.to },
      },
    };
  }

  /**
   * The business-wide log's agents and filter: the business's agents (every agent for the
   * operator), or the one named by `agentId` when it is in reach (404 otherwise). Times are in
   * the business's zone (the agent's for the operator, UTC across businesses).
   */
  private async businessCriteria(
    scope: AgentScope,
    filter: BusinessCallLogFilter,
  ): Promise<{ criteria: BusinessCallLogCriteria; timeZone: string }> {
    const { agentId, ...rest } = filter;
    let timeZone = 'UTC';
    let agents = scopeCondition(scope);
    // The squads whose calls without an agent are the business's (every recorded one for the
    // operator); one agent's log has none.
    const squads = agentId
      ? null
      : scope.kind === 'business'
        ? sql`s.business_id = ${scope.businessId}`
        : sql`true`;
    if (agentId) {
      const agent = await findAgentZone(this.deps.db, scope, agentId);
      if (!agent) throw notFound('Agent');
      timeZone = agent.timeZone;
      agents = sql`${agents} and a.platform_assistant_id = ${agentId}`;
    } else if (scope.kind === 'business') {
      timeZone = await findBusinessZone(this.deps.db, scope.businessId);
    }
    const filterCriteria = await this.filterCriteria(rest, timeZone);
    // The agents' rollups are kept in their business's zone: one business's (or one agent's)
    // totals may come from them, the operator's across businesses may not.
    const rollupZone = agentId || scope.kind === 'business';
    return {
      timeZone,
      criteria: {
        agents,
        squads,
        filter: rollupZone
          ? { ...filterCriteria, days: { timeZone, from: rest.from, to: rest.to } }
          : filterCriteria,
      },
    };
  }

  /**
   * GET /api/agents/:id/calls's answer, finished: from the cache when it was computed under the
   * stamp the agent reads now (decision 073), else computed and kept.
   */
  async listAnswer(scope: AgentScope, agentId: string, query: CallLogQuery): Promise<Answer> {
    const found = await findAgentAnswerStamp(this.deps.db, scope, agentId, this.answers.stamps);
    if (!found) throw notFound('Agent');
    const key = `log|${scopeKey(scope)}|${agentId}|${queryKey(query)}`;
    return (
      this.answers.get(key, found.stamp) ??
      this.answers.set(key, found.stamp, JSON.stringify(await this.list(scope, agentId, query)))
    );
  }

  /**
   * GET /api/calls's answer, finished: a business's own log from the cache as listAnswer; the
   * operator's log across every business is computed each time.
   */
  async listBusinessAnswer(scope: AgentScope, query: BusinessCallLogQuery): Promise<Answer> {
    if (scope.kind !== 'business') {
      return uncachedAnswer(JSON.stringify(await this.listBusiness(scope, query)));
    }
    const found = query.agentId
      ? await findAgentAnswerStamp(this.deps.db, scope, query.agentId, this.answers.stamps)
      : await findBusinessAnswerStamp(this.deps.db, scope.businessId, this.answers.stamps);
    if (!found) throw notFound('Agent');
    const key = `calls|${scopeKey(scope)}|${queryKey(query)}`;
    return (
      this.answers.get(key, found.stamp) ??
      this.answers.set(key, found.stamp, JSON.stringify(await this.listBusiness(scope, query)))
    );
  }

  async list(scope: AgentScope, agentId: string, query: CallLogQuery): Promise<CallLogPage> {
    const { criteria, timeZone } = await this.criteria(scope, agentId, query);
    const offset = pageOffset(query.page, query.limit);
    if (criteria.q) {
      // A transcript search answers its page first; the web app asks for the total apart.
      const records = await listCallLog(this.deps.db, criteria, { limit: query.limit + 1, offset });
      return searchPage(records, query, timeZone);
    }
    const [records, total] = await Promise.all([
      listCallLog(this.deps.db, criteria, { limit: query.limit, offset }),
      countCallLog(this.deps.db, criteria),
    ]);
    return {
      data: records.map((record) => toCallLogRow(record, timeZone)),
      meta: buildPaginationMeta(total, query.page, query.limit),
      timeZone,
    };
  }

  /**
   * GET /api/agents/:id/calls/count: how many of the agent's calls match the filter, from the
   * rollups when they total it, else counted within bounds (decision 081).
   */
  async count(scope: AgentScope, agentId: string, filter: CallLogFilter): Promise<CallLogCount> {
    const { criteria } = await this.criteria(scope, agentId, filter);
    if (countsFromRollups(criteria)) {
      return { total: await countCallLog(this.deps.db, criteria), more: false };
    }
    return capped(
      await countCallLogUpTo(this.deps.db, criteria, CALL_COUNT_CAP, CALL_COUNT_EXAMINE),
    );
  }

  /** GET /api/calls: one page of the business's calls across its agents (or one of them). */
  async listBusiness(scope: AgentScope, query: BusinessCallLogQuery): Promise<CallLogPage> {
    const { criteria, timeZone } = await this.businessCriteria(scope, query);
    const offset = pageOffset(query.page, query.limit);
    // Across the agents, a total the rollups cannot answer counts every matching call of every
    // agent: the page answers first and the web app asks for the total apart (decision 072).
    if (criteria.filter.q || !countsFromRollups(criteria.filter)) {
      const records = await listBusinessCallLog(this.deps.db, criteria, {
        limit: query.limit + 1,
        offset,
      });
      return searchPage(records, query, timeZone);
    }
    const [records, total] = await Promise.all([
      listBusinessCallLog(this.deps.db, criteria, { limit: query.limit, offset }),
      countBusinessCallLog(this.deps.db, criteria),
    ]);
    return {
      data: records.map((record) => toCallLogRow(record, timeZone)),
      meta: buildPaginationMeta(total, query.page, query.limit),
      timeZone,
    };
  }

  /** GET /api/calls/count: how many of the business's calls match the filter. */
  async countBusiness(scope: AgentScope, filter: BusinessCallLogFilter): Promise<CallLogCount> {
    const { criteria } = await this.businessCriteria(scope, filter);
    if (countsFromRollups(criteria.filter)) {
      return { total: await countBusinessCallLog(this.deps.db, criteria), more: false };
    }
    return capped(
      await countBusinessCallLogUpTo(this.deps.db, criteria, CALL_COUNT_CAP, CALL_COUNT_EXAMINE),
    );
  }

  /** GET /api/calls/export: the business-wide filter as CSV, as exportCsv. */
  async exportBusinessCsv(scope: AgentScope, filter: BusinessCallLogFilter): Promise<Readable> {
    const { criteria, timeZone } = await this.businessCriteria(scope, filter);
    const outputs = await listStructuredOutputColumns(this.deps.db, criteria.agents);
    return csvOf(iterateBusinessCallLog(this.deps.db, criteria), timeZone, outputs);
  }

  /**
   * The filter's calls as CSV, every page, streamed: one batch of rows in memory at a time,
   * cells that a spreadsheet would run as a formula (=, +, -, @, tab, CR) prefixed with ', but
   * not a phone number in international form.
   */
  async exportCsv(scope: AgentScope, agentId: string, filter: CallLogFilter): Promise<Readable> {
    const { criteria, timeZone } = await this.criteria(scope, agentId, filter);
    const outputs = await listStructuredOutputColumns(
      this.deps.db,
      sql`${scopeCondition(scope)} and a.platform_assistant_id = ${agentId}`,
    );
    return csvOf(iterateCallLog(this.deps.db, criteria), timeZone, outputs);
  }

  private async findCall(scope: AgentScope, callId: string) {
    const call = await findCallWithAgent(
      this.deps.db,
      callId,
      scope.kind === 'business' ? scope.businessId : null,
    );
    if (!call) throw notFound('Call');
    return call;
  }

  async detail(scope: AgentScope, callId: string): Promise<CallDetail> {
    const call = await this.findCall(scope, callId);
    const history = await listCallActions(this.deps.db, call.id);
    const payload = (call.payload ?? {}) as Payload;
    const breakdown = payload.costBreakdown ?? {};
    const structured = payload.analysis?.structuredData;
    const evaluation = payload.analysis?.successEvaluation;
    return {
      row: toCallLogRow(call, call.timeZone),
      agent: call.agentId ? { id: call.agentId, name: call.agentName ?? UNKNOWN_ASSISTANT } : null,
      timeZone: call.timeZone,
      startedAt: call.startedAt?.toISOString() ?? null,
      endedAt: call.endedAt?.toISOString() ?? null,
      durationSeconds: call.durationSeconds,
      costUsd: call.cost,
      summary: text(payload.analysis?.summary),
      successEvaluationRaw:
        typeof evaluation === 'string' ||
        typeof evaluation === 'number' ||
        typeof evaluation === 'boolean'
          ? String(evaluation)
          : null,
      structuredData:
        structured && typeof structured === 'object' && !Array.isArray(structured)
          ? (structured as Record<string, unknown>)
          : null,
      endReasonText: describeEndedReason(call.endedReason),
      transcript: transcriptOf(payload),
      recordingUrl:
        recordingSourceOf(payload) || platformMayHoldRecording(payload)
          ? `/api/calls/${encodeURIComponent(call.id)}/recording`
          : null,
      costBreakdown: BREAKDOWN_LABELS.flatMap(([key, label]) => {
        const cost = finite(breakdown[key]);
        return cost === null ? [] : [{ label, cost }];
      }),
      transfer: transferOf(payload, call.transferred),
      customerNumber: call.customerNumber,
      structuredOutputs: Object.entries(call.structuredOutputs ?? {}).map(([id, output]) => ({
        id,
        name: typeof output?.name === 'string' ? output.name : id,
        result: output?.result ?? null,
      })),
      // What people did while the call was in progress (decision 059), with who did it.
      actions: history
        .filter((row) => row.action !== ERASE_ACTION)
        .map((row) => ({
          action: row.action,
          by: row.userLabel,
          at: row.createdAt.toISOString(),
          detail: row.detail,
          outcome: row.outcome,
        })),
      erased: call.erasedAt
        ? {
            at: call.erasedAt.toISOString(),
            by: history.find((row) => row.action === ERASE_ACTION)?.userLabel ?? 'Switchboard',
          }
        : null,
    };
  }

  /**
   * Erases the call's recording, transcript and caller (decision 069): deleted on the platform
   * first (already gone there is fine), then cut from our store, and the erasing recorded in
   * the call's history with who did it. Erasing an erased call changes nothing.
   */
  async erase(scope: AgentScope, user: Eraser, callId: string): Promise<CallDetail> {
    const call = await this.findCall(scope, callId);
    if (call.erasedAt) return this.detail(scope, callId);
    if (isCallInProgress(call.status)) throw new AppError('CONFLICT', ERASE_CALL_WORDS.inProgress);
    try {
      await this.deps.platform.client.sdk.calls.delete({ id: callId });
    } catch (error) {
      if (!isPlatformNotFound(error))
        throw consoleFailure('erase the call on the voice platform', error);
    }
    const at = new Date(this.deps.now?.() ?? Date.now());
    if (await eraseStoredCall(this.deps.db, callId, at)) {
      const businessId = scope.kind === 'business' ? scope.businessId : call.businessId;
      await insertCallAction(this.deps.db, {
        callId,
        businessId,
        userId: user.id,
        userLabel: user.name || user.userName,
        action: ERASE_ACTION,
        detail: null,
        outcome: 'done',
        createdAt: at,
      });
    }
    return this.detail(scope, callId);
  }

  /** Resolves when the call is in the scope (a foreign or unknown call is a 404). */
  async requireCall(scope: AgentScope, callId: string): Promise<void> {
    await this.findCall(scope, callId);
  }

  /**
   * Where the call's recording is: its public URL, or null when only the platform's
   * authenticated download may have it (the route streams either to the browser).
   */
  async recordingSource(scope: AgentScope, callId: string): Promise<{ publicUrl: string | null }> {
    const call = await this.findCall(scope, callId);
    const payload = (call.payload ?? {}) as Payload;
    const publicUrl = recordingSourceOf(payload);
    if (!publicUrl && !platformMayHoldRecording(payload)) throw notFound('Recording');
    return { publicUrl };
  }
}

/**
 * A transcript search's page, before its total is counted: `records` is the page and, when
 * another page follows, one row more. The meta says only what the page shows (decision 072).
 */
function searchPage(
  records: CallLogRecord[],
  query: { page: number; limit: number },
  timeZone: string,
): CallLogPage {
  const more = records.length > query.limit;
  const shown = records.slice(0, query.limit);
  const offset = pageOffset(query.page, query.limit);
  const meta = buildPaginationMeta(offset + shown.length + (more ? 1 : 0), query.page, query.limit);
  return {
    data: shown.map((record) => toCallLogRow(record, timeZone)),
    meta: { ...meta, total: offset + shown.length },
    timeZone,
    counting: true,
  };
}
