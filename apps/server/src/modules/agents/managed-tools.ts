import { VapiError, type Vapi, type VapiClient } from '@vapi-ai/server-sdk';
import { AGENT_TOOL_NAMES, type AgentToolName } from '@switchboard/shared/agents';
import { AGENT_TOOL_FUNCTIONS, AGENT_TOOL_REQUEST_MESSAGES } from '@switchboard/shared/agent-tools';
import { and, desc, eq, isNotNull, isNull, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { platformResources } from '../../db/schema';
import { carriesOurAuth, mergeServer, type OurServer } from './assistant-settings';

// Switchboard's own tools (create_enquiry, book_appointment) as real platform tools: made once
// per business with POST /tool, recorded in platform_resources with their role, and referenced
// by the business's agents' `model.toolIds`. The platform keeps the tool; we keep which business
// it belongs to. (The console's ownership repository will own these queries at merge.)

export const TOOL_KIND = 'tool';

export const MANAGED_TOOL_ROLES: Record<AgentToolName, string> = {
  create_enquiry: 'switchboard:create_enquiry',
  book_appointment: 'switchboard:book_appointment',
};

const roleName = (role: string | null): AgentToolName | undefined =>
  AGENT_TOOL_NAMES.find((name) => MANAGED_TOOL_ROLES[name] === role);

type FunctionToolBody = Vapi.CreateFunctionToolDto & { type: 'function' };

/**
 * The platform tool for one of our functions: its definition, what the agent says while it
 * runs, and our server (URL and authentication; decision 024) merged into the one it had.
 */
export function managedToolBody(
  name: AgentToolName,
  server: OurServer | undefined,
  previous?: Vapi.Server,
): FunctionToolBody {
  const toolServer = server ? mergeServer(previous, server, { timeoutSeconds: 20 }) : previous;
  return {
    type: 'function',
    async: false,
    function: AGENT_TOOL_FUNCTIONS[name],
    ...(toolServer ? { server: toolServer } : {}),
    messages: [{ type: 'request-start', content: AGENT_TOOL_REQUEST_MESSAGES[name] }],
  };
}

/** One of our tools as the business has it: its platform id, and the tool (undefined = gone). */
export type ManagedTool = {
  name: AgentToolName;
  id: string | undefined;
  tool: Vapi.FunctionTool | undefined;
};

type ToolRow = { id: string; platformId: string; role: string | null };

/** The business's tools; with `role`, only ours (isNotNull) or only its own (isNull). */
function businessTools(businessId: string, role?: SQL): SQL | undefined {
  return and(
    eq(platformResources.businessId, businessId),
    eq(platformResources.kind, TOOL_KIND),
    role,
  );
}

export async function findManagedToolRows(db: Db, businessId: string): Promise<ToolRow[]> {
  return db
    .select({
      id: platformResources.id,
      platformId: platformResources.platformId,
      role: platformResources.role,
    })
    .from(platformResources)
    .where(businessTools(businessId, isNotNull(platformResources.role)));
}

/** The business's own tools (no role: not Switchboard's), newest first, for attaching. */
export async function listCustomTools(
  db: Db,
  businessId: string,
): Promise<{ id: string; name: string }[]> {
  return db
    .select({ id: platformResources.platformId, name: platformResources.name })
    .from(platformResources)
    .where(businessTools(businessId, isNull(platformResources.role)))
    .orderBy(desc(platformResources.createdAt));
}

/** Every tool id the business owns (ours and its custom ones). */
export async function ownedToolIds(db: Db, businessId: string): Promise<Set<string>> {
  const rows = await db
    .select({ platformId: platformResources.platformId })
    .from(platformResources)
    .where(businessTools(businessId));
  return new Set(rows.map((row) => row.platformId));
}

const isNotFound = (error: unknown) => error instanceof VapiError && error.statusCode === 404;

function asFunctionTool(tool: Vapi.GetToolsResponse): Vapi.FunctionTool | undefined {
  return tool.type === 'function' ? tool : undefined;
}

export class ManagedTools {
  constructor(
    private readonly deps: {
      db: Db;
      sdk: () => VapiClient;
      ourServer: () => OurServer | undefined;
      log: FastifyBaseLogger;
    },
  ) {}

  private async fetchTool(id: string): Promise<Vapi.FunctionTool | undefined> {
    try {
      return asFunctionTool(await this.deps.sdk().tools.get({ id }));
    } catch (error) {
      if (isNotFound(error)) return undefined;
      throw error;
    }
  }

  /** The business's tools as recorded and as the platform has them now (nothing is made). */
  async read(businessId: string): Promise<ManagedTool[]> {
    const rows = await findManagedToolRows(this.deps.db, businessId);
    return Promise.all(
      AGENT_TOOL_NAMES.map(async (name) => {
        const row = rows.find((candidate) => roleName(candidate.role) === name);
        return {
          name,
          id: row?.platformId,
          tool: row ? await this.fetchTool(row.platformId) : undefined,
        };
      }),
    );
  }

  /**
   * The business's two tools, made on the platform when missing (never made, or deleted there)
   * and pointed at our webhook with our authentication when they no longer are. Answers their
   * platform ids in AGENT_TOOL_NAMES order.
   */
  async ensure(businessId: string): Promise<string[]> {
    const current = await this.read(businessId);
    const ours = this.deps.ourServer();
    return Promise.all(
      current.map(async ({ name, id, tool }) => {
        if (id && tool) {
          if (ours && (tool.server?.url !== ours.url || !carriesOurAuth(tool.server, ours))) {
            const { type: _type, ...body } = managedToolBody(name, ours, tool.server);
            await this.deps.sdk().tools.update({ id, body: { type: 'function', ...body } });
          }
          return id;
        }
        return this.make(businessId, name, id);
      }),
    );
  }

  /**
   * Makes the tool and records it. When another request recorded one meanwhile (the unique
   * index on business, kind and role), ours is deleted again and theirs is used.
   */
  private async make(
    businessId: string,
    name: AgentToolName,
    goneId: string | undefined,
  ): Promise<string> {
    const { db } = this.deps;
    const created = await this.deps
      .sdk()
      .tools.create(managedToolBody(name, this.deps.ourServer()));
    const role = MANAGED_TOOL_ROLES[name];
    const recorded = goneId
      ? await db
          .update(platformResources)
          .set({ platformId: created.id, updatedAt: new Date() })
          .where(
            and(
              eq(platformResources.businessId, businessId),
              eq(platformResources.kind, TOOL_KIND),
              eq(platformResources.role, role),
              eq(platformResources.platformId, goneId),
            ),
          )
          .returning({ platformId: platformResources.platformId })
      : await db
          .insert(platformResources)
          .values({ kind: TOOL_KIND, platformId: created.id, businessId, role, name })
          .onConflictDoNothing()
          .returning({ platformId: platformResources.platformId });
    if (recorded.length > 0) return created.id;
    await this.deps
      .sdk()
      .tools.delete({ id: created.id })
      .catch((error: unknown) =>
        this.deps.log.warn({ err: error, toolId: created.id }, 'could not delete a duplicate tool'),
      );
    const winner = (await findManagedToolRows(db, businessId)).find((row) => row.role === role);
    if (!winner)
      throw new Error(`the ${name} tool of business ${businessId} could not be recorded`);
    return winner.platformId;
  }
}
