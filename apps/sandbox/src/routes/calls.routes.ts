import type { FastifyInstance } from 'fastify';
import type { Vapi } from '@vapi-ai/server-sdk';
import { z } from 'zod';
import type { SandboxContext } from '../context';
import { randomUUID } from 'node:crypto';
import type { CallFilter } from '../calls/call-store';
import { isUuid } from '../lib/ids';
import { checkBody, checkQuery } from '../http/document-validation';
import { badRequest, notFound } from '../http/errors';
import { describeErrors, webCallBodyValidator } from '../platform-document';
import { OUTBOUND_SCENARIOS, type OutboundScenario } from '../simulator/simulator';
import {
  limitSchema,
  parseOrThrow,
  requireUuid,
  stringList,
  timeFilterShape,
  timeRange,
} from '../http/validation';

// /call (create outbound, list, get, update, delete), /v2/call (paginated) and /call/web (public key). The /call
// routes are checked against the platform's document; /v2/call and /call/web are not in it.

const uuid = z.string({ error: 'must be a string' }).refine(isUuid, 'must be a UUID');
const uuidList = stringList.refine((ids) => ids.every(isUuid), 'each value must be a UUID');
const number = z.coerce
  .number({ error: 'must be a number' })
  .refine(Number.isFinite, 'must be a number');

const listQuery = z.object({
  id: uuid.optional(),
  assistantId: uuid.optional(),
  phoneNumberId: uuid.optional(),
  limit: limitSchema().default(100),
  ...timeFilterShape,
});

const pageQuery = z.object({
  page: z.coerce
    .number({ error: 'must be a number conforming to the specified constraints' })
    .int('must be an integer number')
    .min(1, 'must not be less than 1')
    .default(1),
  limit: limitSchema().default(100),
  sortOrder: z
    .enum(['ASC', 'DESC'], { error: 'must be one of the following values: ASC, DESC' })
    .default('DESC'),
  sortBy: z
    .enum(['createdAt', 'duration', 'cost'], {
      error: 'must be one of the following values: createdAt, duration, cost',
    })
    .default('createdAt'),
  id: uuid.optional(),
  idAny: uuidList.optional(),
  assistantId: uuid.optional(),
  assistantIdAny: uuidList.optional(),
  phoneNumberId: uuid.optional(),
  phoneNumberIdAny: uuidList.optional(),
  customerNumberAny: stringList.optional(),
  endedReason: z.string().max(1000).optional(),
  endedReasonAny: stringList.optional(),
  successEvaluation: z.string().max(1000).optional(),
  cost: number.optional(),
  costLe: number.optional(),
  costGe: number.optional(),
  ...timeFilterShape,
});

/** A call names who answers it: an assistant, a squad or a workflow, by id or inline. */
function requireAnswerer(body: {
  assistantId?: string;
  assistant?: unknown;
  squadId?: string;
  squad?: unknown;
  workflowId?: string;
  workflow?: unknown;
}): void {
  const named = [body.assistantId, body.assistant, body.squadId, body.squad, body.workflowId];
  if (!named.some(Boolean) && !body.workflow)
    throw badRequest('Assistant or Squad or Workflow must be provided.');
}

function combine(one: string | undefined, any: string[] | undefined): string[] | undefined {
  if (one === undefined && any === undefined) return undefined;
  const values = [...(any ?? [])];
  if (one !== undefined) values.push(one);
  if (one !== undefined && any !== undefined) {
    // Both given: a call must satisfy both, i.e. be the single id, if it is in the list.
    return any.includes(one) ? [one] : [];
  }
  return values;
}

const deleteBody = z.object({ ids: z.array(uuid, { error: 'must be an array' }).optional() });

