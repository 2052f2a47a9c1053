import { and, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { mailOutbox, type InlineImage } from '../../db/schema';
import { storedContent, type MailTransport } from './mail-transport';
import { Poller } from '../../lib/poller';

export type MailInput = {
  to: string;
  subject: string;
  text: string;
  kind: string;
  /** Where answers should go, when not to the sender. */
  replyTo?: string | null;
  /** An HTML alternative of `text`, and the images it shows as `cid:<cid>` (a digest's chart). */
  html?: string | null;
  inlineImages?: InlineImage[];
};

/**
 * Told which outbox messages just changed state (claimed, sent, re-queued, failed, retried),
 * with the connection or transaction that changed them, e.g. to keep email_logs in step.
 */
export type MailChangeListener = (outboxIds: string[], db: Db) => Promise<void>;

/** Attempts before a message is given up as failed (about 1 h of retries with the back-off below). */
export const MAIL_MAX_ATTEMPTS = 6;
const RETRY_BASE_MS = 30_000;
const POLL_MS = 5_000;
/**
 * How long a worker's claim on a message holds; renewed every third of it while the mail server
 * is answering. A message whose lease ran out was interrupted (crash, restart) and is due again.
 */
const DEFAULT_LEASE_MS = 60_000;

export function retryDelayMs(attempts: number): number {
  return RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1);
}

/**
 * The outbox: every message is stored first (in the caller's transaction, so it exists exactly
 * when the thing it tells about exists), then sent by a worker that retries with back-off and
 * records each attempt's outcome. Nothing is lost when the mail server is down.
 *
 * Several instances may run workers on one database (decision 015): a worker claims one message
 * at a time under a lease (`for update skip locked`, so two never claim the same one) and keeps
 * renewing it while it sends, so however slow the mail server is, no other worker takes the
 * message again unless this one has stopped.
 */
export class MailService {
  private readonly runs = new Poller(() => this.drain(), POLL_MS);
  private readonly listeners: MailChangeListener[] = [];

  constructor(
    private readonly deps: {
      db: Db;
      transport: MailTransport;
      from: string;
      log: FastifyBaseLogger;
      /** How long a claim holds without renewal (default 60 s). */
      leaseMs?: number;
    },
  ) {}

  private get leaseMs() {
    return this.deps.leaseMs ?? DEFAULT_LEASE_MS;
  }

  get transportKind() {
    return this.deps.transport.kind;
  }

  /** Registers a listener for the messages' state changes (see MailChangeListener). */
  onChange(listener: MailChangeListener) {
    this.listeners.push(listener);
  }

  private async changed(outboxIds: string[], db: Db = this.deps.db) {
    if (outboxIds.length === 0) return;
    for (const listener of this.listeners) {
      try {
        await listener(outboxIds, db);
      } catch (error) {
        // A listener's failure must not stop delivery; the next change copies the state again.
        this.deps.log.error({ err: error, outboxIds }, 'mail change listener failed');
      }
    }
  }

  /**
   * Asks the running worker to look at the queue now, e.g. right after the transaction that
   * stored a message committed. Without a running worker (tests that drive it) it does nothing.
   */
  kick() {
    this.soon();
  }

  /** A run right after the current tick, unless the worker has been stopped by then. */
  private soon() {
    this.runs.soon();
  }

  /** Stores a message for sending. Pass a transaction to make it part of a larger change. */
  async enqueue(input: MailInput, tx: Db = this.deps.db): Promise<{ id: string }> {
    const [row] = await tx
      .insert(mailOutbox)
      .values({
        kind: input.kind,
        fromAddress: this.deps.from,
        ...storedContent(input),
      })
      .returning({ id: mailOutbox.id });
    if (!row) throw new Error('the message was not stored');
    // Sent soon after the caller's transaction commits (a message not yet visible waits for
    // the next poll).
    this.soon();
    return row;
  }

  /** Starts the worker: sends what is due now and every few seconds. */
  start() {
    this.runs.start();
  }

  async stop() {
    await this.runs.stop();
    this.deps.transport.close();
  }

  /** Sends every message that is due; returns how many were sent. One run at a time. */
  processDue(): Promise<number> {
    return this.runs.request();
  }

  private async drain(): Promise<number> {
    let sent = 0;
    for (;;) {
      const message = await this.claimNext();
      if (!message) return sent;
      await this.changed([message.id]);
      if (await this.sendOne(message)) sent += 1;
    }
  }

