import type { Agent } from '@switchboard/shared/agents';
import type { AgentAnalytics, AgentBreakdowns, AnalyticsDay } from '@switchboard/shared/analytics';
import { eachDay } from '@switchboard/shared/date-range';
import { buildAgent as buildListedAgent } from '../../test/fake-agents-api';

/** Test data shaped like the server's answers; every builder takes overrides. */

/** An agent that has not taken a call yet. */
export function buildAgent(overrides: Partial<Agent> = {}): Agent {
  return buildListedAgent({
    last7Days: { calls: 0, successRate: null, spend: 0 },
    lastCallAt: null,
    lastCallAtText: null,
    createdAt: '2026-01-05T09:00:00.000Z',
    ...overrides,
  });
}

function buildRange(from: string, to: string, timeZone = 'Europe/Dublin') {
  return {
    from,
    to,
    timeZone,
    start: `${from}T00:00:00.000Z`,
    end: `${to}T23:59:59.999Z`,
  };
}

/** Zero-filled days from `from` to `to`, with `busy` days' figures filled in. */
export function buildDays(
  from: string,
  to: string,
  busy: Record<string, Partial<AnalyticsDay>> = {},
): AnalyticsDay[] {
  return eachDay(from, to).map((date) => ({
    date,
    calls: 0,
    minutes: 0,
    spend: 0,
    passed: 0,
    failed: 0,
    ...busy[date],
  }));
}

/** Three days, Mar 3–5 2026, with calls on two of them. */
export function buildAgentAnalytics(overrides: Partial<AgentAnalytics> = {}): AgentAnalytics {
  return {
    range: buildRange('2026-03-03', '2026-03-05'),
    summary: {
      totalCallMinutes: 30.25,
      numberOfCalls: 5,
      totalSpent: 12.5,
      averageCostPerCall: 2.5,
    },
    daily: buildDays('2026-03-03', '2026-03-05', {
      '2026-03-03': { calls: 2, minutes: 10.5, spend: 4.25, passed: 1, failed: 1 },
      '2026-03-05': { calls: 3, minutes: 19.75, spend: 8.25, passed: 3, failed: 0 },
    }),
    outcomes: { passed: 4, failed: 1 },
    ...overrides,
  };
}

/** What a new agent gets: the range, zeros and nothing else. */
export function buildEmptyAgentAnalytics(): AgentAnalytics {
  return buildAgentAnalytics({
    summary: { totalCallMinutes: 0, numberOfCalls: 0, totalSpent: 0, averageCostPerCall: 0 },
    daily: buildDays('2026-03-03', '2026-03-05'),
    outcomes: { passed: 0, failed: 0 },
  });
}

export function buildAgentBreakdowns(overrides: Partial<AgentBreakdowns> = {}): AgentBreakdowns {
  return {
    range: buildRange('2026-03-03', '2026-03-05'),
    totalCalls: 9,
    endedReasons: [
      { reason: 'customer-ended-call', calls: 5 },
      { reason: 'assistant-ended-call', calls: 2 },
    ],
    otherEndedReasons: { calls: 2, reasons: 2 },
    callTypes: [
      { type: 'inbound', calls: 6 },
      { type: 'outbound', calls: 2 },
      { type: 'web', calls: 1 },
    ],
    successRate: [
      { date: '2026-03-03', calls: 4, passed: 3, rate: 75 },
      { date: '2026-03-04', calls: 0, passed: 0, rate: null },
      { date: '2026-03-05', calls: 5, passed: 4, rate: 80 },
    ],
    costComponents: [
      { component: 'transport', label: 'Transport', cost: 0.5 },
      { component: 'stt', label: 'Speech-to-text', cost: 1.25 },
      { component: 'llm', label: 'Model', cost: 3 },
      { component: 'tts', label: 'Voice', cost: 2 },
      { component: 'vapi', label: 'Platform', cost: 0.75 },
    ],
    durations: [
      { label: '< 30s', fromSeconds: 0, toSeconds: 30, calls: 1 },
      { label: '30s–1m', fromSeconds: 30, toSeconds: 60, calls: 2 },
      { label: '1–2m', fromSeconds: 60, toSeconds: 120, calls: 3 },
      { label: '2–3m', fromSeconds: 120, toSeconds: 180, calls: 1 },
      { label: '3–5m', fromSeconds: 180, toSeconds: 300, calls: 1 },
      { label: '5–10m', fromSeconds: 300, toSeconds: 600, calls: 1 },
      { label: '10m+', fromSeconds: 600, toSeconds: null, calls: 0 },
    ],
    hours: Array.from({ length: 24 }, (_, hour) => ({
      hour,
      calls: hour === 14 ? 6 : hour === 9 ? 3 : 0,
    })),
    ...overrides,
  };
}

export function buildEmptyAgentBreakdowns(): AgentBreakdowns {
  return buildAgentBreakdowns({
    totalCalls: 0,
    endedReasons: [],
    otherEndedReasons: { calls: 0, reasons: 0 },
    callTypes: [
      { type: 'inbound', calls: 0 },
      { type: 'outbound', calls: 0 },
      { type: 'web', calls: 0 },
    ],
    successRate: [
      { date: '2026-03-03', calls: 0, passed: 0, rate: null },
      { date: '2026-03-04', calls: 0, passed: 0, rate: null },
      { date: '2026-03-05', calls: 0, passed: 0, rate: null },
    ],
    costComponents: buildAgentBreakdowns().costComponents.map((entry) => ({ ...entry, cost: 0 })),
    durations: buildAgentBreakdowns().durations.map((bucket) => ({ ...bucket, calls: 0 })),
    hours: Array.from({ length: 24 }, (_, hour) => ({ hour, calls: 0 })),
  });
}
