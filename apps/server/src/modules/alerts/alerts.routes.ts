import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  alertOverviewSchema,
  alertRuleInputSchema,
  alertRuleSchema,
  alertRuleUpdateSchema,
  digestPreferenceSchema,
} from '@switchboard/shared/alerts';
import { notFound } from '../../lib/app-error';
import { requireBusinessId, requireUser } from '../../http/auth';
import { routeGroup } from '../../http/routes';
import type { AlertsService } from './alerts.service';
import type { DigestService } from './digest.service';

// Any string: an id that is not a UUID is an alert that does not exist (404).
const ruleParams = z.object({ id: z.string() });
const businessParams = z.object({ businessId: z.string() });
const businessRuleParams = z.object({ businessId: z.string(), id: z.string() });

const isUuid = (value: string) =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

/**
 * Settings → Alerts: a business's members read its alerts and their history, its owners set
 * them; the operator sets alerts of its own on any business (told to the operators). The digest
 * choice is each user's own.
 */
export const alertRoutes =
  (deps: {
    alerts: AlertsService;
    digests: DigestService;
    /** Whether a business exists (the operator's routes answer 404 for an unknown one). */
    businessExists: (businessId: string) => Promise<boolean>;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    const { alerts, digests } = deps;
    const member = routeGroup(app, { tags: ['alerts'], access: 'member' });
    const owner = member.with({ access: 'owner' });
    const admin = member.with({ access: 'admin' });
    const ownRule = (id: string) => (isUuid(id) ? id : '00000000-0000-0000-0000-000000000000');

    member.get(
      '/alerts',
      {
        summary: 'The business’s alerts and the newest 50 times they fired or cleared',
        response: { 200: alertOverviewSchema },
      },
      async (request) => alerts.overview(requireBusinessId(request), 'owners'),
    );

    owner.post(
      '/alerts',
      {
        summary: 'Sets an alert on one agent or the whole business (owners)',
        body: alertRuleInputSchema,
        response: { 201: alertRuleSchema },
      },
      async (request) =>
        alerts.create(requireBusinessId(request), 'owners', requireUser(request).id, request.body),
    );

    owner.patch(
      '/alerts/:id',
      {
        summary: 'Switches an alert on or off (owners)',
        params: ruleParams,
        body: alertRuleUpdateSchema,
        response: { 200: alertRuleSchema },
      },
      async (request) =>
        alerts.setEnabled(
          requireBusinessId(request),
          'owners',
          ownRule(request.params.id),
          request.body.enabled,
        ),
    );

    owner.delete(
      '/alerts/:id',
      {
        summary: 'Deletes an alert; its history stays (owners)',
        params: ruleParams,
        response: { 204: z.null() },
      },
      async (request) => {
        await alerts.remove(requireBusinessId(request), 'owners', ownRule(request.params.id));
        return null;
      },
    );

    const requireBusiness = async (businessId: string) => {
      if (!isUuid(businessId) || !(await deps.businessExists(businessId)))
        throw notFound('Business');
      return businessId;
    };

    admin.get(
      '/admin/businesses/:businessId/alerts',
      {
        summary: 'The operator’s alerts on a business and their history',
        params: businessParams,
        response: { 200: alertOverviewSchema },
      },
      async (request) =>
        alerts.overview(await requireBusiness(request.params.businessId), 'operator'),
    );

    admin.post(
      '/admin/businesses/:businessId/alerts',
      {
        summary: 'Sets an operator’s alert on a business (told to the operators)',
        params: businessParams,
        body: alertRuleInputSchema,
        response: { 201: alertRuleSchema },
      },
      async (request) =>
        alerts.create(
          await requireBusiness(request.params.businessId),
          'operator',
          requireUser(request).id,
          request.body,
        ),
    );

    admin.patch(
      '/admin/businesses/:businessId/alerts/:id',
      {
        summary: 'Switches an operator’s alert on or off',
        params: businessRuleParams,
        body: alertRuleUpdateSchema,
        response: { 200: alertRuleSchema },
      },
      async (request) =>
        alerts.setEnabled(
          await requireBusiness(request.params.businessId),
          'operator',
          ownRule(request.params.id),
          request.body.enabled,
        ),
    );

    admin.delete(
      '/admin/businesses/:businessId/alerts/:id',
      {
        summary: 'Deletes an operator’s alert',
        params: businessRuleParams,
        response: { 204: z.null() },
      },
      async (request) => {
        await alerts.remove(
          await requireBusiness(request.params.businessId),
          'operator',
          ownRule(request.params.id),
        );
        return null;
      },
    );

    member.get(
      '/account/digest',
      {
        summary: 'The signed-in user’s digest mail: off, daily or weekly',
        response: { 200: digestPreferenceSchema },
      },
      async (request) => {
        requireBusinessId(request);
        return digests.preference(requireUser(request).id);
      },
    );

    member.put(
      '/account/digest',
      {
        summary: 'Chooses the signed-in user’s digest mail: off, daily or weekly',
        body: digestPreferenceSchema,
        response: { 200: digestPreferenceSchema },
      },
      async (request) => {
        requireBusinessId(request);
        return digests.choose(requireUser(request).id, request.body.frequency);
      },
      {
        // The operator has no business to digest: refused before the body is read.
        preValidation: async (request) => {
          requireBusinessId(request);
        },
      },
    );
  };
