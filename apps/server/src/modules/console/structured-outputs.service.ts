import { Ajv } from 'ajv';
import type { Vapi } from '@vapi-ai/server-sdk';
import type {
  StructuredOutput,
  StructuredOutputInput,
  UpdateStructuredOutputInput,
} from '@switchboard/shared/structured-outputs';
import type { Db } from '../../db/client';
import { currentAgentsOf } from '../../db/current-agents';
import { agents } from '../../db/schema';
import { AppError, notFound } from '../../lib/app-error';
import type { PlatformClient } from '../../platform/platform-client';
import { readAllPages } from '../../platform/read-all';
import { forgetResource, recordOwned, renameResource } from './console.repository';
import { consoleFailure, isPlatformNotFound } from './console-errors';
import type { ConsoleService } from './console.service';

type PlatformOutput = Vapi.StructuredOutput;

const metaSchema = new Ajv({ strict: false, validateSchema: true });

/** The schema must be a JSON Schema (draft-07 meta-schema) besides the platform's subset. */
function checkSchema(schema: Record<string, unknown>): void {
  if (!metaSchema.validateSchema(schema)) {
    const first = metaSchema.errors?.[0];
    throw new AppError(
      'VALIDATION_ERROR',
      `schema: not a valid JSON Schema (${first?.instancePath || '/'} ${first?.message ?? ''})`.trim(),
    );
  }
}

function toOutput(output: PlatformOutput, agentIds: readonly string[]): StructuredOutput {
  return {
    id: output.id,
    name: output.name,
    description: output.description ?? '',
    schema: output.schema as unknown as Record<string, unknown>,
    agentIds: (output.assistantIds ?? []).filter((id) => agentIds.includes(id)),
    createdAt: new Date(output.createdAt).toISOString(),
    updatedAt: new Date(output.updatedAt).toISOString(),
  };
}

/**
 * The business's structured outputs. The platform attaches one to an assistant through the
 * assistant's `artifactPlan.structuredOutputIds` (its results land in the call's
 * `artifact.structuredOutputs`); the output's own `assistantIds` is kept in step so the list
 * says where each is attached without reading every assistant.
 */
export class StructuredOutputsService {
  constructor(
    private readonly deps: { db: Db; platform: () => PlatformClient; console: ConsoleService },
  ) {}

  /** The business's agents (platform assistant ids) that are still on the platform. */
  private async businessAgentIds(businessId: string): Promise<string[]> {
    const rows = await this.deps.db
      .select({ id: agents.platformAssistantId })
      .from(agents)
      .where(currentAgentsOf(businessId));
    return rows.map((row) => row.id);
  }

