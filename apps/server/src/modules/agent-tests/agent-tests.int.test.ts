import { beforeAll, describe, expect, it } from 'vitest';
import type {
  AgentTest,
  TestRun,
  TestRunDetail,
  TestSuite,
  TestSuiteSummary,
} from '@switchboard/shared/agent-tests';
import type { Agent, AgentSettingsResponse } from '@switchboard/shared/agents';
import { formatDateTime } from '@switchboard/shared/format';
import { DEMO_MEMBER } from '../auth/demo-accounts';
import { appForSuite, oneDatabase } from '../../test/test-app';

const SATURDAY_BOOKING = {
  name: 'Books a Saturday slot',
  personality: 'polite',
  scenario: 'You want to book a cleaning on a Saturday morning.',
  expectation: { kind: 'tool-called', tool: 'book_appointment', weekday: 'Saturday' },
} as const;
// Deliberately wrong: the caller asks for Saturday, the test expects a Sunday booking.
const SUNDAY_EXPECTED = {
  name: 'Expects a Sunday booking',
  personality: 'impatient',
  scenario: 'You want to book a cleaning on a Saturday.',
  expectation: { kind: 'tool-called', tool: 'book_appointment', weekday: 'Sunday' },
} as const;
const NO_ENQUIRY = {
  name: 'Booking leaves no enquiry',
  personality: 'confused',
  scenario: 'You want to book a check-up next Tuesday at 2pm.',
  expectation: { kind: 'tool-not-called', tool: 'create_enquiry' },
} as const;
const GREETS = {
  name: 'Greets by name',
  personality: 'polite',
  scenario: 'You ask whether the clinic takes new patients.',
  expectation: { kind: 'agent-says', phrase: 'this is Riley' },
} as const;

