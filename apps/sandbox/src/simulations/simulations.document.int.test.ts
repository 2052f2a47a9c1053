import { describe, expect, it } from 'vitest';
import { responseValidator } from '../platform-document';
import { sandboxForSuite } from '../test/sandbox';
import { expectValid } from '../test/expect-valid';

// The simulations the sandbox runs (agent tests) answer as the platform's document says:
// personalities, scenarios, simulations, suites, runs and their items.

const KEY = 'sim-private-key';

describe('simulation runs in the sandbox', () => {
  const platform = sandboxForSuite({
    privateKey: KEY,
    publicKey: 'sim-public-key',
    totalCalls: 50,
  });
  const { api } = platform;
  /** POSTs `body` to `path`: a 201 whose body is the one the document gives for it. */
  async function create(path: string, body: unknown) {
    const created = await api('POST', path, body);
    expect(created.status).toBe(201);
    expectValid(responseValidator('POST', path, 201), created.body, `POST ${path}`);
    return created.body;
  }

  it('plays a suite against an assistant, answering per the document at every step', async () => {
    const personality = await create('/eval/simulation/personality', {
      name: 'Polite caller',
      assistant: {
        model: {
          provider: 'openai',
          model: 'gpt-4o-mini',
          messages: [{ role: 'system', content: 'Be polite.' }],
        },
      },
    });
    const scenario = await create('/eval/simulation/scenario', {
      name: 'Saturday',
      instructions: 'Book a cleaning on a Saturday.',
      evaluations: [
        {
          structuredOutput: {
            type: 'ai',
            name: 'book_appointment weekday',
            description: 'The weekday of the time passed to book_appointment, or "none".',
            schema: { type: 'string' },
          },
          comparator: '=',
          value: 'Saturday',
        },
      ],
      toolMocks: [{ toolName: 'book_appointment', result: 'Booked (mock).' }],
    });
    const simulation = await create('/eval/simulation', {
      name: 'Saturday',
      scenarioId: scenario.id,
      personalityId: personality.id,
    });
    const suite = await create('/eval/simulation/suite', {
      name: 'Bookings',
      simulationIds: [simulation.id],
    });

    const unknownSuite = await api('POST', '/eval/simulation/run', {
      simulations: [{ type: 'simulationSuite', simulationSuiteId: crypto.randomUUID() }],
      target: { type: 'assistant', assistantId: platform.sandbox.demo.assistantIds[0] },
    });
    expect(unknownSuite.status).toBe(400);

    const run = await api('POST', '/eval/simulation/run', {
      simulations: [{ type: 'simulationSuite', simulationSuiteId: suite.id }],
      target: { type: 'assistant', assistantId: platform.sandbox.demo.assistantIds[0] },
    });
    expect(run.status).toBe(201);
    expect(run.body).toMatchObject({ status: 'queued' });
    expectValid(responseValidator('POST', '/eval/simulation/run', 201), run.body, 'run created');

    let ended: Record<string, unknown> | undefined;
    for (let i = 0; i < 50 && !ended; i++) {
      const got = await api('GET', `/eval/simulation/run/${String(run.body.id)}`);
      if (got.body.status === 'ended') ended = got.body;
      else await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(ended).toMatchObject({ itemCounts: { total: 1, passed: 1, failed: 0 } });
    expectValid(responseValidator('GET', '/eval/simulation/run/{id}', 200), ended, 'run');
    const list = await api('GET', '/eval/simulation/run');
    expectValid(responseValidator('GET', '/eval/simulation/run', 200), list.body, 'runs');
    const items = await api('GET', `/eval/simulation/run/${String(run.body.id)}/item`);
    expectValid(
      responseValidator('GET', '/eval/simulation/run/{id}/item', 200),
      items.body,
      'items',
    );
    const [item] = items.body as unknown as {
      status: string;
      results: { passed: boolean };
      metadata: { call: { transcript: string } };
    }[];
    expect(item).toMatchObject({ status: 'passed', results: { passed: true } });
    expect(item!.metadata.call.transcript).toContain('on a Saturday');
  });
});
