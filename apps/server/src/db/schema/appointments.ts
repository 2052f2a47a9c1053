import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { businesses } from './businesses';
import { contacts } from './contacts';
import { idColumn, ownedBy, ts } from './columns';

/**
 * An appointment booked by an agent's book_appointment tool during a call, or added by hand.
 * Times are instants; screens show them in the business's time zone.
 */
export const appointments = pgTable(
  'appointments',
  {
    id: idColumn(),
    businessId: ownedBy('business_id', () => businesses.id),
    contactId: ownedBy('contact_id', () => contacts.id),
    /** The platform assistant id (calls.assistant_id); null for one added by hand. */
    assistantId: text('assistant_id'),
    /** The platform call id; no foreign key: the tool call can arrive before the call is stored. */
    callId: text('call_id'),
    /** The platform's tool-call id, so a repeated tool-calls message books once. */
    toolCallId: text('tool_call_id'),
    service: text('service').notNull(),
    startsAt: ts('starts_at').notNull(),
    endsAt: ts('ends_at').notNull(),
    /** scheduled | completed | cancelled | no_show */
    status: text('status').notNull().default('scheduled'),
    notes: text('notes'),
    /** call | manual */
    source: text('source').notNull(),
    /** Booked during a test call ("Talk to agent": calls.is_test). */
    isTest: boolean('is_test').notNull().default(false),
    /**
     * Counts the changes since it was booked (the calendar feed's SEQUENCE; a changed-appointment
     * webhook per revision).
     */
    revision: integer('revision').notNull().default(0),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('appointments_business_starts_idx').on(t.businessId, t.startsAt, t.id),
    index('appointments_business_status_starts_idx').on(t.businessId, t.status, t.startsAt, t.id),
    index('appointments_contact_starts_idx').on(t.contactId, t.startsAt),
    index('appointments_business_assistant_starts_idx').on(t.businessId, t.assistantId, t.startsAt),
    // A campaign's progress page counts what each call booked.
    index('appointments_call_idx')
      .on(t.callId)
      .where(sql`call_id is not null`),
    uniqueIndex('appointments_tool_call_idx')
      .on(t.businessId, t.toolCallId)
      .where(sql`tool_call_id is not null`),
  ],
);

/** A prospect's request from the public landing page's service-enquiry form. */
export const serviceEnquiries = pgTable(
  'service_enquiries',
  {
    id: idColumn(),
    poc: text('poc').notNull(),
    businessName: text('business_name').notNull(),
    country: text('country').notNull(),
    website: text('website').notNull().default(''),
    email: text('email'),
    phone: text('phone'),
    /** new | contacted | closed */
    status: text('status').notNull().default('new'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('service_enquiries_created_idx').on(t.createdAt.desc(), t.id)],
);
