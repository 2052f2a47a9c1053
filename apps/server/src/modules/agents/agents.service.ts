import type { Vapi } from '@vapi-ai/server-sdk';
import type {
  Agent,
  AgentHealth,
  AgentSettings,
  AgentSettingsResponse,
  AgentToolChoices,
} from '@switchboard/shared/agents';
import { and, eq, inArray, isNotNull, isNull, ne } from 'drizzle-orm';
import { successRatePercent, roundTo2 } from '@switchboard/shared/analytics';
import { formatDateTime } from '@switchboard/shared/format';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';
import type { PlatformRuntime } from '../../platform/platform-runtime';
import { agents as agentsTable, platformResources } from '../../db/schema';
import { agentHealth, needsToolMigration, repairBody } from './agent-health';
import {
  findAgent,
  findLastWebhookAt,
  insertAgent,
  listAgents,
  markAgentRemoved,
  updateAgentName,
  type AgentRow,
  type AgentScope,
} from './agents.repository';
import {
  assistantDtoFromSettings,
  carriesOurAuth,
  missingServerMessages,
  monitorPlanMatches,
  ourMonitorPlan,
  settingsFromAssistant,
  type AgentToolContext,
  type OurServer,
} from './assistant-settings';
import {
  findManagedToolRows,
  listCustomTools,
  MANAGED_TOOL_ROLES,
  ManagedTools,
  ownedToolIds,
  TOOL_KIND,
} from './managed-tools';
import { AGENT_TOOL_NAMES } from '@switchboard/shared/agents';
import type { DialingService } from '../dialing/dialing.service';
import { consoleFailure as platformFailure, isPlatformNotFound } from '../console/console-errors';

type Deps = {
  db: Db;
  platform: Pick<
    PlatformRuntime,
    'client' | 'webhookUrl' | 'serverAuth' | 'ensureServerAuth' | 'webhookAuth' | 'publicKey'
  >;
  log: FastifyBaseLogger;
  now?: () => Date;
  /** The business's knowledge bases and their search tools (the console's, decision 035). */
  knowledgeBases?: {
    attachable(businessId: string): Promise<{ id: string; name: string; toolId: string | null }[]>;
  };
  /** Transfer destinations are dialled by the platform: they pass the calling rules. */
  dialing: Pick<DialingService, 'requireDialable'>;
};

function toAgent(row: AgentRow): Agent {
  return {
    id: row.id,
    name: row.name,
    phoneNumber: row.phoneNumber,
    businessId: row.businessId,
    businessName: row.businessName,
    timeZone: row.timeZone,
    last7Days: {
      calls: row.calls7d,
      successRate: successRatePercent(row.passed7d, row.calls7d),
      spend: roundTo2(row.spend7d),
    },
    lastCallAt: row.lastCallAt?.toISOString() ?? null,
    lastCallAtText: row.lastCallAt ? formatDateTime(row.lastCallAt, row.timeZone) : null,
    createdAt: row.createdAt.toISOString(),
    liveListening: row.liveListening,
  };
}

/**
 * Agents: lists and figures from our store; configuration read from and written to the
 * platform through the SDK (the platform is the source of truth for an assistant's settings).
 */
export class AgentsService {
  private readonly now: () => Date;
  readonly managedTools: ManagedTools;

  constructor(private readonly deps: Deps) {
    this.now = deps.now ?? (() => new Date());
    this.managedTools = new ManagedTools({
      db: deps.db,
      sdk: () => deps.platform.client.sdk,
      ourServer: () => this.ourServer(),
      log: deps.log,
    });
  }

  /**
   * The tool ids Switchboard decides for an agent of this business (its managed tools, made
   * when missing, and every tool it owns); undefined for an agent no business owns.
   */
  private async toolContext(
    businessId: string | null,
    action: string,
  ): Promise<AgentToolContext | undefined> {
    if (!businessId) return undefined;
    let managedToolIds: string[];
    try {
      managedToolIds = await this.managedTools.ensure(businessId);
    } catch (error) {
      throw platformFailure(action, error);
    }
    const [owned, knowledgeBaseTools] = await Promise.all([
      ownedToolIds(this.deps.db, businessId),
      this.knowledgeBaseTools(businessId),
    ]);
    return {
      managedToolIds,
      ownedToolIds: new Set([...owned, ...knowledgeBaseTools.values()]),
      knowledgeBaseTools,
    };
  }

