import { z } from 'zod';
import { clockOfMinutes, nextCallingWindow, WEEKDAY_SHORT, WORKING_WEEKDAYS } from './campaigns';
import { formatCost } from './format';

/**
 * Alerts (decision 062): conditions an owner (or the operator) sets on one agent or the whole
 * business. The server evaluates them on a schedule, one instance at a time, and tells the owners
 * once when a condition starts and once when it clears.
 */

export const ALERT_KINDS = [
  'success_rate',
  'daily_cost',
  'no_calls',
  'platform_errors',
  'webhooks',
  'campaign_stalled',
] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

/** What the builder's first choice says for each kind. */
export const ALERT_KIND_LABELS: Record<AlertKind, string> = {
  success_rate: 'Success rate drops',
  daily_cost: 'Calls cost too much in a day',
  no_calls: 'No calls during opening hours',
  platform_errors: 'Calls fail with platform errors',
  webhooks: 'The platform stops sending calls to Switchboard',
  campaign_stalled: 'A campaign stops calling',
};

/** The limits of each threshold, so the form and the server refuse the same values. */
export const ALERT_LIMITS = {
  percent: { min: 1, max: 99 },
  lastCalls: { min: 5, max: 1000 },
  hours: { min: 1, max: 168 },
  dollars: { min: 0.01, max: 100_000 },
  noCallHours: { min: 1, max: 72 },
  errors: { min: 1, max: 1000 },
  errorHours: { min: 1, max: 24 },
  silentHours: { min: 1, max: 72 },
  stalledHours: { min: 1, max: 48 },
} as const;

/** A counted-calls minimum for a success rate over hours: fewer calls say too little. */
export const ALERT_MIN_CALLS = 5;

function whole(name: string, limit: { min: number; max: number }, unit: string) {
  const message = `${name} must be a whole number from ${limit.min} to ${limit.max}${unit}`;
  return z
    .number({ error: message })
    .int({ error: message })
    .min(limit.min, { error: message })
    .max(limit.max, { error: message });
}

const minuteOfDay = (name: string, max: number) =>
  z
    .number({ error: `${name} must be a time of day` })
    .int({ error: `${name} must be a time of day` })
    .min(0, { error: `${name} must be a time of day` })
    .max(max, { error: `${name} must be a time of day` });

export const alertConditionSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('success_rate'),
    belowPercent: whole('The success rate', ALERT_LIMITS.percent, ' %'),
    over: z.enum(['calls', 'hours']),
    /** The last N calls, or the last N hours, as `over` says. */
    count: z.number(),
  }),
  z.object({
    kind: z.literal('daily_cost'),
    aboveDollars: z
      .number({ error: 'The cost must be an amount in dollars' })
      .min(ALERT_LIMITS.dollars.min, { error: 'The cost must be at least $0.01' })
      .max(ALERT_LIMITS.dollars.max, { error: 'The cost must be at most $100000.00' }),
  }),
  z.object({
    kind: z.literal('no_calls'),
    hours: whole('The hours without a call', ALERT_LIMITS.noCallHours, ''),
    /** Opening hours in the business's time zone: minutes after midnight, and weekdays (0 Sunday). */
    openFrom: minuteOfDay('Opening time', 1439),
    openTo: minuteOfDay('Closing time', 1440),
    days: z
      .array(z.number().int().min(0).max(6), { error: 'Choose the days you are open' })
      .min(1, { error: 'Choose at least one day you are open' })
      .max(7),
  }),
  z.object({
    kind: z.literal('platform_errors'),
    atLeast: whole('The number of failed calls', ALERT_LIMITS.errors, ''),
    hours: whole('The hours', ALERT_LIMITS.errorHours, ''),
  }),
  z.object({
    kind: z.literal('webhooks'),
    silentHours: whole('The hours without webhooks', ALERT_LIMITS.silentHours, ''),
  }),
  z.object({
    kind: z.literal('campaign_stalled'),
    hours: whole('The hours without a call', ALERT_LIMITS.stalledHours, ''),
  }),
]);
export type AlertCondition = z.infer<typeof alertConditionSchema>;

/** The checks one field cannot make alone: each names the field it is about. */
function refineCondition(condition: AlertCondition, ctx: z.RefinementCtx) {
  if (condition.kind === 'success_rate') {
    const limit = condition.over === 'calls' ? ALERT_LIMITS.lastCalls : ALERT_LIMITS.hours;
    const unit = condition.over === 'calls' ? 'calls' : 'hours';
    if (
      !Number.isInteger(condition.count) ||
      condition.count < limit.min ||
      condition.count > limit.max
    )
      ctx.addIssue({
        code: 'custom',
        path: ['count'],
        message: `The number of ${unit} must be a whole number from ${limit.min} to ${limit.max}`,
      });
  }
  if (condition.kind === 'no_calls' && condition.openTo <= condition.openFrom)
    ctx.addIssue({
      code: 'custom',
      path: ['openTo'],
      message: 'Closing time must be after opening time',
    });
}

export const alertRuleInputSchema = z.object({
  /** The agent's id; null watches every agent of the business. */
  agentId: z.string().min(1).max(200).nullable(),
  condition: alertConditionSchema.superRefine(refineCondition),
  enabled: z.boolean().default(true),
});
export type AlertRuleInput = z.input<typeof alertRuleInputSchema>;

