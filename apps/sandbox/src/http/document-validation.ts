import { describeErrors, queryValidator, requestBodyValidator } from '../platform-document';
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
