import type { Vapi } from '@vapi-ai/server-sdk';
import { and, eq, isNull } from 'drizzle-orm';
import {
  CALLER_PERSONALITIES,
  CALLER_PERSONALITY_LABELS,
  CALLER_PERSONALITY_PROMPTS,
  type AgentTest,
  type AgentTestValues,
  type CallerPersonality,
  type TestResult,
  type TestRun,
  type TestRunDetail,
  type TestSuite,
  type TestSuiteSummary,
} from '@switchboard/shared/agent-tests';
import type { PlatformResourceKind } from '@switchboard/shared/console';
import { formatDateTime } from '@switchboard/shared/format';
import type { Db } from '../../db/client';
import { agents } from '../../db/schema';
import { AppError, notFound } from '../../lib/app-error';
import type { PlatformClient } from '../../platform/platform-client';
import { readAllByCreatedAt, RequestReads } from '../../platform/read-all';
import { forgetResource, recordOwned, renameResource } from '../console/console.repository';
import { findBusinessZone } from '../calls/calls.repository';
import { consoleFailure, isPlatformNotFound } from '../console/console-errors';
import type { ConsoleService } from '../console/console.service';
import { describeExpectation, evaluationOf, expectationOf, failureReason } from './expectations';

// Agent tests on the platform's simulations (decision 040): a suite is a simulation suite, a test
// a simulation with its own scenario (what the caller wants, the expectation as the scenario's
// evaluation, our two tools mocked) and personality (the simulated caller). Runs are simulation
// runs of one suite against one agent. Every one of them is recorded in platform_resources as
// the business's; another business's id is a 404.

/** The tools' answers in a test call: nothing is booked or recorded for a simulated caller. */
const TOOL_MOCKS: Vapi.ScenarioToolMock[] = [
  { toolName: 'book_appointment', result: 'Booked. (Test call: no appointment was saved.)' },
  { toolName: 'create_enquiry', result: 'Recorded. (Test call: no enquiry was saved.)' },
];

type Sdk = PlatformClient['sdk'];
type RunLike = Vapi.SimulationRun | Vapi.SimulationRunListItem | Vapi.CreateSimulationRunResponse;

/** What a run is shown with: the business's agents' names by platform id, and its zone. */
type RunContext = { names: Map<string, string>; timeZone: string };

function personalityOf(personality: Vapi.Personality | undefined): CallerPersonality | null {
  if (!personality) return null;
  return (
    CALLER_PERSONALITIES.find((key) => CALLER_PERSONALITY_LABELS[key] === personality.name) ?? null
  );
}

const iso = (value: string | undefined) => (value ? new Date(value).toISOString() : null);

function suiteIdOf(run: RunLike): string | null {
  const entry = run.simulations.find((e) => e.type === 'simulationSuite');
  return entry && 'simulationSuiteId' in entry ? (entry.simulationSuiteId ?? null) : null;
}

function agentIdOf(run: RunLike): { agentId: string | null; unsaved: boolean } {
  const target = run.target;
  if (target.type !== 'assistant') return { agentId: null, unsaved: false };
  if (target.assistantId) return { agentId: target.assistantId, unsaved: false };
  const tagged = target.assistant?.metadata?.switchboardAgentId;
  return { agentId: typeof tagged === 'string' ? tagged : null, unsaved: true };
}

export class AgentTestsService {
  constructor(
    private readonly deps: { db: Db; platform: () => PlatformClient; console: ConsoleService },
  ) {}

  private get sdk(): Sdk {
    return this.deps.platform().sdk;
  }

  /**
   * The org's whole list at `path`, read to its end in createdAt windows (the simulation lists
   * answer bare arrays), once per request.
   */
  private readAll<T extends { id: string; createdAt: string }>(
    reads: RequestReads,
    path: string,
    fetchPage: (query: { limit: number } & Record<string, string | number>) => Promise<T[]>,
  ): Promise<T[]> {
    return reads.once(path, () =>
      readAllByCreatedAt((window, limit) => fetchPage({ limit, ...window }), this.pageSize),
    );
  }