  /**
   * Claims the next due message: queued and due, or "sending" under a lease that ran out (its
   * worker stopped). queued → sending in one statement, with the attempt counted and a lease.
   */
  private async claimNext(): Promise<typeof mailOutbox.$inferSelect | undefined> {
    const { db } = this.deps;
    const [claimed] = await db
      .update(mailOutbox)
      .set({
        status: 'sending',
        attempts: sql`${mailOutbox.attempts} + 1`,
        leaseUntil: sql`now() + ${this.leaseMs}::integer * interval '1 millisecond'`,
        updatedAt: new Date(),
      })
      .where(
        inArray(
          mailOutbox.id,
          db
            .select({ id: mailOutbox.id })
            .from(mailOutbox)
            .where(
              or(
                // The database's clock, as for the lease: a message made due with its now() is
                // due at once (a JavaScript Date, in whole milliseconds, can read as earlier).
                and(eq(mailOutbox.status, 'queued'), lte(mailOutbox.nextAttemptAt, sql`now()`)),
                and(
                  eq(mailOutbox.status, 'sending'),
                  // No lease: left sending before leases existed.
                  or(isNull(mailOutbox.leaseUntil), lt(mailOutbox.leaseUntil, sql`now()`)),
                ),
              ),
            )
            .orderBy(mailOutbox.nextAttemptAt)
            .limit(1)
            .for('update', { skipLocked: true }),
        ),
      )
      .returning();
    return claimed;
  }

  /** This worker's claim on the message: still sending, and no attempt since this one. */
  private static held(message: typeof mailOutbox.$inferSelect) {
    return and(
      eq(mailOutbox.id, message.id),
      eq(mailOutbox.status, 'sending'),
      eq(mailOutbox.attempts, message.attempts),
    );
  }

  /** Renews the message's lease every third of it until `stop` is called. */
  private holdLease(message: typeof mailOutbox.$inferSelect): () => Promise<void> {
    const { db, log } = this.deps;
    let renewing: Promise<unknown> = Promise.resolve();
    const timer = setInterval(() => {
      renewing = db
        .update(mailOutbox)
        .set({ leaseUntil: sql`now() + ${this.leaseMs}::integer * interval '1 millisecond'` })
        .where(MailService.held(message))
        .catch((error: unknown) => {
          // The next renewal tries again; the lease covers a missed one.
          log.warn({ err: error, outboxId: message.id }, 'mail lease not renewed');
        });
    }, this.leaseMs / 3);
    timer.unref();
    return async () => {
      clearInterval(timer);
      await renewing;
    };
  }

  private async sendOne(message: typeof mailOutbox.$inferSelect): Promise<boolean> {
    const { db, transport, log } = this.deps;
    const releaseLease = this.holdLease(message);
    try {
      const { messageId } = await transport.send({
        outboxId: message.id,
        from: message.fromAddress,
        to: message.toAddress,
        replyTo: message.replyTo,
        subject: message.subject,
        text: message.textBody,
        html: message.htmlBody,
        inlineImages: message.inlineImages ?? [],
      });
      await releaseLease();
      const now = new Date();
      // Recorded whatever happened to the claim meanwhile: the message has been sent.
      await db
        .update(mailOutbox)
        .set({
          status: 'sent',
          messageId,
          sentAt: now,
          lastError: null,
          leaseUntil: null,
          updatedAt: now,
        })
        .where(eq(mailOutbox.id, message.id));
      await this.changed([message.id]);
      return true;
    } catch (error) {
      await releaseLease();
      const reason = error instanceof Error ? error.message : String(error);
      const giveUp = message.attempts >= MAIL_MAX_ATTEMPTS;
      log.warn(
        { outboxId: message.id, attempts: message.attempts, giveUp },
        `mail not sent: ${reason}`,
      );
      const now = new Date();
      // Only while this attempt still holds it: a later attempt's outcome is not overwritten.
      await db
        .update(mailOutbox)
        .set({
          status: giveUp ? 'failed' : 'queued',
          lastError: reason,
          nextAttemptAt: new Date(now.getTime() + retryDelayMs(message.attempts)),
          leaseUntil: null,
          updatedAt: now,
        })
        .where(MailService.held(message));
      await this.changed([message.id]);
      return false;
    }
  }

  /** Puts a failed message back in the queue for another round of attempts (a Retry button). */
  async retry(id: string, tx: Db = this.deps.db): Promise<boolean> {
    const updated = await tx
      .update(mailOutbox)
      .set({ status: 'queued', attempts: 0, nextAttemptAt: new Date(), updatedAt: new Date() })
      .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'failed')))
      .returning({ id: mailOutbox.id });
    await this.changed(
      updated.map((row) => row.id),
      tx,
    );
    if (updated.length > 0) this.kick();
    return updated.length > 0;
  }
}
