import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { SandboxContext } from '../context';
import { listByFilter } from '../demo/catalog';
import { platformDocument } from '../platform-document';
import { listIsPaginated, pageQueryShape, paginate } from './paginated';
import { checkBody, checkBodyBranch, checkQuery } from './document-validation';
import { badRequest, notFound } from './errors';
import { limitSchema, parseOrThrow, requireUuid, timeFilterShape, timeRange } from './validation';

// A platform resource emulated from the document: the routes the document lists for a path
// (`GET`/`POST` on `/x`, `GET`/`PATCH`/`DELETE` on `/x/{id}`), bodies and query strings checked
// against it, items in memory with the fields every platform resource has (`id`, `orgId`,
// `createdAt`, `updatedAt`), lists newest first with `limit` (default 100, at most 1000) and the
// `createdAt`/`updatedAt` `Gt/Lt/Ge/Le` filters. What is particular to a resource (how a created
// item looks, which fields it answers with) is the little behaviour its spec gives.

export interface ResourceItem {
  id: string;
  orgId: string;
  createdAt: string;
  updatedAt: string;
}

export interface ResourceSpec<T extends ResourceItem> {
  /** The collection's path in the document, e.g. `/phone-number`. */
  path: string;
  /** `Phone Number` → `404 Phone Number not found`. */
  label: string;
  items: Map<string, T>;
  /** The stored item for a validated create body; `base` carries id, orgId and the times. */
  create(body: Record<string, unknown>, base: ResourceItem): T;
  /** A validated update applied to an item; default: the given top-level fields replace. */
  update?(item: T, changes: Record<string, unknown>): T;
  /**
   * Top-level fields a PATCH may clear with `null` (the document types them without null; the
   * platform removes the field). The nulls are taken out before the body is checked.
   */
  clearable?: readonly string[];
  /** What else goes when an item is deleted. */
  remove?(item: T): void;
  /**
   * Checks a validated create or update body against the sandbox's state (what it names must
   * exist); throws the platform's 400 when it does not. Nothing is stored then.
   */
  verify?(body: Record<string, unknown>): void;
  /**
   * The create body is a `oneOf` with a discriminator over many kinds (the tools' 23): check the
   * body against its own branch only, so the first request does not compile every branch.
   */
  checkByDiscriminator?: boolean;
  /** Wall clock (tests may fix it). */
  now?: () => number;
}

const listQuery = z.object({ limit: limitSchema().default(100), ...timeFilterShape });
const pagedListQuery = z.object({
  limit: limitSchema().default(100),
  ...pageQueryShape,
  ...timeFilterShape,
});

/**
 * Registers the resource's routes in a sandbox: its items belong to the sandbox's org, and its
 * lists answer in the sandbox's `listOrder` (unless a request's `sortOrder` says otherwise).
 */