  private get pageSize(): number {
    return this.deps.platform().listPageSize;
  }

  private record(kind: PlatformResourceKind, platformId: string, businessId: string, name: string) {
    return recordOwned(this.deps.db, { kind, platformId, businessId, name });
  }

  // ---- Suites ----

  async listSuites(businessId: string): Promise<TestSuiteSummary[]> {
    const owned = await this.deps.console.listOwned(businessId, 'simulation-suite');
    if (owned.length === 0) return [];
    let all: Vapi.SimulationSuite[];
    try {
      all = await this.readAll(new RequestReads(), '/eval/simulation/suite', (query) =>
        this.sdk.simulationSuites.simulationSuiteControllerFindAll(query),
      );
    } catch (error) {
      throw consoleFailure('fetch test suites', error);
    }
    const ids = new Set(owned.map((row) => row.platformId));
    return all
      .filter((suite) => ids.has(suite.id))
      .map((suite) => ({
        id: suite.id,
        name: suite.name,
        testCount: suite.simulationIds.length,
        createdAt: new Date(suite.createdAt).toISOString(),
      }))
      .sort((a, b) => a.name.localeCompare(b.name));
  }

  private async fetchSuite(businessId: string, id: string): Promise<Vapi.SimulationSuite> {
    await this.deps.console.requireOwned(businessId, 'simulation-suite', id);
    try {
      return await this.sdk.simulationSuites.simulationSuiteControllerFindOne({ id });
    } catch (error) {
      if (isPlatformNotFound(error)) {
        await forgetResource(this.deps.db, 'simulation-suite', id);
        throw notFound('Test suite');
      }
      throw consoleFailure('fetch test suite', error);
    }
  }

  async getSuite(businessId: string, id: string, reads = new RequestReads()): Promise<TestSuite> {
    const suite = await this.fetchSuite(businessId, id);
    let simulations: Vapi.Simulation[];
    let scenarios: Vapi.Scenario[];
    let personalities: Vapi.Personality[];
    try {
      [simulations, scenarios, personalities] = await Promise.all([
        suite.simulationIds.length > 0
          ? this.readAll(reads, '/eval/simulation', (query) =>
              this.sdk.simulations.simulationControllerFindAll(query),
            )
          : [],
        suite.simulationIds.length > 0
          ? this.readAll(reads, '/eval/simulation/scenario', (query) =>
              this.sdk.simulationScenarios.scenarioControllerFindAll(query),
            )
          : [],
        suite.simulationIds.length > 0
          ? this.readAll(reads, '/eval/simulation/personality', (query) =>
              this.sdk.simulationPersonalities.personalityControllerFindAll(query),
            )
          : [],
      ]);
    } catch (error) {
      throw consoleFailure('fetch tests', error);
    }
    const byId = <T extends { id: string }>(list: T[]) => new Map(list.map((x) => [x.id, x]));
    const sims = byId(simulations);
    const scens = byId(scenarios);
    const pers = byId(personalities);
    const tests: AgentTest[] = suite.simulationIds.flatMap((simulationId) => {
      const simulation = sims.get(simulationId);
      if (!simulation) return [];
      const scenario = scens.get(simulation.scenarioId);
      return [
        {
          id: simulation.id,
          name: simulation.name ?? scenario?.name ?? 'Test',
          personality: personalityOf(pers.get(simulation.personalityId)),
          scenario: scenario?.instructions ?? '',
          expectation: expectationOf(scenario?.evaluations[0]),
          createdAt: new Date(simulation.createdAt).toISOString(),
        },
      ];
    });
    return {
      id: suite.id,
      name: suite.name,
      testCount: tests.length,
      createdAt: new Date(suite.createdAt).toISOString(),
      tests,
    };
  }

