import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { businesses } from './businesses';
import { idColumn, ownedBy, ts } from './columns';

/**
 * An outbound campaign (decision 039): who calls (an agent or a squad, from which number), whom
 * (the audience it was made from), and when (start, calling hours in the business's time zone,
 * concurrency). The platform runs each calling window as one of its campaigns; the current one is
 * `platformCampaignId`.
 */
export const campaigns = pgTable(
  'campaigns',
  {
    id: idColumn(),
    businessId: ownedBy('business_id', () => businesses.id),
    name: text('name').notNull(),
    /** draft | scheduled | running | paused | completed | cancelled */
    status: text('status').notNull(),
    agentId: text('agent_id'),
    squadId: text('squad_id'),
    phoneNumberId: text('phone_number_id').notNull(),
    /** {kind: all} | {kind: search, search} | {kind: import, importId} */
    audience: jsonb('audience').notNull(),
    startAt: ts('start_at').notNull(),
    /** Minutes after midnight in `timeZone`. */
    callingHoursStart: integer('calling_hours_start').notNull(),
    callingHoursEnd: integer('calling_hours_end').notNull(),
    /** The weekdays it calls on in `timeZone`, a bit mask (bit 0 Sunday … bit 6 Saturday). */
    callingDays: integer('calling_days').notNull().default(127),
    timeZone: text('time_zone').notNull(),
    maxConcurrency: integer('max_concurrency').notNull(),
    /**
     * Which outcomes are called again (decision 065): a bit mask, bit 0 no answer, bit 1 busy,
     * bit 2 voicemail. 0: no retries.
     */
    retryOn: integer('retry_on').notNull().default(0),
    /** Calls a number gets at most, the first included (1: no retries). */
    maxAttempts: integer('max_attempts').notNull().default(1),
    /** How long after a call ends its retry may be placed, in minutes. */
    retryGapMinutes: integer('retry_gap_minutes').notNull().default(60),
    skippedDoNotCall: integer('skipped_do_not_call').notNull().default(0),
    skippedDuplicates: integer('skipped_duplicates').notNull().default(0),
    skippedNoPhone: integer('skipped_no_phone').notNull().default(0),
    /** The platform campaign of the current calling window; null while paused or done. */
    platformCampaignId: text('platform_campaign_id'),
    /** When the current window closes: contacts not called by then go into the next one. */
    windowEndsAt: ts('window_ends_at'),
    /**
     * Calls reserved under the daily cap for the current window's platform campaign, and the
     * business day they count on: what is not dialled is given back when it is stopped.
     */
    reservedCalls: integer('reserved_calls').notNull().default(0),
    reservedDay: text('reserved_day'),
    /** daily_calls | daily_minutes: why no calls are placed for now though numbers are left. */
    holdReason: text('hold_reason'),
    /**
     * The instance that looks after the campaign's calls in flight, until when (decision 053):
     * renewed while it runs; a campaign whose lease ran out is taken over and reconciled with
     * the platform.
     */
    leaseOwner: text('lease_owner'),
    leaseExpiresAt: ts('lease_expires_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('campaigns_business_created_idx').on(t.businessId, t.createdAt.desc(), t.id),
    index('campaigns_window_idx')
      .on(t.windowEndsAt)
      .where(sql`status = 'running'`),
  ],
);

/**
 * One number a campaign calls, with its progress. Unique per campaign on the E.164 number, so
 * no number is called twice in one campaign. `platformCampaignId` is the platform campaign the
 * number was given to; a call carrying that campaign id and this number updates the row.
 */
export const campaignContacts = pgTable(
  'campaign_contacts',
  {
    id: idColumn(),
    campaignId: ownedBy('campaign_id', () => campaigns.id),
    /** Not a foreign key: a contact deleted later leaves its progress row. */
    contactId: uuid('contact_id'),
    name: text('name').notNull().default(''),
    /** E.164. */
    phone: text('phone').notNull(),
    /** pending | calling | answered | voicemail | no_answer | busy | failed | refused */
    status: text('status').notNull().default('pending'),
    /** Why not called (again): a calling rule's refusal (premium_rate, country …) or call_lost. */
    reason: text('reason'),
    platformCampaignId: text('platform_campaign_id'),
    callId: text('call_id'),
    endedReason: text('ended_reason'),
    /** Calls placed to the number so far (each one a row of campaign_attempts). */
    attempts: integer('attempts').notNull().default(0),
    /** A pending retry is not placed before this (null: at once). */
    nextAttemptAt: ts('next_attempt_at'),
    /**
     * The assistant's `variableValues` for this number's calls, copied from the contact (its
     * fields and the import's extra columns) when the draft was made.
     */
    variables: jsonb('variables').notNull().default({}),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('campaign_contacts_campaign_phone_key').on(t.campaignId, t.phone),
    index('campaign_contacts_campaign_status_idx').on(t.campaignId, t.status, t.id),
    index('campaign_contacts_platform_phone_idx')
      .on(t.platformCampaignId, t.phone)
      .where(sql`platform_campaign_id is not null`),
  ],
);

/**
 * Each call a campaign placed to a number (decision 065): the first and every retry, with its
 * outcome. The row of campaign_contacts holds the latest; these are the history the campaign's
 * page and its CSV show.
 */
export const campaignAttempts = pgTable(
  'campaign_attempts',
  {
    id: idColumn(),
    campaignId: ownedBy('campaign_id', () => campaigns.id),
    campaignContactId: ownedBy('campaign_contact_id', () => campaignContacts.id),
    /** 1 for the first call, 2 for the first retry … */
    attempt: integer('attempt').notNull(),
    callId: text('call_id').notNull(),
    platformCampaignId: text('platform_campaign_id'),
    /** calling | answered | voicemail | no_answer | busy | failed */
    status: text('status').notNull(),
    endedReason: text('ended_reason'),
    createdAt: ts('created_at').notNull().defaultNow(),
    endedAt: ts('ended_at'),
  },
  (t) => [
    uniqueIndex('campaign_attempts_call_key').on(t.callId),
    index('campaign_attempts_campaign_idx').on(t.campaignId, t.createdAt),
    index('campaign_attempts_contact_idx').on(t.campaignContactId, t.attempt),
  ],
);
