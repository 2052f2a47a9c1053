import { z, type ZodType } from 'zod';
import type { ErrorCode } from '@switchboard/shared/errors';
import { requireBusinessId } from './auth';
import { errorResponses } from './error-responses';
import { idParams as params, type RouteGroup } from './routes';

/** A business's resource kept on the voice platform (a squad, a tool, …), as its service has it. */
export type PlatformResourceService<Item, Input, Update> = {
  list(businessId: string): Promise<Item[]>;
  get(businessId: string, id: string): Promise<Item>;
  create(businessId: string, input: Input): Promise<Item>;
  update(businessId: string, id: string, input: Update): Promise<Item>;
  remove(businessId: string, id: string): Promise<void>;
};

type Operation = {
  summary: string;
  /** Failures of its own, besides the platform's refusal or failure. */
  errors?: ErrorCode[];
  /** Spends the business's money on the platform or deletes there: owners and managers (051). */
  spending?: boolean;
};

/**
 * The five routes of a business's platform resource at `path`: its list (as `{ data }`), one
 * by id (another business's is not found), create (201), change (PUT or PATCH) and delete (204).
 * `route` is the module's business-only group; `spending` operations are the managers'.
 */
export function platformResourceRoutes<Item, Input, Update>(
  route: RouteGroup,
  path: string,
  service: PlatformResourceService<Item, Input, Update>,
  schemas: { list: ZodType; item: ZodType<Item>; input: ZodType<Input>; update: ZodType<Update> },
  operations: {
    list: Operation;
    create: Operation;
    get: Operation;
    update: Operation & { method: 'put' | 'patch' };
    remove: Operation;
  },
) {
  const spending = route.with({ access: 'manager' });
  const groupOf = (operation: Operation) => (operation.spending ? spending : route);
  const errors = (operation: Operation) =>
    errorResponses(...(operation.errors ?? []), 'PLATFORM_REJECTED', 'PLATFORM_ERROR');
  const { list, create, get, update, remove } = operations;
  // The bodies are the schemas' output (the provider only cannot tell a generic one from undefined).

  groupOf(list).get(
    path,
    { summary: list.summary, response: { 200: schemas.list, ...errors(list) } },
    async (request) => ({ data: await service.list(requireBusinessId(request)) }),
  );
  groupOf(create).post(
    path,
    {
      summary: create.summary,
      body: schemas.input,
      response: { 201: schemas.item, ...errors(create) },
    },
    async (request) => service.create(requireBusinessId(request), request.body as Input),
  );
  groupOf(get).get(
    `${path}/:id`,
    { summary: get.summary, params, response: { 200: schemas.item, ...errors(get) } },
    async (request) => service.get(requireBusinessId(request), request.params.id),
  );
  groupOf(update)[update.method](
    `${path}/:id`,
    {
      summary: update.summary,
      params,
      body: schemas.update,
      response: { 200: schemas.item, ...errors(update) },
    },
    async (request) =>
      service.update(requireBusinessId(request), request.params.id, request.body as Update),
  );
  groupOf(remove).delete(
    `${path}/:id`,
    { summary: remove.summary, params, response: { 204: z.null(), ...errors(remove) } },
    async (request) => {
      await service.remove(requireBusinessId(request), request.params.id);
      return null;
    },
  );
}
