import type {
  ContextConfigDefault,
  FastifyBaseLogger,
  FastifyInstance,
  FastifySchema,
  HTTPMethods,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  RouteOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireBusinessId, type Access } from './auth';
import { errorResponses } from './error-responses';

/**
 * `:id` as any string: an id that is not one of the caller's (or not an id at all) is simply
 * not found (404), never a 400.
 */
export const idParams = z.object({ id: z.string().min(1) });

/** What a route that works on the voice platform may answer besides its own: refused or failed. */
export const platformErrors = errorResponses('PLATFORM_REJECTED', 'PLATFORM_ERROR');

/** The instance a FastifyPluginAsyncZod is handed. */
export type ZodApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** A route's schema without its tags (the group's): a summary is required. */
export type RouteSchema = Omit<FastifySchema, 'tags' | 'summary'> & { summary: string };

/** A route of this API with the schema S, its request and reply typed from S's zod schemas. */
type ZodRoute<S extends FastifySchema> = RouteOptions<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  S,
  ZodTypeProvider
>;

type Handler<S extends FastifySchema> = ZodRoute<S>['handler'];

/** What else a route may set (hooks such as rate limits or an early refusal, compression). */
type Hooks<S extends FastifySchema> = Omit<
  ZodRoute<S>,
  'method' | 'url' | 'schema' | 'config' | 'handler'
>;

type Declare = <S extends RouteSchema>(
  url: string,
  schema: S,
  handler: Handler<S>,
  hooks?: Hooks<S>,
) => void;

export type RouteGroup = {
  get: Declare;
  post: Declare;
  put: Declare;
  patch: Declare;
  delete: Declare;
  /** The same group with another access level or tags (e.g. what spends money: `manager`). */
  with: (overrides: { access?: Access; tags?: string[] }) => RouteGroup;
};

/**
 * The one success status a route's schema declares when it is not 200 (a 201 or a 204): the
 * handler's answer goes out with it, so a handler only returns what it made (null for a 204).
 */
function declaredSuccess(response: unknown): number | undefined {
  const codes = Object.keys(response ?? {})
    .map(Number)
    .filter((code) => code >= 200 && code < 300);
  return codes.length === 1 && codes[0] !== 200 ? codes[0] : undefined;
}

/**
 * A module's routes under one OpenAPI tag and one access level (declared on every route, see
 * auth.ts). `businessOnly`: every route is a business's own, so an administrator (no business)
 * is refused (403) before any body is validated, rather than told first that a form they may
 * not send is incomplete.
 */
export function routeGroup(
  app: ZodApp,
  group: { tags: string[]; access: Access; businessOnly?: boolean },
): RouteGroup {
  if (group.businessOnly) {
    app.addHook('preValidation', async (request) => {
      requireBusinessId(request);
    });
  }
  return declarations(app, group.tags, group.access);
}

function declarations(app: ZodApp, tags: string[], access: Access): RouteGroup {
  const declare =
    (method: HTTPMethods): Declare =>
    (url, schema, handler, hooks) => {
      const status = declaredSuccess(schema.response);
      // The schema's types were checked where the route is declared; here it is any route's.
      const run = handler as unknown as RouteHandlerMethod;
      app.route({
        method,
        url,
        config: { access },
        schema: { tags, ...schema },
        ...hooks,
        handler:
          status === undefined
            ? run
            : function (request, reply) {
                reply.code(status);
                return run.call(this, request, reply);
              },
      } as Parameters<ZodApp['route']>[0]);
    };
  return {
    get: declare('GET'),
    post: declare('POST'),
    put: declare('PUT'),
    patch: declare('PATCH'),
    delete: declare('DELETE'),
    with: (overrides) => declarations(app, overrides.tags ?? tags, overrides.access ?? access),
  };
}
