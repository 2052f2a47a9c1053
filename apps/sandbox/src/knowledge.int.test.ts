import { describe, expect, it } from 'vitest';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describeErrors, responseValidator, validatorFor } from './platform-document';
import { sandboxForSuite, sayInRoom } from './test/sandbox';
import { buildDocx, buildPdf } from './test/documents';
import { expectValid } from './test/expect-valid';
import { KEEP_IDLE_CONNECTIONS_MS } from './test/receiver';

// Files and knowledge bases (v2) as the platform document describes them: uploads are
// multipart, a file is processing then done, a knowledge base gets its search tool, files are
// attached and indexed; and the sandbox's assistant answers a typed question in a web call from
// the knowledge base its tools search.

const PRIVATE = 'knowledge-private-key';
const PUBLIC = 'knowledge-public-key';

const FAQ = [
  '# Opening hours',
  'We are open Monday to Friday from 8 am to 6 pm, and on Saturday mornings.',
  '',
  '# Prices',
  'A standard boiler service costs 95 euro, parts included.',
].join('\n');

describe('files and knowledge bases in the sandbox', () => {
  const suite = sandboxForSuite({
    privateKey: PRIVATE,
    publicKey: PUBLIC,
    totalCalls: 20,
    simulator: { stepMs: 10, webCallMs: 60_000 },
  });
  const api = suite.api;

  /** A web call to the assistant, and what its room replies to a question typed in it. */
  async function webCallAsking(assistantId: string | undefined) {
    const call = await api<{ webCallUrl: string }>('POST', '/call/web', { assistantId }, PUBLIC);
    return async (message: string) =>
      (await (await sayInRoom(call.body.webCallUrl, 'user', message)).json()) as {
        reply?: string;
      };
  }

  async function upload(data: Buffer, name: string, fields: Record<string, string> = {}) {
    const form = new FormData();
    form.append('file', new Blob([data]), name);
    for (const [key, value] of Object.entries(fields)) form.append(key, value);
    const response = await fetch(`${suite.sandbox.baseUrl}/file`, {
      method: 'POST',
      headers: { authorization: `Bearer ${PRIVATE}` },
      body: form,
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  it('uploads files (multipart), lists them by purpose, and they move from processing to done', async () => {
    const purpose = { purpose: 'knowledge-base-v2' };
    const docs = [
      await upload(Buffer.from(FAQ), 'faq.md', purpose),
      await upload(
        buildDocx(['Parking is free behind the shop on Mill Lane.']),
        'parking.docx',
        purpose,
      ),
      await upload(
        buildPdf(['Dogs are welcome in the showroom.'], { compress: true }),
        'pets.pdf',
        purpose,
      ),
    ];
    for (const doc of docs) {
      expect(doc.status).toBe(201);
      expectValid(responseValidator('POST', '/file', 201), doc.body, 'POST /file');
      expect(doc.body).toMatchObject({ object: 'file', status: 'processing' });
    }
    const list = await api<unknown[]>('GET', '/file?purpose=knowledge-base-v2');
    expectValid(responseValidator('GET', '/file', 200), list.body, 'GET /file');
    expect(list.body.length).toBe(3);
    expect((await api('GET', '/file?purpose=assistant')).body).toEqual([]);
    // The document makes `purpose` a required query parameter.
    expect((await api('GET', '/file')).status).toBe(400);

    const id = docs[1]!.body.id as string;
    await expect
      .poll(async () => ((await api('GET', `/file/${id}`)).body as { status: string }).status, {
        timeout: 4000,
        interval: 100,
      })
      .toBe('done');
    const one = await api('GET', `/file/${id}`);
    expectValid(responseValidator('GET', '/file/{id}', 200), one.body, 'GET /file/{id}');
    const renamed = await api('PATCH', `/file/${id}`, { name: 'Parking' });
    expectValid(responseValidator('PATCH', '/file/{id}', 200), renamed.body, 'PATCH /file/{id}');
    expect(renamed.body).toMatchObject({ name: 'Parking', originalName: 'parking.docx' });
  });

  it('refuses uploads without a file, with an unknown purpose, and empty ones', async () => {
    const form = new FormData();
    form.append('purpose', 'knowledge-base-v2');
    const none = await fetch(`${suite.sandbox.baseUrl}/file`, {
      method: 'POST',
      headers: { authorization: `Bearer ${PRIVATE}` },
      body: form,
    });
    expect(none.status).toBe(400);
    expect((await upload(Buffer.from('x'), 'x.txt', { purpose: 'nope' })).status).toBe(400);
    expect((await upload(Buffer.alloc(0), 'empty.txt')).status).toBe(400);
    expect((await api('POST', '/file', { file: 'not multipart' })).status).toBe(400);
  });

  it('builds a knowledge base with its search tool; the assistant answers from it in a web call', async () => {
    const file = await upload(Buffer.from(FAQ), 'faq.md', { purpose: 'knowledge-base-v2' });
    const fileId = file.body.id as string;
    const created = await api('POST', '/v2/knowledge-base', { name: 'Customer FAQ' });
    expect(created.status).toBe(201);
    expectValid(responseValidator('POST', '/v2/knowledge-base', 201), created.body, 'POST kb');
    const kbId = (created.body as { id: string }).id;
    expect((await api('POST', '/v2/knowledge-base', { name: '' })).status).toBe(400);

    const attached = await api('POST', `/v2/knowledge-base/${kbId}/file`, { fileId });
    expect(attached.status).toBe(201);
    expectValid(
      responseValidator('POST', '/v2/knowledge-base/{id}/file', 201),
      attached.body,
      'attach',
    );
    expect(attached.body).toMatchObject({ fileId, status: 'indexing', fileName: 'faq.md' });
    expect(
      (await api('POST', `/v2/knowledge-base/${kbId}/file`, { fileId: crypto.randomUUID() }))
        .status,
    ).toBe(404);

    const one = await api('GET', `/v2/knowledge-base/${kbId}`);
    expectValid(responseValidator('GET', '/v2/knowledge-base/{id}', 200), one.body, 'GET kb');
    const { toolId } = one.body as { toolId: string };
    const tool = await api('GET', `/tool/${toolId}`);
    expectValid(responseValidator('GET', '/tool/{id}', 200), tool.body, 'GET its tool');
    expect(tool.body).toMatchObject({ type: 'knowledgeBase', knowledgeBaseId: kbId });
    const list = await api('GET', '/v2/knowledge-base');
    expectValid(responseValidator('GET', '/v2/knowledge-base', 200), list.body, 'GET kbs');
    const files = await api('GET', `/v2/knowledge-base/${kbId}/file`);
    expectValid(responseValidator('GET', '/v2/knowledge-base/{id}/file', 200), files.body, 'files');
    await expect
      .poll(
        async () =>
          (await api<{ status: string }[]>('GET', `/v2/knowledge-base/${kbId}/file`)).body[0]
            ?.status,
        { timeout: 4000, interval: 100 },
      )
      .toBe('ready');

    // An assistant that searches it by tool id.
    const assistant = await api('POST', '/assistant', {
      name: 'Knows the FAQ',
      model: { provider: 'openai', model: 'gpt-4o-mini', toolIds: [toolId] },
    });
    const assistantId = (assistant.body as { id: string }).id;
    const ask = await webCallAsking(assistantId);
    expect((await ask('How much does a boiler service cost?')).reply).toMatch(/95 euro/);
    expect((await ask('Are you open on Saturday?')).reply).toMatch(/Saturday mornings/);
    expect((await ask('Do you sell bicycles?')).reply).toMatch(/could not find/);

    // A demo assistant has no knowledge base: no reply from the room (the client answers).
    const plain = await (
      await webCallAsking(suite.sandbox.demo.assistantIds[0])
    )('How much does a boiler service cost?');
    expect(plain).not.toHaveProperty('reply');

    const detached = await api('DELETE', `/v2/knowledge-base/${kbId}/file/${fileId}`);
    expectValid(
      responseValidator('DELETE', '/v2/knowledge-base/{id}/file/{fileId}', 200),
      detached.body,
      'detach',
    );
    const deleted = await api('DELETE', `/v2/knowledge-base/${kbId}`);
    expectValid(
      responseValidator('DELETE', '/v2/knowledge-base/{id}', 200),
      deleted.body,
      'DELETE',
    );
    // Its search tool goes with it.
    expect((await api('GET', `/tool/${toolId}`)).status).toBe(404);
    expect((await api('GET', `/v2/knowledge-base/${kbId}`)).status).toBe(404);
    const gone = await api('DELETE', `/file/${fileId}`);
    expectValid(responseValidator('DELETE', '/file/{id}', 200), gone.body, 'DELETE /file');
  });

  it('a custom knowledge base: each caller turn asks its server (knowledge-base-request) and answers from what it returns', async () => {
    const received: { type: string }[] = [];
    let answer: { status: number; body: unknown } = { status: 200, body: {} };
    const server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received.push(
          (JSON.parse(Buffer.concat(chunks).toString('utf8')) as { message: { type: string } })
            .message,
        );
        response.statusCode = answer.status;
        response.setHeader('content-type', 'application/json');
        response.end(JSON.stringify(answer.body));
      });
    });
    server.keepAliveTimeout = KEEP_IDLE_CONNECTIONS_MS;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const assistant = await api('POST', '/assistant', {
        name: 'Asks our server',
        model: {
          provider: 'openai',
          model: 'gpt-4o-mini',
          knowledgeBase: {
            provider: 'custom-knowledge-base',
            server: { url: `http://127.0.0.1:${port}/kb` },
          },
        },
      });
      expect(assistant.status).toBe(201);
      const ask = await webCallAsking((assistant.body as { id: string }).id);

      answer = {
        status: 200,
        body: {
          documents: [
            { content: 'We close at 5 pm.', similarity: 0.4 },
            { content: 'We open at 9 am.', similarity: 0.9 },
          ],
        },
      };
      expect((await ask('When do you open?')).reply).toBe('We open at 9 am.');
      const validate = validatorFor('ServerMessage', { closed: true });
      const request = received[0]!;
      expect(request.type).toBe('knowledge-base-request');
      expect(validate({ message: request }) ? [] : describeErrors(validate.errors)).toEqual([]);

      answer = {
        status: 200,
        body: { message: { type: 'custom-message', content: 'Ask at the front desk.' } },
      };
      expect((await ask('Can I park there?')).reply).toBe('Ask at the front desk.');
      // A wrong or failed answer gives the model nothing: no reply from knowledge.
      answer = { status: 200, body: { documents: [{ content: 'No similarity' }] } };
      expect(await ask('Anything else?')).not.toHaveProperty('reply');
      answer = { status: 500, body: {} };
      expect(await ask('Still there?')).not.toHaveProperty('reply');
      expect(received).toHaveLength(4);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