  /** The business's knowledge bases → their search tool ids (those that have one). */
  private async knowledgeBaseTools(businessId: string | null): Promise<Map<string, string>> {
    if (!businessId || !this.deps.knowledgeBases) return new Map();
    const bases = await this.deps.knowledgeBases.attachable(businessId);
    return new Map(bases.flatMap((base) => (base.toolId ? [[base.id, base.toolId] as const] : [])));
  }

  /** Knowledge bases named in the settings must be the business's own, with a search tool. */
  private async checkKnowledgeBases(businessId: string | null, settings: AgentSettings) {
    const wanted = settings.tools?.knowledgeBaseIds ?? [];
    if (wanted.length === 0) return;
    const known = await this.knowledgeBaseTools(businessId);
    const unknown = wanted.filter((id) => !known.has(id));
    if (unknown.length > 0)
      throw new AppError(
        'VALIDATION_ERROR',
        `Unknown knowledge base${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}`,
        {
          issues: [
            { path: ['tools', 'knowledgeBaseIds'], message: 'Not one of your knowledge bases' },
          ],
        },
      );
  }

  /** Custom tools named in the settings must be the business's own (not ours, not foreign). */
  private async checkCustomTools(businessId: string | null, settings: AgentSettings) {
    const wanted = settings.tools?.customToolIds ?? [];
    if (wanted.length === 0) return;
    const custom = new Set(
      businessId ? (await listCustomTools(this.deps.db, businessId)).map((tool) => tool.id) : [],
    );
    const unknown = wanted.filter((id) => !custom.has(id));
    if (unknown.length > 0)
      throw new AppError(
        'VALIDATION_ERROR',
        `Unknown tool${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}`,
        { issues: [{ path: ['tools', 'customToolIds'], message: 'Not one of your tools' }] },
      );
  }

  /**
   * The numbers the agent would transfer callers to must be ones the business may have the
   * platform dial (decision 053); an agent no business owns is the operator's own.
   */
  private async checkTransferNumbers(businessId: string | null, settings: AgentSettings) {
    const tools = settings.tools;
    if (!tools?.transferCall) return;
    await this.deps.dialing.requireDialable(
      businessId,
      tools.transferDestinations.map((destination, index) => ({
        number: destination.number,
        path: ['tools', 'transferDestinations', index, 'number'],
      })),
    );
  }

  /** The business's custom tools an agent may attach (none for an operator). */
  async toolChoices(businessId: string | null): Promise<AgentToolChoices> {
    if (!businessId) return { custom: [], knowledgeBases: [] };
    const [custom, bases] = await Promise.all([
      listCustomTools(this.deps.db, businessId),
      this.deps.knowledgeBases?.attachable(businessId) ?? [],
    ]);
    return {
      custom,
      knowledgeBases: bases.flatMap((base) =>
        base.toolId ? [{ id: base.id, name: base.name }] : [],
      ),
    };
  }

  /**
   * Before an agent's `server` is written: in HMAC mode its webhook credential must exist (made
   * once; a platform that refused at start is asked again here).
   */
  private async serverAuthReady(): Promise<void> {
    try {
      await this.deps.platform.ensureServerAuth();
    } catch (error) {
      throw platformFailure('set up the webhook credential', error);
    }
  }

  /** Our webhook and its authentication, for an assistant's and its tools' `server`. */
  private ourServer(): OurServer | undefined {
    const url = this.deps.platform.webhookUrl();
    return url ? { url, ...this.deps.platform.serverAuth } : undefined;
  }

  /** The monitorPlan an agent should carry (decision 059). */
  private monitorPlan(liveListening: boolean): Vapi.MonitorPlan {
    return ourMonitorPlan({
      liveListening,
      authenticated: Boolean(this.deps.platform.publicKey),
    });
  }

  /**
   * The business's switch for listening to an agent's calls live: kept here and set on the
   * assistant's monitorPlan (listenEnabled), so the platform itself stops offering the audio.
   */
  async setLiveListening(scope: AgentScope, agentId: string, enabled: boolean): Promise<Agent> {
    await this.get(scope, agentId);
    const existing = await this.fetchAssistant(agentId, 'update agent');
    try {
      await this.deps.platform.client.sdk.assistants.update({
        id: agentId,
        monitorPlan: { ...existing.monitorPlan, ...this.monitorPlan(enabled) },
      });
    } catch (error) {
      if (isPlatformNotFound(error)) {
        await markAgentRemoved(this.deps.db, agentId);
        throw notFound('Agent');
      }
      throw platformFailure('update agent', error);
    }
    await this.deps.db
      .update(agentsTable)
      .set({ liveListening: enabled, updatedAt: new Date() })
      .where(eq(agentsTable.platformAssistantId, agentId));
    return this.get(scope, agentId);
  }