export const alertRuleUpdateSchema = z.object({ enabled: z.boolean() });

export const ALERT_STATES = ['ok', 'firing'] as const;

export const alertRuleSchema = z.object({
  id: z.string(),
  agentId: z.string().nullable(),
  /** The agent's name; null for the whole business. */
  agentName: z.string().nullable(),
  condition: alertConditionSchema,
  /** The rule in plain words ("Success rate below 60 % over the last 20 calls"). */
  description: z.string(),
  enabled: z.boolean(),
  state: z.enum(ALERT_STATES),
  stateSince: z.string().nullable(),
  lastEvaluatedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type AlertRule = z.infer<typeof alertRuleSchema>;

export const alertEventSchema = z.object({
  id: z.string(),
  ruleId: z.string().nullable(),
  kind: z.enum(['fired', 'cleared']),
  title: z.string(),
  message: z.string(),
  link: z.string(),
  createdAt: z.string(),
});
export type AlertEvent = z.infer<typeof alertEventSchema>;

export const alertOverviewSchema = z.object({
  rules: z.array(alertRuleSchema),
  /** The newest 50 events, newest first. */
  events: z.array(alertEventSchema),
});
export type AlertOverview = z.infer<typeof alertOverviewSchema>;

/** "Mon–Fri" for a run of days, else "Mon, Wed, Sat". */
export function describeDays(days: readonly number[]): string {
  const order = [1, 2, 3, 4, 5, 6, 0].filter((day) => days.includes(day));
  if (order.length === 7) return 'every day';
  const sameAs = (list: readonly number[]) =>
    list.length === order.length && list.every((day, n) => order[n] === day);
  if (sameAs(WORKING_WEEKDAYS)) return 'Mon–Fri';
  return order.map((day) => WEEKDAY_SHORT[day]).join(', ');
}

/** A rule's condition in plain words, as the list and the mail say it. */
export function describeAlertCondition(condition: AlertCondition): string {
  switch (condition.kind) {
    case 'success_rate':
      return `Success rate below ${condition.belowPercent} % over the last ${condition.count} ${
        condition.over === 'calls' ? 'calls' : condition.count === 1 ? 'hour' : 'hours'
      }`;
    case 'daily_cost':
      return `Calls cost more than ${formatCost(condition.aboveDollars)} in a day`;
    case 'no_calls':
      return `No call for ${hoursWords(condition.hours)} within opening hours (${describeDays(
        condition.days,
      )} ${clockOfMinutes(condition.openFrom)}–${clockOfMinutes(condition.openTo)})`;
    case 'platform_errors':
      return `${condition.atLeast} or more ${condition.atLeast === 1 ? 'call ends' : 'calls end'} with a platform error within ${hoursWords(condition.hours)}`;
    case 'webhooks':
      return `The platform's call updates are refused, or silent for ${hoursWords(condition.silentHours)} while calls happen`;
    case 'campaign_stalled':
      return `A running campaign places no call for ${hoursWords(condition.hours)} while numbers wait`;
  }
}

export function hoursWords(hours: number): string {
  return hours === 1 ? '1 hour' : `${hours} hours`;
}

/** Sensible starting values for each kind in the builder. */
export const ALERT_DEFAULTS: Record<AlertKind, AlertCondition> = {
  success_rate: { kind: 'success_rate', belowPercent: 60, over: 'calls', count: 20 },
  daily_cost: { kind: 'daily_cost', aboveDollars: 50 },
  no_calls: {
    kind: 'no_calls',
    hours: 3,
    openFrom: 9 * 60,
    openTo: 17 * 60,
    days: [1, 2, 3, 4, 5],
  },
  platform_errors: { kind: 'platform_errors', atLeast: 3, hours: 1 },
  webhooks: { kind: 'webhooks', silentHours: 2 },
  campaign_stalled: { kind: 'campaign_stalled', hours: 2 },
};

/**
 * Milliseconds of opening hours (in the zone, on the given weekdays) between two instants: how
 * long "no call within opening hours" has lasted. Looks back at most `capDays` days.
 */
export function openMillisBetween(
  from: Date,
  to: Date,
  timeZone: string,
  openFrom: number,
  openTo: number,
  days: readonly number[],
): number {
  let total = 0;
  let cursor = from;
  for (let guard = 0; guard < 400 && cursor.getTime() < to.getTime(); guard += 1) {
    const window = nextCallingWindow(cursor, timeZone, openFrom, openTo, days);
    if (window.start.getTime() >= to.getTime()) break;
    total += Math.min(window.end.getTime(), to.getTime()) - window.start.getTime();
    cursor = window.end;
  }
  return total;
}

/** The digest choice of a user (decision 062): off by default. */
export const DIGEST_FREQUENCIES = ['off', 'daily', 'weekly'] as const;
export type DigestFrequency = (typeof DIGEST_FREQUENCIES)[number];
export const digestPreferenceSchema = z.object({ frequency: z.enum(DIGEST_FREQUENCIES) });
export type DigestPreference = z.infer<typeof digestPreferenceSchema>;
/** The local hour a digest goes out at (daily: every day; weekly: on Monday). */
export const DIGEST_SEND_HOUR = 7;
