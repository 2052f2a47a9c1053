import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import type { Vapi } from '@vapi-ai/server-sdk';
import { z } from 'zod';
import type { SandboxContext } from '../context';
import { listByFilter } from '../demo/catalog';
import { GENERIC } from '../demo/profiles';
import { checkBody, checkQuery } from '../http/document-validation';
import { badRequest, notFound } from '../http/errors';
import {
  limitSchema,
  parseOrThrow,
  requireUuid,
  timeFilterShape,
  timeRange,
} from '../http/validation';
import { voiceConfigFromAssistant } from '../calls/materialize';
import { judge, simulateConversation } from '../simulations/simulated-conversation';

// Simulation runs (`/eval/simulation/run`): a run of simulations or suites against an assistant.
// The answer is the queued run; its items then play out in the background (queued → running →
// evaluating → passed | failed), each a simulated call judged by its scenario's evaluations
// (`simulations/simulated-conversation.ts`). The sandbox places no phone call, so items carry
// the call's transcript and messages in `metadata.call` and no `callId`. Squads are not run.

type Stored = Record<string, unknown> & { id: string; createdAt: string; updatedAt: string };
type RunItem = Stored & { runId: string; status: string };
type Run = Stored & { status: 'queued' | 'running' | 'ended'; simulationRunItemIds: string[] };

const listQuery = z.object({ limit: limitSchema().default(100), ...timeFilterShape });

function counts(items: readonly RunItem[]) {
  const of = (...statuses: string[]) =>
    items.filter((item) => statuses.includes(item.status)).length;
  return {
    total: items.length,
    passed: of('passed'),
    failed: of('failed'),
    running: of('running', 'evaluating'),
    queued: of('queued'),
    canceled: of('canceled'),
  };
}

