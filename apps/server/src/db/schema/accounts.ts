import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { businesses } from './businesses';
import { idColumn, ownedBy, ts } from './columns';

/**
 * People who sign in. An admin (the operator) belongs to no business; an owner, a manager or a
 * member belongs to exactly one (an owner manages the team and the business; a member does the
 * daily work; a manager does it too and may also spend money and delete on the voice platform,
 * decision 051; a business keeps at least one owner who can sign in). user_name is stored lowercased and unique
 * ignoring case; a business's users are named by their email. password_hash (argon2id) stays
 * null until the set-password (or join) link is used.
 */
export const users = pgTable(
  'users',
  {
    id: idColumn(),
    userName: text('user_name').notNull(),
    /** The person's name as the team list shows it ('' when never given). */
    name: text('name').notNull().default(''),
    email: text('email'),
    passwordHash: text('password_hash'),
    role: text('role', { enum: ['admin', 'owner', 'manager', 'member'] }).notNull(),
    businessId: uuid('business_id').references(() => businesses.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_user_name_lower_idx').on(sql`lower(${t.userName})`),
    index('users_email_lower_idx').on(sql`lower(${t.email})`),
    index('users_business_idx').on(t.businessId),
    check('users_role_check', sql`${t.role} in ('admin', 'owner', 'manager', 'member')`),
    check(
      'users_role_business_check',
      sql`(${t.role} = 'admin' and ${t.businessId} is null) or (${t.role} in ('owner', 'manager', 'member') and ${t.businessId} is not null)`,
    ),
  ],
);

/**
 * Signed-in browsers. The cookie carries a random token; only its SHA-256 is stored, so a
 * copy of this table signs nobody in. A session ends at expires_at (absolute, 12 h after
 * sign-in) or after 2 h without a request (last_seen_at); both are compared with the
 * database's clock.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: idColumn(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: ownedBy('user_id', () => users.id),
    createdAt: ts('created_at').notNull().defaultNow(),
    lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [
    index('sessions_user_idx').on(t.userId),
    index('sessions_expires_idx').on(t.expiresAt),
    index('sessions_last_seen_idx').on(t.lastSeenAt),
  ],
);

/**
 * Single-use links that let a user choose a password (stored hashed): set-password for a new
 * account (24 h), join for an invited team member (7 days), reset after "Forgot password"
 * (1 h). The lifetime is decided when the link is made.
 */
export const setPasswordTokens = pgTable(
  'set_password_tokens',
  {
    id: idColumn(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: ownedBy('user_id', () => users.id),
    createdAt: ts('created_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [index('set_password_tokens_user_idx').on(t.userId)],
);
