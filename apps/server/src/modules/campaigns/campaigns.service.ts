import { randomUUID } from 'node:crypto';
import { stringify } from 'csv-stringify/sync';
import type { Vapi } from '@vapi-ai/server-sdk';
import { and, inArray, isNotNull } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import {
  CAMPAIGN_DEFAULT_CALL_SECONDS,
  CAMPAIGN_LEFT_OUT_LABELS,
  CAMPAIGN_LEFT_OUT_REASONS,
  CAMPAIGN_MAX_CONTACTS,
  CAMPAIGN_ATTEMPT_STATUS_LABELS,
  clockOfMinutes,
  retryMask,
  retryOutcomesOfMask,
  templateVariablesOf,
  type CampaignResults,
  weekdayMask,
  weekdaysOfMask,
  type CampaignLeftOutReason,
  type CampaignReview,
  minutesOfClock,
  nextCallingWindow,
  zonedDay,
  type Campaign,
  type CampaignAction,
  type CampaignAudience,
  type CampaignContact,
  type CampaignContactQueryOutput,
  type CampaignContactReason,
  type CampaignCounts,
  type CampaignHold,
  type CampaignOptions,
  type CampaignStatus,
  type CreateCampaignOutput,
} from '@switchboard/shared/campaigns';
import { contactSearchTerms } from '@switchboard/shared/contacts';
import { DIAL_REFUSAL_LABELS, type DialRefusal } from '@switchboard/shared/dialing';
import { buildPaginationMeta, pageOffset, type Paginated } from '@switchboard/shared/pagination';
import { zonedClock } from '@switchboard/shared/time-zone';
import { campaigns } from '../../db/schema';
import { AppError, notFound } from '../../lib/app-error';
import { escapeFormulasCast } from '../../lib/csv-formula';
import { InvalidCallError, toCallRecord } from '../../platform/call-record';
import { findBusinessZone } from '../calls/calls.repository';
import { ingestCalls } from '../call-ingest/call-ingest.service';
import { forgetResource, recordOwned } from '../console/console.repository';
import { consoleFailure, isPlatformNotFound } from '../console/console-errors';
import type { BusinessDialPolicy } from '../dialing/dialing.service';
import type { CallingDeps } from '../dialing/call-back.service';
import {
  assignPending,
  claimAbandonedCampaigns,
  dropCampaignLease,
  findCampaignById,
  leaseUntil,
  listCallingContacts,
  countRefusedByReason,
  listBusyElsewhere,
  listNowDoNotCall,
  pendingSample,
  recentCallStats,
  listDialling,
  listHeld,
  markCallLost,
  refusePending,
  renewCampaignLeases,
  settledCallIds,
  countAudience,
  countCampaigns,
  deleteCampaign,
  findBusinessAgent,
  findCampaign,
  importBelongsTo,
  insertAudience,
  insertCampaign,
  listBusinessAgents,
  listBusinessImports,
  listCampaignContacts,
  listCampaigns,
  listClosedWindows,
  listAudienceCustomers,
  listPendingCustomers,
  listDueRetryCampaigns,
  listDueRetries,
  listCallingNow,
  listRetryPlatformCampaigns,
  unassignPending,
  listAttemptsOf,
  countMissingVariables,
  claimStart,
  undoStart,
  listCampaignAttempts,
  campaignCallTotals,
  type PendingCustomer,
  settleCampaign,
  updateCampaign,
  type CampaignRow,
} from './campaigns.repository';

/** How many numbers the review shows. */
const REVIEW_SAMPLE = 5;
/** The review's estimates come from the agent's calls of this many days. */
const RECENT_CALL_DAYS = 30;
/** A start this far in the past is taken as "now" (a form sent a moment after it was filled). */
const START_GRACE_MS = 5 * 60_000;

/** The window arithmetic's view of a campaign row. */
const daysOf = (row: CampaignRow) => weekdaysOfMask(row.callingDays);

/** The campaign's next calling window from `from`: its hours on its days, in its zone. */
const windowFrom = (row: CampaignRow, from: Date) =>
  nextCallingWindow(from, row.timeZone, row.callingHoursStart, row.callingHoursEnd, daysOf(row));

/** "Main line · +1 212 555 0100": a number and its name, never a platform id. */
function phoneLabel(name: string | null | undefined, number: string | null | undefined) {
  const cleanName = name?.trim() ?? '';
  if (number && cleanName && cleanName !== number) return `${cleanName} · ${number}`;
  return number || cleanName || 'A number without a name';
}

/** A 400 about whom to call, naming the audience field (the form shows it there). */
const audienceError = (message: string) =>
  new AppError('VALIDATION_ERROR', message, { issues: [{ path: 'body.audience', message }] });

/** The platform's CreateCustomerDTO.name is at most 40 characters. */
const CUSTOMER_NAME_MAX = 40;
/** How many platform calls a takeover fetches at once. */
const FETCH_CONCURRENCY = 5;

type Customer = PendingCustomer;

type OpenedWindow = {
  /** null: nothing was handed to the platform (a daily cap left no room). */
  platformCampaignId: string | null;
  /** The numbers given to it, in order. */
  handed: string[];
  /** The business day their calls were reserved on. */
  day: string;
  values: PgUpdateSetSource<typeof campaigns>;
};

/**
 * One customer of a platform campaign: its number and name, and its variables as the
 * assistant's (or the squad's) overrides, `variableValues` (CreateCustomerDTO).
 */
function customerOf(c: Customer, squad: boolean): Vapi.CreateCustomerDto {
  const hasVariables = Object.keys(c.variables).length > 0;
  const overrides = { variableValues: c.variables };
  return {
    number: c.phone,
    ...(c.name ? { name: c.name.slice(0, CUSTOMER_NAME_MAX) } : {}),
    ...(hasVariables
      ? squad
        ? { squadOverrides: overrides }
        : { assistantOverrides: overrides }
      : {}),
  };
}

