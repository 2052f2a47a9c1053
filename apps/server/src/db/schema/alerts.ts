import { boolean, date, index, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { businesses } from './businesses';
import { idColumn, ownedBy, ts } from './columns';

/**
 * An alert an owner (or the operator) set on one agent or the whole business (decision 062).
 * `params` is the rule's kind and thresholds as packages/shared/src/alerts.ts's schema says
 * (checked on the way in); `state` is what the last evaluation saw, so a condition fires once
 * when it starts and once when it clears.
 */
export const alertRules = pgTable(
  'alert_rules',
  {
    id: idColumn(),
    businessId: ownedBy('business_id', () => businesses.id),
    /** The platform assistant id of the agent it watches; null: every agent of the business. */
    agentId: text('agent_id'),
    /** success_rate | daily_cost | no_calls | platform_errors | webhooks | campaign_stalled */
    kind: text('kind').notNull(),
    params: jsonb('params').notNull(),
    /** owners: the business's owners are told; operator: the operator's rule, told to admins. */
    audience: text('audience').notNull().default('owners'),
    enabled: boolean('enabled').notNull().default(true),
    /** ok | firing */
    state: text('state').notNull().default('ok'),
    stateSince: ts('state_since'),
    lastEvaluatedAt: ts('last_evaluated_at'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('alert_rules_business_idx').on(t.businessId, t.createdAt)],
);

/** Each time a rule fired or cleared, with the words and figures that were sent. */
export const alertEvents = pgTable(
  'alert_events',
  {
    id: idColumn(),
    ruleId: uuid('rule_id').references(() => alertRules.id, { onDelete: 'set null' }),
    businessId: ownedBy('business_id', () => businesses.id),
    audience: text('audience').notNull().default('owners'),
    /** fired | cleared */
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    figures: jsonb('figures').notNull(),
    /** A path in the app (`/agent/…/call-logs?tab=failed`); mail makes it absolute. */
    link: text('link').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('alert_events_business_created_idx').on(t.businessId, t.createdAt.desc())],
);

/** A user's digest choice: off (no row), daily or weekly; `since`: when it was last chosen. */
export const digestSubscriptions = pgTable('digest_subscriptions', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  frequency: text('frequency').notNull(),
  since: ts('since').notNull().defaultNow(),
});

/**
 * One row per digest sent: a user's period (its first local day) is sent at most once, as the
 * row and its outbox message are written in one transaction.
 */
export const digestSends = pgTable(
  'digest_sends',
  {
    userId: ownedBy('user_id', () => users.id),
    frequency: text('frequency').notNull(),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    outboxId: uuid('outbox_id'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.frequency, t.periodStart] })],
);
