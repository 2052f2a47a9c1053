import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  alertConditionSchema,
  describeAlertCondition,
  type AlertCondition,
  type AlertEvent,
  type AlertOverview,
  type AlertRule,
  type AlertRuleInput,
} from '@switchboard/shared/alerts';
import type { Db } from '../../db/client';
import { alertEvents, alertRules } from '../../db/schema';
import { notFound } from '../../lib/app-error';
import type { MailService } from '../mail/mail.service';
import { evaluateCondition, type AlertVerdict } from './alert-conditions';
import {
  deleteRule,
  findBusinessAgent,
  findRule,
  insertRule,
  listEnabledRules,
  listEvents,
  listRules,
  setRuleEnabled,
  type AlertAudience,
  type AlertRuleRow,
} from './alerts.repository';
import { listAdminEmails, listOwnerEmails } from '../auth/users.repository';
import { notify } from '../notifications/notify';

type RuleWithAgent = { rule: AlertRuleRow; agentName: string | null };

function toRule({ rule, agentName }: RuleWithAgent): AlertRule {
  const condition = alertConditionSchema.parse({ ...(rule.params as object), kind: rule.kind });
  return {
    id: rule.id,
    agentId: rule.agentId,
    agentName: rule.agentId ? agentName || 'Removed agent' : null,
    condition,
    description: describeAlertCondition(condition),
    enabled: rule.enabled,
    state: rule.state === 'firing' ? 'firing' : 'ok',
    stateSince: rule.stateSince?.toISOString() ?? null,
    lastEvaluatedAt: rule.lastEvaluatedAt?.toISOString() ?? null,
    createdAt: rule.createdAt.toISOString(),
  };
}

function toEvent(row: typeof alertEvents.$inferSelect): AlertEvent {
  return {
    id: row.id,
    ruleId: row.ruleId,
    kind: row.kind === 'cleared' ? 'cleared' : 'fired',
    title: row.title,
    message: row.message,
    link: row.link,
    createdAt: row.createdAt.toISOString(),
  };
}

/** One alert that fired or cleared, as it is recorded and told. */
export type AlertDelivery = {
  businessId: string;
  audience: AlertAudience;
  ruleId: string;
  kind: 'fired' | 'cleared';
  description: string;
  verdict: AlertVerdict;
};

/**
 * Alerts (decision 062): the rules an owner sets (and the operator, for any business), their
 * evaluation on a schedule, and what a change of state tells.
 */
/** What the alerts and the digest need: the database, mail, links back, a log and a clock. */
export type AlertMailDeps = {
  db: Db;
  mail: MailService;
  publicBaseUrl: () => string;
  log: FastifyBaseLogger;
  now?: () => number;
};

export class AlertsService {
  constructor(
    private readonly deps: AlertMailDeps & {
      /** Agent health: why the platform's webhooks for this agent are refused, or null. */
      webhookProblem?: (businessId: string, agentId: string) => Promise<string | null>;
    },
  ) {}

  private now() {
    return new Date(this.deps.now ? this.deps.now() : Date.now());
  }

  async overview(businessId: string, audience: AlertAudience): Promise<AlertOverview> {
    const [rules, events] = await Promise.all([
      listRules(this.deps.db, businessId, audience),
      listEvents(this.deps.db, businessId, audience),
    ]);
    return { rules: rules.map(toRule), events: events.map(toEvent) };
  }

  async create(
    businessId: string,
    audience: AlertAudience,
    createdBy: string,
    input: AlertRuleInput & { condition: AlertCondition },
  ): Promise<AlertRule> {
    let agentName: string | null = null;
    if (input.agentId !== null) {
      const agent = await findBusinessAgent(this.deps.db, businessId, input.agentId);
      if (!agent) throw notFound('Agent');
      agentName = agent.name;
    }
    const { kind, ...params } = input.condition;
    const rule = await insertRule(this.deps.db, {
      businessId,
      agentId: input.agentId,
      kind,
      params,
      audience,
      enabled: input.enabled ?? true,
      createdBy,
      // The service's clock: "no call for N hours" counts from here when no call ever came.
      createdAt: this.now(),
      updatedAt: this.now(),
    });
    return toRule({ rule, agentName });
  }

  async setEnabled(businessId: string, audience: AlertAudience, id: string, enabled: boolean) {
    const updated = await setRuleEnabled(this.deps.db, businessId, audience, id, enabled);
    if (!updated) throw notFound('Alert');
    const row = await findRule(this.deps.db, businessId, audience, id);
    if (!row) throw notFound('Alert');
    return toRule(row);
  }

  async remove(businessId: string, audience: AlertAudience, id: string) {
    if (!(await deleteRule(this.deps.db, businessId, audience, id))) throw notFound('Alert');
  }