/** "2026-11-28T14:00:00" on a zone's clock → that instant, ISO (for calls per hour). */
function zonedHourInstant(local: string, timeZone: string): string {
  const [date, time] = local.split('T');
  const [y, m, d] = date!.split('-').map(Number);
  const hour = Number(time!.slice(0, 2));
  const guess = Date.UTC(y ?? 0, (m ?? 1) - 1, d ?? 1, hour);
  const shown = zonedClock(guess, timeZone);
  const seen = Date.UTC(shown.year, shown.month - 1, shown.day, shown.hour);
  return new Date(guess - (seen - guess)).toISOString();
}

/** "3 premium-rate numbers, 1 number in a country this business may not call". */
function refusalSummary(refused: ReadonlyMap<string, DialRefusal>): string {
  const counts = new Map<DialRefusal, number>();
  for (const refusal of refused.values()) counts.set(refusal, (counts.get(refusal) ?? 0) + 1);
  return [...counts]
    .map(([refusal, n]) => `${n} × ${DIAL_REFUSAL_LABELS[refusal].toLowerCase()}`)
    .join(', ');
}

/** Runs `work` over the items, at most `limit` at a time. */
async function eachLimited<T>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<void>,
) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next]!;
      next += 1;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/**
 * Outbound campaigns (decisions 039 and 053). Switchboard keeps the campaign and one row per
 * number; the platform's campaign resource places the calls, one platform campaign per calling
 * window (the platform knows a start and an end, not daily hours). Pause cancels the window's
 * platform campaign (its scheduled calls are dropped, calls under way finish); resume and the
 * next day's window give the numbers still pending to a new one.
 *
 * Every number passes the business's calling rules before the platform gets it, and each
 * window takes its calls from the business's daily cap. The instance that opened a window holds
 * a lease on the campaign while it may place calls; when the lease runs out (the instance was
 * killed), another instance, or the restarted one, reconciles the campaign's calls with the
 * platform and lets the run go on without calling anyone twice.
 */
export class CampaignsService {
  /** This process, as the owner of the leases it takes. */
  readonly instanceId = randomUUID();
  private readonly leaseMs: number;

  constructor(
    private readonly deps: CallingDeps & {
      /** How long a lease holds without renewal (default 30 s). */
      leaseMs?: number;
      /** The voice platform account's concurrency limit, where known. */
      platformConcurrencyLimit?: number | undefined;
    },
  ) {
    this.leaseMs = deps.leaseMs ?? 30_000;
  }

  private now(): Date {
    return new Date(this.deps.now?.() ?? Date.now());
  }

  /** How often the window job should run: three renewals per lease. */
  get tickMs(): number {
    return Math.max(1000, Math.floor(this.leaseMs / 3));
  }

  private lease() {
    return { leaseOwner: this.instanceId, leaseExpiresAt: leaseUntil(this.leaseMs) };
  }

  async options(businessId: string): Promise<CampaignOptions> {
    const { db } = this.deps;
    const [timeZone, agentRows, squads, phones, imports] = await Promise.all([
      findBusinessZone(db, businessId),
      listBusinessAgents(db, businessId),
      this.deps.console.listOwned(businessId, 'squad'),
      this.deps.console.listOwned(businessId, 'phone-number'),
      listBusinessImports(db, businessId),
    ]);
    const numbers = await this.platformNumbers(phones.length > 0);
    return {
      timeZone,
      // Names, never platform ids.
      agents: agentRows.map((a) => ({ id: a.id, name: a.name || 'An agent without a name' })),
      squads: squads.map((s) => ({ id: s.platformId, name: s.name || 'A squad without a name' })),
      phoneNumbers: phones.map((p) => {
        const found = numbers.get(p.platformId);
        const number = found?.number ?? null;
        return { id: p.platformId, name: phoneLabel(found?.name ?? p.name, number), number };
      }),
      imports: imports.map((i) => ({
        id: i.id,
        fileName: i.fileName,
        createdAt: i.createdAt.toISOString(),
        contacts: i.createdCount + i.updatedCount,
      })),
    };
  }

  /**
   * The platform's numbers by id (their E.164 number and name): what a screen shows for "Call
   * from". A platform that does not answer leaves the names we keep.
   */
  private async platformNumbers(
    wanted: boolean,
  ): Promise<Map<string, { number: string | null; name: string | null }>> {
    if (!wanted) return new Map();
    try {
      const all = await this.deps.platform().sdk.phoneNumbers.list({ limit: 1000 });
      return new Map(
        all.map((p) => [
          p.id,
          { number: 'number' in p && p.number ? p.number : null, name: p.name ?? null },
        ]),
      );
    } catch {
      return new Map();
    }
  }

  async list(businessId: string, limit: number): Promise<Campaign[]> {
    const rows = await listCampaigns(this.deps.db, businessId, limit);
    return this.present(businessId, rows);
  }

  async get(businessId: string, id: string): Promise<Campaign> {
    const row = await this.require(businessId, id);
    const [campaign] = await this.present(businessId, [row]);
    return campaign!;
  }

  async contacts(
    businessId: string,
    id: string,
    query: CampaignContactQueryOutput,
  ): Promise<Paginated<CampaignContact>> {
    const campaign = await this.require(businessId, id);
    const { rows, total } = await listCampaignContacts(this.deps.db, campaign.id, {
      ...(query.status ? { status: query.status } : {}),
      limit: query.limit,
      offset: pageOffset(query.page, query.limit),
    });
    const attempts = await listAttemptsOf(
      this.deps.db,
      rows.map((row) => row.id),
    );
    return {
      data: rows.map((row) => ({
        ...row,
        status: row.status as CampaignContact['status'],
        reason: row.reason as CampaignContactReason | null,
        appointments: Number(row.appointments),
        enquiries: Number(row.enquiries),
        nextAttemptAt:
          row.status === 'pending' && row.nextAttemptAt ? row.nextAttemptAt.toISOString() : null,
        attemptList: attempts
          .filter((a) => a.campaignContactId === row.id)
          .map((a) => ({
            attempt: a.attempt,
            status: a.status as CampaignContact['attemptList'][number]['status'],
            endedReason: a.endedReason,
            callId: a.callId,
            at: a.at.toISOString(),
          })),
        updatedAt: row.updatedAt.toISOString(),
      })),
      meta: buildPaginationMeta(total, query.page, query.limit),
    };
  }

