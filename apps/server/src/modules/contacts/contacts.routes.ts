import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  contactDetailSchema,
  contactDoNotCallSchema,
  contactInputSchema,
  contactListQuerySchema,
  contactListSchema,
  contactSchema,
} from '@switchboard/shared/contacts';
import { requireBusinessId, requireUser } from '../../http/auth';
import type { ContactBusiness, ContactsService } from './contacts.service';
import { errorResponses } from '../../http/error-responses';

// Any string: an id that is not one of the business's contacts (or not an id) is not found (404).
const params = z.object({ id: z.string().min(1) });

/**
 * The signed-in member's business (never one named in the request). An administrator has no
 * business of their own: requireBusinessId answers 403.
 */
function businessOf(request: FastifyRequest): ContactBusiness {
  const id = requireBusinessId(request);
  const business = requireUser(request).business;
  return { id, country: business?.country ?? '', timezone: business?.timezone ?? 'UTC' };
}

/** A business's contacts: list and search, one contact with its calls, add, edit, delete. */
export const contactRoutes =
  (deps: { contacts: ContactsService }): FastifyPluginAsyncZod =>
  async (app) => {
    const config = { access: 'member' } as const;
    const tags = ['contacts'];
    // Before the body is validated: an administrator is refused (403) on every route alike,
    // rather than told first that a form they may not send is incomplete.
    app.addHook('preValidation', async (request) => {
      requireBusinessId(request);
    });

    app.get(
      '/contacts',
      {
        config,
        schema: {
          tags,
          summary:
            "The business's contacts, newest first, paged (default 20); search in name, email and phone digits",
          querystring: contactListQuerySchema,
          response: { 200: contactListSchema },
        },
      },
      async (request) => deps.contacts.list(businessOf(request), request.query),
    );

    app.get(
      '/contacts/:id',
      {
        config,
        schema: {
          tags,
          summary: 'One contact with its last 20 calls to the business’s agents',
          params,
          response: { 200: contactDetailSchema },
        },
      },
      async (request) => deps.contacts.detail(businessOf(request), request.params.id),
    );

    app.post(
      '/contacts',
      {
        config,
        schema: {
          tags,
          summary:
            'Adds a contact by hand: phone written as E.164 in the business’s country, email in lower case; 409 when another contact has the phone or email',
          body: contactInputSchema,
          response: { 201: contactSchema, ...errorResponses('CONTACT_EXISTS') },
        },
      },
      async (request, reply) => {
        const contact = await deps.contacts.create(businessOf(request), request.body);
        return reply.status(201).send(contact);
      },
    );

    app.patch(
      '/contacts/:id',
      {
        config,
        schema: {
          tags,
          summary: 'Replaces a contact’s fields (the same body and rules as adding one)',
          params,
          body: contactInputSchema,
          response: { 200: contactSchema, ...errorResponses('CONTACT_EXISTS') },
        },
      },
      async (request) => deps.contacts.update(businessOf(request), request.params.id, request.body),
    );

    app.put(
      '/contacts/:id/do-not-call',
      {
        config,
        schema: {
          tags,
          summary: 'Marks a contact do-not-call (campaigns never call it) or clears the mark',
          params,
          body: contactDoNotCallSchema,
          response: { 200: contactSchema },
        },
      },
      async (request) =>
        deps.contacts.setDoNotCall(businessOf(request), request.params.id, request.body.doNotCall),
    );

    app.delete(
      '/contacts/:id',
      {
        config,
        schema: { tags, summary: 'Deletes a contact', params, response: { 204: z.null() } },
      },
      async (request, reply) => {
        await deps.contacts.remove(businessOf(request), request.params.id);
        return reply.status(204).send(null);
      },
    );
  };
