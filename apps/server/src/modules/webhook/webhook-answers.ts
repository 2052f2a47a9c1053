import type { FastifyBaseLogger } from 'fastify';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Vapi } from '@vapi-ai/server-sdk';
import type { Db } from '../../db/client';
import { agents, businesses } from '../../db/schema';
import { findRecorded } from '../console/console.repository';
import { normalizePhone } from '../contacts/phone';

// The server messages whose answer the platform reads (besides tool-calls), each answered as
// the document's `ServerMessageResponse*` defines it:
// - `assistant-request`: an inbound call to a number that has no assistant, squad or workflow;
//   `destination` forwards the call, `assistantId` answers it with that assistant, `error` is
//   spoken to the caller and the call ends;
// - `transfer-destination-request`: a transferCall tool with no destinations;
// - `knowledge-base-request`: an assistant whose `model.knowledgeBase` is a custom one.

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
): Promise<
  { destination: { type: 'number'; number: string; description: string } } | { error: string }
> {
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

type KnowledgeDocument = { content: string; similarity: number };

function words(text: string): Set<string> {
  return new Set(text.toLowerCase().match(/[\p{L}\p{N}]{3,}/gu) ?? []);
}

/**
 * The answer to `knowledge-base-request` (an assistant whose `model.knowledgeBase` is a custom
 * one pointing at us): the business's own facts (name, phone, e-mail, website) as documents,
 * ranked by the words they share with the caller's last question
 * (`ServerMessageResponseKnowledgeBaseRequest.documents`); none for an agent that is no
 * business's or a question they do not touch, and the model answers without them.
 */
export async function answerKnowledgeBaseRequest(
  db: Db,
  message: { call?: Record<string, unknown> | undefined; messagesOpenAIFormatted?: unknown },
): Promise<{ documents: KnowledgeDocument[] }> {
  const assistantId = message.call?.assistantId;
  const [business] =
    typeof assistantId === 'string' && assistantId !== ''
      ? await db
          .select({
            name: businesses.name,
            phone: businesses.phone,
            email: businesses.email,
            website: businesses.website,
          })
          .from(agents)
          .innerJoin(businesses, eq(businesses.id, agents.businessId))
          .where(and(eq(agents.platformAssistantId, assistantId), isNull(agents.removedAt)))
      : [];
  const turns = Array.isArray(message.messagesOpenAIFormatted)
    ? (message.messagesOpenAIFormatted as { role?: unknown; content?: unknown }[])
    : [];
  const question = [...turns].reverse().find((turn) => turn.role === 'user')?.content;
  if (!business || typeof question !== 'string') return { documents: [] };
  const facts = [
    `The business is called ${business.name}.`,
    business.phone ? `The phone number of ${business.name} is ${business.phone}.` : undefined,
    `The email address of ${business.name} is ${business.email}.`,
    business.website ? `The website of ${business.name} is ${business.website}.` : undefined,
  ].filter((fact): fact is string => fact !== undefined);
  const asked = words(question);
  const documents = facts
    .map((content) => {
      const said = words(content);
      const shared = [...asked].filter((word) => said.has(word)).length;
      return { content, similarity: asked.size === 0 ? 0 : shared / asked.size };
    })
    .filter((document) => document.similarity > 0)
    .sort((a, b) => b.similarity - a.similarity);
  return { documents };
}
