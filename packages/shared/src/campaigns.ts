import { z } from 'zod';
import { DIAL_REFUSALS, DIAL_REFUSAL_LABELS, contactRefusalMessage } from './dialing';
import { createPaginationQuerySchema, paginatedSchema } from './pagination';
import {
  CAMPAIGN_CONTACT_STATUSES,
  CAMPAIGN_CONTACT_STATUS_LABELS,
  CAMPAIGN_STATUSES,
  type CampaignContactStatus,
} from './campaign-statuses';
import { zonedClock } from './time-zone';

export {
  CAMPAIGN_CONTACT_STATUSES,
  CAMPAIGN_CONTACT_STATUS_LABELS,
  CAMPAIGN_RECENT_LIMIT,
  CAMPAIGN_STATUSES,
  CAMPAIGN_STATUS_LABELS,
  type CampaignContactStatus,
  type CampaignStatus,
} from './campaign-statuses';

/**
 * Outbound campaigns (issue 22, decision 039): a business calls a list of its contacts through
 * the platform's campaign resource. Switchboard keeps the campaign's settings and one row per
 * contact for progress; the platform places the calls.
 */

/** The platform's limit: "Maximum of 10000 customers per campaign" (CreateCampaignDTO). */
export const CAMPAIGN_MAX_CONTACTS = 10_000;
/** The platform's default maxConcurrency. */
export const CAMPAIGN_DEFAULT_CONCURRENCY = 10;
export const CAMPAIGN_MAX_CONCURRENCY = 50;
export const CAMPAIGN_NAME_MAX = 40;
export const CAMPAIGN_CONTACTS_PAGE_SIZE = 50;

export const campaignContactStatusSchema = z.enum(CAMPAIGN_CONTACT_STATUSES);

/**
 * The outcomes a campaign may call again (decision 065): the product schedules its retries,
 * the platform's campaign has no retry field.
 */
export const CAMPAIGN_RETRY_OUTCOMES = ['no_answer', 'busy', 'voicemail'] as const;
export type CampaignRetryOutcome = (typeof CAMPAIGN_RETRY_OUTCOMES)[number];
export const CAMPAIGN_RETRY_LABELS: Record<CampaignRetryOutcome, string> = {
  no_answer: 'No answer',
  busy: 'Busy',
  voicemail: 'Voicemail',
};
/** Calls a number may get at most, the first included. */
export const CAMPAIGN_MAX_ATTEMPTS = 5;
/** The longest gap between a call and its retry: two days. */
export const CAMPAIGN_MAX_RETRY_GAP_MINUTES = 2 * 24 * 60;

/** Retry outcomes as the database keeps them: bit 0 no answer, bit 1 busy, bit 2 voicemail. */
export function retryMask(outcomes: readonly CampaignRetryOutcome[]): number {
  return outcomes.reduce((mask, o) => mask | (1 << CAMPAIGN_RETRY_OUTCOMES.indexOf(o)), 0);
}
export function retryOutcomesOfMask(mask: number): CampaignRetryOutcome[] {
  return CAMPAIGN_RETRY_OUTCOMES.filter((_, i) => (mask & (1 << i)) !== 0);
}

export const campaignRetrySchema = z
  .object({
    /** Which outcomes are called again. */
    on: z
      .array(z.enum(CAMPAIGN_RETRY_OUTCOMES, { error: 'Choose no answer, busy or voicemail' }))
      .refine((list) => new Set(list).size === list.length, 'Each outcome once')
      .default([]),
    /** Calls a number gets at most, the first included. */
    attempts: z
      .number({ error: 'Enter the number of calls' })
      .int()
      .min(1, 'At least 1 call')
      .max(CAMPAIGN_MAX_ATTEMPTS, `At most ${CAMPAIGN_MAX_ATTEMPTS} calls to a number`)
      .default(1),
    /** Minutes between a call's end and its retry (0: as soon as the number is free). */
    gapMinutes: z
      .number({ error: 'Enter the minutes between calls' })
      .int()
      .min(0, 'The gap cannot be negative')
      .max(CAMPAIGN_MAX_RETRY_GAP_MINUTES, 'At most two days between calls')
      .default(60),
  })
  .refine((r) => r.on.length === 0 || r.attempts > 1, {
    message: 'Allow at least 2 calls to a number to retry',
    path: ['attempts'],
  })
  .refine((r) => r.on.length > 0 || r.attempts === 1, {
    message: 'Choose which outcomes to call again',
    path: ['on'],
  });