  async list(scope: AgentScope): Promise<Agent[]> {
    return (await listAgents(this.deps.db, scope, this.now())).map(toAgent);
  }

  async get(scope: AgentScope, agentId: string): Promise<Agent> {
    const row = await findAgent(this.deps.db, scope, agentId, this.now());
    if (!row) throw notFound('Agent');
    return toAgent(row);
  }

  /** Reads the assistant from the platform; one gone from there is marked removed here too. */
  private async fetchAssistant(agentId: string, action: string): Promise<Vapi.Assistant> {
    try {
      return await this.deps.platform.client.sdk.assistants.get({ id: agentId });
    } catch (error) {
      if (isPlatformNotFound(error)) {
        await markAgentRemoved(this.deps.db, agentId);
        throw notFound('Agent');
      }
      throw platformFailure(action, error);
    }
  }

  async getSettings(scope: AgentScope, agentId: string): Promise<AgentSettingsResponse> {
    const agent = await this.get(scope, agentId);
    const assistant = await this.fetchAssistant(agentId, 'fetch agent');
    const [rows, custom, knowledgeBaseTools] = agent.businessId
      ? await Promise.all([
          findManagedToolRows(this.deps.db, agent.businessId),
          listCustomTools(this.deps.db, agent.businessId),
          this.knowledgeBaseTools(agent.businessId),
        ])
      : [[], [], undefined];
    const managed = AGENT_TOOL_NAMES.map((name) => ({
      name,
      id: rows.find((row) => row.role === MANAGED_TOOL_ROLES[name])?.platformId,
    }));
    return {
      id: agentId,
      ...settingsFromAssistant(assistant, {
        managed,
        customToolIds: new Set(custom.map((tool) => tool.id)),
        ...(knowledgeBaseTools ? { knowledgeBaseTools } : {}),
      }),
    };
  }

  /**
   * Creates the assistant on the platform (with our tools pointing at our webhook) and records
   * it as the business's agent (an admin's stays unassigned until assigned). If recording it
   * fails, the new assistant is deleted again, so nothing is left half-made.
   */
  async create(businessId: string | null, settings: AgentSettings): Promise<Agent> {
    await this.serverAuthReady();
    const { sdk } = this.deps.platform.client;
    await this.checkCustomTools(businessId, settings);
    await this.checkKnowledgeBases(businessId, settings);
    await this.checkTransferNumbers(businessId, settings);
    const tools = await this.toolContext(businessId, 'create agent');
    let assistant: Vapi.Assistant;
    try {
      assistant = await sdk.assistants.create(
        assistantDtoFromSettings(settings, {
          server: this.ourServer(),
          tools,
          monitorPlan: this.monitorPlan(true),
        }),
      );
    } catch (error) {
      throw platformFailure('create agent', error);
    }
    try {
      await insertAgent(this.deps.db, {
        platformAssistantId: assistant.id,
        businessId,
        name: assistant.name ?? settings.name,
      });
    } catch (error) {
      await sdk.assistants.delete({ id: assistant.id }).catch((cleanupError: unknown) => {
        this.deps.log.error(
          { err: cleanupError, assistantId: assistant.id },
          'could not delete an assistant whose agent record failed; the next sync lists it unassigned',
        );
      });
      throw error;
    }
    const scope: AgentScope = businessId ? { kind: 'business', businessId } : { kind: 'all' };
    return this.get(scope, assistant.id);
  }

  async update(scope: AgentScope, agentId: string, settings: AgentSettings): Promise<Agent> {
    await this.serverAuthReady();
    const agent = await this.get(scope, agentId);
    await this.checkCustomTools(agent.businessId, settings);
    await this.checkKnowledgeBases(agent.businessId, settings);
    await this.checkTransferNumbers(agent.businessId, settings);
    const existing = await this.fetchAssistant(agentId, 'update agent');
    const tools = await this.toolContext(agent.businessId, 'update agent');
    let updated: Vapi.Assistant;
    try {
      updated = await this.deps.platform.client.sdk.assistants.update({
        id: agentId,
        ...assistantDtoFromSettings(settings, {
          server: this.ourServer(),
          existing,
          tools,
          monitorPlan: this.monitorPlan(agent.liveListening !== false),
        }),
      });
    } catch (error) {
      if (isPlatformNotFound(error)) {
        await markAgentRemoved(this.deps.db, agentId);
        throw notFound('Agent');
      }
      throw platformFailure('update agent', error);
    }
    await updateAgentName(this.deps.db, agentId, updated.name ?? settings.name);
    return this.get(scope, agentId);
  }

