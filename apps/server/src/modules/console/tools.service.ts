import { Ajv } from 'ajv';
import type { Vapi } from '@vapi-ai/server-sdk';
import type { CustomToolInput, Tool, UpdateCustomToolInput } from '@switchboard/shared/tools';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';
import type { PlatformClient } from '../../platform/platform-client';
import { readAllByCreatedAt } from '../../platform/read-all';
import { forgetResource, recordOwned, renameResource } from './console.repository';
import { consoleFailure, isPlatformNotFound } from './console-errors';
import type { ConsoleService } from './console.service';
import { toolUrlProblem } from './tool-url';

type PlatformTool = Vapi.ListToolsResponseItem;

const metaSchema = new Ajv({ strict: false, validateSchema: true });

/** The parameters must be a JSON Schema (checked against the draft-07 meta-schema). */
function checkParameters(parameters: Record<string, unknown>): void {
  if (!metaSchema.validateSchema(parameters)) {
    const first = metaSchema.errors?.[0];
    throw new AppError(
      'VALIDATION_ERROR',
      `parameters: not a valid JSON Schema (${first?.instancePath || '/'} ${first?.message ?? ''})`.trim(),
    );
  }
}

function checkUrl(url: string): void {
  const problem = toolUrlProblem(url);
  if (problem) {
    // Under the form's field, as the schema's own checks are.
    throw new AppError('VALIDATION_ERROR', problem, {
      issues: [{ path: 'body.serverUrl', message: problem }],
    });
  }
}

function functionOf(tool: PlatformTool): Vapi.OpenAiFunction | undefined {
  return 'function' in tool ? tool.function : undefined;
}

function toTool(tool: PlatformTool, role: string | null): Tool {
  const fn = functionOf(tool);
  const server = 'server' in tool ? tool.server : undefined;
  return {
    id: tool.id,
    type: tool.type,
    name: fn?.name ?? tool.type,
    description: fn?.description ?? '',
    parameters: (fn?.parameters as Record<string, unknown> | undefined) ?? null,
    // Switchboard's own tools point at our webhook: that address is not the business's to see.
    serverUrl: role ? null : (server?.url ?? null),
    // Only the header's name: the business's credential is never sent back.
    serverAuthHeader: role ? null : (Object.keys(server?.headers ?? {})[0] ?? null),
    managed: role !== null,
    role,
    createdAt: new Date(tool.createdAt).toISOString(),
  };
}

/**
 * The tool's server after an update: a new URL, and the credential header replaced (`null`:
 * none sent any more); the platform's other server settings are kept.
 */
function serverWith(server: Vapi.Server | undefined, input: UpdateCustomToolInput): Vapi.Server {
  const { headers: _previous, ...rest } = server ?? { url: '' };
  const url = input.serverUrl ?? server?.url ?? '';
  if (input.serverAuth === undefined) return { ...server, url };
  return {
    ...rest,
    url,
    ...(input.serverAuth
      ? { headers: { [input.serverAuth.headerName]: input.serverAuth.value } }
      : {}),
  };
}

/**
 * The business's platform tools. Switchboard-managed ones (a `role` in the ownership record)
 * are listed read-only; custom function tools are created, changed and deleted here.
 */
export class ToolsService {
  constructor(
    private readonly deps: { db: Db; platform: () => PlatformClient; console: ConsoleService },
  ) {}

  async list(businessId: string): Promise<Tool[]> {
    const owned = await this.deps.console.listOwned(businessId, 'tool');
    if (owned.length === 0) return [];
    let all: PlatformTool[];
    try {
      const platform = this.deps.platform();
      // The org's whole list, in createdAt windows (platform/read-all.ts).
      all = await readAllByCreatedAt(
        (window, limit) => platform.sdk.tools.list({ limit, ...window }),
        platform.listPageSize,
      );
    } catch (error) {
      throw consoleFailure('fetch tools', error);
    }
    const roles = new Map(owned.map((r) => [r.platformId, r.role]));
    return all
      .filter((tool) => roles.has(tool.id))
      .map((tool) => toTool(tool, roles.get(tool.id) ?? null))
      .sort((a, b) => Number(b.managed) - Number(a.managed) || a.name.localeCompare(b.name));
  }

