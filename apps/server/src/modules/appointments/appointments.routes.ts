import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  appointmentCalendarQuerySchema,
  appointmentCalendarSchema,
  appointmentCreateSchema,
  appointmentListQuerySchema,
  appointmentListSchema,
  appointmentSchema,
  appointmentUpdateSchema,
} from '@switchboard/shared/appointments';
import { requireBusinessId, requireUser } from '../../http/auth';
import type { AppointmentsService } from './appointments.service';
import { errorResponses } from '../../http/error-responses';

// Any string: an id that is not one of the business's appointments (or not an id) is not found.
const params = z.object({ id: z.string().min(1) });

/** A business's appointments: the list (tabs, filters, pages), add by hand, change. */
export const appointmentRoutes =
  (deps: { appointments: AppointmentsService }): FastifyPluginAsyncZod =>
  async (app) => {
    const config = { access: 'member' } as const;
    const tags = ['appointments'];
    // An administrator has no business: refused (403) before a body is validated.
    app.addHook('preValidation', async (request) => {
      requireBusinessId(request);
    });

    app.get(
      '/appointments',
      {
        config,
        schema: {
          tags,
          summary:
            "The business's appointments in a tab (upcoming soonest first; past and cancelled latest first), paged (default 20), optionally for one agent or contact",
          querystring: appointmentListQuerySchema,
          response: { 200: appointmentListSchema },
        },
      },
      async (request) => deps.appointments.list(requireBusinessId(request), request.query),
    );

    app.get(
      '/appointments/calendar',
      {
        config,
        schema: {
          tags,
          summary:
            'The calendar: every appointment starting in [from, to) (at most 8 days; cancelled ones too), soonest first, with the business’s time zone',
          querystring: appointmentCalendarQuerySchema,
          response: { 200: appointmentCalendarSchema },
        },
      },
      async (request) =>
        deps.appointments.calendar(
          {
            id: requireBusinessId(request),
            timezone: requireUser(request).business?.timezone ?? 'UTC',
          },
          request.query,
        ),
    );

    app.get(
      '/appointments/:id',
      {
        config,
        schema: { tags, summary: 'One appointment', params, response: { 200: appointmentSchema } },
      },
      async (request) => deps.appointments.get(requireBusinessId(request), request.params.id),
    );

    app.post(
      '/appointments',
      {
        config,
        schema: {
          tags,
          summary:
            'Adds an appointment by hand for one of the business’s contacts (start in the future, default 30 minutes)',
          body: appointmentCreateSchema,
          response: { 201: appointmentSchema },
        },
      },
      async (request, reply) => {
        const appointment = await deps.appointments.create(
          requireBusinessId(request),
          request.body,
        );
        return reply.status(201).send(appointment);
      },
    );

    app.patch(
      '/appointments/:id',
      {
        config,
        schema: {
          tags,
          summary:
            'Reschedules (startsAt, durationMinutes), cancels or records the outcome (status completed | no_show); notifyCustomer mails the customer about a new time or a cancellation; 409 for a change its state does not allow',
          params,
          body: appointmentUpdateSchema,
          response: { 200: appointmentSchema, ...errorResponses('INVALID_TRANSITION', 'CONFLICT') },
        },
      },
      async (request) =>
        deps.appointments.update(requireBusinessId(request), request.params.id, request.body),
    );
  };