export type CampaignRetry = z.output<typeof campaignRetrySchema>;

/**
 * Why a contact ended without a call of its own: the calling rules refused its number
 * (decision 053), or its call was lost with the server that placed it and is not placed again.
 */
export const CAMPAIGN_CONTACT_REASONS = [
  ...DIAL_REFUSALS,
  'call_lost',
  'in_other_campaign',
] as const;
export type CampaignContactReason = (typeof CAMPAIGN_CONTACT_REASONS)[number];

export function campaignContactReasonMessage(reason: CampaignContactReason): string {
  if (reason === 'call_lost')
    return 'The platform has no record of this call (lost when the server stopped) — not called again';
  if (reason === 'in_other_campaign')
    return 'Already being called by another running campaign — not called';
  return contactRefusalMessage(reason);
}

/** Why a running campaign places no calls for now although numbers are left (decision 053). */
export const CAMPAIGN_HOLDS = ['daily_calls', 'daily_minutes'] as const;
export type CampaignHold = (typeof CAMPAIGN_HOLDS)[number];
export const CAMPAIGN_HOLD_MESSAGES: Record<CampaignHold, string> = {
  daily_calls:
    'The daily call limit is reached — the remaining numbers are called in the next calling hours with room',
  daily_minutes:
    'The daily limit of call minutes is reached — calling goes on in the next calling hours with room',
};

/** End reasons where nobody picked up (the line rang out or was busy). */
export const NO_ANSWER_ENDED_REASONS: readonly string[] = [
  'customer-did-not-answer',
  'call.ringing.hook-executed-say',
  'call.ringing.hook-executed-transfer',
];

/** A call that never got through or broke: provider and platform faults, bad numbers. */
const FAILED_REASON = /error|fail|fault|not-found|not-valid|invalid|misdialed|rejected|deleted/i;

/** End reasons where the line was busy. */
export const BUSY_ENDED_REASONS: readonly string[] = ['customer-busy'];

/**
 * The platform refused to start the call: the account's concurrency limit (Org
 * `concurrencyLimit`, 10 unless raised) was reached. Not an attempt and not a failure: the
 * number is called again when a line is free.
 */
export const PLATFORM_BUSY_ENDED_REASON = 'call.start.error-subscription-concurrency-limit-reached';
/** The platform's default concurrency limit of an account ("To go beyond 10, please contact us"). */
export const PLATFORM_DEFAULT_CONCURRENCY_LIMIT = 10;

/** One call of a campaign's number: a contact outcome, or refused by the busy platform account. */
export const CAMPAIGN_ATTEMPT_STATUSES = [...CAMPAIGN_CONTACT_STATUSES, 'platform_busy'] as const;
export type CampaignAttemptStatus = (typeof CAMPAIGN_ATTEMPT_STATUSES)[number];
export const CAMPAIGN_ATTEMPT_STATUS_LABELS: Record<CampaignAttemptStatus, string> = {
  ...CAMPAIGN_CONTACT_STATUS_LABELS,
  platform_busy: 'Your voice platform account was busy: called again when a line was free',
};

/** An attempt's status from its call: as the contact's, or platform_busy for a refused start. */
export function campaignAttemptStatusOf(
  callStatus: string | null | undefined,
  endedReason: string | null | undefined,
): CampaignAttemptStatus {
  if (endedReason === PLATFORM_BUSY_ENDED_REASON) return 'platform_busy';
  return campaignContactStatusOf(callStatus, endedReason);
}

/**
 * Where a campaign contact stands, from its call's `endedReason` (the platform's values): a
 * call not ended yet is `calling`; an ended one is voicemail (`voicemail`), busy
 * (`customer-busy`), no answer (`customer-did-not-answer`, a ringing hook), failed (never
 * connected or broke), or else answered.
 */