  /**
   * What the campaign's calls came to: each number's latest outcome, the calls placed (retries
   * among them), the appointments and enquiries they made, their cost, and calls per hour in
   * the business's zone.
   */
  async results(businessId: string, id: string): Promise<CampaignResults> {
    const row = await this.require(businessId, id);
    const [counts, totals] = await Promise.all([
      countCampaigns(this.deps.db, [row.id]),
      campaignCallTotals(this.deps.db, row.id, row.timeZone),
    ]);
    const c = counts.get(row.id)!;
    return {
      outcomes: {
        answered: c.answered,
        voicemail: c.voicemail,
        no_answer: c.no_answer,
        busy: c.busy,
        failed: c.failed,
      },
      calls: totals.calls,
      retries: totals.retries,
      appointments: c.appointments,
      enquiries: c.enquiries,
      cost: Math.round(totals.cost * 100) / 100,
      timeZone: row.timeZone,
      callsPerHour: totals.hours.map((h) => ({
        // The hour as the business's clock shows it, as an instant.
        hour: zonedHourInstant(h.hour, row.timeZone),
        calls: h.calls,
      })),
    };
  }

  /**
   * Every call the campaign placed, one line per attempt, as CSV: the contact, the attempt,
   * when (the business's zone), the outcome and the platform's ended reason, length, cost and
   * what it produced. Numbers are written as they are (no "'" before "+"); other cells a
   * spreadsheet would run are escaped.
   */
  async attemptsCsv(businessId: string, id: string): Promise<{ name: string; csv: string }> {
    const row = await this.require(businessId, id);
    const attempts = await listCampaignAttempts(this.deps.db, row.id);
    const when = new Intl.DateTimeFormat('sv-SE', {
      timeZone: row.timeZone,
      dateStyle: 'short',
      timeStyle: 'short',
    });
    const csv = stringify(
      attempts.map((a) => [
        a.name,
        a.phone,
        a.attempt,
        when.format(a.at),
        CAMPAIGN_ATTEMPT_STATUS_LABELS[a.status as keyof typeof CAMPAIGN_ATTEMPT_STATUS_LABELS] ??
          a.status,
        a.endedReason ?? '',
        a.durationSeconds ?? '',
        a.cost ?? '',
        Number(a.appointments),
        Number(a.enquiries),
      ]),
      {
        header: true,
        columns: [
          'Name',
          'Phone',
          'Attempt',
          `Called at (${row.timeZone})`,
          'Outcome',
          'Ended reason',
          'Duration (seconds)',
          'Cost (USD)',
          'Appointments',
          'Enquiries',
        ],
        cast: escapeFormulasCast,
        bom: true,
      },
    );
    const slug = row.name.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'campaign';
    return { name: `${slug}-calls.csv`, csv };
  }

  async create(businessId: string, input: CreateCampaignOutput): Promise<Campaign> {
    const { db } = this.deps;
    if (input.agentId && !(await findBusinessAgent(db, businessId, input.agentId))) {
      throw notFound('Agent');
    }
    if (input.squadId) await this.deps.console.requireOwned(businessId, 'squad', input.squadId);
    await this.deps.console.requireOwned(businessId, 'phone-number', input.phoneNumberId);
    const audience = input.audience;
    if (audience.kind === 'import' && !(await importBelongsTo(db, businessId, audience.importId))) {
      throw notFound('Import');
    }
    const startAt = input.startAt ? new Date(input.startAt) : this.now();
    if (startAt.getTime() < this.now().getTime() - START_GRACE_MS) {
      const message = 'The start time is in the past — choose a later one or start now';
      throw new AppError('VALIDATION_ERROR', message, {
        issues: [{ path: 'body.startAt', message }],
      });
    }
    const search = audience.kind === 'search' ? contactSearchTerms(audience.search) : undefined;
    const counted = await countAudience(db, businessId, audience, search);
    if (counted.callable === 0) {
      throw audienceError(
        counted.doNotCall > 0 && counted.noPhone > 0
          ? `No contacts to call: of the contacts chosen, ${counted.doNotCall} ${counted.doNotCall === 1 ? 'is' : 'are'} marked do-not-call and ${counted.noPhone} ${counted.noPhone === 1 ? 'has' : 'have'} no phone number.`
          : counted.doNotCall > 0
            ? 'No contacts to call: every contact chosen is marked do-not-call.'
            : 'No contacts to call: none of the contacts chosen has a phone number.',
      );
    }
    if (counted.callable > CAMPAIGN_MAX_CONTACTS) {
      throw audienceError(
        `A campaign can call at most ${CAMPAIGN_MAX_CONTACTS.toLocaleString('en-US')} contacts; ` +
          `this choice has ${counted.callable.toLocaleString('en-US')}.`,
      );
    }
    const policy = await this.deps.dialing.policyOf(businessId);
    const customers = await listAudienceCustomers(db, businessId, audience, search);
    const refused = this.deps.dialing.refusalsOf(
      customers.map((c) => c.phone),
      policy,
    );
    if (customers.every((c) => refused.has(c.phone))) {
      throw audienceError(
        `No contacts to call: the calling rules refuse every number chosen (${refusalSummary(refused)}).`,
      );
    }
    const timeZone = await findBusinessZone(db, businessId);
    // A draft: nothing goes to the platform until the business has seen the review and starts it.
    const row = await insertCampaign(db, {
      businessId,
      name: input.name,
      status: 'draft',
      agentId: input.agentId ?? null,
      squadId: input.squadId ?? null,
      phoneNumberId: input.phoneNumberId,
      audience,
      startAt,
      callingHoursStart: minutesOfClock(input.callingHoursStart),
      callingHoursEnd: minutesOfClock(input.callingHoursEnd),
      callingDays: weekdayMask(input.callingDays),
      timeZone,
      maxConcurrency: input.maxConcurrency,
      retryOn: retryMask(input.retry.on),
      maxAttempts: input.retry.attempts,
      retryGapMinutes: input.retry.gapMinutes,
      skippedDoNotCall: counted.doNotCall,
      skippedNoPhone: counted.noPhone,
    });
    try {
      const added = await insertAudience(db, row.id, businessId, audience, search, { refused });
      const drafted = await updateCampaign(db, row.id, {
        skippedDuplicates: counted.callable - added,
      });
      return (await this.present(businessId, [drafted ?? row]))[0]!;
    } catch (error) {
      await deleteCampaign(db, row.id);
      throw error;
    }
  }

