import { and, asc, count, desc, eq, gte, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { AppointmentStatus, AppointmentTab } from '@switchboard/shared/appointments';
import type { TestFilter } from '@switchboard/shared/test-marks';
import type { Db } from '../../db/client';
import { agents, appointments, contacts } from '../../db/schema';
import { isContactId } from '../contacts/contacts.repository';
import { pageOf } from '../../db/page-of';
import { insertOncePerToolCall, type MadeOnCall } from '../../db/tool-call-rows';

/** An appointment with its contact and agent names, as the list and the actions answer it. */
export type AppointmentRecord = {
  id: string;
  businessId: string;
  service: string;
  startsAt: Date;
  endsAt: Date;
  status: string;
  notes: string | null;
  source: string;
  callId: string | null;
  isTest: boolean;
  assistantId: string | null;
  agentName: string | null;
  contactId: string;
  contactName: string;
  contactPhone: string | null;
  contactEmail: string | null;
  createdAt: Date;
  updatedAt: Date;
};

const RECORD_COLUMNS = {
  id: appointments.id,
  businessId: appointments.businessId,
  service: appointments.service,
  startsAt: appointments.startsAt,
  endsAt: appointments.endsAt,
  status: appointments.status,
  notes: appointments.notes,
  source: appointments.source,
  callId: appointments.callId,
  isTest: appointments.isTest,
  assistantId: appointments.assistantId,
  agentName: agents.name,
  contactId: appointments.contactId,
  contactName: contacts.name,
  contactPhone: contacts.phone,
  contactEmail: contacts.email,
  createdAt: appointments.createdAt,
  updatedAt: appointments.updatedAt,
};

/** Appointments with their contact and agent names (agents removed since included). */
function appointmentRecords(db: Db) {
  return db
    .select(RECORD_COLUMNS)
    .from(appointments)
    .innerJoin(contacts, eq(contacts.id, appointments.contactId))
    .leftJoin(agents, eq(agents.platformAssistantId, appointments.assistantId));
}

export type AppointmentFilter = {
  tab: AppointmentTab;
  now: Date;
  assistantId?: string | undefined;
  contactId?: string | undefined;
  test?: TestFilter;
};

function testSql(test: TestFilter | undefined): SQL | undefined {
  if (test === 'only') return eq(appointments.isTest, true);
  if (test === 'exclude') return eq(appointments.isTest, false);
  return undefined;
}

/**
 * The tab as a condition the (business, status, starts_at) and (business, starts_at) indexes
 * answer, and its order: upcoming soonest first, past and cancelled latest first.
 */
function tabSql(filter: AppointmentFilter): { where: SQL; order: SQL[] } {
  const now = filter.now;
  switch (filter.tab) {
    case 'upcoming':
      return {
        where: and(eq(appointments.status, 'scheduled'), gte(appointments.startsAt, now))!,
        order: [asc(appointments.startsAt), asc(appointments.id)],
      };
    case 'past':
      return {
        where: and(ne(appointments.status, 'cancelled'), lt(appointments.startsAt, now))!,
        order: [desc(appointments.startsAt), desc(appointments.id)],
      };
    case 'cancelled':
      return {
        where: eq(appointments.status, 'cancelled'),
        order: [desc(appointments.startsAt), desc(appointments.id)],
      };
  }
}

/** One page of a business's appointments in a tab, with the total of the same filter. */
export async function listAppointments(
  db: Db,
  businessId: string,
  filter: AppointmentFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: AppointmentRecord[]; total: number }> {
  // An id that is not a UUID names no contact: the list is empty rather than a database error.
  if (filter.contactId !== undefined && !isContactId(filter.contactId)) {
    return { rows: [], total: 0 };
  }
  const tab = tabSql(filter);
  const where = and(
    eq(appointments.businessId, businessId),
    tab.where,
    filter.assistantId === undefined ? undefined : eq(appointments.assistantId, filter.assistantId),
    filter.contactId === undefined ? undefined : eq(appointments.contactId, filter.contactId),
    testSql(filter.test),
  );
  return pageOf(
    appointmentRecords(db)
      .where(where)
      .orderBy(...tab.order)
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(appointments).where(where),
  );
}

export async function findAppointment(
  db: Db,
  businessId: string,
  id: string,
): Promise<AppointmentRecord | undefined> {
  if (!isContactId(id)) return undefined;
  const [row] = await appointmentRecords(db).where(
    and(eq(appointments.businessId, businessId), eq(appointments.id, id)),
  );
  return row;
}

export type NewAppointment = MadeOnCall & {
  service: string;
  startsAt: Date;
  endsAt: Date;
  notes: string | null;
};

/**
 * Stores an appointment. A tool call's id is unique per business, so the same tool call again
 * stores nothing and answers the appointment it booked the first time (`created: false`).
 */
export async function insertAppointment(
  db: Db,
  values: NewAppointment,
): Promise<{ id: string; created: boolean }> {
  return insertOncePerToolCall(db, appointments, values);
}

/**
 * Changes an appointment only if it is still in the state the change was checked against
 * (status and start), so two people acting at once cannot both succeed on a stale view.
 */
export async function updateAppointment(
  db: Db,
  businessId: string,
  id: string,
  expected: { status: string; startsAt: Date },
  changes: {
    status?: AppointmentStatus;
    startsAt?: Date;
    endsAt?: Date;
    notes?: string | null;
  },
): Promise<boolean> {
  const updated = await db
    .update(appointments)
    .set({ ...changes, revision: sql`${appointments.revision} + 1`, updatedAt: sql`now()` })
    .where(
      and(
        eq(appointments.businessId, businessId),
        eq(appointments.id, id),
        eq(appointments.status, expected.status),
        eq(appointments.startsAt, expected.startsAt),
      ),
    )
    .returning({ id: appointments.id });
  return updated.length > 0;
}

/** Whether the platform assistant belongs to the business (removed agents included). */
export async function isBusinessAgent(
  db: Db,
  businessId: string,
  assistantId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: agents.id })
    .from(agents)
    .where(and(eq(agents.businessId, businessId), eq(agents.platformAssistantId, assistantId)));
  return row !== undefined;
}

/** Whether the contact belongs to the business. */
export async function isBusinessContact(
  db: Db,
  businessId: string,
  contactId: string,
): Promise<boolean> {
  if (!isContactId(contactId)) return false;
  const [row] = await db
    .select({ id: contacts.id })
    .from(contacts)
    .where(and(eq(contacts.businessId, businessId), eq(contacts.id, contactId)));
  return row !== undefined;
}

/**
 * Appointments starting in [from, to) soonest first, cancelled ones too, at most `limit`
 * (the (business, starts_at) index answers the range).
 */
export async function listAppointmentsInRange(
  db: Db,
  businessId: string,
  range: { from: Date; to: Date; assistantId?: string; test?: TestFilter },
  limit: number,
): Promise<AppointmentRecord[]> {
  return appointmentRecords(db)
    .where(
      and(
        eq(appointments.businessId, businessId),
        gte(appointments.startsAt, range.from),
        lt(appointments.startsAt, range.to),
        range.assistantId === undefined
          ? undefined
          : eq(appointments.assistantId, range.assistantId),
        testSql(range.test),
      ),
    )
    .orderBy(asc(appointments.startsAt), asc(appointments.id))
    .limit(limit);
}
