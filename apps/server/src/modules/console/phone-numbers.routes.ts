import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createPhoneNumberSchema,
  phoneNumberListSchema,
  phoneNumberSchema,
  updatePhoneNumberSchema,
} from '@switchboard/shared/phone-numbers';
import { platformResourceRoutes } from '../../http/platform-resource';
import { routeGroup } from '../../http/routes';
import type { PhoneNumbersService } from './phone-numbers.service';

/** The business's phone numbers (platform console). */
export const phoneNumberRoutes =
  (deps: { phoneNumbers: PhoneNumbersService }): FastifyPluginAsyncZod =>
  async (app) => {
    const route = routeGroup(app, {
      tags: ['phone numbers'],
      access: 'member',
      businessOnly: true,
    });
    platformResourceRoutes(
      route,
      '/phone-numbers',
      deps.phoneNumbers,
      {
        list: phoneNumberListSchema,
        item: phoneNumberSchema,
        input: createPhoneNumberSchema,
        update: updatePhoneNumberSchema,
      },
      {
        list: { summary: "The business's phone numbers and what answers each" },
        create: {
          summary:
            'Buys a platform number or imports a Twilio or Vonage one (credentials go to the platform only)',
          spending: true,
        },
        get: { summary: 'One phone number' },
        update: {
          method: 'patch',
          summary: 'Renames a number, assigns it to an agent or squad, sets its fallback',
        },
        remove: { summary: 'Releases the number on the platform', spending: true },
      },
    );
  };
