import { and, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { Webhook } from 'standardwebhooks';
import {
  WEBHOOK_MAX_ATTEMPTS,
  WEBHOOK_RETRY_DELAYS_SECONDS,
} from '@switchboard/shared/integrations';
import type { Db } from '../../db/client';
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from '../../db/schema';
import { sendWebhook, type SendOutcome, type TargetRules } from './webhook-target';
import { Poller } from '../../lib/poller';

/** The wait before attempt n + 1 after n failed ones (the last delay repeats). */
export function webhookRetryDelayMs(
  failedAttempts: number,
  delaysSeconds: readonly number[] = WEBHOOK_RETRY_DELAYS_SECONDS,
): number {
  const index = Math.min(Math.max(failedAttempts, 1), delaysSeconds.length) - 1;
  return delaysSeconds[index]! * 1000;
}

/** The Standard Webhooks message id of a delivery: the same on every attempt and resend. */
export const messageIdOf = (deliveryId: string) => `msg_${deliveryId.replaceAll('-', '')}`;

type Claimed = {
  id: string;
  attempts: number;
  payload: unknown;
  resendRequestedAt: Date | null;
  url: string;
  secret: string;
};

const POLL_MS = 5_000;
const DEFAULT_LEASE_MS = 60_000;
/** Deliveries sent at once by one instance: a receiver that hangs holds one slot, not the queue. */
const DEFAULT_CONCURRENCY = 4;

/**
 * The outgoing webhooks' worker (decision 061), by the job rules of decision 015: each instance
 * claims one due delivery at a time per slot under a lease (`for update skip locked`, so two
 * never claim the same one; a lease that ran out means its worker stopped, and the delivery is
 * due again), sends it with a hard timeout, and records the attempt only while it still holds
 * the claim. A failed attempt is retried with back-off (WEBHOOK_RETRY_DELAYS_SECONDS) until
 * WEBHOOK_MAX_ATTEMPTS, then the delivery is failed; the owner can resend it.
 */
export class WebhookDeliveryJob {
  private readonly runs = new Poller(() => this.drain(), POLL_MS);

  constructor(
    private readonly deps: {
      db: Db;
      log: FastifyBaseLogger;
      rules: TargetRules;
      leaseMs?: number;
      concurrency?: number;
      timeoutMs?: number;
      /** Back-off (tests make it short). */
      retryDelaysSeconds?: readonly number[];
      maxAttempts?: number;
    },
  ) {}

  private get leaseMs() {
    return this.deps.leaseMs ?? DEFAULT_LEASE_MS;
  }

  start() {
    this.runs.start();
  }

  stop() {
    return this.runs.stop();
  }

  /** Looks at the queue now (after the transaction that raised an event committed). */
  kick() {
    this.runs.soon();
  }

  /** Sends every due delivery; answers how many attempts were made. One run at a time. */
  processDue(): Promise<number> {
    return this.runs.request();
  }

  private async drain(): Promise<number> {
    let attempts = 0;
    const slot = async () => {
      for (;;) {
        const delivery = await this.claimNext();
        if (!delivery) return;
        await this.attempt(delivery);
        attempts += 1;
      }
    };
    const slots = Array.from({ length: this.deps.concurrency ?? DEFAULT_CONCURRENCY }, slot);
    const results = await Promise.allSettled(slots);
    for (const result of results) {
      if (result.status === 'rejected') {
        this.deps.log.error({ err: result.reason }, 'webhook delivery run failed');
      }
    }
    return attempts;
  }

  /**
   * Claims the next due delivery of an enabled endpoint: pending and due, or sending under a
   * lease that ran out. pending → sending in one statement, the attempt counted, a lease taken.
   */
  private async claimNext(): Promise<Claimed | undefined> {
    const { db } = this.deps;
    const [claimed] = await db
      .update(webhookDeliveries)
      .set({
        status: 'sending',
        attempts: sql`${webhookDeliveries.attempts} + 1`,
        leaseUntil: sql`now() + ${this.leaseMs}::integer * interval '1 millisecond'`,
      })
      .where(
        inArray(
          webhookDeliveries.id,
          db
            .select({ id: webhookDeliveries.id })
            .from(webhookDeliveries)
            .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
            .where(
              and(
                eq(webhookEndpoints.enabled, true),
                or(
                  and(
                    eq(webhookDeliveries.status, 'pending'),
                    lte(webhookDeliveries.nextAttemptAt, sql`now()`),
                  ),
                  and(
                    eq(webhookDeliveries.status, 'sending'),
                    or(
                      isNull(webhookDeliveries.leaseUntil),
                      lt(webhookDeliveries.leaseUntil, sql`now()`),
                    ),
                  ),
                ),
              ),
            )
            .orderBy(webhookDeliveries.nextAttemptAt)
            .limit(1)
            .for('update', { of: webhookDeliveries, skipLocked: true }),
        ),
      )
      .returning({
        id: webhookDeliveries.id,
        endpointId: webhookDeliveries.endpointId,
        attempts: webhookDeliveries.attempts,
        payload: webhookDeliveries.payload,
        resendRequestedAt: webhookDeliveries.resendRequestedAt,
      });
    if (!claimed) return undefined;
    const [endpoint] = await db
      .select({ url: webhookEndpoints.url, secret: webhookEndpoints.secret })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, claimed.endpointId));
    if (!endpoint) return undefined;
    return { ...claimed, ...endpoint };
  }

  private held(delivery: Claimed) {
    return and(
      eq(webhookDeliveries.id, delivery.id),
      eq(webhookDeliveries.status, 'sending'),
      eq(webhookDeliveries.attempts, delivery.attempts),
    );
  }

  private async attempt(delivery: Claimed): Promise<void> {
    const { db, log } = this.deps;
    const body = JSON.stringify(delivery.payload);
    const messageId = messageIdOf(delivery.id);
    let outcome: SendOutcome;
    try {
      const timestamp = new Date();
      const signature = new Webhook(delivery.secret).sign(messageId, timestamp, body);
      outcome = await sendWebhook(
        delivery.url,
        body,
        {
          'webhook-id': messageId,
          'webhook-timestamp': String(Math.floor(timestamp.getTime() / 1000)),
          'webhook-signature': signature,
        },
        { ...this.deps.rules, ...(this.deps.timeoutMs ? { timeoutMs: this.deps.timeoutMs } : {}) },
      );
    } catch (error) {
      outcome = {
        ok: false,
        statusCode: null,
        error: error instanceof Error ? error.message : String(error),
        durationMs: 0,
      };
    }
    const maxAttempts = this.deps.maxAttempts ?? WEBHOOK_MAX_ATTEMPTS;
    const giveUp = !outcome.ok && delivery.attempts >= maxAttempts;
    const delayMs = webhookRetryDelayMs(
      delivery.attempts,
      this.deps.retryDelaysSeconds ?? WEBHOOK_RETRY_DELAYS_SECONDS,
    );
    if (!outcome.ok) {
      log.info(
        { deliveryId: delivery.id, attempts: delivery.attempts, giveUp },
        `webhook not delivered: ${outcome.error}`,
      );
    }
    await db.transaction(async (tx) => {
      const recorded = await tx
        .update(webhookDeliveries)
        .set({
          status: outcome.ok ? 'delivered' : giveUp ? 'failed' : 'pending',
          leaseUntil: null,
          lastAttemptAt: sql`now()`,
          lastStatusCode: outcome.statusCode,
          lastError: outcome.error,
          resendRequestedAt: null,
          ...(outcome.ok ? { deliveredAt: sql`now()` } : {}),
          ...(!outcome.ok && !giveUp
            ? { nextAttemptAt: sql`now() + ${delayMs}::integer * interval '1 millisecond'` }
            : {}),
        })
        .where(this.held(delivery))
        .returning({ id: webhookDeliveries.id });
      // Another worker took it over (this one's lease ran out): its attempt is the one logged.
      if (recorded.length === 0) return;
      await tx.insert(webhookAttempts).values({
        deliveryId: delivery.id,
        durationMs: outcome.durationMs,
        statusCode: outcome.statusCode,
        ok: outcome.ok,
        error: outcome.error,
        trigger: delivery.resendRequestedAt ? 'resend' : 'automatic',
      });
    });
  }
}
