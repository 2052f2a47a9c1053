import { sql } from 'drizzle-orm';
import {
  alertConditionSchema,
  describeAlertCondition,
  DIGEST_SEND_HOUR,
  type DigestFrequency,
  type DigestPreference,
} from '@switchboard/shared/alerts';
import { roundTo2, secondsToMinutes, successRatePercent } from '@switchboard/shared/analytics';
import { nextCallingWindow, WEEKDAY_SHORT, zonedDay } from '@switchboard/shared/campaigns';
import { formatCost, formatDate, formatMinutes, formatPercent } from '@switchboard/shared/format';
import { digestSends } from '../../db/schema';
import { zoneMidnights } from '../analytics/analytics.repository';
import type { AlertMailDeps } from './alerts.service';
import { digestChartPng, DIGEST_CHART_SIZE, type ChartBar } from './digest-chart';
import {
  deleteSubscription,
  findSubscription,
  firingAlerts,
  listSubscriptions,
  periodBuckets,
  periodOutcomes,
  saveSubscription,
  type BucketRow,
} from './digest.repository';

const DAY_MS = 86_400_000;

/** "2026-11-28" plus n days. */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

function weekdayOf(day: string): number {
  return new Date(`${day}T00:00:00Z`).getUTCDay();
}

export type DigestPeriod = {
  frequency: 'daily' | 'weekly';
  /** The period's first and last local days, and the previous period's. */
  from: string;
  to: string;
  previousFrom: string;
  previousTo: string;
};

/**
 * The newest period whose digest is due at `now` in the zone: a daily digest covers yesterday
 * and goes at 07:00; a weekly one covers Monday to Sunday and goes on Monday at 07:00. Before
 * today's send time the due period is the one before (still owed if it was never sent).
 */
export function duePeriod(
  now: Date,
  timeZone: string,
  frequency: 'daily' | 'weekly',
): DigestPeriod {
  const today = zonedDay(now, timeZone);
  const sendAt = nextCallingWindow(
    today.start,
    timeZone,
    DIGEST_SEND_HOUR * 60,
    DIGEST_SEND_HOUR * 60 + 1,
  ).start;
  if (frequency === 'daily') {
    const to = addDays(today.day, now >= sendAt ? -1 : -2);
    return { frequency, from: to, to, previousFrom: addDays(to, -1), previousTo: addDays(to, -1) };
  }
  const monday = addDays(today.day, -((weekdayOf(today.day) + 6) % 7));
  // This Monday's digest is due once Monday's send time has passed (any later day of the week).
  const thisMonday = weekdayOf(today.day) !== 1 || now >= sendAt;
  const from = addDays(monday, thisMonday ? -7 : -14);
  return {
    frequency,
    from,
    to: addDays(from, 6),
    previousFrom: addDays(from, -7),
    previousTo: addDays(from, -1),
  };
}

type Totals = { calls: number; passed: number; seconds: number; spend: number };

function totals(rows: readonly BucketRow[]): Totals {
  return rows.reduce(
    (sum, row) => ({
      calls: sum.calls + row.calls,
      passed: sum.passed + row.passed,
      seconds: sum.seconds + row.seconds,
      spend: sum.spend + row.spend,
    }),
    { calls: 0, passed: 0, seconds: 0, spend: 0 },
  );
}

/** "up 12 %" / "down 5 %" / "same as" / "new" against the previous period. */
export function changeWords(now: number, before: number, previous: string): string {
  if (before === 0) return now === 0 ? `none ${previous} either` : `none ${previous}`;
  const change = Math.round(((now - before) / before) * 100);
  if (change === 0) return `same as ${previous}`;
  return `${change > 0 ? 'up' : 'down'} ${Math.abs(change)} % on ${previous}`;
}

/** "up 4.5 points" for a success rate against the previous period's. */
export function pointsWords(now: number | null, before: number | null, previous: string): string {
  if (now === null) return '';
  if (before === null) return `no calls ${previous}`;
  const change = Math.round((now - before) * 10) / 10;
  if (change === 0) return `same as ${previous}`;
  return `${change > 0 ? 'up' : 'down'} ${Math.abs(change)} points on ${previous}`;
}