  /**
   * What Start would do, before anything is dialled: how many numbers will be called and why
   * the others are left out, the first few, the number callers see, who calls, when the first
   * call may be placed (the first calling window in the business's zone), how long it takes at
   * its concurrency and about what it costs at the agent's recent cost per minute.
   */
  async review(businessId: string, id: string): Promise<CampaignReview> {
    const { db } = this.deps;
    const row = await this.require(businessId, id);
    const draft = row.status === 'draft';
    const [busy, nowDoNotCall] = draft
      ? await Promise.all([listBusyElsewhere(db, businessId, row.id), listNowDoNotCall(db, row.id)])
      : [[], []];
    const leaveOut = [...busy, ...nowDoNotCall];
    const [refusedBy, { pending, sample }, numbers, stats, [campaign], used, rules] =
      await Promise.all([
        countRefusedByReason(db, row.id),
        pendingSample(db, row.id, leaveOut, REVIEW_SAMPLE),
        this.platformNumbers(true),
        recentCallStats(
          db,
          { agentId: row.agentId, squadId: row.squadId },
          new Date(this.now().getTime() - RECENT_CALL_DAYS * 86_400_000),
        ),
        this.present(businessId, [row]),
        this.variablesUsed(row),
        this.deps.dialing.rules(businessId),
      ]);
    const missing = await countMissingVariables(db, row.id, used, leaveOut);
    const counts = new Map<CampaignLeftOutReason, number>([
      ['do_not_call', row.skippedDoNotCall + nowDoNotCall.length],
      ['no_phone', row.skippedNoPhone],
      ['duplicate', row.skippedDuplicates],
      ['in_other_campaign', busy.filter((phone) => !nowDoNotCall.includes(phone)).length],
    ]);
    for (const [reason, n] of refusedBy) {
      const key = reason as CampaignLeftOutReason;
      counts.set(key, (counts.get(key) ?? 0) + n);
    }
    const leftOut = CAMPAIGN_LEFT_OUT_REASONS.flatMap((reason) => {
      const count = counts.get(reason) ?? 0;
      return count > 0 ? [{ reason, label: CAMPAIGN_LEFT_OUT_LABELS[reason], count }] : [];
    });
    const phone = numbers.get(row.phoneNumberId);
    const owned = phone
      ? undefined
      : (await this.deps.console.listOwned(businessId, 'phone-number')).find(
          (p) => p.platformId === row.phoneNumberId,
        );
    const from = new Date(Math.max(this.now().getTime(), row.startAt.getTime()));
    const window = windowFrom(row, from);
    const averageCallSeconds = stats.averageSeconds ?? CAMPAIGN_DEFAULT_CALL_SECONDS;
    const callMinutes = (pending * averageCallSeconds) / 60;
    const round2 = (n: number) => Math.round(n * 100) / 100;
    return {
      campaign: campaign!,
      willCall: pending,
      leftOut,
      sample: sample.map(({ name, phone }) => ({ name, phone })),
      variables: {
        used,
        sample: sample[0]
          ? { name: sample[0].name, phone: sample[0].phone, values: sample[0].variables }
          : null,
        missing: used.flatMap((variable) => {
          const count = missing.get(variable) ?? 0;
          return count > 0 ? [{ variable, count }] : [];
        }),
      },
      dailyCap: {
        calls: rules.dailyCallCap,
        minutes: rules.dailyMinuteCap,
        callsUsedToday: rules.today.calls,
      },
      callerNumber: {
        number: phone?.number ?? null,
        name: phoneLabel(phone?.name ?? owned?.name, phone?.number),
      },
      target: { kind: row.squadId ? 'squad' : 'agent', name: campaign!.targetName },
      firstCallAt: window.start.toISOString(),
      averageCallSeconds: Math.round(averageCallSeconds),
      averageFromCalls: stats.averageSeconds !== null,
      // Calls beyond the platform account's limit (where known) wait for a free line.
      expectedMinutes: Math.ceil(
        callMinutes /
          Math.max(1, Math.min(row.maxConcurrency, this.deps.platformConcurrencyLimit ?? Infinity)),
      ),
      costPerMinute: stats.costPerMinute === null ? null : round2(stats.costPerMinute),
      estimatedCost:
        stats.costPerMinute === null ? null : round2(callMinutes * stats.costPerMinute),
    };
  }