export function campaignContactStatusOf(
  callStatus: string | null | undefined,
  endedReason: string | null | undefined,
): CampaignContactStatus {
  if (callStatus !== 'ended' && !endedReason) return 'calling';
  if (!endedReason) return 'failed';
  if (endedReason === 'voicemail') return 'voicemail';
  if (NO_ANSWER_ENDED_REASONS.includes(endedReason)) return 'no_answer';
  if (BUSY_ENDED_REASONS.includes(endedReason)) return 'busy';
  if (FAILED_REASON.test(endedReason)) return 'failed';
  return 'answered';
}

/** "HH:MM", 24-hour. */
const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Use a 24-hour time like 09:00');

/** Minutes after midnight of "HH:MM". */
export function minutesOfClock(value: string): number {
  const [h, m] = value.split(':').map(Number);
  return (h ?? 0) * 60 + (m ?? 0);
}

/** Weekdays as `Date.getUTCDay()` numbers: 0 Sunday … 6 Saturday. */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 0] as const;
export const WEEKDAY_SHORT = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;
export const ALL_WEEKDAYS: readonly number[] = [0, 1, 2, 3, 4, 5, 6];
export const WORKING_WEEKDAYS: readonly number[] = [1, 2, 3, 4, 5];

/** A set of weekdays as a bit mask (bit 0 Sunday): how the database keeps them. */
export function weekdayMask(days: readonly number[]): number {
  return days.reduce((mask, day) => mask | (1 << day), 0);
}
export function weekdaysOfMask(mask: number): number[] {
  return ALL_WEEKDAYS.filter((day) => (mask & (1 << day)) !== 0);
}

const callingDaysSchema = z
  .array(z.number().int().min(0).max(6), { error: 'Choose the weekdays to call on' })
  .min(1, 'Choose at least one weekday to call on')
  .refine((days) => new Set(days).size === days.length, 'Each weekday once');

export const campaignAudienceSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('all') }),
  z.object({
    kind: z.literal('search'),
    search: z.string().trim().min(1, 'Enter what to search for').max(200),
  }),
  z.object({ kind: z.literal('import'), importId: z.uuid({ error: 'Please choose an import' }) }),
]);
export type CampaignAudience = z.infer<typeof campaignAudienceSchema>;

export const createCampaignSchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, 'Please enter a name')
      .max(CAMPAIGN_NAME_MAX, `Name must be at most ${CAMPAIGN_NAME_MAX} characters`),
    /** Exactly one of agentId (a platform assistant id) and squadId. */
    agentId: z.string().min(1).optional(),
    squadId: z.string().min(1).optional(),
    phoneNumberId: z.string().min(1, 'Please choose a phone number'),
    audience: campaignAudienceSchema,
    /** When calling may begin; default now. */
    startAt: z.iso.datetime({ offset: true, error: 'Please enter a valid start time' }).optional(),
    /** Calling hours, in the business's time zone. */
    callingHoursStart: clock.default('09:00'),
    callingHoursEnd: clock.default('17:00'),
    /**
     * The weekdays calling may happen on, in the business's time zone (0 Sunday … 6 Saturday).
     * The API's default is every day (what campaigns did before); the form proposes Mon–Fri.
     */
    callingDays: callingDaysSchema.default([...ALL_WEEKDAYS]),
    maxConcurrency: z
      .number()
      .int()
      .min(1, 'At least 1 call at a time')
      .max(CAMPAIGN_MAX_CONCURRENCY, `At most ${CAMPAIGN_MAX_CONCURRENCY} calls at a time`)
      .default(CAMPAIGN_DEFAULT_CONCURRENCY),
    /** Calling again after no answer, busy or voicemail; default: no retries. */
    retry: campaignRetrySchema.default({ on: [], attempts: 1, gapMinutes: 60 }),
  })
  .refine((v) => Boolean(v.agentId) !== Boolean(v.squadId), {
    message: 'Please choose an agent or a squad',
    path: ['agentId'],
  })
  .refine((v) => minutesOfClock(v.callingHoursStart) < minutesOfClock(v.callingHoursEnd), {
    message: 'Calling hours must end after they start',
    path: ['callingHoursEnd'],
  });
export type CreateCampaignInput = z.input<typeof createCampaignSchema>;
export type CreateCampaignOutput = z.output<typeof createCampaignSchema>;

