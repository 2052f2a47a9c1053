import { NOTIFICATION_KIND_LABELS, type PushPayload } from '@switchboard/shared/notifications';
import { formatDateTime } from '@switchboard/shared/format';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { executeRows, LOCK_KEYS, type Database, type Db } from '../../db/client';
import { notifications, pushSubscriptions } from '../../db/schema';
import { findSessionUser } from '../auth/users.repository';
import type { MailService } from '../mail/mail.service';
import type { Resolver } from '../../platform/recording-fetch';
import { sendPush, type PushReach, type VapidKeys } from './push-delivery';
import { Poller } from '../../lib/poller';

/** The outbox kind of the hourly notification mail. */
export const NOTIFICATION_MAIL_KIND = 'notifications';
/** At most one notification mail per user in this long: a busy hour is one mail, not forty. */
export const NOTIFICATION_MAIL_EVERY_MS = 3_600_000;
const POLL_MS = 5_000;
const BATCH = 50;
/** A subscription that failed this many times in a row (not 404/410) is dropped. */
const MAX_PUSH_FAILURES = 10;
const PUSH_BODY_MAX = 400;

export type NotificationJobDeps = {
  db: Db;
  tryWithLock: Database['tryWithLock'];
  mail: MailService;
  vapid: () => Promise<VapidKeys>;
  reach: PushReach;
  publicBaseUrl: () => string;
  log: FastifyBaseLogger;
  /** Default one hour. */
  mailEveryMs?: number;
  resolve?: Resolver;
};

/**
 * Sends what `notify()` left pending (decision 060), under the advisory lock of decision 015 so
 * one instance of a fleet does it at a time: each pending push to every browser the user
 * subscribed, and for each user with pending mail whose last notification mail is an hour old
 * (or who never had one), ONE mail listing them all, through the outbox. Runs every few seconds
 * and when kicked; never per request.
 */
export class NotificationJob {
  /** A run asked for while one was under way starts after it, unless the job was stopped. */
  private readonly runs: Poller<void> = new Poller(async () => {
    if (!this.runs.started) return;
    await this.runOnce().catch((error: unknown) =>
      this.deps.log.error({ err: error }, 'notification job failed'),
    );
  }, POLL_MS);

  constructor(private readonly deps: NotificationJobDeps) {}

  private get mailEveryMs() {
    return this.deps.mailEveryMs ?? NOTIFICATION_MAIL_EVERY_MS;
  }

  start() {
    this.runs.start();
  }

  stop() {
    return this.runs.stop();
  }

  /** A run soon, e.g. after a notification was raised; nothing when the job is not started. */
  kick() {
    if (!this.runs.started) return;
    void this.runs.request();
  }

  /** One run (tests drive it): answers what was done, or null when another instance holds it. */
  async runOnce(): Promise<{ pushes: number; mails: number } | null> {
    const outcome = await this.deps.tryWithLock(LOCK_KEYS.notifications, async () => {
      const pushes = await this.sendPushes();
      const mails = await this.sendMails();
      return { pushes, mails };
    });
    return outcome.locked ? outcome.value : null;
  }