  /**
   * The variables the campaign's assistant (or its squad's members) use in what they say:
   * `{{name}}` in the first message, the prompt's messages, the voicemail and end-call
   * messages. A platform that does not answer leaves none to check (the review says so by
   * listing none).
   */
  private async variablesUsed(row: CampaignRow): Promise<string[]> {
    const sdk = this.deps.platform().sdk;
    const textsOf = (a: Partial<Vapi.Assistant> | Vapi.CreateAssistantDto | undefined) => {
      if (!a) return [];
      const model = a.model as { messages?: { content?: unknown }[] } | undefined;
      return [
        a.firstMessage,
        a.voicemailMessage,
        a.endCallMessage,
        ...(model?.messages ?? []).map((m) => (typeof m.content === 'string' ? m.content : '')),
      ];
    };
    try {
      if (row.agentId)
        return templateVariablesOf(textsOf(await sdk.assistants.get({ id: row.agentId })));
      if (!row.squadId) return [];
      const squad = await sdk.squads.get({ id: row.squadId });
      const texts: (string | undefined)[] = [];
      for (const member of squad.members ?? []) {
        if (member.assistantId)
          texts.push(...textsOf(await sdk.assistants.get({ id: member.assistantId })));
        else texts.push(...textsOf(member.assistant));
      }
      return templateVariablesOf(texts);
    } catch {
      return [];
    }
  }

  async act(businessId: string, id: string, action: CampaignAction): Promise<Campaign> {
    const campaign = await this.require(businessId, id);
    const refuse = (what: string) =>
      new AppError(
        'CONFLICT',
        campaign.status === 'draft'
          ? `This campaign is a draft; start it first — it cannot be ${what}.`
          : `This campaign is ${campaign.status}; it cannot be ${what}.`,
      );
    let next: CampaignRow;
    if (action === 'start') {
      if (campaign.status !== 'draft') throw refuse('started again');
      // Do-not-call numbers since the draft go, and numbers another campaign has are left out,
      // as the review said: under one lock per business, so two starts never share a number.
      const claimed = await claimStart(this.deps.db, businessId, campaign.id, this.lease());
      if (!claimed) throw refuse('started again');
      const from = new Date(Math.max(this.now().getTime(), campaign.startAt.getTime()));
      try {
        next = await this.startWindow(claimed.row, from);
      } catch (error) {
        await undoStart(this.deps.db, campaign.id);
        throw error;
      }
    } else if (action === 'pause') {
      if (campaign.status !== 'scheduled' && campaign.status !== 'running') throw refuse('paused');
      await this.stopPlatformCampaign(campaign);
      next = await this.setStatus(campaign, 'paused');
    } else if (action === 'resume') {
      if (campaign.status !== 'paused') throw refuse('resumed');
      const from = new Date(Math.max(this.now().getTime(), campaign.startAt.getTime()));
      next = await this.startWindow(campaign, from);
    } else {
      if (campaign.status === 'completed' || campaign.status === 'cancelled')
        throw refuse('cancelled');
      await this.stopPlatformCampaign(campaign);
      next = await this.setStatus(campaign, 'cancelled');
    }
    return (await this.present(businessId, [next]))[0]!;
  }

  /**
   * One round of the campaign job: renew this instance's leases, take over and reconcile the
   * campaigns whose keeper is gone, open the windows that closed with numbers left, stop the
   * campaigns of businesses past their daily minutes, and resume the ones a cap held back once
   * there is room. Each step is safe with several instances (leases, conditional updates).
   */
  async work(onError: (error: unknown, step: string) => void = () => undefined): Promise<void> {
    const step = async (name: string, run: () => Promise<unknown>) => {
      try {
        await run();
      } catch (error) {
        onError(error, name);
      }
    };
    await step('renew leases', () =>
      renewCampaignLeases(this.deps.db, this.instanceId, this.leaseMs),
    );
    await step('take over campaigns', () => this.takeOver());
    await step('open windows', () => this.advanceWindows());
    await step('minute caps', () => this.enforceMinuteCaps());
    await step('held campaigns', () => this.resumeHeld());
    await step('retries', () => this.dispatchRetries());
  }

  /**
   * Retries whose gap has passed (decision 065): each running campaign's due numbers go to a
   * platform campaign of their own for what is left of today's calling window, under the daily
   * cap, while the window's own platform campaign goes on. A number a call of the business is
   * on right now waits for the next round; outside calling hours they wait for the window.
   */
  async dispatchRetries(): Promise<number> {
    const now = this.now();
    const due = await listDueRetryCampaigns(this.deps.db, this.instanceId, now, 20);
    let placed = 0;
    for (const campaign of due) {
      const window = windowFrom(campaign, now);
      if (window.start.getTime() > now.getTime()) continue;
      const retries = await listDueRetries(this.deps.db, campaign.id, now);
      const busy = await listCallingNow(
        this.deps.db,
        campaign.businessId,
        retries.map((r) => r.phone),
      );
      const policy = await this.deps.dialing.policyOf(campaign.businessId);
      const refused = this.deps.dialing.refusalsOf(
        retries.map((r) => r.phone),
        policy,
      );
      await refusePending(this.deps.db, campaign.id, refused);
      const free = retries.filter((r) => !busy.has(r.phone) && !refused.has(r.phone));
      if (free.length === 0) continue;
      const reserved = await this.deps.dialing.reserve(policy, now, free.length);
      if (reserved.granted === 0) continue;
      const given = free.slice(0, reserved.granted);
      const inFlight = (await listCallingContacts(this.deps.db, campaign.id)).length;
      const created = await this.createPlatformCampaign(campaign, reserved, given, {
        // What the campaign's calls in progress leave of its concurrency (at least one).
        maxConcurrency: Math.max(1, campaign.maxConcurrency - inFlight),
        earliestAt: now,
        latestAt: window.end,
      });
      await assignPending(
        this.deps.db,
        campaign.id,
        created.id,
        given.map((c) => c.phone),
      );
      placed += given.length;
    }
    return placed;
  }

  /**
   * Claims the campaigns whose lease ran out and reconciles each with the platform. A
   * reconciliation that fails (the platform did not answer) gives the lease up again, so the
   * next round, here or elsewhere, tries again; nothing is dialled on a guess.
   */
  async takeOver(): Promise<number> {
    const claimed = await claimAbandonedCampaigns(this.deps.db, this.instanceId, this.leaseMs, 10);
    for (const campaign of claimed) {
      try {
        await this.reconcile(campaign);
      } catch (error) {
        await dropCampaignLease(this.deps.db, campaign.id, this.instanceId);
        throw error;
      }
    }
    return claimed.length;
  }