/** GET /api/campaigns/options: what the new-campaign form offers, all the business's own. */
const option = z.object({ id: z.string(), name: z.string() });
export const campaignOptionsSchema = z.object({
  timeZone: z.string(),
  agents: z.array(option),
  squads: z.array(option),
  /** `name` is what the screen shows: "Main line · +1 212 555 0100", never a platform id. */
  phoneNumbers: z.array(option.extend({ number: z.string().nullable() })),
  imports: z.array(
    z.object({
      id: z.string(),
      fileName: z.string(),
      createdAt: z.iso.datetime(),
      contacts: z.number().int(),
    }),
  ),
});
export type CampaignOptions = z.infer<typeof campaignOptionsSchema>;

export const campaignListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(50).default(50),
});

export const campaignCountsSchema = z.object({
  total: z.number().int(),
  pending: z.number().int(),
  calling: z.number().int(),
  answered: z.number().int(),
  voicemail: z.number().int(),
  no_answer: z.number().int(),
  busy: z.number().int(),
  failed: z.number().int(),
  refused: z.number().int(),
  appointments: z.number().int(),
  enquiries: z.number().int(),
});
export type CampaignCounts = z.infer<typeof campaignCountsSchema>;

export const campaignSchema = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(CAMPAIGN_STATUSES),
  agentId: z.string().nullable(),
  squadId: z.string().nullable(),
  /** The agent's or squad's name when known. */
  targetName: z.string(),
  phoneNumberId: z.string(),
  audience: campaignAudienceSchema,
  startAt: z.iso.datetime(),
  callingHoursStart: z.string(),
  callingHoursEnd: z.string(),
  /** Weekdays it calls on (0 Sunday … 6 Saturday), in `timeZone`. */
  callingDays: z.array(z.number().int()),
  timeZone: z.string(),
  /**
   * A scheduled or running campaign outside its calling hours (numbers left, no daily hold):
   * when its next call may be placed. Null otherwise.
   */
  waitingUntil: z.iso.datetime().nullable(),
  maxConcurrency: z.number().int(),
  /**
   * How many calls the voice platform account may have at once (its concurrency limit), where
   * known: calls beyond it wait for a free line. Null when not known.
   */
  platformConcurrencyLimit: z.number().int().nullable(),
  retry: z.object({
    on: z.array(z.enum(CAMPAIGN_RETRY_OUTCOMES)),
    attempts: z.number().int(),
    gapMinutes: z.number().int(),
  }),
  /** Contacts left out when it was made. */
  skippedDoNotCall: z.number().int(),
  skippedDuplicates: z.number().int(),
  skippedNoPhone: z.number().int(),
  /** Why no calls are being placed for now although numbers are left; null when none. */
  hold: z.enum(CAMPAIGN_HOLDS).nullable(),
  counts: campaignCountsSchema,
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Campaign = z.infer<typeof campaignSchema>;
export const campaignListSchema = z.object({ data: z.array(campaignSchema) });

export const campaignContactSchema = z.object({
  id: z.string(),
  contactId: z.string().nullable(),
  name: z.string(),
  phone: z.string(),
  status: campaignContactStatusSchema,
  callId: z.string().nullable(),
  endedReason: z.string().nullable(),
  /** Why the number was not called (or not called again); null for a number called as usual. */
  reason: z.enum(CAMPAIGN_CONTACT_REASONS).nullable(),
  /** The agent the call was with (for the call-log link), when the call is known. */
  agentId: z.string().nullable(),
  appointments: z.number().int(),
  enquiries: z.number().int(),
  /** Calls placed to the number so far. */
  attempts: z.number().int(),
  /** A retry waiting for its gap: not placed before then. */
  nextAttemptAt: z.iso.datetime().nullable(),
  /** Every call placed to the number, first to last. */
  attemptList: z.array(
    z.object({
      attempt: z.number().int(),
      status: z.enum(CAMPAIGN_ATTEMPT_STATUSES),
      endedReason: z.string().nullable(),
      callId: z.string(),
      at: z.iso.datetime(),
    }),
  ),
  updatedAt: z.iso.datetime(),
});
export type CampaignContact = z.infer<typeof campaignContactSchema>;
export const campaignContactListSchema = paginatedSchema(campaignContactSchema);

export const campaignContactQuerySchema = createPaginationQuerySchema(
  CAMPAIGN_CONTACTS_PAGE_SIZE,
).extend({ status: campaignContactStatusSchema.optional() });
export type CampaignContactQuery = z.input<typeof campaignContactQuerySchema>;
export type CampaignContactQueryOutput = z.output<typeof campaignContactQuerySchema>;

