import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error';
import { findForbiddenText } from '../lib/control-characters';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route takes text that no person typed and cleans it itself instead of refusing it
     * (the platform webhook: its messages are stored with control characters dropped, see cleanDeep).
     */
    cleansOwnText?: boolean;
  }
}

const PARTS = [
  ['params', 'params'],
  ['query', 'querystring'],
  ['body', 'body'],
] as const;

/**
 * One check for every route, before its schema: a control character or an unpaired surrogate
 * in any parameter, query value or JSON body field (values and keys, at any depth) is a
 * `400 VALIDATION_ERROR` naming the field, in the same shape as the schemas' own errors —
 * instead of a 500 when PostgreSQL refuses a NUL. Multipart bodies are read by their routes
 * (the file is data, see the contact import), so there is no parsed body here to look at.
 */
export function registerTextCheck(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    if (request.routeOptions.config.cleansOwnText === true) return;
    for (const [property, context] of PARTS) {
      const found = findForbiddenText(request[property], context);
      if (found) {
        throw new AppError('VALIDATION_ERROR', found.message, {
          issues: [{ path: found.path, message: found.problem }],
        });
      }
    }
  });
}