const webCallBody = z.looseObject({
  assistantId: uuid.optional(),
  assistant: z.record(z.string(), z.unknown(), { error: 'must be an object' }).optional(),
  assistantOverrides: z.record(z.string(), z.unknown(), { error: 'must be an object' }).optional(),
  squadId: uuid.optional(),
  squad: z.record(z.string(), z.unknown(), { error: 'must be an object' }).optional(),
  squadOverrides: z.record(z.string(), z.unknown(), { error: 'must be an object' }).optional(),
  workflowId: uuid.optional(),
  workflow: z.record(z.string(), z.unknown(), { error: 'must be an object' }).optional(),
  workflowOverrides: z.record(z.string(), z.unknown(), { error: 'must be an object' }).optional(),
  roomDeleteOnUserLeaveEnabled: z.boolean({ error: 'must be a boolean value' }).optional(),
});

type OutboundBody = Pick<
  Vapi.CreateCallDto,
  'assistantId' | 'assistant' | 'squadId' | 'squad' | 'workflowId' | 'workflow' | 'name'
> & {
  phoneNumberId?: string;
  phoneNumber?: unknown;
  customer?: { number?: string; name?: string };
  customerId?: string;
  customers?: unknown[];
  assistantOverrides?: Vapi.AssistantOverrides;
};

/**
 * `assistantOverrides.metadata.sandboxScenario`: what the simulated customer does (default
 * none). CreateCallDTO has no `metadata` of its own; the overrides' metadata is the documented
 * place for a caller's own data.
 */
function outboundScenario(metadata: Record<string, unknown> | undefined): OutboundScenario {
  const value = metadata?.sandboxScenario;
  if (value === undefined) return 'none';
  if (typeof value === 'string' && (OUTBOUND_SCENARIOS as readonly string[]).includes(value))
    return value as OutboundScenario;
  throw badRequest(
    `assistantOverrides.metadata.sandboxScenario must be one of ${OUTBOUND_SCENARIOS.join(', ')}`,
  );
}

/** The squad's first member, or the platform's 400 for a squad or member that does not exist. */
/** A squad with no members (our wording [inferred]; the document sets no minimum). */
const NO_SQUAD_MEMBERS = 'squad.members must contain at least 1 elements';

/** An inline squad's first member, when it names a saved assistant (else it plays generic). */
function inlineSquadAnswerer(catalog: SandboxContext['catalog'], member: Vapi.SquadMemberDto) {
  if (!member.assistantId) return undefined;
  const record = catalog.getAssistant(member.assistantId);
  if (!record)
    throw badRequest(
      `Couldn't Get Assistant. \`assistantId\` ${member.assistantId} Does Not Exist.`,
    );
  return record;
}

function squadAnswererOrThrow(catalog: SandboxContext['catalog'], squadId: string) {
  const answer = catalog.squadAnswerer(squadId);
  if ('record' in answer) return answer.record;
  if (answer.missing === 'squad')
    throw badRequest(`Couldn't Get Squad. \`squadId\` ${squadId} Does Not Exist.`);
  if (!answer.assistantId) throw badRequest([NO_SQUAD_MEMBERS]);
  throw badRequest(
    `Couldn't Get Assistant. \`assistantId\` ${answer.assistantId ?? '(none)'} Does Not Exist.`,
  );
}