/** PATCH /api/campaigns/:id: pause, resume or cancel. */
export const campaignActionSchema = z.object({
  action: z.enum(['start', 'pause', 'resume', 'cancel'], {
    error: 'Choose start, pause, resume or cancel',
  }),
});
export type CampaignAction = z.infer<typeof campaignActionSchema>['action'];

/** Why a contact of the audience is not called: the review's "left out" lines. */
export const CAMPAIGN_LEFT_OUT_REASONS = [
  'do_not_call',
  'no_phone',
  'duplicate',
  ...DIAL_REFUSALS,
  'in_other_campaign',
] as const;
export type CampaignLeftOutReason = (typeof CAMPAIGN_LEFT_OUT_REASONS)[number];
export const CAMPAIGN_LEFT_OUT_LABELS: Record<CampaignLeftOutReason, string> = {
  do_not_call: 'Marked do-not-call',
  no_phone: 'No phone number',
  duplicate: 'Same number as another contact',
  ...DIAL_REFUSAL_LABELS,
  in_other_campaign: 'Already being called by another running campaign',
};

/** How long a call is assumed to last when the agent has no recent calls. */
export const CAMPAIGN_DEFAULT_CALL_SECONDS = 60;

/** GET /api/campaigns/:id/review: what Start would do, before anything is dialled. */
export const campaignReviewSchema = z.object({
  campaign: campaignSchema,
  /** Numbers that will be called. */
  willCall: z.number().int(),
  leftOut: z.array(
    z.object({
      reason: z.enum(CAMPAIGN_LEFT_OUT_REASONS),
      label: z.string(),
      count: z.number().int(),
    }),
  ),
  /** The first numbers to be called, in order. */
  sample: z.array(z.object({ name: z.string(), phone: z.string() })),
  /** The number callers see, and its name. */
  callerNumber: z.object({ number: z.string().nullable(), name: z.string() }),
  target: z.object({ kind: z.enum(['agent', 'squad']), name: z.string() }),
  /** When the first call may be placed (the first calling window from the start). */
  firstCallAt: z.iso.datetime(),
  /** Average length of the agent's recent calls (or the default when it has none). */
  averageCallSeconds: z.number(),
  /** True when the average comes from the agent's recent calls. */
  averageFromCalls: z.boolean(),
  /** Calling time at the chosen concurrency, in minutes. */
  expectedMinutes: z.number(),
  /** The agent's recent cost per minute in dollars; null without calls that carry a cost. */
  costPerMinute: z.number().nullable(),
  estimatedCost: z.number().nullable(),
  /**
   * The assistant's variables: the ones its messages use (`{{name}}`), a sample contact's
   * values, and how many contacts lack each one used.
   */
  variables: z.object({
    used: z.array(z.string()),
    sample: z
      .object({ name: z.string(), phone: z.string(), values: z.record(z.string(), z.string()) })
      .nullable(),
    missing: z.array(z.object({ variable: z.string(), count: z.number().int() })),
  }),
  /** The business's daily caps and what today has used (decision 053). */
  dailyCap: z.object({
    calls: z.number().int(),
    minutes: z.number().int(),
    callsUsedToday: z.number().int(),
  }),
});
export type CampaignReview = z.infer<typeof campaignReviewSchema>;

/** The wall-clock date and minute of an instant in an IANA time zone. */
function localParts(at: number, timeZone: string) {
  const clock = zonedClock(at, timeZone);
  return { y: clock.year, m: clock.month, d: clock.day, minute: clock.hour * 60 + clock.minute };
}

/** The instant at which a zone's clock shows `minute` on the given date (y, m 1-12, d). */
function zonedInstant(y: number, m: number, d: number, minute: number, timeZone: string): number {
  const wanted = Date.UTC(y, m - 1, d, 0, minute);
  let guess = wanted;
  // Two corrections settle the zone's offset, daylight-saving changes included.
  for (let i = 0; i < 2; i += 1) {
    const seen = localParts(guess, timeZone);
    guess += wanted - Date.UTC(seen.y, seen.m - 1, seen.d, 0, seen.minute);
  }
  return guess;
}

