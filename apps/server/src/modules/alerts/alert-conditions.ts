import {
  hoursWords,
  openMillisBetween,
  ALERT_MIN_CALLS,
  type AlertCondition,
} from '@switchboard/shared/alerts';
import { zonedDay } from '@switchboard/shared/campaigns';
import { isPlatformErrorReason } from '@switchboard/shared/ended-reasons';
import { formatCost, formatDateTime, formatPercent } from '@switchboard/shared/format';
import type { Db } from '../../db/client';
import {
  endedReasonsSince,
  hasCallsSince,
  lastCallAt,
  lastCallsOutcome,
  rollupDay,
  rollupSince,
  runningCampaignProgress,
  watchedAgents,
} from './alerts.repository';

const HOUR = 3_600_000;

/** What a rule is evaluated against. */
export type AlertContext = {
  db: Db;
  now: Date;
  businessId: string;
  businessName: string;
  timeZone: string;
  agentId: string | null;
  agentName: string | null;
  /** When the rule was made: "no call for N hours" counts from here when there was never a call. */
  ruleCreatedAt: Date;
  /**
   * Whether the platform refuses or misdirects the agent's webhooks now (agent health); null when
   * that cannot be told (the platform did not answer, our address is not known yet).
   */
  webhookProblem: (agentId: string) => Promise<string | null>;
};

/** What one evaluation saw: whether the condition holds, in the business's words either way. */
export type AlertVerdict = {
  active: boolean;
  /** The sentence for the owners: why it fired, or that it is over. */
  message: string;
  /** A few words for the subject and the history. */
  headline: string;
  figures: Record<string, number | string | null>;
  /** A path in the app where the owner sees the calls or the setting in question. */
  link: string;
};

function plural(n: number, one: string, many: string) {
  return `${n} ${n === 1 ? one : many}`;
}

