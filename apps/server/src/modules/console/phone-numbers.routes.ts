import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createPhoneNumberSchema,
  phoneNumberListSchema,
  phoneNumberSchema,
  updatePhoneNumberSchema,
} from '@switchboard/shared/phone-numbers';
import { requireBusinessId } from '../../http/auth';
import type { PhoneNumbersService } from './phone-numbers.service';
import { errorResponses } from '../../http/error-responses';

// Any string: an id that is not one of the business's numbers is simply not found (404).
const params = z.object({ id: z.string().min(1) });

/** The business's phone numbers (platform console). */
export const phoneNumberRoutes =
  (deps: { phoneNumbers: PhoneNumbersService }): FastifyPluginAsyncZod =>
  async (app) => {
    const config = { access: 'member' } as const;
    // Spends the business's money on the platform or deletes there: owners and managers (051).
    const spending = { access: 'manager' } as const;
    // A business's own resources: an administrator (no business) is refused before the body
    // is read, as every business-scoped module does.
    app.addHook('preValidation', async (request) => {
      requireBusinessId(request);
    });
    const tags = ['phone numbers'];

    app.get(
      '/phone-numbers',
      {
        config,
        schema: {
          tags,
          summary: "The business's phone numbers and what answers each",
          response: {
            200: phoneNumberListSchema,
            ...errorResponses('PLATFORM_REJECTED', 'PLATFORM_ERROR'),
          },
        },
      },
      async (request) => ({ data: await deps.phoneNumbers.list(requireBusinessId(request)) }),
    );

    app.post(
      '/phone-numbers',
      {
        config: spending,
        schema: {
          tags,
          summary:
            'Buys a platform number or imports a Twilio or Vonage one (credentials go to the platform only)',
          body: createPhoneNumberSchema,
          response: {
            201: phoneNumberSchema,
            ...errorResponses('PLATFORM_REJECTED', 'PLATFORM_ERROR'),
          },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await deps.phoneNumbers.create(requireBusinessId(request), request.body)),
    );

    app.get(
      '/phone-numbers/:id',
      {
        config,
        schema: {
          tags,
          summary: 'One phone number',
          params,
          response: {
            200: phoneNumberSchema,
            ...errorResponses('PLATFORM_REJECTED', 'PLATFORM_ERROR'),
          },
        },
      },
      async (request) => deps.phoneNumbers.get(requireBusinessId(request), request.params.id),
    );

    app.patch(
      '/phone-numbers/:id',
      {
        config,
        schema: {
          tags,
          summary: 'Renames a number, assigns it to an agent or squad, sets its fallback',
          params,
          body: updatePhoneNumberSchema,
          response: {
            200: phoneNumberSchema,
            ...errorResponses('PLATFORM_REJECTED', 'PLATFORM_ERROR'),
          },
        },
      },
      async (request) =>
        deps.phoneNumbers.update(requireBusinessId(request), request.params.id, request.body),
    );

    app.delete(
      '/phone-numbers/:id',
      {
        config: spending,
        schema: {
          tags,
          summary: 'Releases the number on the platform',
          params,
          response: { 204: z.null(), ...errorResponses('PLATFORM_REJECTED', 'PLATFORM_ERROR') },
        },
      },
      async (request, reply) => {
        await deps.phoneNumbers.remove(requireBusinessId(request), request.params.id);
        return reply.status(204).send(null);
      },
    );
  };