  /**
   * The assistant these settings would make, without saving them: the saved assistant with the
   * settings applied, as a full create body (an agent test run's inline target). Tagged with
   * `metadata.switchboardAgentId` so a run against it is known to be this agent's.
   */
  async draftAssistant(
    scope: AgentScope,
    agentId: string,
    settings: AgentSettings,
  ): Promise<Vapi.CreateAssistantDto> {
    const agent = await this.get(scope, agentId);
    await this.checkCustomTools(agent.businessId, settings);
    await this.checkTransferNumbers(agent.businessId, settings);
    const existing = await this.fetchAssistant(agentId, 'fetch agent');
    const tools = await this.toolContext(agent.businessId, 'fetch agent');
    const {
      id: _id,
      orgId: _orgId,
      createdAt: _createdAt,
      updatedAt: _updatedAt,
      ...saved
    } = existing as Vapi.Assistant & { latestVersion?: unknown };
    const { latestVersion: _latest, ...kept } = saved as typeof saved & { latestVersion?: unknown };
    const draft = {
      ...kept,
      ...assistantDtoFromSettings(settings, { server: this.ourServer(), existing, tools }),
    };
    return { ...draft, metadata: { ...draft.metadata, switchboardAgentId: agentId } };
  }

  /** Whether the platform reaches us for this agent (see agentHealth). */
  async health(scope: AgentScope, agentId: string): Promise<AgentHealth> {
    const agent = await this.get(scope, agentId);
    const assistant = await this.fetchAssistant(agentId, 'fetch agent');
    return agentHealth(
      assistant,
      this.ourServer(),
      await findLastWebhookAt(this.deps.db, agentId),
      await this.readManaged(agent.businessId),
      this.monitorPlan(agent.liveListening !== false),
    );
  }

  private async readManaged(businessId: string | null) {
    if (!businessId) return undefined;
    try {
      return await this.managedTools.read(businessId);
    } catch (error) {
      throw platformFailure('fetch tools', error);
    }
  }

  /**
   * Points the assistant and our tools at us again with our authentication (a PATCH of its
   * server and model as the platform has them now, foreign fields and tools kept).
   */
  async repair(scope: AgentScope, agentId: string): Promise<AgentHealth> {
    await this.serverAuthReady();
    const agent = await this.get(scope, agentId);
    const ours = this.ourServer();
    if (!ours)
      throw new AppError(
        'CONFLICT',
        'Switchboard does not know its own webhook address yet: set PUBLIC_URL',
      );
    const existing = await this.fetchAssistant(agentId, 'repair agent');
    const tools = await this.toolContext(agent.businessId, 'repair agent');
    let updated: Vapi.Assistant;
    try {
      updated = await this.deps.platform.client.sdk.assistants.update({
        id: agentId,
        ...repairBody(
          existing,
          ours,
          tools?.managedToolIds,
          this.monitorPlan(agent.liveListening !== false),
        ),
      });
    } catch (error) {
      if (isPlatformNotFound(error)) {
        await markAgentRemoved(this.deps.db, agentId);
        throw notFound('Agent');
      }
      throw platformFailure('repair agent', error);
    }
    return agentHealth(
      updated,
      ours,
      await findLastWebhookAt(this.deps.db, agentId),
      await this.readManaged(agent.businessId),
      this.monitorPlan(agent.liveListening !== false),
    );
  }