  async createSuite(businessId: string, name: string): Promise<TestSuite> {
    let suite: Vapi.SimulationSuite;
    try {
      suite = await this.sdk.simulationSuites.simulationSuiteControllerCreate({
        name,
        simulationIds: [],
      });
    } catch (error) {
      throw consoleFailure('create test suite', error);
    }
    try {
      await this.record('simulation-suite', suite.id, businessId, name);
    } catch (error) {
      await this.sdk.simulationSuites
        .simulationSuiteControllerRemove({ id: suite.id })
        .catch(() => undefined);
      throw error;
    }
    return { id: suite.id, name, testCount: 0, createdAt: iso(suite.createdAt)!, tests: [] };
  }

  async renameSuite(businessId: string, id: string, name: string): Promise<TestSuite> {
    await this.fetchSuite(businessId, id);
    try {
      await this.sdk.simulationSuites.simulationSuiteControllerUpdate({ id, name });
    } catch (error) {
      throw consoleFailure('update test suite', error);
    }
    await renameResource(this.deps.db, 'simulation-suite', id, name);
    return this.getSuite(businessId, id);
  }

  async removeSuite(businessId: string, id: string): Promise<void> {
    const suite = await this.fetchSuite(businessId, id);
    try {
      await this.sdk.simulationSuites.simulationSuiteControllerRemove({ id });
    } catch (error) {
      if (!isPlatformNotFound(error)) throw consoleFailure('delete test suite', error);
    }
    await forgetResource(this.deps.db, 'simulation-suite', id);
    for (const simulationId of suite.simulationIds) {
      await this.removeSimulation(businessId, simulationId);
    }
  }

  // ---- Tests ----

  async addTest(businessId: string, suiteId: string, input: AgentTestValues): Promise<AgentTest> {
    const suite = await this.fetchSuite(businessId, suiteId);
    const sdk = this.sdk;
    const made: { kind: PlatformResourceKind; id: string }[] = [];
    const undo = async () => {
      for (const { kind, id } of made.reverse()) {
        const remove =
          kind === 'simulation'
            ? sdk.simulations.simulationControllerRemove({ id })
            : kind === 'simulation-scenario'
              ? sdk.simulationScenarios.scenarioControllerRemove({ id })
              : sdk.simulationPersonalities.personalityControllerRemove({ id });
        await remove.catch(() => undefined);
        await forgetResource(this.deps.db, kind, id).catch(() => undefined);
      }
    };
    try {
      const personality = await sdk.simulationPersonalities.personalityControllerCreate({
        name: CALLER_PERSONALITY_LABELS[input.personality],
        assistant: {
          model: {
            provider: 'openai',
            model: 'gpt-4o-mini',
            messages: [{ role: 'system', content: CALLER_PERSONALITY_PROMPTS[input.personality] }],
          },
        },
      });
      made.push({ kind: 'simulation-personality', id: personality.id });
      await this.record('simulation-personality', personality.id, businessId, personality.name);
      const scenario = await sdk.simulationScenarios.scenarioControllerCreate({
        name: input.name,
        instructions: input.scenario,
        evaluations: [evaluationOf(input.expectation)],
        toolMocks: TOOL_MOCKS,
      });
      made.push({ kind: 'simulation-scenario', id: scenario.id });
      await this.record('simulation-scenario', scenario.id, businessId, input.name);
      const simulation = await sdk.simulations.simulationControllerCreate({
        name: input.name,
        scenarioId: scenario.id,
        personalityId: personality.id,
      });
      made.push({ kind: 'simulation', id: simulation.id });
      await this.record('simulation', simulation.id, businessId, input.name);
      await sdk.simulationSuites.simulationSuiteControllerUpdate({
        id: suiteId,
        simulationIds: [...suite.simulationIds, simulation.id],
      });
      return {
        id: simulation.id,
        name: input.name,
        personality: input.personality,
        scenario: input.scenario,
        expectation: input.expectation,
        createdAt: new Date(simulation.createdAt).toISOString(),
      };
    } catch (error) {
      await undo();
      if (error instanceof AppError) throw error;
      throw consoleFailure('create test', error);
    }
  }

