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

// Any string: an id that is not the business's is simply not found (404).
const params = z.object({ id: z.string().min(1) });
const testParams = z.object({ id: z.string().min(1), testId: z.string().min(1) });

/** Agent tests: suites of simulated calls, run against the business's agents (decision 040). */
export const agentTestRoutes =
  (deps: { tests: AgentTestsService; agents: AgentsService }): FastifyPluginAsyncZod =>
  async (app) => {
    const config = { access: 'member' } as const;
    // Spends the business's money on the platform or deletes there: owners and managers (051).
    const spending = { access: 'manager' } as const;
    // The business's own resources: an administrator (no business) is refused before the body.
    app.addHook('preValidation', async (request) => {
      requireBusinessId(request);
    });
    const tags = ['agent tests'];

    app.get(
      '/test-suites',
      {
        config,
        schema: {
          tags,
          summary: "The business's test suites",
          response: {
            200: testSuiteListSchema,
            ...errorResponses('PLATFORM_REJECTED', 'PLATFORM_ERROR'),
          },
        },
      },
      async (request) => ({ data: await deps.tests.listSuites(requireBusinessId(request)) }),
    );

    app.post(
      '/test-suites',
      {
        config,
        schema: {
          tags,
          summary: 'Creates an empty test suite',
          body: testSuiteInputSchema,
          response: {
            201: testSuiteSchema,
            ...errorResponses('PLATFORM_REJECTED', 'PLATFORM_ERROR'),
          },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await deps.tests.createSuite(requireBusinessId(request), request.body.name)),
    );

    app.get(
      '/test-suites/:id',
      {
        config,
        schema: {
          tags,
          summary: 'A test suite with its tests',
          params,
          response: {
            200: testSuiteSchema,
            ...errorResponses('PLATFORM_REJECTED', 'PLATFORM_ERROR'),
          },
        },
      },
      async (request) => deps.tests.getSuite(requireBusinessId(request), request.params.id),
    );

    app.patch(
      '/test-suites/:id',
      {
        config,
        schema: {
          tags,
          summary: 'Renames a test suite',
          params,
          body: testSuiteInputSchema,
          response: {
            200: testSuiteSchema,
            ...errorResponses('PLATFORM_REJECTED', 'PLATFORM_ERROR'),
          },
        },
      },
      async (request) =>
        deps.tests.renameSuite(requireBusinessId(request), request.params.id, request.body.name),
    );

    app.delete(
      '/test-suites/:id',
      {
        config: spending,
        schema: {
          tags,
          summary: 'Deletes a test suite and its tests',
          params,
          response: { 204: z.null(), ...errorResponses('PLATFORM_REJECTED', 'PLATFORM_ERROR') },
        },
      },
      async (request, reply) => {
        await deps.tests.removeSuite(requireBusinessId(request), request.params.id);
        return reply.status(204).send(null);
      },
    );

    app.post(
      '/test-suites/:id/tests',
      {
        config,
        schema: {
          tags,
          summary: 'Adds a test: a simulated caller, what they want and what must happen',
          params,
          body: agentTestInputSchema,
          response: {
            201: agentTestSchema,
            ...errorResponses('PLATFORM_REJECTED', 'PLATFORM_ERROR'),
          },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(
            await deps.tests.addTest(requireBusinessId(request), request.params.id, request.body),
          ),
    );

    app.delete(
      '/test-suites/:id/tests/:testId',
      {
        config: spending,
        schema: {
          tags,
          summary: 'Deletes a test',
          params: testParams,
          response: { 204: z.null(), ...errorResponses('PLATFORM_REJECTED', 'PLATFORM_ERROR') },
        },
      },
      async (request, reply) => {
        await deps.tests.removeTest(
          requireBusinessId(request),
          request.params.id,
          request.params.testId,
        );
        return reply.status(204).send(null);
      },
    );

    app.post(
      '/test-suites/:id/runs',
      {
        config,
        schema: {
          tags,
          summary: "Runs the suite against one of the business's agents (as saved)",
          params,
          body: runTestSuiteSchema,
          response: {
            201: testRunSchema,
            ...errorResponses('PLATFORM_REJECTED', 'PLATFORM_ERROR'),
          },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(
            await deps.tests.run(
              requireBusinessId(request),
              request.params.id,
              request.body.agentId,
            ),
          ),
    );

    app.post(
      '/agents/:id/test-runs',
      {
        config,
        schema: {
          tags,
          summary: "Runs a suite against the agent's unsaved settings (nothing is saved)",
          params,
          body: z.object({ suiteId: z.string().min(1), settings: agentSettingsSchema }),
          response: {
            201: testRunSchema,
            ...errorResponses('PLATFORM_REJECTED', 'PLATFORM_ERROR'),
          },
        },
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

    app.get(
      '/test-runs',
      {
        config,
        schema: {
          tags,
          summary: "The business's test runs, newest first",
          querystring: testRunQuerySchema,
          response: {
            200: testRunListSchema,
            ...errorResponses('PLATFORM_REJECTED', 'PLATFORM_ERROR'),
          },
        },
      },
      async (request) => ({
        data: await deps.tests.listRuns(requireBusinessId(request), request.query),
      }),
    );

    app.get(
      '/test-runs/:id',
      {
        config,
        schema: {
          tags,
          summary: 'One test run: each test passed or failed, with the reason and the transcript',
          params,
          response: {
            200: testRunDetailSchema,
            ...errorResponses('PLATFORM_REJECTED', 'PLATFORM_ERROR'),
          },
        },
      },
      async (request) => deps.tests.getRun(requireBusinessId(request), request.params.id),
    );

    app.post(
      '/test-runs/:id/cancel',
      {
        config,
        schema: {
          tags,
          summary: 'Stops a test run that has not ended; unfinished tests end canceled',
          params,
          response: {
            200: testRunDetailSchema,
            ...errorResponses('CONFLICT', 'PLATFORM_REJECTED', 'PLATFORM_ERROR'),
          },
        },
      },
      async (request) => deps.tests.cancelRun(requireBusinessId(request), request.params.id),
    );
  };
