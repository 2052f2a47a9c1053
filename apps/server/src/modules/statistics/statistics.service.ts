import type { DashboardStatistics } from '@switchboard/shared/analytics';
import { addDays, todayIn } from '@switchboard/shared/date-range';
import type { Db } from '../../db/client';
import { zoneMidnights } from '../analytics/analytics.repository';
import type { AnalyticsService } from '../analytics/analytics.service';
import { businessFigures } from './statistics.repository';

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
}