/**
 * The next calling window at or after `from`: the business's calling hours on the first day
 * (in its time zone) whose hours have not yet ended, starting no earlier than `from`.
 */
export function nextCallingWindow(
  from: Date,
  timeZone: string,
  startMinute: number,
  endMinute: number,
  /** Weekdays calling may happen on (0 Sunday … 6 Saturday, in the zone); default every day. */
  days: readonly number[] = ALL_WEEKDAYS,
): { start: Date; end: Date } {
  const today = localParts(from.getTime(), timeZone);
  for (let day = 0; day < 8; day += 1) {
    const date = new Date(Date.UTC(today.y, today.m - 1, today.d + day));
    if (!days.includes(date.getUTCDay())) continue;
    const y = date.getUTCFullYear();
    const m = date.getUTCMonth() + 1;
    const d = date.getUTCDate();
    const end = zonedInstant(y, m, d, endMinute, timeZone);
    if (end <= from.getTime()) continue;
    const start = Math.max(from.getTime(), zonedInstant(y, m, d, startMinute, timeZone));
    return { start: new Date(start), end: new Date(end) };
  }
  throw new Error('no calling window within a week');
}

/**
 * The calendar day an instant falls on in a zone ("2026-11-28"), with the instants it starts
 * and ends at (23 or 25 hours on a daylight-saving change): the day the daily caps count.
 */
export function zonedDay(at: Date, timeZone: string): { day: string; start: Date; end: Date } {
  const { y, m, d } = localParts(at.getTime(), timeZone);
  const next = new Date(Date.UTC(y, m - 1, d + 1));
  const pad = (n: number) => String(n).padStart(2, '0');
  return {
    day: `${y}-${pad(m)}-${pad(d)}`,
    start: new Date(zonedInstant(y, m, d, 0, timeZone)),
    end: new Date(
      zonedInstant(next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate(), 0, timeZone),
    ),
  };
}

/** "Mon 09:00": a weekday and time in a zone (when a waiting campaign calls next). */
export function formatWeekdayTime(at: Date | string, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(at));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('weekday')} ${get('hour')}:${get('minute')}`;
}

/** "Waiting for calling hours — next call Mon 09:00". */
export function waitingMessage(at: Date | string, timeZone: string): string {
  return `Waiting for calling hours — next call ${formatWeekdayTime(at, timeZone)}`;
}

/** "09:00" from minutes after midnight. */
export function clockOfMinutes(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}

/** GET /api/campaigns/:id/results: what a campaign's calls came to. */
export const campaignResultsSchema = z.object({
  /** Each number's latest outcome. */
  outcomes: z.object({
    answered: z.number().int(),
    voicemail: z.number().int(),
    no_answer: z.number().int(),
    busy: z.number().int(),
    failed: z.number().int(),
  }),
  /** Calls placed, retries included. */
  calls: z.number().int(),
  retries: z.number().int(),
  appointments: z.number().int(),
  enquiries: z.number().int(),
  /** Dollars, from the calls' own costs. */
  cost: z.number(),
  timeZone: z.string(),
  /** Calls placed per hour (the hour's start), oldest first, hours without calls left out. */
  callsPerHour: z.array(z.object({ hour: z.iso.datetime(), calls: z.number().int() })),
});
export type CampaignResults = z.infer<typeof campaignResultsSchema>;

/**
 * The variables an assistant's text uses: `{{name}}`, `{{ first_name }}`, `{{name | upcase}}`
 * (the platform's LiquidJS syntax), without the platform's own (`customer`, `now`, `date` …).
 */
export const PLATFORM_VARIABLES: readonly string[] = [
  'customer',
  'now',
  'date',
  'time',
  'month',
  'day',
  'year',
  'phoneNumber',
  'call',
];
export function templateVariablesOf(texts: readonly (string | null | undefined)[]): string[] {
  const found = new Set<string>();
  for (const text of texts) {
    if (!text) continue;
    for (const match of text.matchAll(/\{\{\s*([A-Za-z_][\w]*)(?:\.[\w.]+)?\s*(?:\|[^}]*)?\}\}/g)) {
      const name = match[1]!;
      if (!PLATFORM_VARIABLES.includes(name)) found.add(name);
    }
  }
  return [...found].sort();
}
