import {
  NOTIFICATION_CHANNELS,
  NOTIFICATION_KINDS,
  notificationMessages,
  type Notification,
  type NotificationKind,
  type NotificationList,
  type NotificationPreferences,
  type NotificationPreferencesInput,
  type PushSubscriptionInput,
} from '@switchboard/shared/notifications';
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  notificationPreferences,
  notifications,
  platformSettings,
  pushSubscriptions,
} from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { findUserAccount } from '../auth/users.repository';
import { isUuid } from '../enquiries/enquiries.repository';
import {
  endpointProblem,
  generateVapidKeys,
  type PushReach,
  type VapidKeys,
} from './push-delivery';

const VAPID_SETTING = 'web-push-vapid-keys';
/** Browsers one user may have receiving push. */
const MAX_DEVICES = 20;

/**
 * The deployment's VAPID key pair: made once and kept in platform_settings as one value (so
 * instances starting together cannot end up with halves of two pairs); the first stored wins.
 */
export async function sharedVapidKeys(db: Db): Promise<{ publicKey: string; privateKey: string }> {
  await db
    .insert(platformSettings)
    .values({ name: VAPID_SETTING, value: JSON.stringify(generateVapidKeys()) })
    .onConflictDoNothing({ target: platformSettings.name });
  const [row] = await db
    .select({ value: platformSettings.value })
    .from(platformSettings)
    .where(eq(platformSettings.name, VAPID_SETTING));
  if (!row) throw new Error('the web push keys could not be stored');
  const keys = JSON.parse(row.value) as { publicKey: string; privateKey: string };
  return { publicKey: keys.publicKey, privateKey: keys.privateKey };
}

/** VAPID's contact: the https public address, else the sender's mail address. */
export function vapidSubject(publicUrl: string | undefined, mailFrom: string): string {
  if (publicUrl?.startsWith('https://')) return new URL(publicUrl).origin;
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();
  return `mailto:${address}`;
}

const notFound = () => new AppError('NOT_FOUND', notificationMessages.notFound);

/** The signed-in user's bell, preferences and browsers (every route acts for that user only). */
export class NotificationsService {
  private vapid: Promise<VapidKeys> | undefined;

  constructor(
    private readonly deps: {
      db: Db;
      reach: PushReach;
      subject: string;
      /** Asks the job to look for work now (a new subscription, a raised notification). */
      kick?: () => void;
    },
  ) {}

  /** The VAPID keys, read (or made) once per process. */
  vapidKeys(): Promise<VapidKeys> {
    this.vapid ??= sharedVapidKeys(this.deps.db)
      .then((keys) => ({ ...keys, subject: this.deps.subject }))
      .catch((error: unknown) => {
        this.vapid = undefined;
        throw error;
      });
    return this.vapid;
  }

  async list(userId: string, limit: number): Promise<NotificationList> {
    const rows = await this.deps.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.inApp, true)))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(limit);
    return { items: rows.map(toNotification), unread: await this.unread(userId) };
  }

  async unread(userId: string): Promise<number> {
    const [row] = await this.deps.db
      .select({ n: count() })
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, userId),
          eq(notifications.inApp, true),
          isNull(notifications.readAt),
        ),
      );
    return Number(row?.n ?? 0);
  }

  async markRead(userId: string, id: string): Promise<Notification> {
    if (!isUuid(id)) throw notFound();
    const [row] = await this.deps.db
      .update(notifications)
      .set({ readAt: sql`coalesce(${notifications.readAt}, now())` })
      .where(
        and(
          eq(notifications.id, id),
          eq(notifications.userId, userId),
          eq(notifications.inApp, true),
        ),
      )
      .returning();
    if (!row) throw notFound();
    return toNotification(row);
  }

  async markAllRead(userId: string): Promise<{ updated: number }> {
    const rows = await this.deps.db
      .update(notifications)
      .set({ readAt: sql`now()` })
      .where(
        and(
          eq(notifications.userId, userId),
          eq(notifications.inApp, true),
          isNull(notifications.readAt),
        ),
      )
      .returning({ id: notifications.id });
    return { updated: rows.length };
  }

  async preferences(userId: string): Promise<NotificationPreferences> {
    const { db } = this.deps;
    const stored = await db
      .select()
      .from(notificationPreferences)
      .where(eq(notificationPreferences.userId, userId));
    const off = new Set(
      stored.filter((row) => !row.enabled).map((row) => `${row.kind}:${row.channel}`),
    );
    const [devices] = await db
      .select({ n: count() })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId));
    const user = await findUserAccount(db, userId);
    const { publicKey } = await this.vapidKeys();
    return {
      preferences: NOTIFICATION_KINDS.flatMap((kind) =>
        NOTIFICATION_CHANNELS.map((channel) => ({
          kind,
          channel,
          enabled: !off.has(`${kind}:${channel}`),
        })),
      ),
      pushPublicKey: publicKey,
      pushDevices: Number(devices?.n ?? 0),
      hasEmail: Boolean(user?.email),
    };
  }

  async setPreferences(
    userId: string,
    input: NotificationPreferencesInput,
  ): Promise<NotificationPreferences> {
    // The last word for a kind and channel counts when one is sent twice.
    const byKey = new Map(input.preferences.map((p) => [`${p.kind}:${p.channel}`, p]));
    await this.deps.db
      .insert(notificationPreferences)
      .values([...byKey.values()].map((p) => ({ userId, ...p })))
      .onConflictDoUpdate({
        target: [
          notificationPreferences.userId,
          notificationPreferences.kind,
          notificationPreferences.channel,
        ],
        set: { enabled: sql`excluded.enabled`, updatedAt: sql`now()` },
      });
    return this.preferences(userId);
  }

  /** This browser receives the user's pushes (a browser that had another user's moves over). */
  async subscribe(
    userId: string,
    input: PushSubscriptionInput,
    userAgent: string,
  ): Promise<{ devices: number }> {
    const problem = endpointProblem(input.endpoint, this.deps.reach);
    if (problem) {
      throw new AppError('VALIDATION_ERROR', problem, {
        issues: [{ path: 'body.endpoint', message: problem }],
      });
    }
    await this.deps.db
      .insert(pushSubscriptions)
      .values({
        userId,
        endpoint: input.endpoint,
        p256dh: input.keys.p256dh,
        auth: input.keys.auth,
        userAgent: userAgent.slice(0, 300),
      })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: {
          userId,
          p256dh: input.keys.p256dh,
          auth: input.keys.auth,
          userAgent: userAgent.slice(0, 300),
          failures: 0,
          lastError: null,
        },
      });
    // Each notification goes to every browser: the oldest beyond a few dozen are forgotten.
    await this.deps.db.execute(sql`delete from push_subscriptions where user_id = ${userId}
      and id not in (select id from push_subscriptions where user_id = ${userId}
        order by created_at desc, id desc limit ${MAX_DEVICES})`);
    return { devices: await this.devices(userId) };
  }

  /** This browser stops receiving the user's pushes (nothing to do when it did not). */
  async unsubscribe(userId: string, endpoint: string): Promise<{ devices: number }> {
    await this.deps.db
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
    return { devices: await this.devices(userId) };
  }

  private async devices(userId: string): Promise<number> {
    const [row] = await this.deps.db
      .select({ n: count() })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId));
    return Number(row?.n ?? 0);
  }
}

function toNotification(row: typeof notifications.$inferSelect): Notification {
  return {
    id: row.id,
    kind: (NOTIFICATION_KINDS as readonly string[]).includes(row.kind)
      ? (row.kind as NotificationKind)
      : 'alert',
    title: row.title,
    body: row.body,
    link: row.link,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
  };
}
