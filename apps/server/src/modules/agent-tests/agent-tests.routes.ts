import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  agentTestInputSchema,
  agentTestSchema,
  runTestSuiteSchema,
  testRunDetailSchema,
  testRunListSchema,
  testRunQuerySchema,
  testRunSchema,
  testSuiteInputSchema,
  testSuiteListSchema,
  testSuiteSchema,
} from '@switchboard/shared/agent-tests';
import { agentSettingsSchema } from '@switchboard/shared/agents';
import { requireBusinessId } from '../../http/auth';
import type { AgentsService } from '../agents/agents.service';
import type { AgentTestsService } from './agent-tests.service';
import { errorResponses } from '../../http/error-responses';
import { platformResourceRoutes } from '../../http/platform-resource';
import { idParams as params, platformErrors, routeGroup } from '../../http/routes';

const testParams = z.object({ id: z.string().min(1), testId: z.string().min(1) });

/** Agent tests: suites of simulated calls, run against the business's agents (decision 040). */
export const agentTestRoutes =
  (deps: { tests: AgentTestsService; agents: AgentsService }): FastifyPluginAsyncZod =>
  async (app) => {
    const route = routeGroup(app, { tags: ['agent tests'], access: 'member', businessOnly: true });
    // Spends the business's money on the platform or deletes there: owners and managers (051).
    const spending = route.with({ access: 'manager' });

    platformResourceRoutes(
      route,
      '/test-suites',
      {
        list: (businessId) => deps.tests.listSuites(businessId),
        create: (businessId, input) => deps.tests.createSuite(businessId, input.name),
        get: (businessId, id) => deps.tests.getSuite(businessId, id),
        update: (businessId, id, input) => deps.tests.renameSuite(businessId, id, input.name),
        remove: (businessId, id) => deps.tests.removeSuite(businessId, id),
      },
      {
        list: testSuiteListSchema,
        item: testSuiteSchema,
        input: testSuiteInputSchema,
        update: testSuiteInputSchema,
      },
      {
        list: { summary: "The business's test suites" },
        create: { summary: 'Creates an empty test suite' },
        get: { summary: 'A test suite with its tests' },
        update: { method: 'patch', summary: 'Renames a test suite' },
        remove: { summary: 'Deletes a test suite and its tests', spending: true },
      },
    );

    route.post(
      '/test-suites/:id/tests',
      {
        summary: 'Adds a test: a simulated caller, what they want and what must happen',
        params,
        body: agentTestInputSchema,
        response: { 201: agentTestSchema, ...platformErrors },
      },
      async (request) =>
        deps.tests.addTest(requireBusinessId(request), request.params.id, request.body),
    );

    spending.delete(
      '/test-suites/:id/tests/:testId',
      {
        summary: 'Deletes a test',
        params: testParams,
        response: { 204: z.null(), ...platformErrors },
      },
      async (request) => {
        await deps.tests.removeTest(
          requireBusinessId(request),
          request.params.id,
          request.params.testId,
        );
        return null;
      },
    );

    route.post(
      '/test-suites/:id/runs',
      {
        summary: "Runs the suite against one of the business's agents (as saved)",
        params,
        body: runTestSuiteSchema,
        response: { 201: testRunSchema, ...platformErrors },
      },
      async (request) =>
        deps.tests.run(requireBusinessId(request), request.params.id, request.body.agentId),
    );

    route.post(
      '/agents/:id/test-runs',
      {
        summary: "Runs a suite against the agent's unsaved settings (nothing is saved)",
        params,
        body: z.object({ suiteId: z.string().min(1), settings: agentSettingsSchema }),
        response: { 201: testRunSchema, ...platformErrors },
      },
      async (request, reply) => {
        const businessId = requireBusinessId(request);
        const draft = await deps.agents.draftAssistant(
          { kind: 'business', businessId },
          request.params.id,
          request.body.settings,
        );
        return reply
          .status(201)
          .send(await deps.tests.run(businessId, request.body.suiteId, request.params.id, draft));
      },
    );

    route.get(
      '/test-runs',
      {
        summary: "The business's test runs, newest first",
        querystring: testRunQuerySchema,
        response: { 200: testRunListSchema, ...platformErrors },
      },
      async (request) => ({
        data: await deps.tests.listRuns(requireBusinessId(request), request.query),
      }),
    );

    route.get(
      '/test-runs/:id',
      {
        summary: 'One test run: each test passed or failed, with the reason and the transcript',
        params,
        response: { 200: testRunDetailSchema, ...platformErrors },
      },
      async (request) => deps.tests.getRun(requireBusinessId(request), request.params.id),
    );

    route.post(
      '/test-runs/:id/cancel',
      {
        summary: 'Stops a test run that has not ended; unfinished tests end canceled',
        params,
        response: {
          200: testRunDetailSchema,
          ...errorResponses('CONFLICT', 'PLATFORM_REJECTED', 'PLATFORM_ERROR'),
        },
      },
      async (request) => deps.tests.cancelRun(requireBusinessId(request), request.params.id),
    );
  };
