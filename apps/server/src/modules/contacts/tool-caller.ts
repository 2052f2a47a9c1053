import { and, eq, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { isTestCallPayload } from '@switchboard/shared/web-call';
import {
  agents,
  appointments,
  calls,
  contacts,
  enquiries,
  platformResources,
} from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { CONTACT_COLUMNS, upsertContactFromCall, type ContactRecord } from './contacts.repository';

/** Who and where an agent tool call is about: the agent's business, the call and the caller. */
export type ToolCaller = {
  businessId: string;
  /** The platform assistant id; null in a squad's call, which carries the squad's id instead. */
  assistantId: string | null;
  /** The platform call id, when the message carried the call. */
  callId: string | null;
  contact: ContactRecord;
  /** A test call ("Talk to agent"): what it records is marked as such. */
  isTest: boolean;
};

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

const emailSchema = z.email();

/** The caller's email in lower case, or null when what the agent heard is not an address. */
function emailOf(value: unknown): string | null {
  const email = text(value)?.toLowerCase() ?? null;
  return email !== null && emailSchema.safeParse(email).success ? email : null;
}

/**
 * Reads the call a tool-calls message carries, finds the agent's business, and finds or creates
 * the caller as a contact of that business (by phone number; for a web call, which has no
 * number, by the email address the caller gave, or a new contact with the name). A name or an
 * email only fills what the contact has blank; what is not an email address is not kept as
 * one. A web caller who gives no email is recognised within the call (a later tool call of the
 * same call finds the contact of the earlier one's enquiry or appointment), not across calls.
 * A tool call from an agent no business owns is refused with a 4xx, which the webhook answers
 * as the tool's error.
 */
export async function resolveToolCaller(
  db: Db,
  call: Record<string, unknown> | undefined,
  caller: { name?: unknown; email?: unknown },
): Promise<ToolCaller> {
  const assistantId = text(call?.assistantId);
  const squadId = text(call?.squadId);
  if (!call || (!assistantId && !squadId)) {
    throw new AppError('VALIDATION_ERROR', 'The tool call did not say which call it is from');
  }
  let businessId: string | null | undefined;
  if (assistantId) {
    const [agent] = await db
      .select({ businessId: agents.businessId })
      .from(agents)
      .where(and(eq(agents.platformAssistantId, assistantId), isNull(agents.removedAt)));
    businessId = agent?.businessId;
  } else if (squadId) {
    // A squad's call carries no assistantId: the squad's owner is the business (decision 036).
    const [squad] = await db
      .select({ businessId: platformResources.businessId })
      .from(platformResources)
      .where(and(eq(platformResources.kind, 'squad'), eq(platformResources.platformId, squadId)));
    businessId = squad?.businessId;
  }
  if (!businessId) {
    throw new AppError(
      'AGENT_UNASSIGNED',
      assistantId
        ? 'This agent is not assigned to a business'
        : 'This squad is not assigned to a business',
    );
  }
  const name = text(caller.name);
  const email = emailOf(caller.email);
  const customer = call.customer as { number?: unknown } | undefined;
  const phone = text(customer?.number);

  const callId = text(call.id);
  const isTest =
    isTestCallPayload(call) || (callId !== null && (await isStoredTestCall(db, callId)));

  const contact =
    (phone ? await upsertContactFromCall(db, { businessId, phone, name, email, isTest }) : null) ??
    (await findOrCreateContactWithoutPhone(db, businessId, callId, name, email, isTest));
  return { businessId, assistantId, callId, contact, isTest };
}

/** Whether the call, as already stored, was a test call (a tool call may not carry its metadata). */
async function isStoredTestCall(db: Db, callId: string): Promise<boolean> {
  const [row] = await db.select({ isTest: calls.isTest }).from(calls).where(eq(calls.id, callId));
  return row?.isTest === true;
}

/**
 * The contact an earlier tool call of the same call recorded its enquiry or appointment for:
 * a web caller who gives no email is still one person within one call.
 */
async function contactOfCall(
  db: Db,
  businessId: string,
  callId: string,
): Promise<ContactRecord | undefined> {
  const earlier = sql`(
    select ${enquiries.contactId} as contact_id, ${enquiries.createdAt} as at from ${enquiries}
      where ${enquiries.businessId} = ${businessId} and ${enquiries.callId} = ${callId}
    union all
    select ${appointments.contactId}, ${appointments.createdAt} from ${appointments}
      where ${appointments.businessId} = ${businessId} and ${appointments.callId} = ${callId}
    order by at limit 1)`;
  const [contact] = await db
    .select(CONTACT_COLUMNS)
    .from(contacts)
    .where(
      and(
        eq(contacts.businessId, businessId),
        sql`${contacts.id} = (select contact_id from ${earlier} as e)`,
      ),
    );
  return contact;
}

async function findOrCreateContactWithoutPhone(
  db: Db,
  businessId: string,
  callId: string | null,
  name: string | null,
  email: string | null,
  isTest: boolean,
): Promise<ContactRecord> {
  const columns = CONTACT_COLUMNS;
  const byEmail = () =>
    email
      ? db
          .select(columns)
          .from(contacts)
          .where(and(eq(contacts.businessId, businessId), eq(contacts.email, email)))
      : Promise.resolve([]);
  const [byAddress] = await byEmail();
  const existing =
    byAddress ?? (callId === null ? undefined : await contactOfCall(db, businessId, callId));
  if (existing) {
    // Like a phone caller's contact: a name or email given later fills a blank one, never
    // replaces it (no other contact has this email: it was looked up above).
    const fill: { name?: string; email?: string } = {};
    if (existing.name.trim() === '' && name !== null) fill.name = name;
    if (existing.email === null && email !== null) fill.email = email;
    if (Object.keys(fill).length === 0) return existing;
    const [filled] = await db
      .update(contacts)
      .set({ ...fill, updatedAt: sql`now()` })
      .where(eq(contacts.id, existing.id))
      .returning(columns);
    return filled ?? existing;
  }
  const [created] = await db
    .insert(contacts)
    .values({ businessId, name: name ?? '', email, source: 'call', isTest })
    .onConflictDoNothing()
    .returning(columns);
  const contact = created ?? (await byEmail())[0];
  if (!contact) {
    throw new AppError('CONTACT_CONFLICT', 'The caller could not be recorded as a contact');
  }
  return contact;
}