  /**
   * One evaluation round over every enabled rule. The caller holds the round's lock (one instance
   * at a time); the change of state is also conditional on the state seen, so a rule fires and
   * clears once even if two rounds met. Answers how many rules changed state.
   */
  async evaluateAll(): Promise<number> {
    const now = this.now();
    const rules = await listEnabledRules(this.deps.db);
    let changed = 0;
    for (const { rule, businessName, timeZone, agentName } of rules) {
      try {
        const parsed = alertConditionSchema.safeParse({
          ...(rule.params as object),
          kind: rule.kind,
        });
        if (!parsed.success) continue;
        const verdict = await evaluateCondition(parsed.data, {
          db: this.deps.db,
          now,
          businessId: rule.businessId,
          businessName,
          timeZone,
          agentId: rule.agentId,
          agentName: rule.agentId ? agentName || 'Removed agent' : null,
          ruleCreatedAt: rule.createdAt,
          webhookProblem: (agentId) =>
            this.deps.webhookProblem
              ? this.deps.webhookProblem(rule.businessId, agentId).catch(() => null)
              : Promise.resolve(null),
        });
        if (verdict && verdict.active !== (rule.state === 'firing')) {
          if (await this.transition(rule, verdict, parsed.data, now)) changed += 1;
        } else {
          await this.deps.db
            .update(alertRules)
            .set({ lastEvaluatedAt: now })
            .where(eq(alertRules.id, rule.id));
        }
      } catch (error) {
        // One rule's failure (a database hiccup) leaves the others to be evaluated.
        this.deps.log.warn({ err: error, ruleId: rule.id }, 'alert not evaluated');
      }
    }
    return changed;
  }

  private async transition(
    rule: AlertRuleRow,
    verdict: AlertVerdict,
    condition: AlertCondition,
    now: Date,
  ): Promise<boolean> {
    const from = rule.state === 'firing' ? 'firing' : 'ok';
    const to = verdict.active ? 'firing' : 'ok';
    const done = await this.deps.db.transaction(async (tx) => {
      const [moved] = await tx
        .update(alertRules)
        .set({ state: to, stateSince: now, lastEvaluatedAt: now })
        .where(
          and(eq(alertRules.id, rule.id), eq(alertRules.state, from), eq(alertRules.enabled, true)),
        )
        .returning({ id: alertRules.id });
      if (!moved) return false;
      await this.deliverAlert(
        {
          businessId: rule.businessId,
          audience: rule.audience === 'operator' ? 'operator' : 'owners',
          ruleId: rule.id,
          kind: verdict.active ? 'fired' : 'cleared',
          description: describeAlertCondition(condition),
          verdict,
        },
        tx,
      );
      return true;
    });
    if (done) this.deps.mail.kick();
    return done;
  }

  /**
   * Tells that an alert fired or cleared: the event the Alerts tab shows as history and a mail to
   * each owner (or operator) through the outbox, in the transaction that moved the rule's state.
   * The bell and browser push tell the same people (the notifications module; the mail is this
   * one, so notify() is not asked for another).
   */
  async deliverAlert(delivery: AlertDelivery, tx: Db): Promise<void> {
    const { verdict } = delivery;
    const title = verdict.headline;
    await tx.insert(alertEvents).values({
      ruleId: delivery.ruleId,
      businessId: delivery.businessId,
      audience: delivery.audience,
      kind: delivery.kind,
      title,
      message: verdict.message,
      figures: verdict.figures,
      link: verdict.link,
    });
    await notify(tx, {
      businessId: delivery.audience === 'operator' ? null : delivery.businessId,
      kind: 'alert',
      title: `${delivery.kind === 'fired' ? 'Alert' : 'Cleared'}: ${title}`,
      body: verdict.message,
      link: verdict.link,
      roles: delivery.audience === 'operator' ? ['admin'] : ['owner'],
      channels: ['in_app', 'push'],
    });
    const base = this.deps.publicBaseUrl();
    const settings = delivery.audience === 'operator' ? '/admin' : '/settings?section=alerts';
    const text = [
      verdict.message,
      '',
      `See it: ${base}${verdict.link}`,
      '',
      `Your alert: ${delivery.description}.`,
      `Change your alerts: ${base}${settings}`,
    ].join('\n');
    // Mailed to the business's owners with an email, or the operators with one.
    const recipients =
      delivery.audience === 'operator'
        ? await listAdminEmails(tx)
        : await listOwnerEmails(tx, delivery.businessId);
    for (const to of recipients) {
      await this.deps.mail.enqueue(
        {
          kind: 'alert',
          to,
          subject: `${delivery.kind === 'fired' ? 'Alert' : 'Cleared'}: ${title}`,
          text,
        },
        tx,
      );
    }
  }
}
