import { randomBytes } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { agents, appointments, contacts, enquiries } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { appForSuite, oneDatabase } from '../../test/test-app';
import { resolveToolCaller } from './tool-caller';

const uniqueId = (prefix: string) => `${prefix}-${randomBytes(6).toString('hex')}`;

describe.each(oneDatabase)('resolveToolCaller on %s', (target) => {
  const ctx = appForSuite(target);
  let businessId: string;
  let otherBusinessId: string;
  const assistantId = uniqueId('tool-caller-agent');
  const otherAssistantId = uniqueId('tool-caller-other');
  const unassignedAssistantId = uniqueId('tool-caller-unassigned');
  const removedAssistantId = uniqueId('tool-caller-removed');

  const db = () => ctx.app.database.db;
  const contactsOf = (business: string) =>
    db().select().from(contacts).where(eq(contacts.businessId, business));
  const phoneCall = (number: string, assistant = assistantId) => ({
    id: uniqueId('call'),
    assistantId: assistant,
    type: 'inboundPhoneCall',
    customer: { number },
  });
  const webCall = (assistant = assistantId) => ({
    id: uniqueId('web-call'),
    assistantId: assistant,
    type: 'webCall',
  });

  beforeAll(async () => {
    businessId = (await ctx.createBusinessWithMember()).businessId;
    otherBusinessId = (await ctx.createBusinessWithMember()).businessId;
    await db()
      .insert(agents)
      .values([
        { platformAssistantId: assistantId, businessId, name: 'Reception' },
        { platformAssistantId: otherAssistantId, businessId: otherBusinessId, name: 'Other' },
        { platformAssistantId: unassignedAssistantId, businessId: null, name: 'Unassigned' },
        {
          platformAssistantId: removedAssistantId,
          businessId,
          name: 'Removed',
          removedAt: new Date(),
        },
      ]);
  });

  it('makes a phone caller a contact of the agent’s business with source call', async () => {
    const call = phoneCall('+353871110001');
    const resolved = await resolveToolCaller(db(), call, {
      name: '  Aoife Byrne ',
      email: 'Aoife@Example.ie',
    });
    expect(resolved).toMatchObject({ businessId, assistantId, callId: call.id });
    expect(resolved.contact).toMatchObject({
      phone: '+353871110001',
      name: 'Aoife Byrne',
      email: 'aoife@example.ie',
      source: 'call',
    });
    const [stored] = await db().select().from(contacts).where(eq(contacts.id, resolved.contact.id));
    expect(stored).toMatchObject({ businessId, source: 'call', phone: '+353871110001' });
  });

  it('keeps one contact for the same caller calling twice', async () => {
    const first = await resolveToolCaller(db(), phoneCall('+353871110002'), {});
    const second = await resolveToolCaller(db(), phoneCall('+353871110002'), {});
    expect(second.contact.id).toBe(first.contact.id);
    const [n] = await db()
      .select({ n: count() })
      .from(contacts)
      .where(and(eq(contacts.businessId, businessId), eq(contacts.phone, '+353871110002')));
    expect(n?.n).toBe(1);
  });

  it('fills only what is empty with a later name or email, never overwriting', async () => {
    const number = '+353871110003';
    const blank = await resolveToolCaller(db(), phoneCall(number), {});
    expect(blank.contact).toMatchObject({ name: '', email: null });

    // The first name and email fill the blanks; later ones change nothing.
    for (const later of [
      { name: 'Ciara Walsh', email: 'ciara@example.ie' },
      { name: 'Someone Else', email: 'someone@example.ie' },
    ]) {
      const resolved = await resolveToolCaller(db(), phoneCall(number), later);
      expect(resolved.contact).toMatchObject({
        id: blank.contact.id,
        name: 'Ciara Walsh',
        email: 'ciara@example.ie',
      });
    }
  });

  it('does not take an email address another contact of the business has', async () => {
    await resolveToolCaller(db(), phoneCall('+353871110004'), { email: 'shared@example.ie' });
    const second = await resolveToolCaller(db(), phoneCall('+353871110005'), {
      email: 'shared@example.ie',
    });
    expect(second.contact).toMatchObject({ phone: '+353871110005', email: null });
  });

  it('finds a web caller (no number) by the email address they give', async () => {
    const first = await resolveToolCaller(db(), webCall(), {
      name: 'Web Visitor',
      email: 'Visitor@Example.ie',
    });
    expect(first.contact).toMatchObject({
      phone: null,
      email: 'visitor@example.ie',
      name: 'Web Visitor',
      source: 'call',
    });
    const again = await resolveToolCaller(db(), webCall(), { email: 'visitor@example.ie' });
    expect(again.contact.id).toBe(first.contact.id);
    const found = (await contactsOf(businessId)).filter((c) => c.email === 'visitor@example.ie');
    expect(found).toHaveLength(1);
  });

  it('fills a web caller’s blank name from a later tool call', async () => {
    const first = await resolveToolCaller(db(), webCall(), { email: 'nameless@example.ie' });
    expect(first.contact.name).toBe('');
    const named = await resolveToolCaller(db(), webCall(), {
      name: 'Now Named',
      email: 'nameless@example.ie',
    });
    expect(named.contact).toMatchObject({ id: first.contact.id, name: 'Now Named' });
  });

  it('keeps a web caller who gives no email as one contact within the call', async () => {
    const call = webCall();
    // The agent takes an enquiry, then books an appointment, then hears an email address.
    const first = await resolveToolCaller(db(), call, { name: 'No Email Visitor' });
    await db().insert(enquiries).values({
      businessId,
      contactId: first.contact.id,
      callId: call.id,
      subject: 'Whitening',
      source: 'call',
    });
    const second = await resolveToolCaller(db(), call, { name: 'Someone Else' });
    expect(second.contact.id).toBe(first.contact.id);
    expect(second.contact.name).toBe('No Email Visitor');
    await db()
      .insert(appointments)
      .values({
        businessId,
        contactId: second.contact.id,
        callId: call.id,
        startsAt: new Date('2026-12-01T10:00:00Z'),
        endsAt: new Date('2026-12-01T10:30:00Z'),
        service: 'Whitening',
        source: 'call',
      });
    const third = await resolveToolCaller(db(), call, { email: 'Later@Example.ie' });
    expect(third.contact).toMatchObject({ id: first.contact.id, email: 'later@example.ie' });
    // Another web call without an email cannot be told apart: a new contact.
    const other = await resolveToolCaller(db(), webCall(), { name: 'No Email Visitor' });
    expect(other.contact.id).not.toBe(first.contact.id);
  });

  it('does not store an address that is not an email as the contact’s email', async () => {
    const resolved = await resolveToolCaller(db(), phoneCall('+353871110006'), {
      email: 'not an email',
    });
    expect(resolved.contact.email).toBeNull();
  });

  it('keeps each business’s contacts apart for the same caller', async () => {
    const ours = await resolveToolCaller(db(), phoneCall('+353871110007'), {});
    const theirs = await resolveToolCaller(db(), phoneCall('+353871110007', otherAssistantId), {});
    expect(theirs.businessId).toBe(otherBusinessId);
    expect(theirs.contact.id).not.toBe(ours.contact.id);
  });

  it('answers 422 for an agent no business owns, unknown or removed, and records no one', async () => {
    const before = (await contactsOf(businessId)).length;
    for (const assistant of [unassignedAssistantId, 'no-such-assistant', removedAssistantId]) {
      const error = await resolveToolCaller(db(), phoneCall('+353871110099', assistant), {}).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({ statusCode: 422, code: 'AGENT_UNASSIGNED' });
    }
    expect(await contactsOf(businessId)).toHaveLength(before);
  });

  it('answers 400 for a tool call without its call or assistant', async () => {
    for (const call of [undefined, { id: 'x', customer: { number: '+353871110098' } }]) {
      await expect(resolveToolCaller(db(), call, {})).rejects.toMatchObject({
        statusCode: 400,
        code: 'VALIDATION_ERROR',
      });
    }
  });
});
