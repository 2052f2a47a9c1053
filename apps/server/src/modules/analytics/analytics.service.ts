import {
  COST_COMPONENTS,
  DURATION_BUCKETS,
  TOP_END_REASONS,
  roundTo2,
  secondsToMinutes,
  successRatePercent,
  type AgentAnalytics,
  type AgentBreakdowns,
  type AnalyticsRange,
  type CallFigures,
  type DashboardStatistics,
} from '@switchboard/shared/analytics';
import {
  MAX_RANGE_DAYS,
  addDays,
  dateRangeMessages,
  daysInRange,
  eachDay,
  resolveDateRange,
  todayIn,
  type DateRangeQuery,
} from '@switchboard/shared/date-range';
import { CALL_TYPES, UNKNOWN_END_REASON, type CallType } from '@switchboard/shared/calls';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';
import { AnswerCache, type Answer } from '../../http/answer-cache';
import { findAgentZone, type AgentScope } from '../agents/agents.repository';
import { findAgentAnswerStamp } from '../calls/answer-stamps';
import {
  breakdownFigures,
  dailyFigures,
  periodFigures,
  periodFiguresFromCalls,
  zoneMidnights,
  type CallWindow,
  type PeriodFigures,
} from './analytics.repository';

type Deps = { db: Db; now?: () => Date; answers?: AnswerCache };

type AnalyticsQuery = DateRangeQuery & { includeTest?: boolean };

/** The cache key's part for who asks: a business's members share it, the operator has its own. */
export const scopeKey = (scope: AgentScope) =>
  scope.kind === 'business' ? `b:${scope.businessId}` : 'all';

/**
 * An agent's figures from our call store, days bucketed in its business's time zone. Only
 * counted calls (ended, with a duration and a cost: the seed's rule) enter any figure, so the
 * overview, the statistics screen and the platform's own analytics agree.
 */
export class AnalyticsService {
  private readonly db: Db;
  private readonly now: () => Date;
  /** Finished answers of the analytics and breakdowns (decision 073). */
  readonly answers: AnswerCache;

  constructor(deps: Deps) {
    this.db = deps.db;
    this.now = deps.now ?? (() => new Date());
    this.answers = deps.answers ?? new AnswerCache();
  }

  /** The range's dates in the zone (default: the last 30 days), refused when too long. */
  private dates(query: AnalyticsQuery, timeZone: string): { from: string; to: string } {
    const { from, to } = resolveDateRange(query, timeZone, this.now());
    if (daysInRange(from, to) > MAX_RANGE_DAYS) {
      throw new AppError('VALIDATION_ERROR', dateRangeMessages.tooLong, {
        issues: [{ path: 'querystring.from', message: dateRangeMessages.tooLong }],
      });
    }
    return { from, to };
  }

  private async windowIn(
    agentId: string,
    timeZone: string,
    dates: { from: string; to: string },
    includeTest: boolean,
  ): Promise<{ window: CallWindow; range: AnalyticsRange }> {
    const { from, to } = dates;
    const [start, end] = await zoneMidnights(this.db, [from, addDays(to, 1)], timeZone);
    if (!start || !end) throw new Error('could not resolve the range in the time zone');
    return {
      window: { assistantId: agentId, from, to, start, end, timeZone, includeTest },
      range: { from, to, timeZone, start: start.toISOString(), end: end.toISOString() },
    };
  }

  private async window(
    scope: AgentScope,
    agentId: string,
    query: AnalyticsQuery,
  ): Promise<{ window: CallWindow; range: AnalyticsRange }> {
    const agent = await findAgentZone(this.db, scope, agentId);
    if (!agent) throw notFound('Agent');
    const { timeZone } = agent;
    return this.windowIn(
      agentId,
      timeZone,
      this.dates(query, timeZone),
      query.includeTest ?? false,
    );
  }

  /**
   * The answer as JSON, from the cache when it was computed under the stamp the agent reads now
   * (one query: the agent in the scope, its zone and the data versions), else computed and kept.
   */
  private async cachedAnswer(
    kind: string,
    scope: AgentScope,
    agentId: string,
    query: AnalyticsQuery,
    compute: (window: CallWindow, range: AnalyticsRange) => Promise<unknown>,
  ): Promise<Answer> {
    const found = await findAgentAnswerStamp(this.db, scope, agentId, this.answers.stamps);
    if (!found) throw notFound('Agent');
    const dates = this.dates(query, found.timeZone);
    const includeTest = query.includeTest ?? false;
    const key = `${kind}|${scopeKey(scope)}|${agentId}|${dates.from}|${dates.to}|${includeTest}`;
    const cached = this.answers.get(key, found.stamp);
    if (cached) return cached;
    const { window, range } = await this.windowIn(agentId, found.timeZone, dates, includeTest);
    return this.answers.set(key, found.stamp, JSON.stringify(await compute(window, range)));
  }

  /** GET /api/agents/:id/analytics's answer, finished (decision 073). */
  agentAnalyticsAnswer(scope: AgentScope, agentId: string, query: AnalyticsQuery) {
    return this.cachedAnswer('analytics', scope, agentId, query, (window, range) =>
      this.analyticsOf(window, range),
    );
  }

  /** GET /api/agents/:id/analytics/breakdowns's answer, finished (decision 073). */
  agentBreakdownsAnswer(scope: AgentScope, agentId: string, query: AnalyticsQuery) {
    return this.cachedAnswer('breakdowns', scope, agentId, query, (window, range) =>
      this.breakdownsOf(window, range),
    );
  }