  /**
   * A campaign taken over from a lost instance, made true to the platform: every call the
   * window's platform campaign placed is fetched and applied (their webhooks may never have
   * come), each row still "calling" gets its call's state (a call the platform does not know is
   * lost: failed, not called again), and when the platform campaign will place no more calls
   * the numbers still pending, and only those, go to a new one.
   */
  private async reconcile(campaign: CampaignRow): Promise<void> {
    const { db } = this.deps;
    let over = false;
    if (campaign.platformCampaignId) {
      const state = await this.catchUp(campaign.id, campaign.platformCampaignId);
      over = !state.active;
      if (over && campaign.reservedDay) {
        await this.deps.dialing.release(
          campaign.businessId,
          campaign.reservedDay,
          campaign.reservedCalls - state.dialled,
        );
      }
    }
    // Retries given platform campaigns of their own: their calls are applied, and the numbers
    // one that will dial no more never reached go back to be given out again (decision 065).
    for (const id of await listRetryPlatformCampaigns(
      db,
      campaign.id,
      campaign.platformCampaignId,
    )) {
      const state = await this.catchUp(campaign.id, id);
      if (!state.active) await this.freeRetryNumbers(campaign, id, state.createdAt);
    }
    const calling = await listCallingContacts(db, campaign.id);
    await eachLimited(calling, FETCH_CONCURRENCY, async (row) => {
      if (!row.callId || !(await this.fetchCall(row.callId))) await markCallLost(db, row.id);
    });
    const fresh = await findCampaignById(db, campaign.id);
    if (!fresh || (fresh.status !== 'scheduled' && fresh.status !== 'running')) return;
    if (over && fresh.platformCampaignId === campaign.platformCampaignId) {
      const from = new Date(Math.max(this.now().getTime(), fresh.startAt.getTime()));
      await this.startWindow({ ...fresh, reservedCalls: 0, reservedDay: null }, from);
    }
    await settleCampaign(db, campaign.id);
  }

  /**
   * Applies every call a platform campaign placed that our rows do not have the outcome of.
   * Answers whether the platform campaign may still place calls, and how many it placed.
   */
  private async catchUp(
    campaignId: string,
    platformCampaignId: string,
  ): Promise<{ active: boolean; dialled: number; createdAt?: string }> {
    let found: Vapi.Campaign;
    try {
      found = await this.deps
        .platform()
        .sdk.campaigns.campaignControllerFindOne({ id: platformCampaignId });
    } catch (error) {
      // Gone from the platform (a sandbox that went with its instance): it places nothing more.
      if (isPlatformNotFound(error)) return { active: false, dialled: 0 };
      throw consoleFailure('fetch campaign', error);
    }
    const callIds = Object.keys(found.calls ?? {});
    const settled = await settledCallIds(this.deps.db, campaignId, callIds);
    await eachLimited(
      callIds.filter((id) => !settled.has(id)),
      FETCH_CONCURRENCY,
      async (id) => {
        await this.fetchCall(id);
      },
    );
    return {
      active: found.status === 'scheduled' || found.status === 'in-progress',
      dialled: callIds.length,
      createdAt: found.createdAt,
    };
  }

  /** One platform call into the call store (and so into its campaign row); false if unknown. */
  private async fetchCall(id: string): Promise<boolean> {
    let call: unknown;
    try {
      call = await this.deps.platform().sdk.calls.get({ id });
    } catch (error) {
      if (isPlatformNotFound(error)) return false;
      throw consoleFailure('fetch call', error);
    }
    try {
      await ingestCalls(this.deps.db, [toCallRecord(call)]);
    } catch (error) {
      if (!(error instanceof InvalidCallError)) throw error;
    }
    return true;
  }

  /**
   * The window job: a running campaign whose window closed with numbers still pending gets the
   * next window's platform campaign; one with none left is settled. Each campaign is claimed by
   * clearing its window end first, so it is never opened twice; only the instance holding a
   * campaign advances it. The calls the closed window placed are applied first.
   */
  async advanceWindows(): Promise<number> {
    const now = this.now();
    const due = await listClosedWindows(this.deps.db, now, 20, this.instanceId);
    let opened = 0;
    for (const campaign of due) {
      const claimed = await updateCampaign(
        this.deps.db,
        campaign.id,
        { windowEndsAt: null, ...this.lease() },
        and(inArray(campaigns.status, ['scheduled', 'running']), isNotNull(campaigns.windowEndsAt)),
      );
      if (!claimed) continue;
      if (claimed.platformCampaignId) {
        try {
          // Calls whose webhooks never came are applied first: their numbers are not pending.
          await this.catchUp(claimed.id, claimed.platformCampaignId);
        } catch (error) {
          await updateCampaign(this.deps.db, campaign.id, { windowEndsAt: campaign.windowEndsAt });
          throw error;
        }
      }
      const pending = await listPendingCustomers(this.deps.db, campaign.id);
      if (pending.length === 0) {
        await settleCampaign(this.deps.db, campaign.id);
        continue;
      }
      await this.startWindow(claimed, now);
      opened += 1;
    }
    return opened;
  }

