import type { FastifyBaseLogger } from 'fastify';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Vapi } from '@vapi-ai/server-sdk';
import type { Db } from '../db/client';
import { agents, businesses } from '../db/schema';
import { findRecorded } from '../modules/console/console.repository';
import { normalizePhone } from '../modules/contacts/phone';

// The answer to `assistant-request`: the platform sends it for an inbound call to a number that
// has no assistant, squad or workflow, and plays the call as the answer says
// (`ServerMessageResponseAssistantRequest`): `destination` forwards the call, `assistantId`
// answers it with that assistant, `error` is spoken to the caller and the call ends.

/** What the caller hears when no one of the business can take the call. */
export const NOT_TAKING_CALLS =
  'Sorry, this number is not taking calls right now. Please try again later.';

export type AssistantRequestAnswer =
  | { destination: Vapi.TransferDestinationNumber | Vapi.TransferDestinationSip }
  | { assistantId: string }
  | { error: string };

function fallbackDestination(
  phoneNumber: unknown,
): Vapi.TransferDestinationNumber | Vapi.TransferDestinationSip | undefined {
  if (typeof phoneNumber !== 'object' || phoneNumber === null) return undefined;
  const destination = (phoneNumber as { fallbackDestination?: unknown }).fallbackDestination;
  if (typeof destination !== 'object' || destination === null) return undefined;
  const { type } = destination as { type?: unknown };
  if (type === 'number' && typeof (destination as { number?: unknown }).number === 'string')
    return destination as Vapi.TransferDestinationNumber;
  if (type === 'sip' && typeof (destination as { sipUri?: unknown }).sipUri === 'string')
    return destination as Vapi.TransferDestinationSip;
  return undefined;
}

/**
 * A business's number with no agent: its fallback destination (the number the business set for
 * it), else the business's agent when it has exactly one; else the spoken error. A number that
 * is no business's gets the error too.
 */
export async function answerAssistantRequest(
  db: Db,
  message: { call?: Record<string, unknown> | undefined; phoneNumber?: unknown },
  log: FastifyBaseLogger,
): Promise<AssistantRequestAnswer> {
  const phoneNumberId = message.call?.phoneNumberId;
  const owned =
    typeof phoneNumberId === 'string' && phoneNumberId !== ''
      ? await findRecorded(db, 'phone-number', phoneNumberId)
      : undefined;
  if (!owned?.businessId) {
    log.warn({ phoneNumberId }, 'assistant-request for a number no business owns: refused');
    return { error: NOT_TAKING_CALLS };
  }
  const fallback = fallbackDestination(message.phoneNumber);
  if (fallback) return { destination: fallback };
  const candidates = await db
    .select({ id: agents.platformAssistantId })
    .from(agents)
    .where(and(eq(agents.businessId, owned.businessId), isNull(agents.removedAt)))
    .orderBy(asc(agents.createdAt))
    .limit(2);
  if (candidates.length === 1) return { assistantId: candidates[0]!.id };
  log.warn(
    { phoneNumberId, businessId: owned.businessId, agents: candidates.length },
    candidates.length === 0
      ? 'assistant-request: the business has no agent to take the call'
      : 'assistant-request: the business has several agents and the number names none',
  );
  return { error: NOT_TAKING_CALLS };
}

/** Why a dynamic transfer is not made (the platform then fails the transfer). */
export const NO_TRANSFER_NUMBER =
  'The call cannot be transferred: the business has no phone number to put callers through to.';

/**
 * The answer to `transfer-destination-request` (a transferCall tool with no destinations, the
 * model asking to transfer): the phone number of the business that owns the call's agent, as
 * `ServerMessageResponseTransferDestinationRequest.destination`; an error when the agent is no
 * business's or the business has no possible phone number.
 */
export async function answerTransferDestinationRequest(
  db: Db,
  message: { call?: Record<string, unknown> | undefined },
  log: FastifyBaseLogger,
): Promise<{ destination: Vapi.TransferDestinationNumber } | { error: string }> {
  const assistantId = message.call?.assistantId;
  const [row] =
    typeof assistantId === 'string' && assistantId !== ''
      ? await db
          .select({ name: businesses.name, phone: businesses.phone, country: businesses.country })
          .from(agents)
          .innerJoin(businesses, eq(businesses.id, agents.businessId))
          .where(and(eq(agents.platformAssistantId, assistantId), isNull(agents.removedAt)))
      : [];
  const phone = row?.phone ? normalizePhone(row.phone, row.country) : undefined;
  if (!row || !phone?.ok) {
    log.warn({ assistantId }, 'transfer-destination-request: no business phone to transfer to');
    return { error: NO_TRANSFER_NUMBER };
  }
  return { destination: { type: 'number', number: phone.e164, description: row.name } };
}