  /** Deletes a test's simulation, scenario and personality (what is gone already is fine). */
  private async removeSimulation(businessId: string, simulationId: string): Promise<void> {
    const owned = await this.deps.console.listOwned(businessId, 'simulation');
    if (!owned.some((row) => row.platformId === simulationId)) return;
    const sdk = this.sdk;
    const ignoreGone = (error: unknown) => {
      if (!isPlatformNotFound(error)) throw consoleFailure('delete test', error);
      return undefined;
    };
    const simulation = await sdk.simulations
      .simulationControllerFindOne({ id: simulationId })
      .catch(ignoreGone);
    await sdk.simulations.simulationControllerRemove({ id: simulationId }).catch(ignoreGone);
    await forgetResource(this.deps.db, 'simulation', simulationId);
    if (!simulation) return;
    await sdk.simulationScenarios
      .scenarioControllerRemove({ id: simulation.scenarioId })
      .catch(ignoreGone);
    await forgetResource(this.deps.db, 'simulation-scenario', simulation.scenarioId);
    await sdk.simulationPersonalities
      .personalityControllerRemove({ id: simulation.personalityId })
      .catch(ignoreGone);
    await forgetResource(this.deps.db, 'simulation-personality', simulation.personalityId);
  }

  async removeTest(businessId: string, suiteId: string, testId: string): Promise<void> {
    const suite = await this.fetchSuite(businessId, suiteId);
    await this.deps.console.requireOwned(businessId, 'simulation', testId);
    if (!suite.simulationIds.includes(testId)) throw notFound('Test');
    try {
      await this.sdk.simulationSuites.simulationSuiteControllerUpdate({
        id: suiteId,
        simulationIds: suite.simulationIds.filter((id) => id !== testId),
      });
    } catch (error) {
      throw consoleFailure('delete test', error);
    }
    await this.removeSimulation(businessId, testId);
  }

  // ---- Runs ----

  private async runContext(businessId: string): Promise<RunContext> {
    const [rows, timeZone] = await Promise.all([
      this.deps.db
        .select({ id: agents.platformAssistantId, name: agents.name })
        .from(agents)
        .where(and(eq(agents.businessId, businessId), isNull(agents.removedAt))),
      findBusinessZone(this.deps.db, businessId),
    ]);
    return { names: new Map(rows.map((row) => [row.id, row.name])), timeZone };
  }

  private toRun(run: RunLike, suiteName: string, { names, timeZone }: RunContext): TestRun {
    const { agentId, unsaved } = agentIdOf(run);
    const counts = run.itemCounts ?? {
      total: 0,
      passed: 0,
      failed: 0,
      running: 0,
      queued: 0,
      canceled: 0,
    };
    return {
      id: run.id,
      suiteId: suiteIdOf(run),
      suiteName,
      agentId,
      agentName: agentId ? (names.get(agentId) ?? null) : null,
      unsavedSettings: unsaved,
      status: run.status,
      counts: {
        total: counts.total,
        passed: counts.passed,
        failed: counts.failed,
        running: counts.running,
        queued: counts.queued,
        canceled: counts.canceled,
      },
      createdAt: new Date(run.createdAt).toISOString(),
      createdAtText: formatDateTime(run.createdAt, timeZone),
      endedAt: iso(run.endedAt),
    };
  }

  /**
   * Runs a suite against one of the business's agents: the saved assistant, or (`draft`) the
   * assistant its unsaved settings would make, sent inline.
   */
  async run(
    businessId: string,
    suiteId: string,
    agentId: string,
    draft?: Vapi.CreateAssistantDto,
  ): Promise<TestRun> {
    const suite = await this.fetchSuite(businessId, suiteId);
    const context = await this.runContext(businessId);
    if (!context.names.has(agentId)) throw notFound('Agent');
    if (suite.simulationIds.length === 0) {
      throw new AppError('VALIDATION_ERROR', 'Add a test to the suite before running it.');
    }
    let run: Vapi.CreateSimulationRunResponse;
    try {
      run = await this.sdk.simulationRuns.simulationRunControllerCreate({
        simulations: [{ type: 'simulationSuite', simulationSuiteId: suiteId }],
        target: draft
          ? { type: 'assistant', assistant: draft }
          : { type: 'assistant', assistantId: agentId },
      });
    } catch (error) {
      throw consoleFailure('run tests', error);
    }
    await this.record('simulation-run', run.id, businessId, suite.name);
    return this.toRun(run, suite.name, context);
  }

