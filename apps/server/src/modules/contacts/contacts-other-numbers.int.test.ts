import type { Contact, ContactDetail, ContactList } from '@switchboard/shared/contacts';
import { contactSearchTerms } from '@switchboard/shared/contacts';
import { and, desc, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { executeRows } from '../../db/client';
import { agents, contacts } from '../../db/schema';
import { toCallRecord } from '../../platform/call-record';
import type { createBusinessWithMember } from '../../test/test-app';
import { appForSuite, databaseTargets } from '../../test/test-app';
import { customerCall } from './test-calls';
import { ingestCalls } from '../call-ingest/call-ingest.service';
import {
  CONTACT_COLUMNS,
  findContactByPhone,
  searchSql,
  upsertContactFromCall,
} from './contacts.repository';

const AGENT = 'asst-other-numbers';
/** The contact's own name, number and email address, kept on the edit below. */
const ORLA = { name: 'Orla Kane', phone: '085 555 0101', email: 'orla@kane.example' };

const platformCall = (id: string, minute: number, customer: string) =>
  customerCall(id, minute, customer, AGENT);

/**
 * A contact's other phone numbers and email addresses (migration 0032) are found by a search and
 * match the calls from them, on both databases: the search reads the one stored search column
 * (migration 0033 adds the others to it) within the business's index, and a caller is looked up
 * by the contact's number, then by the other numbers' GIN index.
 */
describe.each(databaseTargets)('a contact’s other numbers on %s', (target) => {
  const ctx = appForSuite(target, { SANDBOX_CALLS: '0' });
  let business: Awaited<ReturnType<typeof createBusinessWithMember>>;
  let headers: Record<string, string>;
  let orla: Contact;

  beforeAll(async () => {
    business = await ctx.createBusinessWithMember();
    headers = await ctx.sessionHeaders(business.userName);
    await ctx.app.database.db.insert(agents).values({
      platformAssistantId: AGENT,
      businessId: business.businessId,
      name: 'Front desk',
      phoneNumber: '+35315550000',
    });
    const created = await ctx.injectAs('POST', '/api/contacts', headers, {
      ...ORLA,
      otherPhones: ['087 123 4567', '+44 20 7946 0958'],
      otherEmails: ['Orla.Work@Clinic.example'],
    });
    expect(created.statusCode).toBe(201);
    orla = created.json<Contact>();
    await ctx.injectAs('POST', '/api/contacts', headers, {
      name: 'Someone Else',
      phone: '086 999 0000',
    });
  });

  const search = async (text: string) => {
    const res = await ctx.injectAs(
      'GET',
      `/api/contacts?search=${encodeURIComponent(text)}`,
      headers,
    );
    expect(res.statusCode).toBe(200);
    return res.json<ContactList>().data.map((contact) => contact.name);
  };

  it.each([
    '+353 87 123 4567',
    '087 1234567',
    '087-123-4567',
    '0871234567',
    '353871234567',
    '+44 20 7946 0958',
    '020 7946 0958',
  ])('finds the contact by an other number written %s', async (text) => {
    expect(await search(text)).toEqual(['Orla Kane']);
  });

  it('finds the contact by an other email address, in any case', async () => {
    expect(await search('orla.work@clinic')).toEqual(['Orla Kane']);
    expect(await search('ORLA.WORK@CLINIC.EXAMPLE')).toEqual(['Orla Kane']);
    expect(await search('clinic.example')).toEqual(['Orla Kane']);
  });

  it('still finds by the own number and nothing by a number nobody has', async () => {
    expect(await search('085 555 0101')).toEqual(['Orla Kane']);
    expect(await search('087 000 0000')).toEqual([]);
  });

  it('finds by a number added on an edit, and no longer by one removed', async () => {
    const edited = await ctx.injectAs('PATCH', `/api/contacts/${orla.id}`, headers, {
      ...ORLA,
      otherPhones: ['087 123 4567', '01 234 5678'],
      otherEmails: ['orla.work@clinic.example'],
    });
    expect(edited.statusCode).toBe(200);
    expect(await search('01 234 5678')).toEqual(['Orla Kane']);
    expect(await search('+44 20 7946 0958')).toEqual([]);
  });

  it('searches the one stored column within the business’s index, not the JSON per row', async () => {
    const db = ctx.app.database.db;
    const query = db
      .select(CONTACT_COLUMNS)
      .from(contacts)
      .where(
        and(
          eq(contacts.businessId, business.businessId),
          searchSql(contactSearchTerms('087 1234567')),
        ),
      )
      .orderBy(desc(contacts.createdAt), desc(contacts.id))
      .limit(20);
    // A handful of rows: the planner would read the table whole; what matters is the plan it
    // takes when it may not.
    const plan = await db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const rows = await executeRows<{ 'QUERY PLAN': string }>(tx, sql`explain ${query}`);
      return rows.map((row) => row['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('contacts_business_created_idx');
    expect(plan).not.toContain('Seq Scan');
    expect(plan).toMatch(/Filter: .*search_text/);
    expect(plan).not.toMatch(/other_phones|other_emails|jsonb_array/);
  });

  describe('calls', () => {
    beforeAll(async () => {
      await ingestCalls(
        ctx.app.database.db,
        [
          platformCall('own-number', 1, '+353 85 555 0101'),
          platformCall('other-number', 2, '+353 87 123 4567'),
          platformCall('second-other', 3, '+35312345678'),
          platformCall('a-stranger', 4, '+353 86 999 0001'),
        ].map((call) => toCallRecord(call)),
      );
    });

    it('lists and counts the calls from every number of the contact on its page', async () => {
      const res = await ctx.injectAs('GET', `/api/contacts/${orla.id}`, headers);
      expect(res.statusCode).toBe(200);
      const detail = res.json<ContactDetail>();
      expect(detail.calls.map((call) => call.id)).toEqual([
        'second-other',
        'other-number',
        'own-number',
      ]);
      expect(detail.counts.calls).toBe(3);
    });

    it('matches a caller from an other number to the contact (call back, the agent’s tools)', async () => {
      const db = ctx.app.database.db;
      expect((await findContactByPhone(db, business.businessId, '+353 87 123 4567'))?.id).toBe(
        orla.id,
      );
      expect((await findContactByPhone(db, business.businessId, '+353 86 999 0001'))?.id).toBe(
        undefined,
      );
      // The agent records an enquiry for the caller: the contact gains nothing new, and no
      // second contact is made for the same person.
      const matched = await upsertContactFromCall(db, {
        businessId: business.businessId,
        phone: '+353 1 234 5678',
        name: 'Orla',
      });
      expect(matched?.id).toBe(orla.id);
      expect(matched?.name).toBe('Orla Kane');
      const all = await db
        .select({ id: contacts.id })
        .from(contacts)
        .where(eq(contacts.businessId, business.businessId));
      expect(all).toHaveLength(2);
    });

    it('prefers the contact whose own number it is over one listing it as an other', async () => {
      const db = ctx.app.database.db;
      const [sharer] = await db
        .insert(contacts)
        .values({
          businessId: business.businessId,
          name: 'Shares the landline',
          phone: '+35312345678',
          source: 'manual',
        })
        .returning({ id: contacts.id });
      expect((await findContactByPhone(db, business.businessId, '+35312345678'))?.id).toBe(
        sharer?.id,
      );
      const matched = await upsertContactFromCall(db, {
        businessId: business.businessId,
        phone: '+35312345678',
      });
      expect(matched?.id).toBe(sharer?.id);
    });
  });
});