  /**
   * The minute cap while calls go on: a business whose outbound minutes today reached its cap
   * has its dialling windows stopped (calls under way finish); they are held until there is
   * room again, at the latest in the next day's window.
   */
  async enforceMinuteCaps(): Promise<number> {
    const dialling = await listDialling(this.deps.db, this.instanceId, 50);
    const policies = new Map<string, BusinessDialPolicy>();
    const reached = new Map<string, boolean>();
    let stopped = 0;
    for (const campaign of dialling) {
      let policy = policies.get(campaign.businessId);
      if (!policy) {
        policy = await this.deps.dialing.policyOf(campaign.businessId);
        policies.set(campaign.businessId, policy);
        reached.set(
          campaign.businessId,
          await this.deps.dialing.minutesReached(policy, this.now()),
        );
      }
      if (!reached.get(campaign.businessId)) continue;
      await this.stopPlatformCampaign(campaign);
      await updateCampaign(this.deps.db, campaign.id, {
        platformCampaignId: null,
        holdReason: 'daily_minutes',
        reservedCalls: 0,
        reservedDay: null,
      });
      // The calls it did place may have been its last numbers.
      await settleCampaign(this.deps.db, campaign.id);
      stopped += 1;
    }
    return stopped;
  }

  /** Campaigns a daily cap held back, given their next numbers as soon as there is room. */
  async resumeHeld(): Promise<number> {
    const now = this.now();
    const held = await listHeld(this.deps.db, this.instanceId, now, 20);
    let resumed = 0;
    for (const campaign of held) {
      const policy = await this.deps.dialing.policyOf(campaign.businessId);
      const window = windowFrom(campaign, now);
      if (!(await this.deps.dialing.hasRoom(policy, window.start))) continue;
      const next = await this.startWindow(campaign, now);
      if (next.platformCampaignId) resumed += 1;
    }
    return resumed;
  }

  /**
   * Gives the numbers still pending to a new platform campaign for the next calling window:
   * first the calling rules as they are now (a number refused since is marked so and never
   * given), then as many as the day's cap leaves room for.
   */
  private async startWindow(campaign: CampaignRow, from: Date): Promise<CampaignRow> {
    const { db } = this.deps;
    const policy = await this.deps.dialing.policyOf(campaign.businessId);
    const pending = await listPendingCustomers(db, campaign.id, this.now());
    const refused = this.deps.dialing.refusalsOf(
      pending.map((c) => c.phone),
      policy,
    );
    await refusePending(db, campaign.id, refused);
    const allowed = pending.filter((c) => !refused.has(c.phone));
    if (allowed.length === 0) {
      // Nothing left to give the platform: the campaign ends when its last calls have.
      await this.setStatus(campaign, 'running');
      await settleCampaign(db, campaign.id);
      return (await findCampaignById(db, campaign.id)) ?? campaign;
    }
    const opened = await this.openWindow(campaign, from, allowed, policy);
    if (opened.platformCampaignId) {
      await assignPending(db, campaign.id, opened.platformCampaignId, opened.handed);
    }
    const updated = await updateCampaign(db, campaign.id, opened.values);
    return updated ?? campaign;
  }

  /**
   * The platform campaign calling `given` (POST /campaign), recorded as the business's. The
   * calls reserved for them under the daily caps are released when the platform refuses it.
   */
  private async createPlatformCampaign(
    campaign: CampaignRow,
    reserved: { day: string; granted: number },
    given: Customer[],
    plan: { maxConcurrency: number; earliestAt: Date; latestAt: Date },
  ): Promise<Vapi.Campaign> {
    let created: Vapi.Campaign;
    try {
      created = await this.deps.platform().sdk.campaigns.campaignControllerCreate({
        name: campaign.name,
        phoneNumberId: campaign.phoneNumberId,
        ...(campaign.squadId ? { squadId: campaign.squadId } : { assistantId: campaign.agentId! }),
        customers: given.map((c) => customerOf(c, Boolean(campaign.squadId))),
        maxConcurrency: plan.maxConcurrency,
        schedulePlan: {
          earliestAt: plan.earliestAt.toISOString(),
          latestAt: plan.latestAt.toISOString(),
        },
      });
    } catch (error) {
      await this.deps.dialing.release(campaign.businessId, reserved.day, reserved.granted);
      throw consoleFailure('create campaign', error);
    }
    await recordOwned(this.deps.db, {
      kind: 'campaign',
      platformId: created.id,
      businessId: campaign.businessId,
      name: campaign.name,
    });
    return created;
  }

  /**
   * One platform campaign (POST /campaign, all the numbers in one request: the platform takes
   * up to 10,000) for the next calling window from `from`, recorded as the business's. It gets
   * as many numbers as the business's daily caps leave for that window's day; none (and no
   * platform campaign) when they leave no room, and the campaign is held.
   */
  private async openWindow(
    campaign: CampaignRow,
    from: Date,
    numbers: Customer[],
    policy: BusinessDialPolicy,
  ): Promise<OpenedWindow> {
    const window = windowFrom(campaign, from);
    const status: CampaignStatus =
      window.start.getTime() > this.now().getTime() ? 'scheduled' : 'running';
    const reserved = await this.deps.dialing.reserve(policy, window.start, numbers.length);
    const held: CampaignHold | null = reserved.hold;
    if (reserved.granted === 0) {
      return {
        platformCampaignId: null,
        handed: [],
        day: reserved.day,
        values: {
          platformCampaignId: null,
          windowEndsAt: window.end,
          status,
          holdReason: held,
          reservedCalls: 0,
          reservedDay: null,
          ...this.lease(),
        },
      };
    }
    const given = numbers.slice(0, reserved.granted);
    const created = await this.createPlatformCampaign(campaign, reserved, given, {
      maxConcurrency: campaign.maxConcurrency,
      earliestAt: window.start,
      latestAt: window.end,
    });
    return {
      platformCampaignId: created.id,
      handed: given.map((c) => c.phone),
      day: reserved.day,
      values: {
        platformCampaignId: created.id,
        windowEndsAt: window.end,
        status,
        holdReason: held,
        reservedCalls: reserved.granted,
        reservedDay: reserved.day,
        ...this.lease(),
      },
    };
  }