export type DigestContent = {
  subject: string;
  text: string;
  html: string;
  /** The chart as a PNG; null when it could not be drawn (the mail goes without it). */
  chart: Buffer | null;
  figures: {
    calls: number;
    minutes: number;
    spend: number;
    successRate: number | null;
    previous: { calls: number; minutes: number; spend: number; successRate: number | null };
    enquiries: number;
    bookings: number;
    unread: number;
    openAlerts: string[];
  };
};

function escapeHtml(value: string) {
  return value.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export const DIGEST_CHART_CID = 'digest-chart@switchboard';

/**
 * The digest (decision 062): per user, daily or weekly as they chose, in their business's zone,
 * sent by one instance at a time and never twice for a period (digest_sends).
 */
export class DigestService {
  constructor(private readonly deps: AlertMailDeps) {}

  async preference(userId: string): Promise<DigestPreference> {
    const row = await findSubscription(this.deps.db, userId);
    const frequency = row?.frequency;
    return { frequency: frequency === 'daily' || frequency === 'weekly' ? frequency : 'off' };
  }

  async choose(userId: string, frequency: DigestFrequency): Promise<DigestPreference> {
    if (frequency === 'off') await deleteSubscription(this.deps.db, userId);
    else
      await saveSubscription(
        this.deps.db,
        userId,
        frequency,
        new Date(this.deps.now ? this.deps.now() : Date.now()),
      );
    return { frequency };
  }

  /** What one business's digest of a period says. */
  async compose(
    business: { businessId: string; businessName: string; timeZone: string },
    period: DigestPeriod,
  ): Promise<DigestContent> {
    const { db } = this.deps;
    const { businessId, businessName, timeZone } = business;
    const by = period.frequency === 'daily' ? 'hour' : 'day';
    const [current, previousRows, midnights, alerts] = await Promise.all([
      periodBuckets(db, businessId, timeZone, period.from, period.to, by),
      periodBuckets(db, businessId, timeZone, period.previousFrom, period.previousTo, by),
      zoneMidnights(db, [period.from, addDays(period.to, 1)], timeZone),
      firingAlerts(db, businessId),
    ]);
    const [start, end] = midnights as [Date, Date];
    const outcomes = await periodOutcomes(db, businessId, start, end);
    const now = totals(current);
    const before = totals(previousRows);
    const rate = successRatePercent(now.passed, now.calls);
    const previousRate = successRatePercent(before.passed, before.calls);
    const minutes = roundTo2(secondsToMinutes(now.seconds));
    const previousMinutes = roundTo2(secondsToMinutes(before.seconds));
    const openAlerts = alerts.flatMap((alert) => {
      const parsed = alertConditionSchema.safeParse({
        ...(alert.params as object),
        kind: alert.kind,
      });
      if (!parsed.success) return [];
      const what = describeAlertCondition(parsed.data);
      return [alert.agent_name ? `${alert.agent_name}: ${what}` : what];
    });

    const daily = period.frequency === 'daily';
    const previousWords = daily ? 'the day before' : 'the week before';
    const periodWords = daily
      ? formatDate(`${period.from}T12:00:00Z`, 'UTC')
      : `${formatDate(`${period.from}T12:00:00Z`, 'UTC')} – ${formatDate(`${period.to}T12:00:00Z`, 'UTC')}`;
    const bars: ChartBar[] = daily
      ? Array.from({ length: 24 }, (_, hour) => {
          const row = current.find((r) => Number(r.bucket) === hour);
          return {
            label: `${String(hour).padStart(2, '0')}:00`,
            passed: row?.passed ?? 0,
            failed: (row?.calls ?? 0) - (row?.passed ?? 0),
          };
        })
      : Array.from({ length: 7 }, (_, n) => {
          const day = addDays(period.from, n);
          const row = current.find((r) => r.bucket === day);
          return {
            label: `${WEEKDAY_SHORT[weekdayOf(day)]} ${Number(day.slice(8))}`,
            passed: row?.passed ?? 0,
            failed: (row?.calls ?? 0) - (row?.passed ?? 0),
          };
        });
    let chart: Buffer | null = null;
    try {
      chart = await digestChartPng(bars, daily ? 4 : 1);
    } catch (error) {
      // The figures are all in the table: the mail goes without its picture.
      this.deps.log.warn({ err: error }, 'digest chart not drawn');
    }

    const base = this.deps.publicBaseUrl();
    const lines: { label: string; value: string; change: string }[] = [
      {
        label: 'Calls',
        value: String(now.calls),
        change: changeWords(now.calls, before.calls, previousWords),
      },
      {
        label: 'Minutes',
        value: formatMinutes(minutes),
        change: changeWords(minutes, previousMinutes, previousWords),
      },
      {
        label: 'Cost',
        value: formatCost(now.spend),
        change: changeWords(roundTo2(now.spend), roundTo2(before.spend), previousWords),
      },
      {
        label: 'Success rate',
        value: formatPercent(rate),
        change: pointsWords(rate, previousRate, previousWords),
      },
      { label: 'New enquiries', value: String(outcomes.enquiries), change: '' },
      { label: 'Bookings made by your agents', value: String(outcomes.bookings), change: '' },
    ];
    const attention: string[] = [
      ...openAlerts.map((alert) => `Alert still open: ${alert}`),
      ...(outcomes.unread > 0
        ? [`${outcomes.unread} ${outcomes.unread === 1 ? 'enquiry is' : 'enquiries are'} unread`]
        : []),
    ];
    const subject = `${businessName} — ${daily ? 'your day' : 'your week'}: ${now.calls} ${now.calls === 1 ? 'call' : 'calls'}, ${outcomes.bookings} ${outcomes.bookings === 1 ? 'booking' : 'bookings'}, ${outcomes.enquiries} ${outcomes.enquiries === 1 ? 'enquiry' : 'enquiries'}`;

    const text = [
      `${businessName}: ${daily ? 'your day' : 'your week'}, ${periodWords}`,
      '',
      ...lines.map(
        (line) => `${line.label}: ${line.value}${line.change ? ` (${line.change})` : ''}`,
      ),
      '',
      attention.length > 0 ? 'Needs your attention:' : 'Nothing needs your attention.',
      ...attention.map((item) => `- ${item}`),
      '',
      `Open your dashboard: ${base}/dashboard`,
      `Change or stop this mail: ${base}/settings`,
    ].join('\n');

    const cell = 'padding:8px 0;border-bottom:1px solid #e9ecef;';
    const html = `<!doctype html>
<html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:0;background:#f1f3f5;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f1f3f5;"><tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="width:100%;max-width:600px;background:#ffffff;border-radius:8px;font-family:Arial,Helvetica,sans-serif;color:#212529;">
<tr><td style="padding:24px 20px 8px 20px;">
<div style="font-size:13px;color:#868e96;">${escapeHtml(daily ? 'Daily digest' : 'Weekly digest')} · ${escapeHtml(periodWords)}</div>
<h1 style="margin:4px 0 0 0;font-size:22px;line-height:28px;">${escapeHtml(businessName)}</h1>
</td></tr>
<tr><td style="padding:8px 20px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="font-size:15px;">
${lines
  .map(
    (line) =>
      `<tr><td style="${cell}">${escapeHtml(line.label)}</td><td align="right" style="${cell}font-weight:bold;">${escapeHtml(line.value)}</td><td align="right" style="${cell}color:#868e96;font-size:13px;padding-left:12px;">${escapeHtml(line.change)}</td></tr>`,
  )
  .join('\n')}
</table>
</td></tr>
${
  chart
    ? `<tr><td style="padding:16px 20px 0 20px;">
<div style="font-size:13px;color:#868e96;margin-bottom:6px;">Calls ${daily ? 'by hour' : 'by day'} — <span style="color:#0ca678;">successful</span> and <span style="color:#e03131;">not</span></div>
<img src="cid:${DIGEST_CHART_CID}" width="${DIGEST_CHART_SIZE.width}" height="${DIGEST_CHART_SIZE.height}" alt="Calls ${daily ? 'by hour' : 'by day'}: ${now.calls} calls, ${now.passed} successful" style="display:block;width:100%;max-width:${DIGEST_CHART_SIZE.width}px;height:auto;border:0;">
</td></tr>`
    : ''
}
<tr><td style="padding:16px 20px;">
<div style="font-size:16px;font-weight:bold;margin-bottom:6px;">${attention.length > 0 ? 'Needs your attention' : 'Nothing needs your attention'}</div>
${attention.length > 0 ? `<ul style="margin:0;padding-left:20px;font-size:15px;line-height:22px;">${attention.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>` : ''}
</td></tr>
<tr><td style="padding:0 20px 24px 20px;">
<a href="${escapeHtml(`${base}/dashboard`)}" style="display:inline-block;background:#1c7ed6;color:#ffffff;text-decoration:none;padding:10px 18px;border-radius:4px;font-size:15px;">Open your dashboard</a>
<div style="font-size:12px;color:#868e96;margin-top:16px;">Times are ${escapeHtml(timeZone)}. <a href="${escapeHtml(`${base}/settings`)}" style="color:#868e96;">Change or stop this mail</a>.</div>
</td></tr>
</table>
</td></tr></table>
</body></html>`;

    return {
      subject,
      text,
      html,
      chart,
      figures: {
        calls: now.calls,
        minutes,
        spend: roundTo2(now.spend),
        successRate: rate,
        previous: {
          calls: before.calls,
          minutes: previousMinutes,
          spend: roundTo2(before.spend),
          successRate: previousRate,
        },
        enquiries: outcomes.enquiries,
        bookings: outcomes.bookings,
        unread: outcomes.unread,
        openAlerts,
      },
    };
  }

  /**
   * Sends every digest that is due and not yet sent; the caller holds the round's lock. A period
   * is claimed in digest_sends in the transaction that queues its mail, so it goes once even if
   * two rounds met. Answers how many were queued.
   */
  async sendDue(): Promise<number> {
    const now = new Date(this.deps.now ? this.deps.now() : Date.now());
    let sent = 0;
    for (const subscription of await listSubscriptions(this.deps.db)) {
      const { frequency, email } = subscription;
      if (!email || (frequency !== 'daily' && frequency !== 'weekly')) continue;
      try {
        const period = duePeriod(now, subscription.timeZone, frequency);
        const [periodEnd] = await zoneMidnights(
          this.deps.db,
          [addDays(period.to, 1)],
          subscription.timeZone,
        );
        // The first digest is of the first period that ends after it was chosen.
        if (!periodEnd || periodEnd <= subscription.since) continue;
        const already = await this.deps.db.execute(
          sql`select 1 from digest_sends where user_id = ${subscription.userId}
              and frequency = ${frequency} and period_start = ${period.from}::date`,
        );
        if ((already as { rows: unknown[] }).rows.length > 0) continue;
        const content = await this.compose(subscription, period);
        const queued = await this.deps.db.transaction(async (tx) => {
          const [claimed] = await tx
            .insert(digestSends)
            .values({ userId: subscription.userId, frequency, periodStart: period.from })
            .onConflictDoNothing()
            .returning({ userId: digestSends.userId });
          if (!claimed) return false;
          const { id } = await this.deps.mail.enqueue(
            {
              kind: 'digest',
              to: email,
              subject: content.subject,
              text: content.text,
              html: content.html,
              inlineImages: content.chart
                ? [
                    {
                      cid: DIGEST_CHART_CID,
                      filename: 'calls.png',
                      contentType: 'image/png',
                      base64: content.chart.toString('base64'),
                    },
                  ]
                : [],
            },
            tx,
          );
          await tx
            .update(digestSends)
            .set({ outboxId: id })
            .where(
              sql`${digestSends.userId} = ${subscription.userId} and ${digestSends.frequency} = ${frequency} and ${digestSends.periodStart} = ${period.from}::date`,
            );
          return true;
        });
        if (queued) sent += 1;
      } catch (error) {
        this.deps.log.warn({ err: error, userId: subscription.userId }, 'digest not sent');
      }
    }
    if (sent > 0) this.deps.mail.kick();
    return sent;
  }
}
