import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callBackResultSchema, callBackSchema } from '@switchboard/shared/dialing';
import { requireBusinessId } from '../../http/auth';
import { errorResponses } from '../../http/error-responses';
import { idParams as params, routeGroup } from '../../http/routes';
import type { CallBackService } from './call-back.service';

/** "Call back": one outbound call to a contact (decision 053's rules and caps apply). */
export const callBackRoutes =
  (deps: { callBack: CallBackService }): FastifyPluginAsyncZod =>
  async (app) => {
    // Spends the business's money on the platform: owners and managers (decision 051).
    const spending = routeGroup(app, { tags: ['contacts'], access: 'manager', businessOnly: true });
    const schema = {
      params,
      body: callBackSchema,
      response: {
        201: callBackResultSchema,
        ...errorResponses('CONFLICT', 'PLATFORM_REJECTED', 'PLATFORM_ERROR'),
      },
    };
    spending.post(
      '/contacts/:id/call-back',
      {
        summary:
          'Calls the contact once with one of the business’s agents from one of its numbers (calling rules and daily caps apply)',
        ...schema,
      },
      async (request) =>
        deps.callBack.callBack(requireBusinessId(request), request.params.id, request.body),
    );
    spending.with({ tags: ['calls'] }).post(
      '/calls/:id/call-back',
      {
        summary:
          'Calls the caller of one of the business’s calls back, at the number the call came from, with one of its agents from one of its numbers (calling rules, daily caps and the contact’s do-not-call mark apply)',
        ...schema,
      },
      async (request) =>
        deps.callBack.callBackCaller(requireBusinessId(request), request.params.id, request.body),
    );
  };
