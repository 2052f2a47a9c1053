import type { Contact, ContactDetail, ContactList } from '@switchboard/shared/contacts';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { agents, appointments, contacts, enquiries } from '../../db/schema';
import { toCallRecord } from '../../platform/call-record';
import type { WireError } from '@switchboard/shared/errors';
import type { createBusinessWithMember } from '../../test/test-app';
import { appForSuite, oneDatabase } from '../../test/test-app';
import { customerCall } from './test-calls';
import { ingestCalls } from '../call-ingest/call-ingest.service';
import { upsertContactFromCall } from './contacts.repository';

const AGENT = 'asst-contacts';
const OTHER_AGENT = 'asst-contacts-other';
const NOT_AN_ID = 'not-a-uuid';

const platformCall = (id: string, minute: number, customer: string, assistantId = AGENT) =>
  customerCall(id, minute, customer, assistantId);

describe.each(oneDatabase)('contacts on %s', (target) => {
  const ctx = appForSuite(target, { SANDBOX_CALLS: '0' });
  let owner: Awaited<ReturnType<typeof createBusinessWithMember>>;
  let other: Awaited<ReturnType<typeof createBusinessWithMember>>;
  let member: Record<string, string>;
  let stranger: Record<string, string>;
  let admin: Record<string, string>;

  type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
  const send = <T>(
    method: Method,
    url: string,
    payload?: Record<string, unknown>,
    headers = member,
  ) => ctx.requestAs<T>(method, url, headers, payload);
  const create = (payload: Record<string, unknown>, headers = member) =>
    send<Contact>('POST', '/api/contacts', payload, headers);

  beforeAll(async () => {
    owner = await ctx.createBusinessWithMember();
    other = await ctx.createBusinessWithMember();
    member = await ctx.sessionHeaders(owner.userName);
    stranger = await ctx.sessionHeaders(other.userName);
    admin = await ctx.sessionHeaders((await ctx.createAdminUser()).userName);
  });

  it('keeps and edits other phone numbers, other emails and a country', async () => {
    const { status, body } = await create({
      name: 'Dr. Orla Kane',
      phone: '087 765 4321',
      otherPhones: ['01 234 5678', '+44 20 7946 0958', '087 765 4321', ''],
      otherEmails: ['Orla@Clinic.example', 'orla@home.example'],
      country: 'ie',
    });
    expect(status).toBe(201);
    expect(body).toMatchObject({
      name: 'Dr. Orla Kane',
      phone: '+353877654321',
      // E.164, the main number and blanks left out, in the order typed.
      otherPhones: ['+35312345678', '+442079460958'],
      otherEmails: ['orla@clinic.example', 'orla@home.example'],
      country: 'IE',
    });
    const edited = await send<Contact>('PATCH', `/api/contacts/${body.id}`, {
      name: 'Dr. Orla Kane',
      phone: '087 765 4321',
      otherPhones: ['+44 20 7946 0958'],
      otherEmails: [],
      country: 'GB',
    });
    expect(edited.body).toMatchObject({
      otherPhones: ['+442079460958'],
      otherEmails: [],
      country: 'GB',
    });
    // Left out of an edit: kept as they are.
    const kept = await send<Contact>('PATCH', `/api/contacts/${body.id}`, {
      name: 'Orla Kane',
      phone: '087 765 4321',
    });
    expect(kept.body).toMatchObject({ otherPhones: ['+442079460958'], country: 'GB' });
    const detail = await send<ContactDetail>('GET', `/api/contacts/${body.id}`);
    expect(detail.body).toMatchObject({ otherPhones: ['+442079460958'], country: 'GB' });

    const badPhone = await send<WireError>('PATCH', `/api/contacts/${body.id}`, {
      name: 'Orla Kane',
      phone: '087 765 4321',
      otherPhones: ['+44 20 7946 0958', '12'],
    });
    expect(badPhone.status).toBe(400);
    expect(badPhone.body.error.details?.issues).toEqual([
      { path: 'body.otherPhones.1', message: 'Please enter valid phone numbers: 12' },
    ]);
    const badEmail = await send<WireError>('PATCH', `/api/contacts/${body.id}`, {
      name: 'Orla Kane',
      phone: '087 765 4321',
      otherEmails: ['orla@'],
    });
    expect(badEmail.status).toBe(400);
    const badCountry = await send<WireError>('PATCH', `/api/contacts/${body.id}`, {
      name: 'Orla Kane',
      phone: '087 765 4321',
      country: 'XX',
    });
    expect(badCountry.status).toBe(400);
    expect(badCountry.body.error.message).toBe('Choose a country by its two-letter code');
    // Nothing of the refused edits was written.
    expect((await send<ContactDetail>('GET', `/api/contacts/${body.id}`)).body).toMatchObject({
      otherPhones: ['+442079460958'],
      otherEmails: [],
      country: 'GB',
    });
  });

  it('adds a contact by hand: E.164 in the business’s country, email in lower case', async () => {
    const { status, body } = await create({
      name: '  Aoife Byrne ',
      phone: '087 123 4567',
      email: ' Aoife@Example.IE ',
      company: 'Byrne Dental',
      notes: '',
    });
    expect(status).toBe(201);
    expect(body).toMatchObject({
      name: 'Aoife Byrne',
      phone: '+353871234567', // the factory's business is in Ireland
      email: 'aoife@example.ie',
      company: 'Byrne Dental',
      notes: null,
      source: 'manual',
      importId: null,
    });
    expect(body.createdAt).toBe(body.updatedAt);
    const international = await create({ name: 'Sam', phone: '+1 (202) 555-0123' });
    expect(international.body.phone).toBe('+12025550123');
    const emailOnly = await create({ name: 'Mail Only', email: 'only@example.ie' });
    expect(emailOnly.body).toMatchObject({ phone: null, email: 'only@example.ie' });
  });

  it('refuses what the form refuses, with the field messages', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ phone: '087 765 4321' }, 'body.name', 'Name is required'],
      [{ name: ' ', phone: '087 765 4321' }, 'body.name', 'Name is required'],
      [{ name: 'Ann' }, 'body.phone', 'Enter a phone number or an email address'],
      [{ name: 'Ann', email: 'ann@' }, 'body.email', 'Please enter a valid email address'],
      [{ name: 'Ann', phone: '12' }, 'body.phone', 'Please enter a valid phone number'],
      [{ name: 'Ann', phone: 'call me' }, 'body.phone', 'Please enter a valid phone number'],
      [
        { name: 'Ann', phone: '087 123 4567 ext 9' },
        'body.phone',
        'Please enter a valid phone number',
      ],
    ];
    for (const [payload, path, message] of cases) {
      const { status, body } = await send<WireError>('POST', '/api/contacts', payload);
      expect(status, JSON.stringify(payload)).toBe(400);
      expect(body.error).toMatchObject({ code: 'VALIDATION_ERROR', message });
      expect(body.error.details).toEqual({ issues: [{ path, message }] });
    }
  });

  it('answers 409 for a phone or email another contact has, whatever their spelling', async () => {
    await create({ name: 'First', phone: '+353 86 000 1111', email: 'first@example.ie' });
    const samePhone = await send<WireError>('POST', '/api/contacts', {
      name: 'Second',
      phone: '086 000 1111', // the same number written the national way
    });
    expect(samePhone.status).toBe(409);
    expect(samePhone.body.error).toMatchObject({
      code: 'CONTACT_EXISTS',
      message: 'A contact with this phone number already exists',
    });
    const sameEmail = await send<WireError>('POST', '/api/contacts', {
      name: 'Second',
      email: 'FIRST@Example.ie',
    });
    expect(sameEmail.status).toBe(409);
    expect(sameEmail.body.error.message).toBe('A contact with this email address already exists');
    const both = await send<WireError>('POST', '/api/contacts', {
      name: 'Second',
      phone: '0860001111',
      email: 'first@example.ie',
    });
    expect(both.body.error.details).toEqual({
      issues: [
        { path: 'body.phone', message: 'A contact with this phone number already exists' },
        { path: 'body.email', message: 'A contact with this email address already exists' },
      ],
    });
    // Another business may have the same person.
    const elsewhere = await create(
      { name: 'First', phone: '086 000 1111', email: 'first@example.ie' },
      stranger,
    );
    expect(elsewhere.status).toBe(201);
  });

  it('edits a contact with the same rules, and deletes it', async () => {
    const { body: made } = await create({ name: 'Edit Me', phone: '087 222 3333' });
    const { status, body } = await send<Contact>('PATCH', `/api/contacts/${made.id}`, {
      name: 'Edited',
      phone: '+353 87 222 3333', // its own number again is no clash
      email: 'Edited@Example.ie',
      company: 'Acme',
      notes: 'Call after 2pm',
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      id: made.id,
      name: 'Edited',
      phone: '+353872223333',
      email: 'edited@example.ie',
      company: 'Acme',
      notes: 'Call after 2pm',
      source: 'manual',
      createdAt: made.createdAt,
    });
    expect(Date.parse(body.updatedAt)).toBeGreaterThanOrEqual(Date.parse(made.updatedAt));
    const cleared = await send<Contact>('PATCH', `/api/contacts/${made.id}`, {
      name: 'Edited',
      email: 'edited@example.ie',
    });
    expect(cleared.body).toMatchObject({ phone: null, company: null, notes: null });
    const clash = await send<WireError>('PATCH', `/api/contacts/${made.id}`, {
      name: 'Edited',
      email: 'aoife@example.ie',
    });
    expect(clash.status).toBe(409);
    expect(clash.body.error.message).toBe('A contact with this email address already exists');
    const invalid = await send<WireError>('PATCH', `/api/contacts/${made.id}`, { name: 'X' });
    expect(invalid.status).toBe(400);
    expect(invalid.body.error.message).toBe('Enter a phone number or an email address');

    expect((await send('DELETE', `/api/contacts/${made.id}`)).status).toBe(204);
    expect((await send('GET', `/api/contacts/${made.id}`)).status).toBe(404);
    expect((await send('DELETE', `/api/contacts/${made.id}`)).status).toBe(404);
  });

  it('answers 404 “Contact not found” for another business’s contact or a bad id, on every route', async () => {
    const { body: mine } = await create({ name: 'Private', email: 'private@example.ie' });
    const body = { name: 'Taken Over', email: 'taken@example.ie' };
    for (const id of [mine.id, NOT_AN_ID, '00000000-0000-0000-0000-000000000000']) {
      const as = id === mine.id ? stranger : member;
      for (const [method, payload] of [
        ['GET', undefined],
        ['PATCH', body],
        ['DELETE', undefined],
      ] as const) {
        const res = await send<WireError>(method, `/api/contacts/${id}`, payload, as);
        expect(res.status, `${method} ${id}`).toBe(404);
        expect(res.body.error).toMatchObject({ code: 'NOT_FOUND', message: 'Contact not found' });
      }
    }
    const list = await send<ContactList>('GET', '/api/contacts?limit=100', undefined, stranger);
    expect(list.body.data.map((c) => c.id)).not.toContain(mine.id);
    const still = await send<Contact>('GET', `/api/contacts/${mine.id}`);
    expect(still.body).toMatchObject({ name: 'Private', email: 'private@example.ie' });
  });

  it('is for business members: an administrator has no contacts of their own', async () => {
    const res = await send<WireError>('GET', '/api/contacts', undefined, admin);
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('FORBIDDEN');
  });

  describe('the list', () => {
    let pager: Record<string, string>;

    beforeAll(async () => {
      const business = await ctx.createBusinessWithMember();
      pager = await ctx.sessionHeaders(business.userName);
      // 45 contacts, created one after the other, each a second later than the one before.
      await ctx.app.database.db.insert(contacts).values(
        Array.from({ length: 45 }, (_, i) => ({
          businessId: business.businessId,
          name: `Person ${String(i).padStart(2, '0')}`,
          phone: `+35387000${String(i).padStart(4, '0')}`,
          email: `person${i}@example.ie`,
          source: 'import',
          createdAt: new Date(Date.parse('2026-01-01T00:00:00Z') + i * 1000),
        })),
      );
      await ctx.app.database.db.insert(contacts).values([
        {
          businessId: business.businessId,
          name: 'Úna O’Brien',
          phone: '+353861234567',
          email: 'una_obrien@example.ie',
          source: 'manual',
          createdAt: new Date('2026-02-01T00:00:01Z'),
        },
        {
          businessId: business.businessId,
          name: '100% Dental',
          email: 'hello@100dental.ie',
          source: 'manual',
          createdAt: new Date('2026-02-01T00:00:02Z'),
        },
        {
          businessId: business.businessId,
          name: 'Back\\Slash',
          email: 'backslash@example.ie',
          source: 'manual',
          createdAt: new Date('2026-02-01T00:00:03Z'),
        },
      ]);
    });

    const list = (query: string) =>
      send<ContactList>('GET', `/api/contacts${query}`, undefined, pager);
    const names = async (query: string) => (await list(query)).body.data.map((c) => c.name);

    it('pages newest first, 20 by default, with the seed’s meta', async () => {
      const first = await list('');
      expect(first.status).toBe(200);
      expect(first.body.meta).toEqual({
        total: 48,
        page: 1,
        limit: 20,
        totalPages: 3,
        hasNext: true,
        hasPrev: false,
      });
      expect(first.body.data).toHaveLength(20);
      expect(first.body.data.slice(0, 3).map((c) => c.name)).toEqual([
        'Back\\Slash',
        '100% Dental',
        'Úna O’Brien',
      ]);
      expect(first.body.data[3]).toMatchObject({ name: 'Person 44', source: 'import' });
      const third = await list('?page=3');
      expect(third.body.meta).toMatchObject({ page: 3, hasNext: false, hasPrev: true });
      expect(third.body.data.map((c) => c.name)).toEqual(
        Array.from({ length: 8 }, (_, i) => `Person ${String(7 - i).padStart(2, '0')}`),
      );
      const seen = new Set<string>();
      for (const page of [1, 2, 3])
        (await list(`?page=${page}`)).body.data.forEach((c) => seen.add(c.id));
      expect(seen.size).toBe(48);
      expect((await list('?limit=5&page=2')).body.meta).toMatchObject({ limit: 5, totalPages: 10 });
      expect((await list('?limit=101')).status).toBe(400);
    });

    it('searches names and emails ignoring case, and phone digits', async () => {
      expect(await names('?search=person%2012')).toEqual(['Person 12']);
      expect(await names(`?search=${encodeURIComponent('ÚNA')}`)).toEqual(['Úna O’Brien']);
      expect(await names('?search=PERSON7%40EXAMPLE')).toEqual(['Person 07']);
      // Digits, however the number is written: E.164, international, national with its 0.
      expect(await names(`?search=${encodeURIComponent('+353 86 123')}`)).toEqual(['Úna O’Brien']);
      expect(await names(`?search=${encodeURIComponent('086-123-4567')}`)).toEqual(['Úna O’Brien']);
      expect(await names('?search=0000044')).toEqual(['Person 44']);
      const many = await list('?search=87000');
      expect(many.body.meta.total).toBe(45);
      expect((await list('?search=nobody')).body).toEqual({
        data: [],
        meta: { total: 0, page: 1, limit: 20, totalPages: 0, hasNext: false, hasPrev: false },
      });
    });

    it('takes %, _ and \\ in a search literally', async () => {
      expect(await names('?search=%25')).toEqual(['100% Dental']);
      expect(await names('?search=100%25')).toEqual(['100% Dental']);
      expect(await names('?search=_')).toEqual(['Úna O’Brien']); // una_obrien@…
      expect(await names(`?search=${encodeURIComponent('\\')}`)).toEqual(['Back\\Slash']);
      expect(await names('?search=person_1')).toEqual([]);
    });
  });

  describe('one contact’s calls', () => {
    let caller: Contact;

    beforeAll(async () => {
      await ctx.app.database.db.insert(agents).values([
        {
          platformAssistantId: AGENT,
          businessId: owner.businessId,
          name: 'Front desk',
          phoneNumber: '+35315550000',
        },
        { platformAssistantId: OTHER_AGENT, businessId: other.businessId, name: 'Not ours' },
      ]);
      caller = (await create({ name: 'Frequent Caller', phone: '085 555 1234' })).body;
      const ours = Array.from({ length: 23 }, (_, i) =>
        platformCall(`ours-${String(i).padStart(2, '0')}`, i, '+353 85 555 1234'),
      );
      await ingestCalls(
        ctx.app.database.db,
        [
          ...ours,
          platformCall('someone-else', 30, '+353 85 555 9999'),
          platformCall('other-business', 40, '+353855551234', OTHER_AGENT),
        ].map((call) => toCallRecord(call)),
      );
    });

    it('lists the last 20 calls from the contact’s number to the business’s agents', async () => {
      const { status, body } = await send<ContactDetail>('GET', `/api/contacts/${caller.id}`);
      expect(status).toBe(200);
      expect(body).toMatchObject({
        id: caller.id,
        name: 'Frequent Caller',
        phone: '+353855551234',
        timeZone: 'Europe/Dublin',
        enquiries: [],
        appointments: [],
        counts: { calls: 23, enquiries: 0, appointments: 0 },
      });
      expect(body.calls.map((call) => call.id)).toEqual(
        Array.from({ length: 20 }, (_, i) => `ours-${String(22 - i).padStart(2, '0')}`),
      );
      expect(body.calls[0]).toMatchObject({
        assistant: 'Front desk',
        assistantPhone: '+35315550000',
        customerPhone: '+353 85 555 1234',
        successEvaluation: 'pass',
        duration: '45s',
        startTime: 'Mar 10, 2026, 12:22',
      });
    });

    it('has no calls without a phone number', async () => {
      const { body: mailOnly } = await create({ name: 'Mail', email: 'mail@calls.example' });
      const { body } = await send<ContactDetail>('GET', `/api/contacts/${mailOnly.id}`);
      expect(body.calls).toEqual([]);
      expect(body.counts.calls).toBe(0);
    });

    it('lists the contact’s newest enquiries and latest appointments, with how many in all', async () => {
      const db = ctx.app.database.db;
      const { body: someoneElse } = await create({ name: 'Someone Else', phone: '085 555 7777' });
      const base = Date.parse('2026-03-10T09:00:00.000Z');
      await db.insert(enquiries).values([
        ...Array.from({ length: 22 }, (_, i) => ({
          businessId: owner.businessId,
          contactId: caller.id,
          assistantId: i % 2 === 0 ? AGENT : null,
          callId: i % 2 === 0 ? `ours-${String(i).padStart(2, '0')}` : null,
          subject: `Enquiry ${i}`,
          status: i === 21 ? 'resolved' : 'open',
          isRead: i === 21,
          source: i % 2 === 0 ? 'call' : 'manual',
          createdAt: new Date(base + i * 60_000),
        })),
        {
          businessId: owner.businessId,
          contactId: someoneElse.id,
          subject: 'Not this contact',
          source: 'manual',
        },
      ]);
      await db.insert(appointments).values([
        ...[3, 1, 2].map((day) => ({
          businessId: owner.businessId,
          contactId: caller.id,
          assistantId: AGENT,
          callId: 'ours-01',
          service: `Check-up ${day}`,
          startsAt: new Date(base + day * 86_400_000),
          endsAt: new Date(base + day * 86_400_000 + 1_800_000),
          source: 'call',
        })),
        {
          businessId: owner.businessId,
          contactId: someoneElse.id,
          service: 'Not this contact',
          startsAt: new Date(base),
          endsAt: new Date(base + 1_800_000),
          source: 'manual',
        },
      ]);

      const { body } = await send<ContactDetail>('GET', `/api/contacts/${caller.id}`);
      expect(body.counts).toEqual({ calls: 23, enquiries: 22, appointments: 3 });
      expect(body.enquiries.every((e) => typeof e.id === 'string' && e.id !== '')).toBe(true);
      expect(body.enquiries.map((e) => e.subject)).toEqual(
        Array.from({ length: 20 }, (_, i) => `Enquiry ${21 - i}`),
      );
      expect(body.enquiries[0]).toEqual({
        id: body.enquiries[0]?.id,
        subject: 'Enquiry 21',
        status: 'resolved',
        isRead: true,
        assistantId: null,
        agentName: null,
        callId: null,
        createdAt: '2026-03-10T09:21:00.000Z',
      });
      expect(body.enquiries[1]).toMatchObject({
        assistantId: AGENT,
        agentName: 'Front desk',
        callId: 'ours-20',
      });
      expect(body.appointments.map((a) => a.service)).toEqual([
        'Check-up 3',
        'Check-up 2',
        'Check-up 1',
      ]);
      expect(body.appointments[0]).toEqual({
        id: body.appointments[0]?.id,
        service: 'Check-up 3',
        startsAt: '2026-03-13T09:00:00.000Z',
        endsAt: '2026-03-13T09:30:00.000Z',
        status: 'scheduled',
        assistantId: AGENT,
        agentName: 'Front desk',
        callId: 'ours-01',
      });

      // Another business sees none of it.
      const foreign = await send<WireError>(
        'GET',
        `/api/contacts/${caller.id}`,
        undefined,
        stranger,
      );
      expect(foreign.status).toBe(404);
    });
  });

  describe('upsertContactFromCall', () => {
    const byId = async (id: string) => {
      const [row] = await ctx.app.database.db.select().from(contacts).where(eq(contacts.id, id));
      return row;
    };

    it('creates the caller as a contact from the call, once', async () => {
      const db = ctx.app.database.db;
      const first = await upsertContactFromCall(db, {
        businessId: owner.businessId,
        phone: '+1 (555) 010-2233',
        name: 'Dana Caller',
      });
      expect(first).toMatchObject({
        businessId: owner.businessId,
        name: 'Dana Caller',
        phone: '+15550102233',
        email: null,
        source: 'call',
      });
      const again = await upsertContactFromCall(db, {
        businessId: owner.businessId,
        phone: '+15550102233',
      });
      expect(again?.id).toBe(first?.id);
      // Another business's caller with the same number is its own contact.
      const elsewhere = await upsertContactFromCall(db, {
        businessId: other.businessId,
        phone: '+15550102233',
      });
      expect(elsewhere?.id).not.toBe(first?.id);
    });

    it('fills in a missing name or email and never overwrites one', async () => {
      const db = ctx.app.database.db;
      const { body: typed } = await create({ name: 'Typed By Hand', phone: '087 999 0000' });
      const kept = await upsertContactFromCall(db, {
        businessId: owner.businessId,
        phone: '+353879990000',
        name: 'What The Caller Said',
        email: 'Caller@Example.ie',
      });
      expect(kept).toMatchObject({
        id: typed.id,
        name: 'Typed By Hand',
        email: 'caller@example.ie',
        source: 'manual',
      });
      const later = await upsertContactFromCall(db, {
        businessId: owner.businessId,
        phone: '+353879990000',
        email: 'another@example.ie',
      });
      expect(later?.email).toBe('caller@example.ie');

      const nameless = await upsertContactFromCall(db, {
        businessId: owner.businessId,
        phone: '+353879990001',
      });
      expect(nameless?.name).toBe('');
      const named = await upsertContactFromCall(db, {
        businessId: owner.businessId,
        phone: '+353879990001',
        name: 'Now Known',
      });
      expect(named).toMatchObject({ id: nameless?.id, name: 'Now Known' });
      expect((await byId(nameless!.id))?.name).toBe('Now Known');
    });

    it('leaves out an email address another contact has, and skips a withheld number', async () => {
      const db = ctx.app.database.db;
      const created = await upsertContactFromCall(db, {
        businessId: owner.businessId,
        phone: '+353879990002',
        name: 'Shares An Inbox',
        email: 'aoife@example.ie', // Aoife's, added by hand above
      });
      expect(created).toMatchObject({ phone: '+353879990002', email: null });
      expect(
        await upsertContactFromCall(db, { businessId: owner.businessId, phone: 'anonymous' }),
      ).toBeNull();
    });
  });
});
