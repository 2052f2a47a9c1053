import type { VapiClient } from '@vapi-ai/server-sdk';
import {
  PLATFORM_RESOURCE_LABELS,
  type AdminPlatformResource,
  type DiscoverPlatformResourcesResult,
  type PlatformResourceKind,
} from '@switchboard/shared/console';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';
import { businessExists } from '../admin/admin.repository';
import {
  findOwned,
  findRecorded,
  findResourceById,
  listAllResources,
  listOwned,
  recordDiscovered,
  setResourceBusiness,
  type OwnedResource,
} from './console.repository';
import { readAllByCreatedAt, readAllPages } from '../../platform/read-all';
import { consoleFailure } from './console-errors';

type Found = { platformId: string; name: string };

/**
 * How discovery lists each kind it knows on the platform (through the official SDK), each read
 * to its end the way the document pages it (platform/read-all.ts): the array lists in createdAt
 * windows, `/structured-output` page after page. `/file` takes no paging parameters (its answer
 * is the whole list) and `/v2/knowledge-base` only `limit` (one request of the most it allows).
 * Kinds not here yet are recorded when a business creates them.
 */
export const DISCOVERY: Partial<
  Record<PlatformResourceKind, (sdk: VapiClient, pageSize: number) => Promise<Found[]>>
> = {
  'phone-number': async (sdk, pageSize) =>
    (
      await readAllByCreatedAt(
        (window, limit) => sdk.phoneNumbers.list({ limit, ...window }),
        pageSize,
      )
    ).map((phone) => ({
      platformId: phone.id,
      name: phone.name ?? ('number' in phone && phone.number ? phone.number : ''),
    })),
  tool: async (sdk, pageSize) =>
    (
      await readAllByCreatedAt((window, limit) => sdk.tools.list({ limit, ...window }), pageSize)
    ).map((tool) => ({
      platformId: tool.id,
      name: 'function' in tool && tool.function?.name ? tool.function.name : tool.type,
    })),
  file: async (sdk) =>
    (await sdk.files.list({ purpose: 'knowledge-base-v2' })).map((file) => ({
      platformId: file.id,
      name: file.originalName ?? file.name ?? '',
    })),
  'knowledge-base': async (sdk) =>
    (await sdk.knowledgeBasesV2.knowledgeBaseV2ControllerFindAll({ limit: 1000 })).map((base) => ({
      platformId: base.id,
      name: base.name,
    })),
  squad: async (sdk, pageSize) =>
    (
      await readAllByCreatedAt((window, limit) => sdk.squads.list({ limit, ...window }), pageSize)
    ).map((squad) => ({
      platformId: squad.id,
      name: squad.name ?? '',
    })),
  'structured-output': async (sdk, pageSize) =>
    (
      await readAllPages(
        (query) => sdk.structuredOutputs.structuredOutputControllerFindAll(query),
        pageSize,
      )
    ).map((output) => ({ platformId: output.id, name: output.name })),
};

function toAdminResource(
  row: NonNullable<Awaited<ReturnType<typeof findResourceById>>>,
): AdminPlatformResource {
  return {
    id: row.id,
    kind: row.kind as PlatformResourceKind,
    platformId: row.platformId,
    name: row.name,
    role: row.role,
    businessId: row.businessId,
    businessName: row.businessName,
    createdAt: row.createdAt.toISOString(),
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The console's ownership rules: a member sees and changes only the business's own resources
 * (a foreign or unknown id is 404), the operator assigns them and discovers unrecorded ones.
 */
export class ConsoleService {
  constructor(
    private readonly deps: {
      db: Db;
      sdk: () => VapiClient;
      /** Rows per request when a list is read to its end (the document's most by default). */
      listPageSize?: () => number;
    },
  ) {}

  listOwned(businessId: string, kind: PlatformResourceKind): Promise<OwnedResource[]> {
    return listOwned(this.deps.db, businessId, kind);
  }

  /** The business's resource, or 404 (`Phone number not found`) for anyone else's or none. */
  async requireOwned(
    businessId: string,
    kind: PlatformResourceKind,
    platformId: string,
  ): Promise<OwnedResource> {
    const row = await findOwned(this.deps.db, businessId, kind, platformId);
    if (!row) throw notFound(capitalised(PLATFORM_RESOURCE_LABELS[kind].one));
    return row;
  }

  /** The operator's reach: any recorded resource of the kind (404 for one never recorded). */
  async requireRecorded(kind: PlatformResourceKind, platformId: string): Promise<OwnedResource> {
    const row = await findRecorded(this.deps.db, kind, platformId);
    if (!row) throw notFound(capitalised(PLATFORM_RESOURCE_LABELS[kind].one));
    return row;
  }

  async listAll(filter: {
    kind?: PlatformResourceKind;
    assigned: 'all' | 'unassigned';
  }): Promise<AdminPlatformResource[]> {
    const rows = await listAllResources(this.deps.db, {
      ...(filter.kind ? { kind: filter.kind } : {}),
      unassignedOnly: filter.assigned === 'unassigned',
    });
    return rows.map(toAdminResource);
  }

  async assign(id: string, businessId: string | null): Promise<AdminPlatformResource> {
    if (!UUID.test(id)) throw notFound('Platform resource');
    if (businessId && !(await businessExists(this.deps.db, businessId))) {
      throw new AppError('VALIDATION_ERROR', 'That business does not exist.');
    }
    if (!(await setResourceBusiness(this.deps.db, id, businessId))) {
      throw notFound('Platform resource');
    }
    const row = await findResourceById(this.deps.db, id);
    if (!row) throw notFound('Platform resource');
    return toAdminResource(row);
  }

  /** Lists the platform's resources of each kind and records the ones not yet known. */
  async discover(kind?: PlatformResourceKind): Promise<DiscoverPlatformResourcesResult> {
    const kinds = kind ? [kind] : (Object.keys(DISCOVERY) as PlatformResourceKind[]);
    const result: DiscoverPlatformResourcesResult = { kinds: [] };
    for (const k of kinds) {
      const lister = DISCOVERY[k];
      if (!lister) {
        throw new AppError(
          'VALIDATION_ERROR',
          `Discovery does not list ${PLATFORM_RESOURCE_LABELS[k].many} yet.`,
        );
      }
      let found: Found[];
      try {
        found = await lister(this.deps.sdk(), this.deps.listPageSize?.() ?? 1000);
      } catch (error) {
        throw consoleFailure(`fetch ${PLATFORM_RESOURCE_LABELS[k].many}`, error);
      }
      const added = await recordDiscovered(this.deps.db, k, found);
      result.kinds.push({ kind: k, found: found.length, added });
    }
    return result;
  }
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
