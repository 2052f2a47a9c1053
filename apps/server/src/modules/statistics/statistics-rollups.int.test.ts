import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, todayIn } from '@switchboard/shared/date-range';
import { agents, calls, platformResources } from '../../db/schema';
import { appForSuite, oneDatabase } from '../../test/test-app';
import { listAgents, listAgentsFromCalls } from '../agents/agents.repository';
import {
  periodFigures,
  periodFiguresFromCalls,
  zoneMidnights,
  type PeriodFigures,
} from '../analytics/analytics.repository';

/**
 * The dashboard's call figures and the agent list's last 7 days now add the rollups of the
 * whole hours before the current one to the calls of this hour (decision 072). They must answer
 * what counting the calls answered before, squads' calls included, at any moment: mid-hour, on
 * the hour, in a repeated hour (clocks back) and a skipped one, with calls after "now".
 */
const NEW_YORK = 'America/New_York';
const KOLKATA = 'Asia/Kolkata';

// Each moment's calls go back ~10 days from an anchor; the moments sit inside those spans.
const ANCHORS = ['2026-03-10T15:40:00Z', '2026-11-01T07:10:00Z'];
const MOMENTS = [
  '2026-03-10T15:20:00Z', // 11:20 in New York, mid-hour
  '2026-03-10T15:00:00Z', // on the hour
  '2026-03-08T07:30:00Z', // 03:30, the morning the clocks went forward (calls after it exist)
  '2026-11-01T06:30:00Z', // 01:30 EST, the second 01:00–02:00 of the day the clocks went back
  '2026-11-01T05:59:59Z', // 01:59:59 EDT, the first one
];

describe.each(oneDatabase)('call figures from the rollups on %s', (target) => {
  const ctx = appForSuite(target, { SANDBOX_CALLS: '0' });
  let alpha: string;
  let kolkata: string;

  beforeAll(async () => {
    const db = ctx.app.database.db;
    alpha = (await ctx.createBusinessWithMember({ timezone: NEW_YORK, name: 'Alpha' })).businessId;
    kolkata = (await ctx.createBusinessWithMember({ timezone: KOLKATA, name: 'Kolkata' }))
      .businessId;
    await db.insert(agents).values([
      { platformAssistantId: 'ra-1', businessId: alpha, name: 'One' },
      { platformAssistantId: 'ra-2', businessId: alpha, name: 'Two' },
      // Removed: its calls still count in the business's figures, not in the agent list.
      { platformAssistantId: 'ra-gone', businessId: alpha, name: 'Gone', removedAt: new Date() },
      { platformAssistantId: 'ra-3', businessId: kolkata, name: 'Three' },
      { platformAssistantId: 'ra-free', businessId: null, name: 'Unassigned' },
    ]);
    await db.insert(platformResources).values([
      { kind: 'squad', platformId: 'sq-alpha', businessId: alpha, name: 'Alpha squad' },
      { kind: 'squad', platformId: 'sq-kolkata', businessId: kolkata, name: 'Kolkata squad' },
    ]);

    // Who made each call, in turn: the agents, a squad's calls without an agent (Alpha's,
    // Kolkata's), a squad's call with an agent, an unknown assistant.
    const makers: { assistantId: string | null; squadId?: string }[] = [
      { assistantId: 'ra-1' },
      { assistantId: 'ra-2' },
      { assistantId: 'ra-gone' },
      { assistantId: 'ra-3' },
      { assistantId: 'ra-free' },
      { assistantId: null, squadId: 'sq-alpha' },
      { assistantId: null, squadId: 'sq-kolkata' },
      { assistantId: 'ra-2', squadId: 'sq-alpha' },
      { assistantId: 'ra-unknown' },
    ];
    const rows = [];
    for (const [a, anchor] of ANCHORS.entries()) {
      const at = Date.parse(anchor);
      // Every 23 minutes for ~10 days before the anchor, and a few after it.
      const offsets = [
        ...Array.from({ length: 630 }, (_, i) => -i * 23 * 60_000 - (i % 7) * 1000),
        30_000,
        5 * 60_000,
        2 * 3_600_000,
      ];
      for (const [i, offset] of offsets.entries()) {
        const maker = makers[(i + a) % makers.length]!;
        const createdAt = new Date(at + offset);
        const ended = i % 13 !== 0;
        const seconds = 10 + ((i * 37) % 600);
        const cost = i % 17 === 0 ? null : Math.round(((i * 7919) % 1000) + 1) / 1000;
        const id = `rc-${a}-${i}`;
        rows.push({
          id,
          assistantId: maker.assistantId,
          type: i % 3 === 0 ? 'webCall' : 'inboundPhoneCall',
          status: ended ? 'ended' : 'in-progress',
          endedReason: ended
            ? i % 4 === 0
              ? 'customer-ended-call'
              : 'assistant-ended-call'
            : null,
          successEvaluation: i % 5 === 0 ? 'true' : i % 5 === 1 ? 'false' : null,
          startedAt: createdAt,
          endedAt: ended ? new Date(createdAt.getTime() + seconds * 1000) : null,
          cost: ended ? cost : null,
          isTest: i % 11 === 0,
          createdAt,
          updatedAt: createdAt,
          payload: { id, ...(maker.squadId ? { squadId: maker.squadId } : {}) },
        });
      }
    }
    await db.insert(calls).values(rows);
  });

  const round = (figures: PeriodFigures[]) =>
    figures.map((f) => ({
      calls: f.calls,
      passed: f.passed,
      seconds: Math.round(f.seconds * 1e6) / 1e6,
      spend: Math.round(f.spend * 1e6) / 1e6,
    }));

  it.each(MOMENTS)(
    "the dashboard's figures at %s equal a count of the calls, squads included",
    async (moment) => {
      const db = ctx.app.database.db;
      const now = new Date(moment);
      const end = new Date(now.getTime() + 60_000);
      for (const [businessId, timeZone] of [
        [alpha, NEW_YORK],
        [kolkata, KOLKATA],
      ] as const) {
        const today = todayIn(timeZone, now);
        const days = [today, addDays(today, -6)];
        const fromRollups = await periodFigures(db, { businessId, timeZone, days, now, end });
        const fromCalls = await periodFiguresFromCalls(db, {
          businessId,
          starts: await zoneMidnights(db, days, timeZone),
          end,
        });
        expect(round(fromRollups)).toEqual(round(fromCalls));
        // Not a vacuous agreement: the week holds calls of agents and of the squad.
        expect(fromCalls[1]!.calls).toBeGreaterThan(50);
      }
    },
  );

  it.each(MOMENTS)(
    "the agent list's last 7 days at %s equal a count of each agent's calls",
    async (moment) => {
      const db = ctx.app.database.db;
      const now = new Date(moment);
      const scope = { kind: 'all' } as const;
      const strip = (rows: Awaited<ReturnType<typeof listAgents>>) =>
        rows.map((row) => ({ ...row, spend7d: Math.round(row.spend7d * 1e6) / 1e6 }));
      const fromRollups = await listAgents(db, scope, now);
      const fromCalls = await listAgentsFromCalls(db, scope, now);
      expect(strip(fromRollups)).toEqual(strip(fromCalls));
      const ours = fromCalls.filter((row) => row.id.startsWith('ra-'));
      expect(ours.map((row) => row.id)).toEqual(['ra-1', 'ra-3', 'ra-2', 'ra-free']);
      expect(ours.every((row) => row.calls7d > 0)).toBe(true);
    },
  );
});
