import {
  describeErrors,
  platformDocument,
  queryValidator,
  requestBodyValidator,
  validatorFor,
} from '../platform-document';
import { badRequest } from './errors';

// Request checks read from the platform's document: the operation's request body schema and
// query parameters, closed like the platform's NestJS DTOs (whitelist + forbidNonWhitelisted),
// so an unknown property answers 400 `property X should not exist`. The routes' own zod parsing
// runs after this, for what the document cannot say (defaults, ranges, sandbox limits).

/** The body as the document's request schema allows it, or a 400 listing every problem. */
export function checkBody<T>(method: string, path: string, body: unknown): T {
  const value = body ?? {};
  const validate = requestBodyValidator(method, path);
  if (!validate(value)) throw badRequest(describeErrors(validate.errors));
  return value as T;
}

/** The query string's parameters are the operation's named ones, with their types. */
export function checkQuery(method: string, path: string, query: unknown): void {
  // A copy: the validator coerces values (`limit=5` → 5) and the routes parse the original.
  const value = { ...(query as Record<string, unknown>) };
  const validate = queryValidator(method, path);
  if (!validate(value)) throw badRequest(describeErrors(validate.errors));
}

/**
 * A body whose schema is a `oneOf` with a discriminator, checked against the branch its
 * discriminating property names (what the discriminator means), compiled alone. Unknown or
 * missing values answer the platform's 400 naming the allowed ones.
 */
export function checkBodyBranch<T>(method: string, path: string, body: unknown): T {
  const value = (body ?? {}) as Record<string, unknown>;
  const schema = platformDocument().paths[path]?.[method.toLowerCase()]?.requestBody?.content?.[
    'application/json'
  ]?.schema as { discriminator?: { propertyName: string; mapping?: Record<string, string> } };
  const discriminator = schema?.discriminator;
  if (!discriminator?.mapping) return checkBody<T>(method, path, body);
  const key = discriminator.propertyName;
  const chosen = typeof value === 'object' && value !== null ? value[key] : undefined;
  const ref = typeof chosen === 'string' ? discriminator.mapping[chosen] : undefined;
  if (!ref) {
    throw badRequest([`${key} must be one of ${Object.keys(discriminator.mapping).join(', ')}`]);
  }
  const validate = validatorFor(ref.split('/').pop() ?? '', { closed: true });
  if (!validate(value)) throw badRequest(describeErrors(validate.errors));
  return value as T;
}