export async function simulationRunRoutes(
  app: FastifyInstance,
  { catalog, listOrder }: SandboxContext,
  options: { stepMs: number },
): Promise<void> {
  const runs = catalog.consoleItems<Run>('/eval/simulation/run');
  const items = new Map<string, RunItem>();
  const simulations = catalog.consoleItems<Vapi.Simulation>('/eval/simulation');
  const suites = catalog.consoleItems<Vapi.SimulationSuite>('/eval/simulation/suite');
  const scenarios = catalog.consoleItems<Vapi.Scenario>('/eval/simulation/scenario');
  const personalities = catalog.consoleItems<Vapi.Personality>('/eval/simulation/personality');
  const outputs = catalog.consoleItems<Vapi.CreateStructuredOutputDto>('/structured-output');
  const itemsOf = (run: Run) =>
    run.simulationRunItemIds.flatMap((id) => {
      const item = items.get(id);
      return item ? [item] : [];
    });
  const view = (run: Run) => ({ ...run, itemCounts: counts(itemsOf(run)) });
  const touch = (stored: Stored, changes: Record<string, unknown>) => {
    Object.assign(stored, changes, {
      updatedAt: new Date(Math.max(Date.now(), Date.parse(stored.updatedAt) + 1)).toISOString(),
    });
  };
  const findRun = (id: string) => {
    const run = runs.get(requireUuid(id));
    if (!run) throw notFound('Simulation run not found');
    return run;
  };

  /** The simulations a run's entries name (a suite's, in its order); unknown ids are a 400. */
  function simulationsOf(entries: readonly Vapi.CreateSimulationRunDtoSimulationsItem[]) {
    return entries.flatMap((entry) => {
      if (entry.type === 'simulationSuite') {
        const suite = suites.get(entry.simulationSuiteId ?? '');
        if (!suite) throw badRequest(`Simulation suite ${entry.simulationSuiteId ?? ''} not found`);
        return suite.simulationIds.map((id) => {
          const simulation = simulations.get(id);
          if (!simulation) throw badRequest(`Simulation ${id} not found`);
          return simulation;
        });
      }
      const simulation = simulations.get(entry.simulationId ?? '');
      if (!simulation) throw badRequest(`Simulation ${entry.simulationId ?? ''} not found`);
      return [simulation];
    });
  }

  async function play(run: Run, target: Vapi.SimulationRunTargetAssistant) {
    await sleep(options.stepMs);
    // A canceled run (PATCH) has ended: nothing of it plays on.
    const canceled = () => run.status === 'ended';
    if (canceled()) return;
    touch(run, { status: 'running', startedAt: new Date().toISOString() });
    const record = target.assistantId ? catalog.getAssistant(target.assistantId) : undefined;
    const dto = record?.assistant ?? target.assistant ?? {};
    const profile =
      record?.businessIndex !== undefined
        ? (catalog.profiles[record.businessIndex] ?? GENERIC)
        : GENERIC;
    for (const item of itemsOf(run)) {
      if (canceled()) return;
      if (item.status === 'canceled') continue;
      touch(item, { status: 'running', startedAt: new Date().toISOString() });
      const scenario = scenarios.get(String(item.scenarioId));
      const personality = personalities.get(String(item.personalityId));
      // The scenario's target overrides apply on top of the assistant, as in a call.
      const assistant = { ...dto, ...(scenario?.targetOverrides ?? {}) } as Vapi.CreateAssistantDto;
      const resolved = catalog.toolsOf(assistant);
      const config = voiceConfigFromAssistant(assistant, profile, resolved);
      const personalityModel = personality?.assistant.model as
        | { messages?: { content?: string }[] }
        | undefined;
      const call = simulateConversation({
        instructions: scenario?.instructions ?? '',
        personalityName: personality?.name ?? '',
        personalityPrompt: personalityModel?.messages?.map((m) => m.content ?? '').join(' ') ?? '',
        assistant: { ...config, tools: config.tools },
        profile,
        toolMocks: scenario?.toolMocks ?? [],
        atMs: Date.now(),
        toolCallId: `call_${randomUUID().replace(/-/g, '').slice(0, 24)}`,
      });
      touch(item, { status: 'evaluating' });
      await sleep(options.stepMs);
      if (item.status === 'canceled') continue;
      const results = judge(scenario?.evaluations ?? [], call, config.tools, (id) =>
        outputs.get(id),
      );
      const at = new Date().toISOString();
      touch(item, {
        status: results.passed ? 'passed' : 'failed',
        completedAt: at,
        ...(results.passed ? {} : { failedAt: at }),
        results,
        metadata: {
          ...(item.metadata as Record<string, unknown>),
          call: { transcript: call.transcript, messages: call.messages },
        },
      });
    }
    if (canceled()) return;
    touch(run, { status: 'ended', endedAt: new Date().toISOString(), endedReason: 'completed' });
  }

  app.post('/eval/simulation/run', async (request, reply) => {
    const body = checkBody<Vapi.CreateSimulationRunDto>(
      'POST',
      '/eval/simulation/run',
      request.body,
    );
    if (body.target.type !== 'assistant')
      throw badRequest('The sandbox runs simulations against assistants only');
    const target = body.target;
    if (!target.assistantId === !target.assistant) {
      throw badRequest('target must have exactly one of assistantId or assistant');
    }
    if (target.assistantId && !catalog.getAssistant(target.assistantId)) {
      throw badRequest(`Assistant ${target.assistantId} not found`);
    }
    const chosen = simulationsOf(body.simulations);
    if (chosen.length === 0) throw badRequest('simulations must name at least one simulation');
    const now = new Date().toISOString();
    const runId = randomUUID();
    const iterations = body.iterations ?? 1;
    const runItems: RunItem[] = [];
    for (let iteration = 1; iteration <= iterations; iteration++) {
      for (const simulation of chosen) {
        const item: RunItem = {
          id: randomUUID(),
          orgId: catalog.orgId,
          runId,
          simulationId: simulation.id,
          scenarioId: simulation.scenarioId,
          personalityId: simulation.personalityId,
          iterationNumber: iteration,
          status: 'queued',
          queuedAt: now,
          createdAt: now,
          updatedAt: now,
          metadata: {
            simulation: { ...simulation },
            scenario: { ...scenarios.get(simulation.scenarioId) },
            personality: { ...personalities.get(simulation.personalityId) },
          },
        };
        items.set(item.id, item);
        runItems.push(item);
      }
    }
    // A suite entry answers with the suite's name as it was when the run was made.
    const entries = body.simulations.map((entry) =>
      entry.type === 'simulationSuite'
        ? { ...entry, name: suites.get(entry.simulationSuiteId ?? '')?.name }
        : entry,
    );
    const run: Run = {
      id: runId,
      orgId: catalog.orgId,
      status: 'queued',
      queuedAt: now,
      createdAt: now,
      updatedAt: now,
      simulations: entries,
      target,
      iterations,
      ...(body.transport ? { transport: body.transport } : {}),
      simulationRunItemIds: runItems.map((item) => item.id),
    };
    runs.set(run.id, run);
    void play(run, target).catch((error: unknown) => {
      app.log.error({ err: error }, 'simulation run failed');
      touch(run, { status: 'ended', endedAt: new Date().toISOString(), endedReason: 'error' });
    });
    return reply.status(201).send({
      ...view(run),
      url: `${request.protocol}://${request.host}/eval/simulation/run/${run.id}`,
    });
  });

  app.get('/eval/simulation/run', async (request) => {
    checkQuery('GET', '/eval/simulation/run', request.query);
    const query = parseOrThrow(listQuery, request.query);
    return listByFilter(runs.values(), {
      limit: query.limit,
      oldestFirst: listOrder === 'oldest-first',
      createdAt: timeRange(query, 'createdAt'),
      updatedAt: timeRange(query, 'updatedAt'),
    }).map((run) => {
      const { simulationRunItemIds: _ids, ...answer } = view(run);
      return answer;
    });
  });

  app.get<{ Params: { id: string } }>('/eval/simulation/run/:id', async (request) => {
    const { simulationRunItemIds: _ids, ...run } = view(findRun(request.params.id));
    return run;
  });

  app.patch<{ Params: { id: string } }>('/eval/simulation/run/:id', async (request) => {
    const run = findRun(request.params.id);
    for (const item of itemsOf(run)) {
      if (item.status === 'queued' || item.status === 'running' || item.status === 'evaluating') {
        touch(item, { status: 'canceled', canceledAt: new Date().toISOString() });
      }
    }
    if (run.status !== 'ended') {
      touch(run, { status: 'ended', endedAt: new Date().toISOString(), endedReason: 'canceled' });
    }
    const { simulationRunItemIds: _ids, ...answer } = view(run);
    return answer;
  });

  app.get<{ Params: { id: string } }>('/eval/simulation/run/:id/item', async (request) => {
    checkQuery('GET', '/eval/simulation/run/{id}/item', request.query);
    return itemsOf(findRun(request.params.id));
  });

  app.get<{ Params: { id: string; itemId: string } }>(
    '/eval/simulation/run/:id/item/:itemId',
    async (request) => {
      const run = findRun(request.params.id);
      const item = items.get(requireUuid(request.params.itemId));
      if (!item || item.runId !== run.id) throw notFound('Simulation run item not found');
      return item;
    },
  );
}