  /** Every id must be one of the business's agents: a 400 naming the first that is not. */
  private async requireAgents(businessId: string, ids: readonly string[]): Promise<string[]> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return [];
    const rows = await this.deps.db
      .select({ id: agents.platformAssistantId })
      .from(agents)
      .where(currentAgentsOf(businessId, unique));
    const known = new Set(rows.map((row) => row.id));
    const foreign = unique.find((id) => !known.has(id));
    if (foreign) {
      throw new AppError('VALIDATION_ERROR', `agentIds: ${foreign} is not one of your agents`);
    }
    return unique;
  }

  async list(businessId: string): Promise<StructuredOutput[]> {
    const owned = await this.deps.console.listOwned(businessId, 'structured-output');
    if (owned.length === 0) return [];
    const ids = new Set(owned.map((r) => r.platformId));
    const found: PlatformOutput[] = [];
    try {
      // The org's list page after page (it answers `{results, metadata}`), kept to the business's.
      const platform = this.deps.platform();
      const all = await readAllPages(
        (query) => platform.sdk.structuredOutputs.structuredOutputControllerFindAll(query),
        platform.listPageSize,
      );
      found.push(...all.filter((output) => ids.has(output.id)));
    } catch (error) {
      throw consoleFailure('fetch structured outputs', error);
    }
    const agentIds = await this.businessAgentIds(businessId);
    return found
      .map((output) => toOutput(output, agentIds))
      .sort((a, b) => a.name.localeCompare(b.name));
  }

  private async fetchOwned(businessId: string, id: string): Promise<PlatformOutput> {
    await this.deps.console.requireOwned(businessId, 'structured-output', id);
    try {
      return await this.deps
        .platform()
        .sdk.structuredOutputs.structuredOutputControllerFindOne({ id });
    } catch (error) {
      if (isPlatformNotFound(error)) {
        await forgetResource(this.deps.db, 'structured-output', id);
        throw notFound('Structured output');
      }
      throw consoleFailure('fetch structured output', error);
    }
  }

  async get(businessId: string, id: string): Promise<StructuredOutput> {
    const output = await this.fetchOwned(businessId, id);
    return toOutput(output, await this.businessAgentIds(businessId));
  }

  /**
   * Adds or removes the output in each assistant's `artifactPlan.structuredOutputIds`, keeping
   * the rest of the artifact plan and the other ids as they are.
   */
  private async setAttached(outputId: string, attach: string[], detach: string[]): Promise<void> {
    const { sdk } = this.deps.platform();
    for (const [assistantId, wanted] of [
      ...attach.map((id) => [id, true] as const),
      ...detach.map((id) => [id, false] as const),
    ]) {
      try {
        const assistant = await sdk.assistants.get({ id: assistantId });
        const plan = assistant.artifactPlan ?? {};
        const current = plan.structuredOutputIds ?? [];
        const next = wanted
          ? [...current.filter((id) => id !== outputId), outputId]
          : current.filter((id) => id !== outputId);
        if (next.length === current.length && next.every((id, i) => id === current[i])) continue;
        await sdk.assistants.update({
          id: assistantId,
          artifactPlan: { ...plan, structuredOutputIds: next },
        });
      } catch (error) {
        // An agent deleted on the platform has nothing left to detach from.
        if (!wanted && isPlatformNotFound(error)) continue;
        throw consoleFailure(
          wanted ? 'attach structured output' : 'detach structured output',
          error,
        );
      }
    }
  }

  async create(businessId: string, input: StructuredOutputInput): Promise<StructuredOutput> {
    checkSchema(input.schema);
    const agentIds = await this.requireAgents(businessId, input.agentIds);
    const { sdk } = this.deps.platform();
    let created: PlatformOutput;
    try {
      created = await sdk.structuredOutputs.structuredOutputControllerCreate({
        type: 'ai',
        name: input.name,
        ...(input.description ? { description: input.description } : {}),
        schema: input.schema as unknown as Vapi.JsonSchema,
        assistantIds: agentIds,
      });
    } catch (error) {
      throw consoleFailure('create structured output', error);
    }
    try {
      await recordOwned(this.deps.db, {
        kind: 'structured-output',
        platformId: created.id,
        businessId,
        name: input.name,
      });
      await this.setAttached(created.id, agentIds, []);
    } catch (error) {
      await this.setAttached(created.id, [], agentIds).catch(() => undefined);
      await sdk.structuredOutputs
        .structuredOutputControllerRemove({ id: created.id })
        .catch(() => undefined);
      await forgetResource(this.deps.db, 'structured-output', created.id).catch(() => undefined);
      throw error;
    }
    return toOutput(created, await this.businessAgentIds(businessId));
  }

  async update(
    businessId: string,
    id: string,
    input: UpdateStructuredOutputInput,
  ): Promise<StructuredOutput> {
    const existing = await this.fetchOwned(businessId, id);
    if (input.schema) checkSchema(input.schema);
    const mine = await this.businessAgentIds(businessId);
    const before = (existing.assistantIds ?? []).filter((a) => mine.includes(a));
    const after = input.agentIds ? await this.requireAgents(businessId, input.agentIds) : before;
    let updated: PlatformOutput;
    try {
      updated = await this.deps.platform().sdk.structuredOutputs.structuredOutputControllerUpdate({
        id,
        // Required by the route; "true" when a new schema replaces the old one.
        schemaOverride: input.schema ? 'true' : 'false',
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        ...(input.schema ? { schema: input.schema as unknown as Vapi.JsonSchema } : {}),
        ...(input.agentIds ? { assistantIds: after } : {}),
      });
    } catch (error) {
      throw consoleFailure('update structured output', error);
    }
    await this.setAttached(
      id,
      after.filter((a) => !before.includes(a)),
      before.filter((a) => !after.includes(a)),
    );
    if (input.name) await renameResource(this.deps.db, 'structured-output', id, input.name);
    return toOutput(updated, mine);
  }

  async remove(businessId: string, id: string): Promise<void> {
    const existing = await this.fetchOwned(businessId, id);
    const mine = await this.businessAgentIds(businessId);
    // Detached first (only from the business's own agents): an assistant naming a deleted
    // output would name nothing.
    await this.setAttached(
      id,
      [],
      (existing.assistantIds ?? []).filter((a) => mine.includes(a)),
    );
    try {
      await this.deps.platform().sdk.structuredOutputs.structuredOutputControllerRemove({ id });
    } catch (error) {
      if (!isPlatformNotFound(error)) throw consoleFailure('delete structured output', error);
    }
    await forgetResource(this.deps.db, 'structured-output', id);
  }
}
