import {
  BUSINESS_OVERVIEW_LIMIT,
  LOW_SUCCESS_RATE_PERCENT,
  type BusinessOverview,
  type DashboardStatistics,
} from '@switchboard/shared/analytics';
import { formatPercent } from '@switchboard/shared/format';
import { addDays, todayIn } from '@switchboard/shared/date-range';
import type { Db } from '../../db/client';
import { zoneMidnights } from '../analytics/analytics.repository';
import type { AnalyticsService } from '../analytics/analytics.service';
import { businessFigures, businessesWithAgentCounts } from './statistics.repository';

/**
 * Every figure of the dashboard's cards, for one business (or every business for an operator):
 * the call figures from the call store, and the contact, enquiry and appointment counts, with
 * "today" and "the last 7 days" as calendar days in the business's time zone.
 */
export class StatisticsService {
  private readonly now: () => Date;

  constructor(private readonly deps: { db: Db; analytics: AnalyticsService; now?: () => Date }) {
    this.now = deps.now ?? (() => new Date());
  }

  async dashboard(options: {
    businessId: string | null;
    timeZone: string;
  }): Promise<DashboardStatistics> {
    const now = this.now();
    const today = todayIn(options.timeZone, now);
    const [todayStart, weekStart, tomorrowStart] = await zoneMidnights(
      this.deps.db,
      [today, addDays(today, -6), addDays(today, 1)],
      options.timeZone,
    );
    if (!todayStart || !weekStart || !tomorrowStart) {
      throw new Error('could not resolve today in the time zone');
    }
    const [calls, figures] = await Promise.all([
      this.deps.analytics.callStatistics(options),
      businessFigures(this.deps.db, {
        businessId: options.businessId,
        now,
        weekStart,
        todayStart,
        tomorrowStart,
      }),
    ]);
    return {
      timeZone: options.timeZone,
      calls,
      contacts: { total: figures.contactsTotal, newLast7Days: figures.contactsNew },
      enquiries: { open: figures.enquiriesOpen, unread: figures.enquiriesUnread },
      appointments: { today: figures.appointmentsToday, upcoming: figures.appointmentsUpcoming },
    };
  }

  /**
   * The operator's home: every business (up to BUSINESS_OVERVIEW_LIMIT) with its dashboard
   * figures in its own zone and its open problems, the busiest over the last 7 days first.
   */
  async businesses(): Promise<BusinessOverview[]> {
    const rows = await businessesWithAgentCounts(this.deps.db, BUSINESS_OVERVIEW_LIMIT);
    const overviews = [];
    // One business at a time: a few small indexed reads each, not a burst on the pool.
    for (const row of rows) {
      const statistics = await this.dashboard({ businessId: row.id, timeZone: row.timezone });
      overviews.push({
        businessId: row.id,
        businessName: row.name,
        agents: row.agentCount,
        statistics,
        attention: attentionOf(row.agentCount, statistics),
      });
    }
    return overviews.sort(
      (a, b) =>
        b.statistics.calls.last7Days.calls - a.statistics.calls.last7Days.calls ||
        a.businessName.localeCompare(b.businessName),
    );
  }
}

/** A business's open problems, in the operator's words. */
function attentionOf(agents: number, statistics: DashboardStatistics): string[] {
  const found: string[] = [];
  if (agents === 0) found.push('No agent: nobody answers its calls.');
  const { successRate, calls } = statistics.calls.last7Days;
  if (successRate !== null && successRate < LOW_SUCCESS_RATE_PERCENT) {
    found.push(
      `Success rate ${formatPercent(successRate)} over ${calls} ${calls === 1 ? 'call' : 'calls'} in 7 days.`,
    );
  }
  const { unread } = statistics.enquiries;
  if (unread > 0) found.push(`${unread} unread ${unread === 1 ? 'enquiry' : 'enquiries'}.`);
  return found;
}
