import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { paginationQuerySchema } from '@switchboard/shared/pagination';
import {
  serviceEnquiryListSchema,
  serviceEnquiryMessages,
  serviceEnquiryResponseSchema,
  serviceEnquirySchema,
} from '@switchboard/shared/service-enquiries';
import { perAddressLimit, registerRateLimits, type LimitStore } from '../../http/rate-limits';
import { limitedBy, MINUTE } from '../../http/route-limits';
import type { ServiceEnquiriesService } from './service-enquiries.service';
import { routeGroup } from '../../http/routes';
import { errorResponses } from '../../http/error-responses';

/** Enquiries per address (in Redis with REDIS_URL, shared by every instance). */
export const SERVICE_ENQUIRY_LIMIT_PER_IP = { max: 5, timeWindow: 60 * MINUTE } as const;

/** POST /api/service-enquiries (public, the landing page's form); the operators' list. */
export const serviceEnquiryRoutes =
  (deps: { service: ServiceEnquiriesService; limitStore: LimitStore }): FastifyPluginAsyncZod =>
  async (app) => {
    await registerRateLimits(app, deps.limitStore);
    const perIp = perAddressLimit(app, 'service-enquiry', SERVICE_ENQUIRY_LIMIT_PER_IP);
    const route = routeGroup(app, { tags: ['service-enquiries'], access: 'public' });
    const admin = routeGroup(app, { tags: ['admin'], access: 'admin' });

    route.post(
      '/service-enquiries',
      {
        summary:
          'A prospect asks about the service (poc, businessName, country, website; email and phone optional); limited per address',
        body: serviceEnquirySchema,
        response: { 201: serviceEnquiryResponseSchema, ...errorResponses('RATE_LIMITED') },
      },
      async (request) => {
        const { fax, ...input } = request.body;
        if (fax && fax.trim() !== '') {
          // The honeypot was filled: a bot. It gets the answer a person gets, and nothing is kept.
          request.log.info('service enquiry honeypot filled; not stored');
        } else {
          await deps.service.submit(input);
        }
        return { message: serviceEnquiryMessages.received };
      },
      {
        preHandler: limitedBy(
          [perIp],
          (wait) => `Too many enquiries were sent from your address. Please wait ${wait}.`,
        ),
      },
    );

    admin.get(
      '/admin/service-enquiries',
      {
        summary: 'Every service enquiry from the landing page, newest first, paged (default 20)',
        querystring: paginationQuerySchema,
        response: { 200: serviceEnquiryListSchema },
      },
      async (request) => deps.service.list(request.query),
    );
  };
