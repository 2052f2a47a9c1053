import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  contactDetailSchema,
  contactDoNotCallSchema,
  contactInputSchema,
  contactListQuerySchema,
  contactListSchema,
  contactSchema,
} from '@switchboard/shared/contacts';
import { businessOf } from '../../http/business';
import { idParams as params, routeGroup } from '../../http/routes';
import type { ContactsService } from './contacts.service';
import { errorResponses } from '../../http/error-responses';

/** A business's contacts: list and search, one contact with its calls, add, edit, delete. */
export const contactRoutes =
  (deps: { contacts: ContactsService }): FastifyPluginAsyncZod =>
  async (app) => {
    const route = routeGroup(app, { tags: ['contacts'], access: 'member', businessOnly: true });

    route.get(
      '/contacts',
      {
        summary:
          "The business's contacts, newest first, paged (default 20); search in name, email and phone digits",
        querystring: contactListQuerySchema,
        response: { 200: contactListSchema },
      },
      async (request) => deps.contacts.list(businessOf(request), request.query),
    );

    route.get(
      '/contacts/:id',
      {
        summary: 'One contact with its last 20 calls to the business’s agents',
        params,
        response: { 200: contactDetailSchema },
      },
      async (request) => deps.contacts.detail(businessOf(request), request.params.id),
    );

    route.post(
      '/contacts',
      {
        summary:
          'Adds a contact by hand: phone written as E.164 in the business’s country, email in lower case; 409 when another contact has the phone or email',
        body: contactInputSchema,
        response: { 201: contactSchema, ...errorResponses('CONTACT_EXISTS') },
      },
      async (request) => deps.contacts.create(businessOf(request), request.body),
    );

    route.patch(
      '/contacts/:id',
      {
        summary: 'Replaces a contact’s fields (the same body and rules as adding one)',
        params,
        body: contactInputSchema,
        response: { 200: contactSchema, ...errorResponses('CONTACT_EXISTS') },
      },
      async (request) => deps.contacts.update(businessOf(request), request.params.id, request.body),
    );

    route.put(
      '/contacts/:id/do-not-call',
      {
        summary: 'Marks a contact do-not-call (campaigns never call it) or clears the mark',
        params,
        body: contactDoNotCallSchema,
        response: { 200: contactSchema },
      },
      async (request) =>
        deps.contacts.setDoNotCall(businessOf(request), request.params.id, request.body.doNotCall),
    );

    route.delete(
      '/contacts/:id',
      { summary: 'Deletes a contact', params, response: { 204: z.null() } },
      async (request) => {
        await deps.contacts.remove(businessOf(request), request.params.id);
        return null;
      },
    );
  };