  async agentAnalytics(
    scope: AgentScope,
    agentId: string,
    query: AnalyticsQuery,
  ): Promise<AgentAnalytics> {
    const { window, range } = await this.window(scope, agentId, query);
    return this.analyticsOf(window, range);
  }

  private async analyticsOf(window: CallWindow, range: AnalyticsRange): Promise<AgentAnalytics> {
    const rows = await dailyFigures(this.db, window);
    const byDay = new Map(rows.map((row) => [row.day, row]));
    let calls = 0;
    let seconds = 0;
    let spend = 0;
    let passed = 0;
    const daily = eachDay(range.from, range.to).map((date) => {
      const row = byDay.get(date);
      calls += row?.calls ?? 0;
      seconds += row?.seconds ?? 0;
      spend += row?.spend ?? 0;
      passed += row?.passed ?? 0;
      return {
        date,
        calls: row?.calls ?? 0,
        minutes: secondsToMinutes(row?.seconds ?? 0),
        spend: roundTo2(row?.spend ?? 0),
        passed: row?.passed ?? 0,
        failed: (row?.calls ?? 0) - (row?.passed ?? 0),
      };
    });
    return {
      range,
      summary: {
        totalCallMinutes: secondsToMinutes(seconds),
        numberOfCalls: calls,
        totalSpent: roundTo2(spend),
        averageCostPerCall: calls === 0 ? 0 : roundTo2(spend / calls),
      },
      daily,
      outcomes: { passed, failed: calls - passed },
    };
  }

  async agentBreakdowns(
    scope: AgentScope,
    agentId: string,
    query: AnalyticsQuery,
  ): Promise<AgentBreakdowns> {
    const { window, range } = await this.window(scope, agentId, query);
    return this.breakdownsOf(window, range);
  }

  private async breakdownsOf(window: CallWindow, range: AnalyticsRange): Promise<AgentBreakdowns> {
    const figures = await breakdownFigures(this.db, window);

    // Calls without an end reason are counted under the seed's fallback label.
    const reasonCounts = new Map<string, number>();
    for (const { reason, calls } of figures.reasons) {
      const label = reason ?? UNKNOWN_END_REASON;
      reasonCounts.set(label, (reasonCounts.get(label) ?? 0) + calls);
    }
    const reasons = [...reasonCounts]
      .map(([reason, calls]) => ({ reason, calls }))
      .sort((a, b) => b.calls - a.calls || a.reason.localeCompare(b.reason));
    const top = reasons.slice(0, TOP_END_REASONS);
    const rest = reasons.slice(TOP_END_REASONS);

    const typeCounts = new Map(figures.types.map((row) => [row.type, row.calls]));
    const dayCounts = new Map(figures.days.map((row) => [row.day, row]));
    const hourCounts = new Map(figures.hours.map((row) => [row.hour, row.calls]));
    const bucketCounts = new Map(figures.buckets.map((row) => [row.bucket, row.calls]));

    return {
      range,
      totalCalls: figures.types.reduce((sum, row) => sum + row.calls, 0),
      endedReasons: top,
      otherEndedReasons: {
        calls: rest.reduce((sum, row) => sum + row.calls, 0),
        reasons: rest.length,
      },
      callTypes: CALL_TYPES.map((type: CallType) => ({ type, calls: typeCounts.get(type) ?? 0 })),
      successRate: eachDay(range.from, range.to).map((date) => {
        const day = dayCounts.get(date);
        const calls = day?.calls ?? 0;
        const passed = day?.passed ?? 0;
        return { date, calls, passed, rate: successRatePercent(passed, calls) };
      }),
      costComponents: COST_COMPONENTS.map(({ key, label }) => ({
        component: key,
        label,
        cost: roundTo2(figures.costs[key]),
      })),
      durations: DURATION_BUCKETS.map((bucket, index) => ({
        label: bucket.label,
        fromSeconds: bucket.from,
        toSeconds: bucket.to,
        calls: bucketCounts.get(index) ?? 0,
      })),
      hours: Array.from({ length: 24 }, (_, hour) => ({
        hour,
        calls: hourCounts.get(hour) ?? 0,
      })),
    };
  }

  /**
   * Today and the last 7 days (today and the 6 before) in the zone, over the business's agents
   * (businessId null: every agent, for the operator).
   */
  async callStatistics(options: {
    businessId: string | null;
    timeZone: string;
  }): Promise<DashboardStatistics['calls']> {
    const now = this.now();
    const today = todayIn(options.timeZone, now);
    const days = [today, addDays(today, -6)];
    // Calls are created in the past; a small margin keeps clock skew with the platform out.
    const end = new Date(now.getTime() + 60_000);
    const [todayFigures, weekFigures] =
      options.businessId === null
        ? await periodFiguresFromCalls(this.db, {
            businessId: null,
            starts: await zoneMidnights(this.db, days, options.timeZone),
            end,
          })
        : await periodFigures(this.db, {
            businessId: options.businessId,
            timeZone: options.timeZone,
            days,
            now,
            end,
          });
    return { today: toCallFigures(todayFigures), last7Days: toCallFigures(weekFigures) };
  }
}

function toCallFigures(figures: PeriodFigures | undefined): CallFigures {
  const calls = figures?.calls ?? 0;
  return {
    calls,
    minutes: secondsToMinutes(figures?.seconds ?? 0),
    spend: roundTo2(figures?.spend ?? 0),
    successRate: successRatePercent(figures?.passed ?? 0, calls),
  };
}
