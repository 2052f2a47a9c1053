import { and, asc, count, desc, eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { CONTACT_RECENT_CALLS, CONTACT_RECENT_ITEMS } from '@switchboard/shared/contacts';
import type { TestFilter } from '@switchboard/shared/test-marks';
import type { Db } from '../../db/client';
import { agents, appointments, appointmentSlot, calls, contacts, enquiries } from '../../db/schema';
import type { CallLogRecord } from '../calls/calls.repository';
import { normalizeCallerNumber } from './phone';
import { pageOf } from '../../db/page-of';

export type ContactRow = typeof contacts.$inferSelect;

/** The columns a contact has on the wire (never the generated search text). */
export const CONTACT_COLUMNS = {
  id: contacts.id,
  businessId: contacts.businessId,
  name: contacts.name,
  phone: contacts.phone,
  email: contacts.email,
  company: contacts.company,
  notes: contacts.notes,
  otherPhones: contacts.otherPhones,
  otherEmails: contacts.otherEmails,
  country: contacts.country,
  source: contacts.source,
  importId: contacts.importId,
  isTest: contacts.isTest,
  doNotCall: contacts.doNotCall,
  createdAt: contacts.createdAt,
  updatedAt: contacts.updatedAt,
};
export type ContactRecord = Omit<ContactRow, 'searchText' | 'fields'>;

/** The fields a person edits, normalized: phone E.164, email lower case, blanks null. */
export type ContactFields = {
  name: string;
  phone: string | null;
  email: string | null;
  company: string | null;
  notes: string | null;
  /** Left out: kept as they are. */
  otherPhones?: string[];
  otherEmails?: string[];
  country?: string | null;
};

/** Postgres answers an error for an id that is not a UUID; such an id is simply not found. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isContactId = (id: string) => UUID.test(id);

/** The user's text as a LIKE pattern that matches it anywhere, literally (%, _ and \ escaped). */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export type ContactSearch = { text: string; digits: string[] };

export function searchSql(search: ContactSearch | undefined): SQL | undefined {
  if (!search || (search.text === '' && search.digits.length === 0)) return undefined;
  // lower() in SQL, as the generated column does, so both sides fold case the same way.
  const parts = [
    sql`${contacts.searchText} like lower(${containsPattern(search.text)}) escape '\\'`,
    ...search.digits.map((digits) => sql`${contacts.searchText} like ${`%${digits}%`}`),
  ];
  return or(...parts);
}

/** One page of a business's contacts, newest first, with the total of the same search. */
export async function listContacts(
  db: Db,
  businessId: string,
  options: { search?: ContactSearch; test?: TestFilter; limit: number; offset: number },
): Promise<{ rows: ContactRecord[]; total: number }> {
  const where = and(
    eq(contacts.businessId, businessId),
    searchSql(options.search),
    options.test === 'only' ? eq(contacts.isTest, true) : undefined,
    options.test === 'exclude' ? eq(contacts.isTest, false) : undefined,
  );
  return pageOf(
    db
      .select(CONTACT_COLUMNS)
      .from(contacts)
      .where(where)
      .orderBy(desc(contacts.createdAt), desc(contacts.id))
      .limit(options.limit)
      .offset(options.offset),
    db.select({ n: count() }).from(contacts).where(where),
  );
}

export async function findContact(
  db: Db,
  businessId: string,
  contactId: string,
): Promise<ContactRecord | undefined> {
  if (!isContactId(contactId)) return undefined;
  const [row] = await db
    .select(CONTACT_COLUMNS)
    .from(contacts)
    .where(and(eq(contacts.businessId, businessId), eq(contacts.id, contactId)));
  return row;
}

/**
 * The business's contacts that list this E.164 number among their other numbers (the GIN index
 * on other_phones answers the containment), oldest first: the first is the one a call matches.
 */
const byOtherPhone = (businessId: string, phone: string) =>
  and(
    eq(contacts.businessId, businessId),
    sql`${contacts.otherPhones} @> ${JSON.stringify([phone])}::jsonb`,
  );

/**
 * The business's contact with this phone number (as calls give it), if it has one: the contact
 * whose number it is, else the first contact that lists it among its other numbers.
 */
export async function findContactByPhone(
  db: Db,
  businessId: string,
  phone: string,
): Promise<ContactRecord | undefined> {
  const normalized = normalizeCallerNumber(phone);
  if (!normalized) return undefined;
  const [own] = await db
    .select(CONTACT_COLUMNS)
    .from(contacts)
    .where(and(eq(contacts.businessId, businessId), eq(contacts.phone, normalized)));
  if (own) return own;
  const [other] = await db
    .select(CONTACT_COLUMNS)
    .from(contacts)
    .where(byOtherPhone(businessId, normalized))
    .orderBy(asc(contacts.createdAt), asc(contacts.id))
    .limit(1);
  return other;
}

/** Every number of a contact as the digits a call's `customer_digits` holds, without repeats. */
export function contactCallDigits(contact: {
  phone: string | null;
  otherPhones: readonly string[];
}): string[] {
  const all = [contact.phone, ...contact.otherPhones].map(
    (phone) => phone?.replace(/\D/g, '') ?? '',
  );
  return [...new Set(all.filter((digits) => digits !== ''))];
}

export async function insertContact(
  db: Db,
  businessId: string,
  fields: ContactFields & { source: 'import' | 'call' | 'manual'; importId?: string | null },
): Promise<ContactRecord> {
  const [row] = await db
    .insert(contacts)
    .values({ businessId, ...fields })
    .returning(CONTACT_COLUMNS);
  if (!row) throw new Error('insert into contacts returned no row');
  return row;
}

export async function updateContact(
  db: Db,
  businessId: string,
  contactId: string,
  fields: ContactFields,
): Promise<ContactRecord | undefined> {
  if (!isContactId(contactId)) return undefined;
  const [row] = await db
    .update(contacts)
    .set({ ...fields, updatedAt: sql`now()` })
    .where(and(eq(contacts.businessId, businessId), eq(contacts.id, contactId)))
    .returning(CONTACT_COLUMNS);
  return row;
}

/** Marks a contact do-not-call (campaigns never call it) or clears the mark. */
export async function setContactDoNotCall(
  db: Db,
  businessId: string,
  contactId: string,
  doNotCall: boolean,
): Promise<ContactRecord | undefined> {
  if (!isContactId(contactId)) return undefined;
  const [row] = await db
    .update(contacts)
    .set({ doNotCall, updatedAt: sql`now()` })
    .where(and(eq(contacts.businessId, businessId), eq(contacts.id, contactId)))
    .returning(CONTACT_COLUMNS);
  return row;
}

/** Whether a contact was deleted (false: none of this business with that id). */
export async function deleteContact(
  db: Db,
  businessId: string,
  contactId: string,
): Promise<boolean> {
  if (!isContactId(contactId)) return false;
  const deleted = await db
    .delete(contacts)
    .where(and(eq(contacts.businessId, businessId), eq(contacts.id, contactId)))
    .returning({ id: contacts.id });
  return deleted.length > 0;
}

/**
 * Which of a phone number and an email address another contact of the business already has
 * (the contact being edited aside): what a unique violation was about.
 */
export async function findTakenFields(
  db: Db,
  businessId: string,
  fields: { phone: string | null; email: string | null },
  exceptId?: string,
): Promise<{ phone: boolean; email: boolean }> {
  const matches = [
    fields.phone === null ? undefined : eq(contacts.phone, fields.phone),
    fields.email === null ? undefined : eq(contacts.email, fields.email),
  ].filter((part): part is SQL => part !== undefined);
  if (matches.length === 0) return { phone: false, email: false };
  const rows = await db
    .select({ phone: contacts.phone, email: contacts.email })
    .from(contacts)
    .where(
      and(
        eq(contacts.businessId, businessId),
        or(...matches),
        exceptId && isContactId(exceptId) ? ne(contacts.id, exceptId) : undefined,
      ),
    );
  return {
    phone: fields.phone !== null && rows.some((row) => row.phone === fields.phone),
    email: fields.email !== null && rows.some((row) => row.email === fields.email),
  };
}

/**
 * The last calls from any of a contact's numbers (`contactCallDigits`) to the business's agents
 * (removed agents included: their history stays), newest first, as call-log records. Matched on
 * digits, as the call log's phone filter is, so "+353 87…" as the platform wrote it finds the
 * contact's "+35387…".
 */
export async function listContactCalls(
  db: Db,
  businessId: string,
  digits: string[],
  limit = CONTACT_RECENT_CALLS,
): Promise<CallLogRecord[]> {
  if (digits.length === 0) return [];
  const rows = await db
    .select({
      id: calls.id,
      assistantId: calls.assistantId,
      agentName: agents.name,
      assistantPhone: sql<string | null>`coalesce(
        (select n.phone_number from agents n where n.phone_number_id = ${calls.phoneNumberId} limit 1),
        ${agents.phoneNumber})`,
      type: calls.type,
      status: calls.status,
      endedReason: calls.endedReason,
      successEvaluation: calls.successEvaluation,
      customerNumber: calls.customerNumber,
      startedAt: calls.startedAt,
      endedAt: calls.endedAt,
      durationSeconds: calls.durationSeconds,
      cost: calls.cost,
      outcome: calls.outcome,
      transferred: calls.transferred,
      isTest: calls.isTest,
      createdAt: calls.createdAt,
    })
    .from(calls)
    .innerJoin(agents, eq(agents.platformAssistantId, calls.assistantId))
    .where(and(eq(agents.businessId, businessId), inArray(calls.customerDigits, digits)))
    .orderBy(desc(calls.createdAt), desc(calls.id))
    .limit(limit);
  return rows.map((row) => ({
    ...row,
    outcome: row.outcome === 'pass' ? 'pass' : 'fail',
    transferred: Boolean(row.transferred),
    transcriptMatch: null,
  }));
}

/**
 * The caller of a call as a contact of the business (what the agent's tools do before they
 * record an enquiry or an appointment): found by phone number (the contact whose number it is,
 * else the first that lists it among its other numbers), or created with source 'call'.
 * An existing contact only gains what it lacks — a name or an email address — and never loses
 * what a person entered or imported. An email address another contact already has is left
 * out rather than failing the call. Answers null for a withheld or unreadable number.
 */
export async function upsertContactFromCall(
  db: Db,
  input: {
    businessId: string;
    phone: string;
    name?: string | null;
    email?: string | null;
    /** A contact created by a test call is marked (one found already stays as it is). */
    isTest?: boolean;
  },
): Promise<ContactRecord | null> {
  const phone = normalizeCallerNumber(input.phone);
  if (!phone) return null;
  const name = input.name?.trim() ?? '';
  const candidateEmail = input.email?.trim().toLowerCase() || null;
  const byPhone = and(eq(contacts.businessId, input.businessId), eq(contacts.phone, phone));
  return db.transaction(async (tx) => {
    const emailFree = async () =>
      candidateEmail !== null &&
      !(await findTakenFields(tx, input.businessId, { phone: null, email: candidateEmail })).email;
    const [own] = await tx.select(CONTACT_COLUMNS).from(contacts).where(byPhone).for('update');
    const [existing] = own
      ? [own]
      : await tx
          .select(CONTACT_COLUMNS)
          .from(contacts)
          .where(byOtherPhone(input.businessId, phone))
          .orderBy(asc(contacts.createdAt), asc(contacts.id))
          .limit(1)
          .for('update');
    if (!existing) {
      const values = {
        businessId: input.businessId,
        phone,
        name,
        source: 'call' as const,
        isTest: input.isTest ?? false,
      };
      const [created] = await tx
        .insert(contacts)
        .values({ ...values, email: (await emailFree()) ? candidateEmail : null })
        // Two tool calls of the same caller at once: the second finds the first's contact.
        .onConflictDoNothing()
        .returning(CONTACT_COLUMNS);
      if (created) return created;
      const [raced] = await tx.select(CONTACT_COLUMNS).from(contacts).where(byPhone);
      if (raced) return raced;
      // Not the phone: the email address was taken meanwhile. The caller matters more.
      const [withoutEmail] = await tx
        .insert(contacts)
        .values({ ...values, email: null })
        .onConflictDoNothing()
        .returning(CONTACT_COLUMNS);
      return withoutEmail ?? null;
    }
    const fill: { name?: string; email?: string } = {};
    if (existing.name.trim() === '' && name !== '') fill.name = name;
    if (existing.email === null && candidateEmail !== null && (await emailFree())) {
      fill.email = candidateEmail;
    }
    if (Object.keys(fill).length === 0) return existing;
    const [updated] = await tx
      .update(contacts)
      .set({ ...fill, updatedAt: sql`now()` })
      .where(eq(contacts.id, existing.id))
      .returning(CONTACT_COLUMNS);
    return updated ?? existing;
  });
}

/** How many calls of the business's agents came from any of a contact's numbers (as digits). */
export async function countContactCalls(
  db: Db,
  businessId: string,
  digits: string[],
): Promise<number> {
  if (digits.length === 0) return 0;
  const [row] = await db
    .select({ n: count() })
    .from(calls)
    .innerJoin(agents, eq(agents.platformAssistantId, calls.assistantId))
    .where(and(eq(agents.businessId, businessId), inArray(calls.customerDigits, digits)));
  return Number(row?.n ?? 0);
}

/** The agent's name for an assistant id of this business (null when none). */
const agentNameOf = (
  businessId: string,
  assistantId: typeof enquiries.assistantId | typeof appointments.assistantId,
) =>
  sql<
    string | null
  >`(select a.name from ${agents} a where a.platform_assistant_id = ${assistantId} and a.business_id = ${businessId} limit 1)`;

/** A contact's newest enquiries and how many it has. */
export async function listContactEnquiries(
  db: Db,
  businessId: string,
  contactId: string,
  limit = CONTACT_RECENT_ITEMS,
) {
  const where = and(eq(enquiries.businessId, businessId), eq(enquiries.contactId, contactId));
  return pageOf(
    db
      .select({
        id: enquiries.id,
        subject: enquiries.subject,
        status: enquiries.status,
        isRead: enquiries.isRead,
        assistantId: enquiries.assistantId,
        agentName: agentNameOf(businessId, enquiries.assistantId),
        callId: enquiries.callId,
        createdAt: enquiries.createdAt,
      })
      .from(enquiries)
      .where(where)
      .orderBy(desc(enquiries.createdAt), desc(enquiries.id))
      .limit(limit),
    db.select({ n: count() }).from(enquiries).where(where),
  );
}

/** A contact's appointments, latest start first, and how many it has. */
export async function listContactAppointments(
  db: Db,
  businessId: string,
  contactId: string,
  limit = CONTACT_RECENT_ITEMS,
) {
  const where = and(eq(appointments.businessId, businessId), eq(appointments.contactId, contactId));
  return pageOf(
    db
      .select({
        ...appointmentSlot,
        assistantId: appointments.assistantId,
        agentName: agentNameOf(businessId, appointments.assistantId),
        callId: appointments.callId,
      })
      .from(appointments)
      .where(where)
      .orderBy(desc(appointments.startsAt), desc(appointments.id))
      .limit(limit),
    db.select({ n: count() }).from(appointments).where(where),
  );
}