  /**
   * A retry's platform campaign that will place no more calls (stopped, ended or lost): its
   * numbers it never reached are free to be given again, and the calls reserved for them go
   * back to the day's cap of the day it was made (the platform campaign's own createdAt).
   */
  private async freeRetryNumbers(
    campaign: CampaignRow,
    platformCampaignId: string,
    createdAt: string | undefined,
  ): Promise<void> {
    const freed = await unassignPending(this.deps.db, campaign.id, [platformCampaignId]);
    // Without the platform's record the day is not known: the reservation is kept (at worst
    // fewer calls than the cap, never more).
    if (freed === 0 || !createdAt) return;
    const policy = await this.deps.dialing.policyOf(campaign.businessId);
    await this.deps.dialing.release(
      campaign.businessId,
      zonedDay(new Date(createdAt), policy.timeZone).day,
      freed,
    );
  }

  /** Undoes a platform campaign whose record could not be written (best effort). */
  private async deletePlatformCampaign(id: string): Promise<void> {
    await this.deps
      .platform()
      .sdk.campaigns.campaignControllerRemove({ id })
      .catch(() => undefined);
    await forgetResource(this.deps.db, 'campaign', id).catch(() => undefined);
  }

  /**
   * Cancels the window's platform campaign: scheduled calls go, calls under way finish. Then
   * the calls it did place are applied (so a number it dialled is never given to the next
   * window as pending) and the calls it did not place go back to the day's cap.
   */
  private async stopPlatformCampaign(campaign: CampaignRow): Promise<void> {
    // Retries given to platform campaigns of their own stop too; their numbers stay pending.
    const retryCampaigns = await listRetryPlatformCampaigns(
      this.deps.db,
      campaign.id,
      campaign.platformCampaignId,
    );
    for (const id of retryCampaigns) {
      let createdAt: string | undefined;
      try {
        await this.deps.platform().sdk.campaigns.campaignControllerUpdate({
          id,
          body: { status: 'cancelled' },
        });
        ({ createdAt } = await this.catchUp(campaign.id, id));
      } catch (error) {
        throw consoleFailure('update campaign', error);
      }
      await this.freeRetryNumbers(campaign, id, createdAt);
    }
    if (!campaign.platformCampaignId) return;
    try {
      await this.deps.platform().sdk.campaigns.campaignControllerUpdate({
        id: campaign.platformCampaignId,
        body: { status: 'cancelled' },
      });
    } catch (error) {
      throw consoleFailure('update campaign', error);
    }
    let dialled: number;
    try {
      ({ dialled } = await this.catchUp(campaign.id, campaign.platformCampaignId));
    } catch {
      // The cancel stands; without the platform's count the reservation is kept (never more
      // calls than the cap, at worst fewer).
      return;
    }
    if (campaign.reservedDay) {
      await this.deps.dialing.release(
        campaign.businessId,
        campaign.reservedDay,
        campaign.reservedCalls - dialled,
      );
    }
  }

  private async setStatus(campaign: CampaignRow, status: CampaignStatus): Promise<CampaignRow> {
    const updated = await updateCampaign(this.deps.db, campaign.id, {
      status,
      platformCampaignId: null,
      windowEndsAt: null,
      holdReason: null,
      reservedCalls: 0,
      reservedDay: null,
      // Calls under way still finish; this instance looks after them.
      ...this.lease(),
    });
    return updated ?? campaign;
  }

  private async require(businessId: string, id: string): Promise<CampaignRow> {
    const row = await findCampaign(this.deps.db, businessId, id);
    if (!row) throw notFound('Campaign');
    return row;
  }

  private async present(businessId: string, rows: CampaignRow[]): Promise<Campaign[]> {
    if (rows.length === 0) return [];
    const { db } = this.deps;
    const [counts, agentRows, squads] = await Promise.all([
      countCampaigns(
        db,
        rows.map((r) => r.id),
      ),
      listBusinessAgents(db, businessId),
      rows.some((r) => r.squadId)
        ? this.deps.console.listOwned(businessId, 'squad')
        : Promise.resolve([]),
    ]);
    const names = new Map<string, string>([
      ...agentRows.map((a) => [a.id, a.name] as const),
      ...squads.map((s) => [s.platformId, s.name] as const),
    ]);
    const now = this.now();
    return rows.map((row) => {
      const target = row.squadId ?? row.agentId ?? '';
      const rowCounts = counts.get(row.id);
      let waitingUntil: string | null = null;
      if (
        (row.status === 'scheduled' || row.status === 'running') &&
        !row.holdReason &&
        (rowCounts?.pending ?? 0) > 0
      ) {
        const from = new Date(Math.max(now.getTime(), row.startAt.getTime()));
        const window = windowFrom(row, from);
        if (window.start.getTime() > now.getTime()) waitingUntil = window.start.toISOString();
      }
      return {
        id: row.id,
        name: row.name,
        status: row.status as CampaignStatus,
        agentId: row.agentId,
        squadId: row.squadId,
        // A name, never a platform id.
        targetName:
          names.get(target) || (row.squadId ? 'A squad without a name' : 'An agent without a name'),
        phoneNumberId: row.phoneNumberId,
        audience: row.audience as CampaignAudience,
        startAt: row.startAt.toISOString(),
        callingHoursStart: clockOfMinutes(row.callingHoursStart),
        callingHoursEnd: clockOfMinutes(row.callingHoursEnd),
        callingDays: daysOf(row),
        timeZone: row.timeZone,
        waitingUntil,
        maxConcurrency: row.maxConcurrency,
        platformConcurrencyLimit: this.deps.platformConcurrencyLimit ?? null,
        retry: {
          on: retryOutcomesOfMask(row.retryOn),
          attempts: row.maxAttempts,
          gapMinutes: row.retryGapMinutes,
        },
        skippedDoNotCall: row.skippedDoNotCall,
        skippedDuplicates: row.skippedDuplicates,
        skippedNoPhone: row.skippedNoPhone,
        hold: (row.holdReason as CampaignHold | null) ?? null,
        counts: rowCounts ?? ({} as CampaignCounts),
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
      };
    });
  }
}
