import { boolean, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { businesses } from './businesses';
import { contacts } from './contacts';
import { idColumn, ownedBy, toolCallOrigin, toolCallOriginIndexes, ts } from './columns';

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
    ...toolCallOrigin(),
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
    ...toolCallOriginIndexes('appointments', t),
  ],
);

/** An appointment as the lists beside it show one: what, when, and its status. */
export const appointmentSlot = {
  id: appointments.id,
  service: appointments.service,
  startsAt: appointments.startsAt,
  endsAt: appointments.endsAt,
  status: appointments.status,
};

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
