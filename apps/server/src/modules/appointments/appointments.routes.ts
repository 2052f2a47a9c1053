import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  appointmentCalendarQuerySchema,
  appointmentCalendarSchema,
  appointmentCreateSchema,
  appointmentListQuerySchema,
  appointmentListSchema,
  appointmentSchema,
  appointmentUpdateSchema,
} from '@switchboard/shared/appointments';
import { requireBusinessId } from '../../http/auth';
import { businessOf } from '../../http/business';
import { idParams as params, routeGroup } from '../../http/routes';
import type { AppointmentsService } from './appointments.service';
import { errorResponses } from '../../http/error-responses';

/** A business's appointments: the list (tabs, filters, pages), add by hand, change. */
export const appointmentRoutes =
  (deps: { appointments: AppointmentsService }): FastifyPluginAsyncZod =>
  async (app) => {
    const route = routeGroup(app, { tags: ['appointments'], access: 'member', businessOnly: true });

    route.get(
      '/appointments',
      {
        summary:
          "The business's appointments in a tab (upcoming soonest first; past and cancelled latest first), paged (default 20), optionally for one agent or contact",
        querystring: appointmentListQuerySchema,
        response: { 200: appointmentListSchema },
      },
      async (request) => deps.appointments.list(requireBusinessId(request), request.query),
    );

    route.get(
      '/appointments/calendar',
      {
        summary:
          'The calendar: every appointment starting in [from, to) (at most 8 days; cancelled ones too), soonest first, with the business’s time zone',
        querystring: appointmentCalendarQuerySchema,
        response: { 200: appointmentCalendarSchema },
      },
      async (request) => deps.appointments.calendar(businessOf(request), request.query),
    );

    route.get(
      '/appointments/:id',
      { summary: 'One appointment', params, response: { 200: appointmentSchema } },
      async (request) => deps.appointments.get(requireBusinessId(request), request.params.id),
    );

    route.post(
      '/appointments',
      {
        summary:
          'Adds an appointment by hand for one of the business’s contacts (start in the future, default 30 minutes)',
        body: appointmentCreateSchema,
        response: { 201: appointmentSchema },
      },
      async (request) => deps.appointments.create(requireBusinessId(request), request.body),
    );

    route.patch(
      '/appointments/:id',
      {
        summary:
          'Reschedules (startsAt, durationMinutes), cancels or records the outcome (status completed | no_show); notifyCustomer mails the customer about a new time or a cancellation; 409 for a change its state does not allow',
        params,
        body: appointmentUpdateSchema,
        response: { 200: appointmentSchema, ...errorResponses('INVALID_TRANSITION', 'CONFLICT') },
      },
      async (request) =>
        deps.appointments.update(requireBusinessId(request), request.params.id, request.body),
    );
  };
