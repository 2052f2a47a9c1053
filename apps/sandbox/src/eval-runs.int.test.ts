import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeErrors, responseValidator, validatorFor } from './platform-document';
import type { Sandbox } from './sandbox';
import { startTestSandbox } from './test/sandbox';
import { sandboxApi } from './test/api';

// `/eval/run` is its own resource, as the document has it (list, create, get, delete): not an
// eval's id under `/eval/{id}`, which answered it with "uuid is expected" before. Bodies are
// CreateEvalRunDTO, closed; what they name must exist. The sandbox holds no model conversation,
// so an accepted run ends at once as an `error` that says so.

const PRIVATE = 'eval-runs-private-key';

describe('/eval/run', () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await startTestSandbox({
      privateKey: PRIVATE,
      publicKey: 'eval-runs-public-key',
      totalCalls: 5,
      simulator: { stepMs: 5 },
    });
  });
  afterAll(() => sandbox.close());

  const api = (method: string, path: string, body?: unknown) =>
    sandboxApi<Record<string, unknown>>(sandbox.baseUrl, PRIVATE, method, path, body);

  it('lists, creates, reads and deletes runs, refusing bodies the document does not allow', async () => {
    const empty = await api('GET', '/eval/run');
    expect(empty.status).toBe(200);
    const page = responseValidator('GET', '/eval/run', 200);
    expect(page(empty.body), describeErrors(page.errors).join('; ')).toBe(true);
    expect(empty.body.results).toEqual([]);

    const evaluation = await api('POST', '/eval', {
      type: 'chat.mockConversation',
      name: 'Greets the caller',
      messages: [{ role: 'user', content: 'Hello?' }],
    });
    expect(evaluation.status).toBe(201);
    const assistantId = sandbox.demo.assistantIds[0]!;
    const target = { type: 'assistant', assistantId };
    const missing = '7a1c9e0b-3d2f-4e5a-8b6c-1d0e9f8a7b6c';
    for (const [body, message] of [
      [{ type: 'eval', evalId: missing, target }, `evalId ${missing} is not an eval of this org`],
      [{ type: 'eval', target }, 'eval or evalId must be given'],
      [
        {
          type: 'eval',
          evalId: evaluation.body.id,
          target: { type: 'assistant', assistantId: missing },
        },
        `target.assistantId ${missing} is not an assistant of this org`,
      ],
      [{ type: 'eval', evalId: evaluation.body.id }, /target/],
      [{ type: 'eval', evalId: evaluation.body.id, target, extra: 1 }, /extra/],
      [{ type: 'run', evalId: evaluation.body.id, target }, /type/],
    ] as const) {
      const refused = await api('POST', '/eval/run', body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(JSON.stringify(refused.body.message)).toMatch(message);
    }
    expect((await api('GET', '/eval/run')).body.results).toEqual([]);

    const run = await api('POST', '/eval/run', {
      type: 'eval',
      evalId: evaluation.body.id,
      target,
    });
    expect(run.status).toBe(201);
    const evalRun = validatorFor('EvalRun');
    expect(evalRun(run.body), describeErrors(evalRun.errors).join('; ')).toBe(true);
    expect(run.body).toMatchObject({
      status: 'ended',
      endedReason: 'error',
      evalId: evaluation.body.id,
      target,
      results: [],
    });
    const listed = await api('GET', '/eval/run');
    expect((listed.body.results as { id: string }[]).map((item) => item.id)).toEqual([run.body.id]);
    expect((await api('GET', `/eval/run/${String(run.body.id)}`)).body).toEqual(run.body);
    // The eval itself is still reached at /eval/{id}.
    expect((await api('GET', `/eval/${String(evaluation.body.id)}`)).body.id).toBe(
      evaluation.body.id,
    );
    expect((await api('DELETE', `/eval/run/${String(run.body.id)}`)).status).toBe(200);
    expect((await api('GET', `/eval/run/${String(run.body.id)}`)).status).toBe(404);
  });
});