describe.each(oneDatabase)('agent tests on %s', (target) => {
  const ctx = appForSuite(target, { SANDBOX_CALLS: '0' });
  let member: Record<string, string>;
  let other: Record<string, string>;
  let dentalAgent: Agent;

  beforeAll(async () => {
    await ctx.app.ready();
    member = await ctx.sessionHeaders(DEMO_MEMBER.userName);
    other = await ctx.sessionHeaders((await ctx.createBusinessWithMember()).userName);
    const agents = (await call('GET', '/api/agents', member)).json<{ data: Agent[] }>().data;
    dentalAgent = agents[0]!;
  });

  const call = (method: string, url: string, headers: Record<string, string>, payload?: unknown) =>
    ctx.injectAs(method, url, headers, payload);

  async function finished(runId: string): Promise<TestRunDetail> {
    for (let attempt = 0; attempt < 100; attempt++) {
      const detail = (await call('GET', `/api/test-runs/${runId}`, member)).json<TestRunDetail>();
      if (detail.status === 'ended') return detail;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('the run did not end');
  }

  it('keeps suites and their tests on the platform, owned by the business', async () => {
    const created = await call('POST', '/api/test-suites', member, { name: 'Booking' });
    expect(created.statusCode).toBe(201);
    const suite = created.json<TestSuite>();
    expect(suite).toMatchObject({ name: 'Booking', testCount: 0, tests: [] });

    const added = await call('POST', `/api/test-suites/${suite.id}/tests`, member, GREETS);
    expect(added.statusCode).toBe(201);
    const test = added.json<AgentTest>();
    expect(test).toMatchObject({ ...GREETS, expectation: GREETS.expectation });

    // The platform holds the simulation, its scenario (with our tools mocked) and its caller.
    const sdk = ctx.app.platform.client.sdk;
    const simulation = await sdk.simulations.simulationControllerFindOne({ id: test.id });
    const scenario = await sdk.simulationScenarios.scenarioControllerFindOne({
      id: simulation.scenarioId,
    });
    expect(scenario.instructions).toBe(GREETS.scenario);
    expect(scenario.toolMocks?.map((mock) => mock.toolName).sort()).toEqual([
      'book_appointment',
      'create_enquiry',
    ]);
    expect(scenario.evaluations[0]).toMatchObject({ comparator: '=', value: true });

    const read = (await call('GET', `/api/test-suites/${suite.id}`, member)).json<TestSuite>();
    expect(read.tests).toEqual([test]);
    const renamed = await call('PATCH', `/api/test-suites/${suite.id}`, member, {
      name: 'Greeting',
    });
    expect(renamed.json<TestSuite>().name).toBe('Greeting');
    const list = (await call('GET', '/api/test-suites', member)).json<{
      data: TestSuiteSummary[];
    }>().data;
    expect(list).toContainEqual(expect.objectContaining({ id: suite.id, testCount: 1 }));

    // Another business sees none of it.
    expect((await call('GET', `/api/test-suites/${suite.id}`, other)).statusCode).toBe(404);
    expect(
      (await call('POST', `/api/test-suites/${suite.id}/tests`, other, GREETS)).statusCode,
    ).toBe(404);
    expect(
      (await call('DELETE', `/api/test-suites/${suite.id}/tests/${test.id}`, other)).statusCode,
    ).toBe(404);
    expect((await call('GET', '/api/test-suites', other)).json()).toEqual({ data: [] });

    const removed = await call('DELETE', `/api/test-suites/${suite.id}/tests/${test.id}`, member);
    expect(removed.statusCode).toBe(204);
    await expect(
      sdk.simulationScenarios.scenarioControllerFindOne({ id: simulation.scenarioId }),
    ).rejects.toMatchObject({ statusCode: 404 });
    expect((await call('DELETE', `/api/test-suites/${suite.id}`, member)).statusCode).toBe(204);
    expect((await call('GET', `/api/test-suites/${suite.id}`, member)).statusCode).toBe(404);
  });

  it('refuses bad tests with the field’s message', async () => {
    const suite = (
      await call('POST', '/api/test-suites', member, { name: 'Checks' })
    ).json<TestSuite>();
    const bad = await call('POST', `/api/test-suites/${suite.id}/tests`, member, {
      ...GREETS,
      scenario: '  ',
      expectation: { kind: 'tool-called', tool: 'send_flowers' },
    });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('Please describe what the caller wants');
    const empty = await call('POST', `/api/test-suites/${suite.id}/runs`, member, {
      agentId: dentalAgent.id,
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json<{ error: { message: string } }>().error.message).toBe(
      'Add a test to the suite before running it.',
    );
  });

  it('runs a suite against the dental agent: each test passes or fails with its reason and transcript, and the run is kept', async () => {
    const suite = (
      await call('POST', '/api/test-suites', member, { name: 'Bookings' })
    ).json<TestSuite>();
    for (const test of [SATURDAY_BOOKING, SUNDAY_EXPECTED, NO_ENQUIRY, GREETS]) {
      expect(
        (await call('POST', `/api/test-suites/${suite.id}/tests`, member, test)).statusCode,
      ).toBe(201);
    }
    const started = await call('POST', `/api/test-suites/${suite.id}/runs`, member, {
      agentId: dentalAgent.id,
    });
    expect(started.statusCode).toBe(201);
    const run = started.json<TestRun>();
    expect(run).toMatchObject({
      suiteId: suite.id,
      suiteName: 'Bookings',
      agentId: dentalAgent.id,
      agentName: dentalAgent.name,
      unsavedSettings: false,
    });
    // When it started, written in the business's zone (the dashboard's card shows it as is).
    expect(run.createdAtText).toBe(formatDateTime(run.createdAt, dentalAgent.timeZone));
    expect(run.createdAtText).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{2}:\d{2}$/);

    const detail = await finished(run.id);
    expect(detail.counts).toMatchObject({ total: 4, passed: 3, failed: 1 });
    const byName = Object.fromEntries(detail.results.map((result) => [result.testName, result]));
    expect(byName[SATURDAY_BOOKING.name]).toMatchObject({ status: 'passed', reason: null });
    expect(byName[SATURDAY_BOOKING.name]!.transcript).toContain(
      "I'd like to book an appointment on a Saturday",
    );
    expect(byName[SUNDAY_EXPECTED.name]).toMatchObject({
      status: 'failed',
      expectation: 'book_appointment is called with a time on a Sunday',
      reason: 'book_appointment was called with a time on a Saturday, not a Sunday',
    });
    expect(byName[NO_ENQUIRY.name]).toMatchObject({ status: 'passed' });
    expect(byName[GREETS.name]).toMatchObject({ status: 'passed' });
    expect(byName[GREETS.name]!.transcript).toMatch(
      /^AI: Thank you for calling Bright Smile Dental, this is Riley/,
    );

    // Nothing was booked for the simulated caller: the tools were mocked.
    const appointments = (await call('GET', '/api/appointments?tab=upcoming', member)).json<{
      data: { notes: string | null }[];
    }>();
    expect(JSON.stringify(appointments)).not.toContain(SATURDAY_BOOKING.scenario);

    // History: the run is listed for the suite and for the agent, never for another business.
    const historyRes = await call('GET', `/api/test-runs?suiteId=${suite.id}`, member);
    expect(historyRes.statusCode, historyRes.body).toBe(200);
    const history = historyRes.json<{
      data: TestRun[];
    }>().data;
    expect(history.map((r) => [r.id, r.status, r.counts.passed, r.createdAtText])).toEqual([
      [run.id, 'ended', 3, run.createdAtText],
    ]);
    const forAgent = (await call('GET', `/api/test-runs?agentId=${dentalAgent.id}`, member)).json<{
      data: TestRun[];
    }>().data;
    expect(forAgent.map((r) => r.id)).toContain(run.id);
    expect((await call('GET', `/api/test-runs/${run.id}`, other)).statusCode).toBe(404);
    expect((await call('GET', '/api/test-runs', other)).json()).toEqual({ data: [] });
    expect(
      (await call('POST', `/api/test-suites/${suite.id}/runs`, other, { agentId: dentalAgent.id }))
        .statusCode,
    ).toBe(404);
  });

  it('cancels a running test run through the platform; an ended one is a 409 (Round 3 · 4/10 item 7)', async () => {
    const suite = (
      await call('POST', '/api/test-suites', member, { name: 'Long run' })
    ).json<TestSuite>();
    // Six tests: the sandbox plays them one after another, so the run is still going when the
    // cancel arrives right after it started.
    for (const test of [SATURDAY_BOOKING, SUNDAY_EXPECTED, NO_ENQUIRY, GREETS, GREETS, GREETS]) {
      expect(
        (await call('POST', `/api/test-suites/${suite.id}/tests`, member, test)).statusCode,
      ).toBe(201);
    }
    const run = (
      await call('POST', `/api/test-suites/${suite.id}/runs`, member, { agentId: dentalAgent.id })
    ).json<TestRun>();
    expect((await call('POST', `/api/test-runs/${run.id}/cancel`, other)).statusCode).toBe(404);
    const canceled = await call('POST', `/api/test-runs/${run.id}/cancel`, member);
    expect(canceled.statusCode).toBe(200);
    const detail = canceled.json<TestRunDetail>();
    expect(detail.status).toBe('ended');
    expect(detail.results.some((r) => r.status === 'canceled')).toBe(true);
    // Nothing plays on after the cancel: the canceled tests stay canceled once the rest settle.
    const settled = await finished(run.id);
    expect(settled.results.filter((r) => r.status === 'canceled').length).toBe(
      detail.results.filter((r) => r.status === 'canceled').length,
    );
    const again = await call('POST', `/api/test-runs/${run.id}/cancel`, member);
    expect(again.statusCode).toBe(409);
    expect(again.json<{ error: { message: string } }>().error.message).toBe(
      'This test run has already ended.',
    );
    expect(
      (await call('POST', '/api/test-runs/00000000-0000-4000-8000-000000000000/cancel', member))
        .statusCode,
    ).toBe(404);
  });

  it('runs against unsaved settings without saving them, and a foreign agent is a 404', async () => {
    const suite = (
      await call('POST', '/api/test-suites', member, { name: 'Weekend' })
    ).json<TestSuite>();
    await call('POST', `/api/test-suites/${suite.id}/tests`, member, SATURDAY_BOOKING);
    const settings = (
      await call('GET', `/api/agents/${dentalAgent.id}/settings`, member)
    ).json<AgentSettingsResponse>();
    const form = settings.settings;
    const closed = { ...form, systemPrompt: `${form.systemPrompt}\nWe are closed on Saturdays.` };
    const started = await call('POST', `/api/agents/${dentalAgent.id}/test-runs`, member, {
      suiteId: suite.id,
      settings: closed,
    });
    expect(started.statusCode, started.body).toBe(201);
    expect(started.json<TestRun>()).toMatchObject({
      agentId: dentalAgent.id,
      unsavedSettings: true,
    });
    const detail = await finished(started.json<TestRun>().id);
    expect(detail.results[0]).toMatchObject({ status: 'failed' });
    expect(detail.results[0]!.reason).toMatch(
      /^book_appointment was called with a time on a \w+day, not a Saturday$/,
    );
    expect(detail.results[0]!.transcript).toContain("We're closed on Saturdays");
    // The saved prompt is unchanged.
    const after = (
      await call('GET', `/api/agents/${dentalAgent.id}/settings`, member)
    ).json<AgentSettingsResponse>();
    expect(after.settings.systemPrompt).toBe(form.systemPrompt);

    const foreign = await call('POST', `/api/agents/${dentalAgent.id}/test-runs`, other, {
      suiteId: suite.id,
      settings: closed,
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('says "Failed to fetch test suites: …" when the platform fails', async () => {
    const suite = (
      await call('POST', '/api/test-suites', member, { name: 'Outage' })
    ).json<TestSuite>();
    const suites = ctx.app.platform.client.sdk.simulationSuites;
    const original = suites.simulationSuiteControllerFindAll.bind(suites);
    suites.simulationSuiteControllerFindAll = () => {
      throw new Error('connection reset');
    };
    try {
      const res = await call('GET', '/api/test-suites', member);
      expect(res.statusCode).toBe(502);
      expect(res.json<{ error: { message: string } }>().error.message).toBe(
        'Failed to fetch test suites: connection reset',
      );
    } finally {
      suites.simulationSuiteControllerFindAll = original;
    }
    const runs = ctx.app.platform.client.sdk.simulationRuns;
    const originalRuns = runs.simulationRunControllerFindAll.bind(runs);
    runs.simulationRunControllerFindAll = () => {
      throw new Error('timed out');
    };
    try {
      await call('POST', `/api/test-suites/${suite.id}/tests`, member, GREETS);
      await call('POST', `/api/test-suites/${suite.id}/runs`, member, { agentId: dentalAgent.id });
      const res = await call('GET', '/api/test-runs', member);
      expect(res.statusCode).toBe(502);
      expect(res.json<{ error: { message: string } }>().error.message).toBe(
        'Failed to fetch test runs: timed out',
      );
    } finally {
      runs.simulationRunControllerFindAll = originalRuns;
    }
  });
});