/** Evaluates one rule's condition now; null when it cannot be told (no data to judge). */
export async function evaluateCondition(
  condition: AlertCondition,
  ctx: AlertContext,
): Promise<AlertVerdict | null> {
  const agents = await watchedAgents(ctx.db, ctx.businessId, ctx.agentId);
  const ids = agents.map((agent) => agent.id);
  const scope = ctx.agentName ?? ctx.businessName;
  const logLink = ctx.agentId ? `/agent/${encodeURIComponent(ctx.agentId)}/call-logs` : '/calls';

  switch (condition.kind) {
    case 'success_rate': {
      const figures =
        condition.over === 'calls'
          ? await lastCallsOutcome(ctx.db, ids, condition.count)
          : await rollupSince(
              ctx.db,
              ids,
              ctx.timeZone,
              new Date(ctx.now.getTime() - condition.count * HOUR),
            );
      const needed =
        condition.over === 'calls' ? Math.min(condition.count, ALERT_MIN_CALLS) : ALERT_MIN_CALLS;
      if (figures.calls < needed) return null;
      const rate = (figures.passed / figures.calls) * 100;
      const failed = figures.calls - figures.passed;
      const over =
        condition.over === 'calls'
          ? `the last ${plural(figures.calls, 'call', 'calls')}`
          : `the last ${hoursWords(condition.count)}`;
      const active = rate < condition.belowPercent;
      const shown = formatPercent(Math.round(rate * 10) / 10);
      return {
        active,
        headline: active
          ? `${scope}: success rate ${shown}`
          : `${scope}: success rate back to ${shown}`,
        message: active
          ? `${plural(failed, 'caller', 'callers')} of ${figures.calls} did not get what they called for: ${scope}'s success rate is ${shown} over ${over}, below your ${condition.belowPercent} %.`
          : `${scope}'s success rate is ${shown} over ${over} again, at or above your ${condition.belowPercent} %.`,
        figures: {
          calls: figures.calls,
          passed: figures.passed,
          failed,
          ratePercent: Math.round(rate * 10) / 10,
        },
        link: `${logLink}?tab=failed`,
      };
    }
    case 'daily_cost': {
      const today = zonedDay(ctx.now, ctx.timeZone).day;
      const figures = await rollupDay(ctx.db, ids, ctx.timeZone, today);
      const active = figures.spend > condition.aboveDollars;
      const cost = formatCost(figures.spend);
      return {
        active,
        headline: active ? `${scope}: ${cost} spent today` : `${scope}: today's cost alert is over`,
        message: active
          ? `${scope}'s ${plural(figures.calls, 'call', 'calls')} cost ${cost} today, above your ${formatCost(condition.aboveDollars)} a day.`
          : `${scope}'s calls cost ${cost} so far today, within your ${formatCost(condition.aboveDollars)} a day.`,
        figures: { day: today, calls: figures.calls, spend: Math.round(figures.spend * 100) / 100 },
        link: ctx.agentId ? `/agent/${encodeURIComponent(ctx.agentId)}/statistics` : '/dashboard',
      };
    }
    case 'no_calls': {
      if (ids.length === 0) return null;
      const last = await lastCallAt(ctx.db, ids);
      const from = new Date(Math.max(last?.getTime() ?? 0, ctx.ruleCreatedAt.getTime()));
      const quiet = openMillisBetween(
        from,
        ctx.now,
        ctx.timeZone,
        condition.openFrom,
        condition.openTo,
        condition.days,
      );
      const active = quiet >= condition.hours * HOUR;
      const quietHours = Math.floor((quiet / HOUR) * 10) / 10;
      const since = last ? formatDateTime(last, ctx.timeZone) : null;
      return {
        active,
        headline: active
          ? `${scope}: no calls for ${hoursWords(condition.hours)}`
          : `${scope}: calls again`,
        message: active
          ? `Nobody has reached ${scope} for ${quietHours} hours of opening hours${since ? ` (the last call was ${since})` : ''}: check that your number still rings through.`
          : `${scope} is taking calls again${since ? `: the last call was ${since}` : ''}.`,
        figures: { lastCallAt: last?.toISOString() ?? null, quietOpenHours: quietHours },
        link: logLink,
      };
    }
    case 'platform_errors': {
      const since = new Date(ctx.now.getTime() - condition.hours * HOUR);
      const reasons = await endedReasonsSince(ctx.db, ids, since);
      const failing = reasons.filter((row) => isPlatformErrorReason(row.reason));
      const count = failing.reduce((sum, row) => sum + row.calls, 0);
      const active = count >= condition.atLeast;
      return {
        active,
        headline: active
          ? `${scope}: ${plural(count, 'call', 'calls')} cut off by platform errors`
          : `${scope}: platform errors are over`,
        message: active
          ? `${plural(count, 'caller was', 'callers were')} cut off by a platform or provider failure in the last ${hoursWords(condition.hours)} on ${scope}.`
          : `Platform errors on ${scope} are down to ${count} in the last ${hoursWords(condition.hours)}, below your ${condition.atLeast}.`,
        figures: {
          calls: count,
          reasons: failing
            .map((row) => row.reason ?? '')
            .sort()
            .join(', '),
        },
        link: `${logLink}?tab=failed`,
      };
    }
    case 'webhooks': {
      const since = new Date(ctx.now.getTime() - condition.silentHours * HOUR);
      const problems: string[] = [];
      for (const agent of agents) {
        const refused = await ctx.webhookProblem(agent.id);
        if (refused) {
          problems.push(`${agent.name || 'An agent'}: ${refused}`);
          continue;
        }
        const silent =
          (agent.lastWebhookAt === null || agent.lastWebhookAt < since) &&
          (await hasCallsSince(ctx.db, agent.id, since));
        if (silent)
          problems.push(
            `${agent.name || 'An agent'} had calls in the last ${hoursWords(condition.silentHours)} but the platform sent Switchboard no update about them; they arrive only with the sync, minutes late.`,
          );
      }
      const active = problems.length > 0;
      return {
        active,
        headline: active
          ? `${scope}: calls are not reaching Switchboard`
          : `${scope}: calls reach Switchboard again`,
        message: active
          ? problems.join(' ')
          : `The platform's updates about ${scope}'s calls reach Switchboard again.`,
        figures: { agentsAffected: problems.length },
        link: '/settings?section=platform',
      };
    }
    case 'campaign_stalled': {
      const campaigns = await runningCampaignProgress(ctx.db, ctx.businessId, ctx.agentId, ctx.now);
      const limit = condition.hours * HOUR;
      const stalled = campaigns.filter(
        (campaign) =>
          campaign.waiting > 0 &&
          ctx.now.getTime() -
            Math.max(campaign.lastProgress?.getTime() ?? 0, campaign.startAt.getTime()) >=
            limit,
      );
      const active = stalled.length > 0;
      const first = stalled[0];
      return {
        active,
        headline: active
          ? `Campaign “${first?.name ?? ''}” has stopped calling`
          : `Campaigns are calling again`,
        message: active
          ? stalled
              .map(
                (campaign) =>
                  `Campaign “${campaign.name}” has placed no call for ${hoursWords(condition.hours)} though ${plural(campaign.waiting, 'number is', 'numbers are')} still waiting to be called.`,
              )
              .join(' ')
          : `Your running campaigns are placing calls again.`,
        figures: {
          campaigns: stalled.map((campaign) => campaign.name).join(', '),
          waiting: stalled.reduce((sum, campaign) => sum + campaign.waiting, 0),
        },
        link: first ? `/campaigns/${first.id}` : '/campaigns',
      };
    }
  }
}
