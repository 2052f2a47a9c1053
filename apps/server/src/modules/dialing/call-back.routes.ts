import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callBackResultSchema, callBackSchema } from '@switchboard/shared/dialing';
import { requireBusinessId } from '../../http/auth';
import { errorResponses } from '../../http/error-responses';
import type { CallBackService } from './call-back.service';

// Any string: an id that is not one of the business's contacts is simply not found (404).
const params = z.object({ id: z.string().min(1) });

/** "Call back": one outbound call to a contact (decision 053's rules and caps apply). */
export const callBackRoutes =
  (deps: { callBack: CallBackService }): FastifyPluginAsyncZod =>
  async (app) => {
    // Spends the business's money on the platform: owners and managers (decision 051).
    const spending = { access: 'manager' } as const;
    app.addHook('preValidation', async (request) => {
      requireBusinessId(request);
    });
    app.post(
      '/contacts/:id/call-back',
      {
        config: spending,
        schema: {
          tags: ['contacts'],
          summary:
            'Calls the contact once with one of the business’s agents from one of its numbers (calling rules and daily caps apply)',
          params,
          body: callBackSchema,
          response: {
            201: callBackResultSchema,
            ...errorResponses('CONFLICT', 'PLATFORM_REJECTED', 'PLATFORM_ERROR'),
          },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(
            await deps.callBack.callBack(
              requireBusinessId(request),
              request.params.id,
              request.body,
            ),
          ),
    );
    app.post(
      '/calls/:id/call-back',
      {
        config: spending,
        schema: {
          tags: ['calls'],
          summary:
            'Calls the caller of one of the business’s calls back, at the number the call came from, with one of its agents from one of its numbers (calling rules, daily caps and the contact’s do-not-call mark apply)',
          params,
          body: callBackSchema,
          response: {
            201: callBackResultSchema,
            ...errorResponses('CONFLICT', 'PLATFORM_REJECTED', 'PLATFORM_ERROR'),
          },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(
            await deps.callBack.callBackCaller(
              requireBusinessId(request),
              request.params.id,
              request.body,
            ),
          ),
    );
  };