  private async fetchOwned(businessId: string, id: string) {
    const record = await this.deps.console.requireOwned(businessId, 'tool', id);
    try {
      return { record, tool: await this.deps.platform().sdk.tools.get({ id }) };
    } catch (error) {
      if (isPlatformNotFound(error)) {
        await forgetResource(this.deps.db, 'tool', id);
        throw notFound('Tool');
      }
      throw consoleFailure('fetch tool', error);
    }
  }

  async get(businessId: string, id: string): Promise<Tool> {
    const { record, tool } = await this.fetchOwned(businessId, id);
    return toTool(tool, record.role);
  }

  async create(businessId: string, input: CustomToolInput): Promise<Tool> {
    checkParameters(input.parameters);
    checkUrl(input.serverUrl);
    const { sdk } = this.deps.platform();
    let created: PlatformTool;
    try {
      created = await sdk.tools.create({
        type: 'function',
        async: false,
        function: {
          name: input.name,
          description: input.description,
          parameters: input.parameters as unknown as Vapi.OpenAiFunctionParameters,
        },
        server: {
          url: input.serverUrl,
          timeoutSeconds: 20,
          ...(input.serverAuth
            ? { headers: { [input.serverAuth.headerName]: input.serverAuth.value } }
            : {}),
        },
      });
    } catch (error) {
      throw consoleFailure('create tool', error);
    }
    try {
      await recordOwned(this.deps.db, {
        kind: 'tool',
        platformId: created.id,
        businessId,
        name: input.name,
      });
    } catch (error) {
      await sdk.tools.delete({ id: created.id }).catch(() => undefined);
      throw error;
    }
    return toTool(created, null);
  }

  private requireCustom(record: { role: string | null }): void {
    if (record.role) {
      throw new AppError(
        'MANAGED_RESOURCE',
        'This tool is managed by Switchboard and cannot be changed here.',
      );
    }
  }

  async update(businessId: string, id: string, input: UpdateCustomToolInput): Promise<Tool> {
    const { record, tool } = await this.fetchOwned(businessId, id);
    this.requireCustom(record);
    if (tool.type !== 'function') {
      throw new AppError('VALIDATION_ERROR', 'Only function tools can be edited here.');
    }
    if (input.parameters) checkParameters(input.parameters);
    if (input.serverUrl) checkUrl(input.serverUrl);
    const fn = functionOf(tool);
    const server = 'server' in tool ? tool.server : undefined;
    let updated: PlatformTool;
    try {
      updated = await this.deps.platform().sdk.tools.update({
        id,
        body: {
          type: 'function',
          function: {
            name: input.name ?? fn?.name ?? '',
            ...((input.description ?? fn?.description) !== undefined
              ? { description: input.description ?? fn?.description }
              : {}),
            ...((input.parameters ?? fn?.parameters)
              ? {
                  parameters: (input.parameters ??
                    fn?.parameters) as unknown as Vapi.OpenAiFunctionParameters,
                }
              : {}),
          },
          ...(input.serverUrl || input.serverAuth !== undefined
            ? { server: serverWith(server, input) }
            : {}),
        },
      });
    } catch (error) {
      throw consoleFailure('update tool', error);
    }
    if (input.name) await renameResource(this.deps.db, 'tool', id, input.name);
    return toTool(updated, null);
  }

  async remove(businessId: string, id: string): Promise<void> {
    const { record } = await this.fetchOwned(businessId, id);
    this.requireCustom(record);
    try {
      await this.deps.platform().sdk.tools.delete({ id });
    } catch (error) {
      if (!isPlatformNotFound(error)) throw consoleFailure('delete tool', error);
    }
    await forgetResource(this.deps.db, 'tool', id);
  }
}