export async function callRoutes(
  app: FastifyInstance,
  { store, catalog, simulator, listOrder }: SandboxContext,
): Promise<void> {
  // An outbound phone call from one of our numbers to `customer.number`, played out by the
  // simulator with its server messages. Only saved assistants and numbers: the sandbox has no
  // squads, workflows, transient assistants or batch calls, and refuses them with a 400.
  app.post('/call', async (request, reply) => {
    const body = checkBody<OutboundBody>('POST', '/call', request.body);
    requireAnswerer(body);
    // A squad's call is answered by its first member; the call carries the squad's id.
    const squadMember = body.squadId ? squadAnswererOrThrow(catalog, body.squadId) : undefined;
    if (body.workflowId)
      throw badRequest(`Couldn't Get Workflow. \`workflowId\` ${body.workflowId} Does Not Exist.`);
    const assistantId = squadMember?.assistant.id ?? body.assistantId;
    if (!assistantId)
      throw badRequest(
        'The sandbox places calls with a saved assistant or squad (assistantId, squadId) only.',
      );
    if (!body.phoneNumberId) throw badRequest('Need Either `phoneNumberId` Or `phoneNumber`.');
    if (body.customers !== undefined)
      throw badRequest('The sandbox does not place batch calls (customers).');
    if (!body.customer?.number) throw badRequest('Need Either `customer.number` Or `customerId`.');
    const record = squadMember ?? catalog.getAssistant(assistantId);
    if (!record)
      throw badRequest(`Couldn't Get Assistant. \`assistantId\` ${assistantId} Does Not Exist.`);
    const phoneNumber = catalog.phoneNumbers.get(body.phoneNumberId);
    if (!phoneNumber)
      throw badRequest(
        `Couldn't Get Phone Number. \`phoneNumberId\` ${body.phoneNumberId} Does Not Exist.`,
      );
    const scenario = outboundScenario(body.assistantOverrides?.metadata);
    const call = simulator.startOutboundCall({
      id: randomUUID(),
      assistantId: record.assistant.id,
      ...(squadMember ? { asSquadMember: true } : {}),
      phoneNumber,
      scenario,
      extra: {
        ...(body.squadId ? { squadId: body.squadId } : {}),
        customer: body.customer,
        ...(body.assistantOverrides ? { assistantOverrides: body.assistantOverrides } : {}),
        ...(body.name ? { name: body.name } : {}),
      },
    });
    return reply.status(201).send(call);
  });

  app.get('/call', async (request) => {
    checkQuery('GET', '/call', request.query);
    const query = parseOrThrow(listQuery, request.query);
    const filter: CallFilter = {
      createdAt: timeRange(query, 'createdAt'),
      updatedAt: timeRange(query, 'updatedAt'),
      ...(query.id ? { ids: [query.id] } : {}),
      ...(query.assistantId ? { assistantIds: [query.assistantId] } : {}),
      ...(query.phoneNumberId ? { phoneNumberIds: [query.phoneNumberId] } : {}),
    };
    return store.list(filter, query.limit, listOrder === 'oldest-first');
  });

  app.get<{ Params: { id: string } }>('/call/:id', async (request) => {
    const call = store.get(requireUuid(request.params.id));
    if (!call) throw notFound('Call not found');
    return call;
  });

  app.patch<{ Params: { id: string } }>('/call/:id', async (request) => {
    const id = requireUuid(request.params.id);
    const body = checkBody<{ name?: string }>('PATCH', '/call/{id}', request.body);
    const call = body.name === undefined ? store.get(id) : store.rename(id, body.name);
    if (!call) throw notFound('Call not found');
    return call;
  });

  app.delete<{ Params: { id: string } }>('/call/:id', async (request) => {
    const id = requireUuid(request.params.id);
    const body = parseOrThrow(
      deleteBody,
      checkBody<{ ids?: string[] }>('DELETE', '/call/{id}', request.body),
    );
    const call = store.remove(id);
    for (const other of body.ids ?? []) store.remove(other);
    if (!call) throw notFound('Call not found');
    return call;
  });

  app.get('/v2/call', async (request) => {
    const query = parseOrThrow(pageQuery, request.query);
    const costMin = Math.max(query.costGe ?? -Infinity, query.cost ?? -Infinity);
    const costMax = Math.min(query.costLe ?? Infinity, query.cost ?? Infinity);
    const endedReasons = combine(query.endedReason, query.endedReasonAny);
    const ids = combine(query.id, query.idAny);
    const assistantIds = combine(query.assistantId, query.assistantIdAny);
    const phoneNumberIds = combine(query.phoneNumberId, query.phoneNumberIdAny);
    const filter: CallFilter = {
      createdAt: timeRange(query, 'createdAt'),
      updatedAt: timeRange(query, 'updatedAt'),
      ...(ids ? { ids } : {}),
      ...(assistantIds ? { assistantIds } : {}),
      ...(phoneNumberIds ? { phoneNumberIds } : {}),
      ...(query.customerNumberAny ? { customerNumbers: query.customerNumberAny } : {}),
      ...(endedReasons ? { endedReasons } : {}),
      ...(query.successEvaluation !== undefined
        ? { successEvaluation: query.successEvaluation }
        : {}),
      ...(costMin > -Infinity ? { costMin } : {}),
      ...(costMax < Infinity ? { costMax } : {}),
    };
    return store.page({
      filter,
      page: query.page,
      limit: query.limit,
      sortBy: query.sortBy,
      sortOrder: query.sortOrder,
    });
  });
}