export async function registerDocumentResource<T extends ResourceItem>(
  app: FastifyInstance,
  { catalog, listOrder }: Pick<SandboxContext, 'catalog' | 'listOrder'>,
  spec: ResourceSpec<T>,
): Promise<void> {
  const { path, items } = spec;
  const oldestFirst = listOrder === 'oldest-first';
  const itemPath = `${path}/{id}`;
  const collection = platformDocument().paths[path] ?? {};
  const single = platformDocument().paths[itemPath] ?? {};
  if (!collection.get && !single.get) throw new Error(`${path} is not in the platform document`);
  const now = spec.now ?? Date.now;
  // The document's newer lists answer `{results, metadata}` pages (http/paginated.ts).
  const paginated = listIsPaginated(path);
  // Some array lists (`/eval/simulation`, its scenarios, personalities, suites) take `page` and
  // `sortOrder` as well: their answer is still an array, one page of it.
  const arrayPaged =
    !paginated &&
    ((collection.get?.parameters ?? []) as { name?: string }[]).some((p) => p.name === 'page');
  const find = (id: string): T => {
    const item = items.get(requireUuid(id));
    if (!item) throw notFound(`${spec.label} not found`);
    return item;
  };

  if (collection.get) {
    app.get(path, async (request) => {
      checkQuery('GET', path, request.query);
      if (paginated) {
        const query = parseOrThrow(pagedListQuery, request.query);
        const matching = listByFilter(items.values(), {
          limit: Infinity,
          oldestFirst: query.sortOrder === 'ASC',
          createdAt: timeRange(query, 'createdAt'),
          updatedAt: timeRange(query, 'updatedAt'),
        });
        return paginate(matching, query);
      }
      if (arrayPaged) {
        const query = parseOrThrow(pagedListQuery, request.query);
        const given = request.query as Record<string, unknown>;
        const matching = listByFilter(items.values(), {
          limit: Infinity,
          oldestFirst: given.sortOrder === undefined ? oldestFirst : query.sortOrder === 'ASC',
          createdAt: timeRange(query, 'createdAt'),
          updatedAt: timeRange(query, 'updatedAt'),
        });
        const start = (query.page - 1) * query.limit;
        return matching.slice(start, start + query.limit);
      }
      const query = parseOrThrow(listQuery, request.query);
      return listByFilter(items.values(), {
        limit: query.limit,
        oldestFirst,
        createdAt: timeRange(query, 'createdAt'),
        updatedAt: timeRange(query, 'updatedAt'),
      });
    });
  }

  if (collection.post) {
    app.post(path, async (request, reply) => {
      const body = spec.checkByDiscriminator
        ? checkBodyBranch<Record<string, unknown>>('POST', path, request.body)
        : checkBody<Record<string, unknown>>('POST', path, request.body);
      spec.verify?.(body);
      const at = new Date(now()).toISOString();
      const item = spec.create(body, {
        id: randomUUID(),
        orgId: catalog.orgId,
        createdAt: at,
        updatedAt: at,
      });
      items.set(item.id, item);
      return reply.status(201).send(item);
    });
  }

  if (single.get) {
    app.get<{ Params: { id: string } }>(`${path}/:id`, async (request) => find(request.params.id));
  }

  if (single.patch) {
    app.patch<{ Params: { id: string } }>(`${path}/:id`, async (request) => {
      const id = requireUuid(request.params.id);
      const raw = (request.body ?? {}) as Record<string, unknown>;
      const cleared = (spec.clearable ?? []).filter((key) => key in raw && raw[key] === null);
      const rest =
        typeof raw === 'object' && !Array.isArray(raw)
          ? Object.fromEntries(Object.entries(raw).filter(([key]) => !cleared.includes(key)))
          : raw;
      const changes = spec.checkByDiscriminator
        ? checkBodyBranch<Record<string, unknown>>('PATCH', itemPath, rest)
        : checkBody<Record<string, unknown>>('PATCH', itemPath, rest);
      const item = find(id);
      spec.verify?.(changes);
      const kept = Object.fromEntries(
        Object.entries(item).filter(([key]) => !cleared.includes(key)),
      ) as T;
      const changed = spec.update ? spec.update(kept, changes) : ({ ...kept, ...changes } as T);
      const updated: T = {
        ...changed,
        id: item.id,
        orgId: item.orgId,
        createdAt: item.createdAt,
        updatedAt: new Date(Math.max(now(), Date.parse(item.updatedAt) + 1)).toISOString(),
      };
      items.set(id, updated);
      return updated;
    });
  }

  if (single.delete) {
    app.delete<{ Params: { id: string } }>(`${path}/:id`, async (request) => {
      const item = find(request.params.id);
      items.delete(item.id);
      spec.remove?.(item);
      return item;
    });
  }
}

/** A 400 in the platform's words, for a resource's own rules. */
export function resourceBadRequest(message: string): never {
  throw badRequest([message]);
}

/**
 * A body's `server.credentialId` must name a webhook credential the org has: the platform
 * authenticates the server's messages with it, so an unknown id is refused when it is saved
 * (the wording is ours [inferred]; the document says only that the id names a credential).
 */
export function verifyServerCredential(
  body: Record<string, unknown>,
  exists: (id: string) => boolean,
): void {
  const server = body.server as { credentialId?: unknown } | undefined;
  const id = server?.credentialId;
  if (typeof id === 'string' && !exists(id))
    resourceBadRequest(`server.credentialId ${id} is not a credential of this org`);
}