  private async sendPushes(): Promise<number> {
    const { db, log } = this.deps;
    let sent = 0;
    const due = await db
      .select({
        id: notifications.id,
        userId: notifications.userId,
        kind: notifications.kind,
        title: notifications.title,
        body: notifications.body,
        link: notifications.link,
      })
      .from(notifications)
      .where(eq(notifications.pushState, 'pending'))
      .orderBy(asc(notifications.createdAt))
      .limit(BATCH);
    if (due.length === 0) return 0;
    const vapid = await this.deps.vapid();
    for (const row of due) {
      const subscriptions = await db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.userId, row.userId));
      const payload: PushPayload = {
        id: row.id,
        kind: row.kind as PushPayload['kind'],
        title: row.title,
        // A push message carries about 4 KB: the start of the body is enough on a lock screen.
        body:
          row.body.length > PUSH_BODY_MAX ? `${row.body.slice(0, PUSH_BODY_MAX - 1)}…` : row.body,
        link: row.link,
      };
      let delivered = false;
      for (const subscription of subscriptions) {
        const outcome = await sendPush(
          subscription,
          JSON.stringify(payload),
          vapid,
          this.deps.reach,
          this.deps.resolve,
        );
        if (outcome.ok) {
          delivered = true;
          await db
            .update(pushSubscriptions)
            .set({ failures: 0, lastError: null, lastSentAt: new Date() })
            .where(eq(pushSubscriptions.id, subscription.id));
        } else if (outcome.gone || subscription.failures + 1 >= MAX_PUSH_FAILURES) {
          // The browser unsubscribed or the subscription expired: it will never deliver again.
          await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, subscription.id));
          log.info(
            { subscriptionId: subscription.id },
            `push subscription dropped: ${outcome.reason}`,
          );
        } else {
          await db
            .update(pushSubscriptions)
            .set({ failures: sql`${pushSubscriptions.failures} + 1`, lastError: outcome.reason })
            .where(eq(pushSubscriptions.id, subscription.id));
          log.warn({ subscriptionId: subscription.id }, `push not delivered: ${outcome.reason}`);
        }
      }
      await db
        .update(notifications)
        .set({ pushState: delivered ? 'sent' : 'failed' })
        .where(and(eq(notifications.id, row.id), eq(notifications.pushState, 'pending')));
      if (delivered) sent += 1;
    }
    return sent;
  }

  private async sendMails(): Promise<number> {
    const { db } = this.deps;
    // Users with pending mail whose last notification mail is at least an hour old.
    const due = await executeRows<{ user_id: string }>(
      db,
      sql`select distinct n.user_id from notifications n
        where n.email_state = 'pending'
          and not exists (select 1 from notification_mail_state m
            where m.user_id = n.user_id
              and m.last_mailed_at > now() - ${this.mailEveryMs}::integer * interval '1 millisecond')
        limit ${BATCH}`,
    );
    let mails = 0;
    for (const { user_id: userId } of due) {
      if (await this.mailUser(userId)) mails += 1;
    }
    if (mails > 0) this.deps.mail.kick();
    return mails;
  }

  /** One mail with every pending notification of the user, in one transaction with their marks. */
  private async mailUser(userId: string): Promise<boolean> {
    const base = this.deps.publicBaseUrl().replace(/\/$/, '');
    return this.deps.db.transaction(async (tx) => {
      const user = await findSessionUser(tx, userId);
      const rows = await tx
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, userId), eq(notifications.emailState, 'pending')))
        .orderBy(asc(notifications.createdAt))
        .for('update', { skipLocked: true });
      if (rows.length === 0) return false;
      await tx
        .update(notifications)
        .set({ emailState: 'mailed' })
        .where(
          inArray(
            notifications.id,
            rows.map((row) => row.id),
          ),
        );
      if (!user?.email) return false;
      const zone = user.business?.timezone ?? 'UTC';
      const lines = rows.map((row) => {
        const parts = [`${formatDateTime(row.createdAt, zone)} · ${row.title}`];
        if (row.body) parts.push(`  ${row.body}`);
        if (row.link) parts.push(`  ${base}${row.link}`);
        return parts.join('\n');
      });
      const only = rows.length === 1 ? rows[0] : undefined;
      const subject = only
        ? `${NOTIFICATION_KIND_LABELS[only.kind as keyof typeof NOTIFICATION_KIND_LABELS] ?? 'Notification'}: ${only.title}`
        : `${rows.length} notifications${user.business ? ` for ${user.business.name}` : ''}`;
      const text = [
        `Hello${user.name ? ` ${user.name}` : ''},`,
        '',
        only
          ? 'This happened in Switchboard:'
          : `These ${rows.length} things happened in Switchboard:`,
        '',
        lines.join('\n\n'),
        '',
        '—',
        `You get at most one of these mails an hour. Choose what you are told, and where, at ${base}/settings?section=notifications`,
      ].join('\n');
      await this.deps.mail.enqueue(
        { to: user.email, subject, text, kind: NOTIFICATION_MAIL_KIND },
        tx,
      );
      await tx.execute(sql`insert into notification_mail_state (user_id, last_mailed_at)
        values (${userId}, now())
        on conflict (user_id) do update set last_mailed_at = excluded.last_mailed_at`);
      return true;
    });
  }
}