  async listRuns(
    businessId: string,
    filter: { suiteId?: string | undefined; agentId?: string | undefined },
  ): Promise<TestRun[]> {
    const owned = await this.deps.console.listOwned(businessId, 'simulation-run');
    if (owned.length === 0) return [];
    let runs: RunLike[];
    try {
      // The document answers this list as an array or as a page; without `page` it is read in
      // createdAt windows like the other array lists, whichever form comes back.
      runs = await this.readAll(new RequestReads(), '/eval/simulation/run', async (query) => {
        const answer = await this.sdk.simulationRuns.simulationRunControllerFindAll(query);
        return Array.isArray(answer) ? answer : answer.results;
      });
    } catch (error) {
      throw consoleFailure('fetch test runs', error);
    }
    const suiteNames = new Map(owned.map((row) => [row.platformId, row.name]));
    const context = await this.runContext(businessId);
    return runs
      .filter((run) => suiteNames.has(run.id))
      .map((run) => this.toRun(run, suiteNames.get(run.id) ?? '', context))
      .filter(
        (run) =>
          (!filter.suiteId || run.suiteId === filter.suiteId) &&
          (!filter.agentId || run.agentId === filter.agentId),
      )
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  }

  /**
   * Stops a run that has not ended (`PATCH /eval/simulation/run/{id}`, the document's
   * cancelGroup): tests not yet finished end canceled. 409 for a run that has ended.
   */
  async cancelRun(businessId: string, runId: string): Promise<TestRunDetail> {
    const before = await this.getRun(businessId, runId);
    if (before.status === 'ended') {
      throw new AppError('CONFLICT', 'This test run has already ended.');
    }
    try {
      await this.sdk.simulationRuns.simulationRunControllerCancelGroup({ id: runId });
    } catch (error) {
      if (isPlatformNotFound(error)) throw notFound('Test run');
      throw consoleFailure('cancel test run', error);
    }
    return this.getRun(businessId, runId);
  }

  async getRun(businessId: string, runId: string): Promise<TestRunDetail> {
    const record = await this.deps.console.requireOwned(businessId, 'simulation-run', runId);
    let run: Vapi.SimulationRun;
    let items: Vapi.SimulationRunItem[];
    try {
      [run, items] = await Promise.all([
        this.sdk.simulationRuns.simulationRunControllerFindOne({ id: runId }),
        this.sdk.simulationRuns.simulationRunControllerFindItems({ id: runId }),
      ]);
    } catch (error) {
      if (isPlatformNotFound(error)) {
        await forgetResource(this.deps.db, 'simulation-run', runId);
        throw notFound('Test run');
      }
      throw consoleFailure('fetch test run', error);
    }
    const context = await this.runContext(businessId);
    const results: TestResult[] = items.map((item) => {
      // The run's snapshots of the simulation and scenario, as they were when it started.
      const snapshot: {
        simulation?: { name?: string };
        scenario?: { name?: string; evaluations?: Vapi.EvaluationPlanItem[] };
      } = {
        ...(item.metadata?.simulation ? { simulation: item.metadata.simulation } : {}),
        ...(item.metadata?.scenario ? { scenario: item.metadata.scenario } : {}),
      };
      const expectation = expectationOf(snapshot.scenario?.evaluations?.[0]);
      return {
        id: item.id,
        testId: item.simulationId,
        testName: snapshot.simulation?.name ?? snapshot.scenario?.name ?? 'Test',
        expectation: describeExpectation(expectation),
        status: item.status,
        reason: failureReason(item, expectation),
        transcript: item.metadata?.call?.transcript ?? null,
      };
    });
    return { ...this.toRun(run, record.name, context), results };
  }
}