  /**
   * An agent newly assigned to a business (one discovered on the platform among them) is pointed
   * at us as Repair does: our server and authentication, the server messages we need, and that
   * business's tools by id (made when missing);
   * another business's Switchboard tools it carried go. Failures are logged, not thrown: the
   * assignment stands and health says what to repair.
   */
  async attachBusinessTools(agentId: string, businessId: string): Promise<void> {
    try {
      await this.serverAuthReady();
      const managedToolIds = await this.managedTools.ensure(businessId);
      const assistant = await this.deps.platform.client.sdk.assistants.get({ id: agentId });
      const model = (assistant.model ?? {}) as { toolIds?: string[] };
      const ids = Array.isArray(model.toolIds) ? model.toolIds : [];
      const othersManaged = new Set(
        ids.length === 0
          ? []
          : (
              await this.deps.db
                .select({ platformId: platformResources.platformId })
                .from(platformResources)
                .where(
                  and(
                    eq(platformResources.kind, TOOL_KIND),
                    isNotNull(platformResources.role),
                    inArray(platformResources.platformId, ids),
                    ne(platformResources.businessId, businessId),
                  ),
                )
            ).map((row) => row.platformId),
      );
      const cleaned = {
        ...assistant,
        model: { ...model, toolIds: ids.filter((id) => !othersManaged.has(id)) },
      } as Vapi.Assistant;
      // Its calls come to us too: our server (URL and authentication) and the messages we need.
      const ours = this.ourServer();
      const reachesUs =
        ours === undefined ||
        (assistant.server?.url === ours.url &&
          carriesOurAuth(assistant.server, ours) &&
          missingServerMessages(assistant.serverMessages).length === 0 &&
          monitorPlanMatches(assistant.monitorPlan, this.monitorPlan(true)));
      if (othersManaged.size === 0 && !needsToolMigration(cleaned, managedToolIds) && reachesUs)
        return;
      await this.deps.platform.client.sdk.assistants.update({
        id: agentId,
        ...repairBody(cleaned, ours, managedToolIds, this.monitorPlan(true)),
      });
    } catch (error) {
      this.deps.log.warn(
        { err: error, assistantId: agentId },
        'could not attach the business’s Switchboard tools to an assigned agent; Repair retries',
      );
    }
  }

  /**
   * Moves every assigned agent to our tools by id (run once the server listens, and safe to
   * run again): each business's managed tools are made when missing, and an assistant that still
   * defines create_enquiry or book_appointment inline, or lacks their ids, gets its model PATCHed
   * (other tools, ids and fields kept). Failures are logged; the next start, or Repair, retries.
   * `signal` stops it between agents and aborts the platform request in flight (the server is
   * stopping: what is left is the next start's to do).
   */
  async migrateToToolIds(signal?: AbortSignal): Promise<{ migrated: number; failed: number }> {
    const rows = await this.deps.db
      .select({ id: agentsTable.platformAssistantId, businessId: agentsTable.businessId })
      .from(agentsTable)
      .where(and(isNull(agentsTable.removedAt), isNotNull(agentsTable.businessId)));
    const toolIdsByBusiness = new Map<string, Promise<string[]>>();
    let migrated = 0;
    let failed = 0;
    const requestOptions = signal ? { abortSignal: signal } : undefined;
    for (const row of rows) {
      if (signal?.aborted) break;
      const businessId = row.businessId;
      if (!businessId) continue;
      try {
        let pending = toolIdsByBusiness.get(businessId);
        if (!pending) {
          pending = this.managedTools.ensure(businessId);
          toolIdsByBusiness.set(businessId, pending);
        }
        const managedToolIds = await pending;
        const { sdk } = this.deps.platform.client;
        const assistant = await sdk.assistants.get({ id: row.id }, requestOptions);
        if (!needsToolMigration(assistant, managedToolIds)) continue;
        const { model } = repairBody(assistant, undefined, managedToolIds);
        await sdk.assistants.update({ id: row.id, model }, requestOptions);
        migrated += 1;
      } catch (error) {
        if (signal?.aborted) break;
        failed += 1;
        this.deps.log.warn(
          { err: error, assistantId: row.id },
          'could not attach the Switchboard tools to an agent by id; Repair retries',
        );
      }
    }
    if (migrated > 0 || failed > 0)
      this.deps.log.info({ migrated, failed }, 'agents moved to Switchboard tools by id');
    return { migrated, failed };
  }

  /** Deletes the assistant on the platform; its calls stay in the store. */
  async remove(scope: AgentScope, agentId: string): Promise<void> {
    await this.get(scope, agentId);
    try {
      await this.deps.platform.client.sdk.assistants.delete({ id: agentId });
    } catch (error) {
      // Already gone there: the agent is gone here too.
      if (!isPlatformNotFound(error)) throw platformFailure('delete agent', error);
    }
    await markAgentRemoved(this.deps.db, agentId);
  }
}
