import {
  NOTIFICATION_BODY_MAX,
  NOTIFICATION_KINDS,
  NOTIFICATION_TITLE_MAX,
  type NotificationChannel,
  type NotificationKind,
} from '@switchboard/shared/notifications';
import { sql } from 'drizzle-orm';
import { executeRows, type Db } from '../../db/client';

/** Who on the team may be told: every role unless narrowed (e.g. alerts for owners only). */
export type NotifyRole = 'owner' | 'manager' | 'member' | 'admin';

export type NotifyInput = {
  /**
   * The business whose team is told; null: the operator's administrators (an alert across
   * businesses).
   */
  businessId: string | null;
  kind: NotificationKind;
  /** One line, e.g. "New enquiry from Ann Lee". Cut at 200 characters. */
  title: string;
  /** A sentence or two, plain text. Cut at 1000 characters. */
  body?: string;
  /** Where a click leads: a path in the app (`/enquiries`), never another site. */
  link?: string | null;
  /** Only these users (still members of the business, still by their preferences). */
  userIds?: readonly string[];
  /** Only users with these roles (default: everyone on the team). */
  roles?: readonly NotifyRole[];
  /**
   * Only these channels (default all three), e.g. without email when the caller mails the same
   * people about the same thing already.
   */
  channels?: readonly NotificationChannel[];
};

/** A link is a path of ours, or nothing: a notification never sends anyone elsewhere. */
export function safeLink(link: string | null | undefined): string | null {
  if (!link) return null;
  return link.startsWith('/') && !link.startsWith('//') && !link.includes('\\') ? link : null;
}

/**
 * Raises a notification: one row per member of the business who can sign in and has the kind
 * switched on in at least one channel, each channel's state taken from the member's preferences
 * (no preference: on). One INSERT … SELECT, so it is cheap on hot paths (a webhook's tool call)
 * and, given a transaction, exists exactly when the change it tells about does. The pushes and
 * the hourly mail are sent afterwards by the notification job (decision 060).
 *
 * Answers how many users it reached.
 */
export async function notify(db: Db, input: NotifyInput): Promise<number> {
  if (!(NOTIFICATION_KINDS as readonly string[]).includes(input.kind)) {
    throw new Error(`unknown notification kind ${input.kind}`);
  }
  const title = input.title.slice(0, NOTIFICATION_TITLE_MAX);
  const body = (input.body ?? '').slice(0, NOTIFICATION_BODY_MAX);
  const link = safeLink(input.link);
  const team =
    input.businessId === null
      ? sql`u.role = 'admin'`
      : sql`u.business_id = ${input.businessId} and u.role in ('owner', 'manager', 'member')`;
  const onlyUsers =
    input.userIds === undefined
      ? sql``
      : input.userIds.length === 0
        ? sql` and false`
        : sql` and u.id in (${sql.join(
            input.userIds.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})`;
  const onlyRoles =
    input.roles === undefined
      ? sql``
      : input.roles.length === 0
        ? sql` and false`
        : sql` and u.role in (${sql.join(
            input.roles.map((role) => sql`${role}`),
            sql`, `,
          )})`;
  const channels = input.channels ?? ['in_app', 'email', 'push'];
  const pref = (channel: NotificationChannel) =>
    !channels.includes(channel)
      ? sql`false`
      : sql`coalesce((select p.enabled from notification_preferences p
      where p.user_id = u.id and p.kind = ${input.kind} and p.channel = ${channel}), true)`;
  const rows = await executeRows<{ id: string }>(
    db,
    sql`
    with targets as (
      select u.id as user_id, u.business_id,
        ${pref('in_app')} as in_app,
        (${pref('email')} and coalesce(u.email, '') <> '') as email,
        (${pref('push')} and exists (select 1 from push_subscriptions s where s.user_id = u.id)) as push
      from users u
      where ${team} and u.password_hash is not null${onlyUsers}${onlyRoles}
    )
    insert into notifications (business_id, user_id, kind, title, body, link, in_app, email_state, push_state)
    select business_id, user_id, ${input.kind}, ${title}, ${body}, ${link}, in_app,
      case when email then 'pending' else 'none' end,
      case when push then 'pending' else 'none' end
    from targets
    where in_app or email or push
    returning id`,
  );
  return rows.length;
}