export async function webCallRoutes(
  app: FastifyInstance,
  { catalog, simulator, materialize }: SandboxContext,
): Promise<void> {
  app.post('/call/web', async (request, reply) => {
    const validate = webCallBodyValidator();
    if (!validate(request.body ?? {})) throw badRequest(describeErrors(validate.errors));
    const body = parseOrThrow(webCallBody, request.body ?? {});
    requireAnswerer(body);
    if (body.workflowId && !body.workflow) {
      // The document has no workflow resource: no stored workflow exists to run.
      throw badRequest(`Couldn't Get Workflow. \`workflowId\` ${body.workflowId} Does Not Exist.`);
    }
    // A squad's call is answered by its first member; the call carries the squad's id. A squad
    // with no members has no one to answer.
    const inlineSquad = body.squad as { members?: Vapi.SquadMemberDto[] } | undefined;
    if (!body.assistantId && !body.squadId && inlineSquad && !inlineSquad.members?.length)
      throw badRequest([NO_SQUAD_MEMBERS]);
    const squadMember =
      body.squadId && !body.assistantId
        ? squadAnswererOrThrow(catalog, body.squadId)
        : !body.assistantId && inlineSquad
          ? inlineSquadAnswerer(catalog, inlineSquad.members![0]!)
          : undefined;
    const record =
      squadMember ?? (body.assistantId ? catalog.getAssistant(body.assistantId) : undefined);
    if (body.assistantId && !record) {
      throw badRequest(
        `Couldn't Get Assistant. \`assistantId\` ${body.assistantId} Does Not Exist.`,
      );
    }
    const overrides = body.assistantOverrides as Vapi.AssistantOverrides | undefined;
    const inline = body.assistant as Vapi.CreateAssistantDto | undefined;
    let assistant: Vapi.CreateAssistantDto | undefined;
    // A squad's call names the squad, not the member's configuration.
    if (record && !squadMember) {
      const { id: _id, orgId: _orgId, createdAt: _c, updatedAt: _u, ...dto } = record.assistant;
      assistant = { ...dto, ...(overrides ?? {}) };
    } else if (inline) {
      assistant = { ...inline, ...(overrides ?? {}) };
    }
    const callId = randomUUID();
    const webCallUrl = `${materialize.publicUrl()}/web-call/${callId}`;
    const extra: Partial<Vapi.Call> & { webCallUrl: string } = {
      webCallUrl,
      transport: {
        provider: 'daily',
        callUrl: webCallUrl,
        roomDeleteOnUserLeaveEnabled: body.roomDeleteOnUserLeaveEnabled ?? true,
      },
      artifactPlan: { recordingEnabled: true, videoRecordingEnabled: false },
      ...(assistant ? { assistant } : {}),
      ...(overrides ? { assistantOverrides: overrides } : {}),
      ...(body.squadId ? { squadId: body.squadId } : {}),
      ...(body.squad ? { squad: body.squad as unknown as Vapi.CreateSquadDto } : {}),
      ...(body.workflowId ? { workflowId: body.workflowId } : {}),
      ...(body.workflow ? { workflow: body.workflow as unknown as Vapi.CreateWorkflowDto } : {}),
    };
    const metadata = overrides?.metadata;
    const call = simulator.startWebCall({
      id: callId,
      assistantId: record?.assistant.id,
      ...(squadMember ? { asSquadMember: true } : {}),
      assistant: inline,
      assistantOverrides: overrides,
      extra,
      ...(metadata?.sandboxScenario !== undefined ? { scenario: outboundScenario(metadata) } : {}),
    });
    return reply.status(201).send(call);
  });
}
