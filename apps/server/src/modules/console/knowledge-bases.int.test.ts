import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Agent, AgentSettingsResponse } from '@switchboard/shared/agents';
import type { KnowledgeBase, KnowledgeFile } from '@switchboard/shared/knowledge-bases';
import { buildDocx, buildPdf } from '@switchboard/sandbox/test/documents';
import { platformResources } from '../../db/schema';
import { DEMO_MEMBER } from '../auth/demo-accounts';
import { appForSuite, oneDatabase } from '../../test/test-app';
import type { WireError } from '@switchboard/shared/errors';

function multipart(file?: { name: string; data: Buffer; type?: string }) {
  const boundary = `----switchboard${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\n` +
          `Content-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  } else {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\nhi\r\n`),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const FAQ = '# Prices\nA standard boiler service costs 95 euro, parts included.\n';

describe.each(oneDatabase)('files and knowledge bases on %s', (target) => {
  const ctx = appForSuite(target, { SANDBOX_CALLS: '0' });
  let member: Record<string, string>;
  let other: Record<string, string>;

  beforeAll(async () => {
    await ctx.app.ready();
    member = await ctx.sessionHeaders(DEMO_MEMBER.userName);
    other = await ctx.sessionHeaders((await ctx.createBusinessWithMember()).userName);
  });

  const upload = (headers: Record<string, string>, file?: Parameters<typeof multipart>[0]) => {
    const form = multipart(file);
    return ctx.app.inject({
      method: 'POST',
      url: '/api/files',
      headers: { ...headers, ...form.headers },
      payload: form.payload,
    });
  };
  const call = (method: string, url: string, headers: Record<string, string>, payload?: unknown) =>
    ctx.injectAs(method, url, headers, payload);

  it('uploads PDF, DOCX, text and Markdown (type read from the bytes), shows their status, deletes', async () => {
    const files: KnowledgeFile[] = [];
    for (const [name, data, kind] of [
      ['hours.pdf', buildPdf(['We open at 8 am']), 'pdf'],
      // The name says PDF, the bytes say Word: the bytes win.
      ['parking.pdf', buildDocx(['Parking is free behind the shop.']), 'docx'],
      ['notes.txt', Buffer.from('Dogs are welcome.'), 'text'],
      ['faq.md', Buffer.from(FAQ), 'markdown'],
    ] as const) {
      // The browser's MIME type is not believed either.
      const res = await upload(member, { name, data, type: 'image/png' });
      expect(res.statusCode, name).toBe(201);
      const file = res.json<KnowledgeFile>();
      expect(file).toMatchObject({ name, kind, bytes: data.length, status: 'processing' });
      files.push(file);
    }
    const list = (await call('GET', '/api/files', member)).json<{ data: KnowledgeFile[] }>().data;
    expect(list.map((f) => f.name).sort()).toEqual([
      'faq.md',
      'hours.pdf',
      'notes.txt',
      'parking.pdf',
    ]);
    expect((await call('GET', '/api/files', other)).json()).toEqual({ data: [] });
    await expect
      .poll(
        async () =>
          (await call('GET', `/api/files/${files[3]!.id}`, member)).json<KnowledgeFile>().status,
        { timeout: 5000, interval: 100 },
      )
      .toBe('done');
    // The key never reaches the browser: the answer is our own shape.
    expect(Object.keys(list[0]!).sort()).toEqual(
      ['bytes', 'createdAt', 'id', 'kind', 'mimetype', 'name', 'status'].sort(),
    );

    expect((await call('DELETE', `/api/files/${files[0]!.id}`, member)).statusCode).toBe(204);
    expect((await call('GET', `/api/files/${files[0]!.id}`, member)).statusCode).toBe(404);
    const rows = await ctx.app.database.db
      .select()
      .from(platformResources)
      .where(eq(platformResources.platformId, files[0]!.id));
    expect(rows).toEqual([]);
  });

  it('refuses wrong types, empty and too-big files, and forms without a file, with clear 4xx', async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
    const cases: [Parameters<typeof multipart>[0], number, string][] = [
      [
        { name: 'logo.pdf', data: png },
        415,
        'Upload a PDF, a Word document (.docx), a text file or a Markdown file',
      ],
      [{ name: 'blank.txt', data: Buffer.alloc(0) }, 400, 'The file is empty'],
      [
        { name: 'big.txt', data: Buffer.alloc(10 * 1024 * 1024 + 1, 0x61) },
        413,
        'The file is larger than 10 MB',
      ],
      [undefined, 400, 'Choose a document to upload'],
    ];
    for (const [file, status, message] of cases) {
      const res = await upload(member, file);
      expect(res.statusCode, message).toBe(status);
      expect(res.json<WireError>().error.message).toBe(message);
    }
    const json = await call('POST', '/api/files', member, { file: 'x' });
    expect(json.statusCode).toBe(415);
  });

  it('builds a knowledge base from files, attaches it to an agent and detaches it', async () => {
    const faq = (
      await upload(member, { name: 'faq.md', data: Buffer.from(FAQ) })
    ).json<KnowledgeFile>();
    const created = await call('POST', '/api/knowledge-bases', member, {
      name: 'Customer FAQ',
      fileIds: [faq.id],
    });
    expect(created.statusCode).toBe(201);
    const base = created.json<KnowledgeBase>();
    expect(base).toMatchObject({
      name: 'Customer FAQ',
      files: [{ fileId: faq.id, name: 'faq.md', status: 'indexing' }],
    });
    expect(base.toolId).toEqual(expect.any(String));
    const list = (await call('GET', '/api/knowledge-bases', member)).json<{
      data: KnowledgeBase[];
    }>();
    expect(list.data.map((b) => b.id)).toContain(base.id);

    // Bad bodies and files that are not the business's.
    expect(
      (await call('POST', '/api/knowledge-bases', member, { name: '', fileIds: [faq.id] }))
        .statusCode,
    ).toBe(400);
    expect(
      (await call('POST', '/api/knowledge-bases', member, { name: 'x', fileIds: [] })).statusCode,
    ).toBe(400);
    const foreignFile = (
      await upload(other, { name: 'theirs.txt', data: Buffer.from('theirs') })
    ).json<KnowledgeFile>();
    const refused = await call('POST', '/api/knowledge-bases', member, {
      name: 'x',
      fileIds: [foreignFile.id],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<WireError>().error.message).toBe(`Unknown file: ${foreignFile.id}`);

    // Attach to an agent: the base's search tool goes into model.toolIds.
    const agent = (
      await call('POST', '/api/agents', member, {
        name: 'Knows the FAQ',
        firstMessage: 'Hello',
        systemPrompt: 'Answer from the FAQ.',
        voiceProvider: 'vapi',
        voiceId: 'Elliot',
        modelProvider: 'openai',
        model: 'gpt-4o-mini',
        endCallMessage: '',
      })
    ).json<Agent>();
    const read = async () =>
      (await call('GET', `/api/agents/${agent.id}/settings`, member)).json<AgentSettingsResponse>();
    const before = await read();
    expect(before.settings.tools?.knowledgeBaseIds).toEqual([]);
    const choices = (await call('GET', '/api/agent-tools', member)).json<{
      knowledgeBases: { id: string; name: string }[];
    }>();
    expect(choices.knowledgeBases).toContainEqual({ id: base.id, name: 'Customer FAQ' });

    const attach = await call('PATCH', `/api/agents/${agent.id}`, member, {
      ...before.settings,
      tools: { ...before.settings.tools, knowledgeBaseIds: [base.id] },
    });
    expect(attach.statusCode).toBe(200);
    const assistant = await ctx.app.platform.client.sdk.assistants.get({ id: agent.id });
    expect((assistant.model as { toolIds?: string[] }).toolIds).toContain(base.toolId);
    expect((await read()).settings.tools?.knowledgeBaseIds).toEqual([base.id]);
    // The custom-tool list does not offer the base's search tool.
    expect(
      (await call('GET', '/api/tools', member))
        .json<{ data: { id: string }[] }>()
        .data.map((t) => t.id),
    ).not.toContain(base.toolId);

    // Another business's base is not attachable.
    const theirs = (
      await call('POST', '/api/knowledge-bases', other, {
        name: 'Theirs',
        fileIds: [foreignFile.id],
      })
    ).json<KnowledgeBase>();
    const foreignAttach = await call('PATCH', `/api/agents/${agent.id}`, member, {
      ...before.settings,
      tools: { ...before.settings.tools, knowledgeBaseIds: [theirs.id] },
    });
    expect(foreignAttach.statusCode).toBe(400);
    expect(foreignAttach.json<WireError>().error.message).toBe(
      `Unknown knowledge base: ${theirs.id}`,
    );

    // Still attached: deleting it is refused, naming the agent.
    const inUse = await call('DELETE', `/api/knowledge-bases/${base.id}`, member);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json<WireError>().error.message).toBe(
      "This knowledge base is attached to Knows the FAQ: detach it in the agent's settings first.",
    );

    const detach = await call('PATCH', `/api/agents/${agent.id}`, member, {
      ...before.settings,
      tools: { ...before.settings.tools, knowledgeBaseIds: [] },
    });
    expect(detach.statusCode).toBe(200);
    const after = await ctx.app.platform.client.sdk.assistants.get({ id: agent.id });
    expect((after.model as { toolIds?: string[] }).toolIds ?? []).not.toContain(base.toolId);

    // Delete: gone here and on the platform, with its search tool.
    expect((await call('DELETE', `/api/knowledge-bases/${base.id}`, member)).statusCode).toBe(204);
    expect((await call('GET', `/api/knowledge-bases/${base.id}`, member)).statusCode).toBe(404);
    await expect(ctx.app.platform.client.sdk.tools.get({ id: base.toolId! })).rejects.toThrow();
  });

  it('renames a file and a knowledge base on the platform and in our record (Round 3 · 4/10 item 7)', async () => {
    const file = (
      await upload(member, { name: 'price-list-2026-final.txt', data: Buffer.from(FAQ) })
    ).json<KnowledgeFile>();
    expect(file.name).toBe('price-list-2026-final.txt');
    const renamed = await call('PATCH', `/api/files/${file.id}`, member, { name: ' Prices ' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json<KnowledgeFile>().name).toBe('Prices');
    // The platform holds the new name (PATCH /file/{id} with the document's UpdateFileDTO).
    const { sdk } = ctx.app.platform.client;
    expect((await sdk.files.get({ id: file.id })).name).toBe('Prices');
    const listed = (await call('GET', '/api/files', member)).json<{ data: KnowledgeFile[] }>();
    expect(listed.data.find((f) => f.id === file.id)?.name).toBe('Prices');
    // The document allows 1–40 characters: longer or blank is a 400 before the platform is asked.
    const long = await call('PATCH', `/api/files/${file.id}`, member, { name: 'x'.repeat(41) });
    expect(long.statusCode).toBe(400);
    expect((await call('PATCH', `/api/files/${file.id}`, member, { name: ' ' })).statusCode).toBe(
      400,
    );

    const base = (
      await call('POST', '/api/knowledge-bases', member, { name: 'Old name', fileIds: [file.id] })
    ).json<KnowledgeBase>();
    const baseRenamed = await call('PATCH', `/api/knowledge-bases/${base.id}`, member, {
      name: 'Prices and services',
    });
    expect(baseRenamed.statusCode).toBe(200);
    expect(baseRenamed.json<KnowledgeBase>().name).toBe('Prices and services');
    expect(
      (await sdk.knowledgeBasesV2.knowledgeBaseV2ControllerFindOne({ id: base.id })).name,
    ).toBe('Prices and services');
    const [record] = await ctx.app.database.db
      .select()
      .from(platformResources)
      .where(eq(platformResources.platformId, base.id));
    expect(record!.name).toBe('Prices and services');

    // Another business's file or base is not found.
    expect((await call('PATCH', `/api/files/${file.id}`, other, { name: 'Mine' })).statusCode).toBe(
      404,
    );
    expect(
      (await call('PATCH', `/api/knowledge-bases/${base.id}`, other, { name: 'Mine' })).statusCode,
    ).toBe(404);
  });

  it('retries a file that failed in a knowledge base, and only one that failed (item 7)', async () => {
    const good = (
      await upload(member, { name: 'faq.md', data: Buffer.from(FAQ) })
    ).json<KnowledgeFile>();
    // A PDF with no text in it: the platform's reading fails.
    const scan = (
      await upload(member, { name: 'scan.pdf', data: buildPdf([]) })
    ).json<KnowledgeFile>();
    const base = (
      await call('POST', '/api/knowledge-bases', member, {
        name: 'Retry',
        fileIds: [good.id, scan.id],
      })
    ).json<KnowledgeBase>();
    const statusOf = async (fileId: string) =>
      (await call('GET', `/api/knowledge-bases/${base.id}`, member))
        .json<KnowledgeBase>()
        .files.find((f) => f.fileId === fileId)?.status;
    await expect.poll(() => statusOf(scan.id)).toBe('failed');
    await expect.poll(() => statusOf(good.id)).toBe('ready');

    const retried = await call(
      'POST',
      `/api/knowledge-bases/${base.id}/files/${scan.id}/retry`,
      member,
    );
    expect(retried.statusCode).toBe(200);
    expect(retried.json<KnowledgeBase>().files.find((f) => f.fileId === scan.id)?.status).toBe(
      'indexing',
    );
    const again = await call(
      'POST',
      `/api/knowledge-bases/${base.id}/files/${scan.id}/retry`,
      member,
    );
    expect(again.statusCode).toBe(409);
    expect(again.json<WireError>().error.message).toMatch(/still being read/);
    const ready = await call(
      'POST',
      `/api/knowledge-bases/${base.id}/files/${good.id}/retry`,
      member,
    );
    expect(ready.statusCode).toBe(409);
    expect(ready.json<WireError>().error.message).toMatch(/nothing to retry/);
    const foreign = await call(
      'POST',
      `/api/knowledge-bases/${base.id}/files/${scan.id}/retry`,
      other,
    );
    expect(foreign.statusCode).toBe(404);
    const missing = await call(
      'POST',
      `/api/knowledge-bases/${base.id}/files/00000000-0000-4000-8000-000000000000/retry`,
      member,
    );
    expect(missing.statusCode).toBe(404);
  });

  it('adds and removes files of a knowledge base', async () => {
    const a = (
      await upload(member, { name: 'a.txt', data: Buffer.from('Alpha text') })
    ).json<KnowledgeFile>();
    const b = (
      await upload(member, { name: 'b.txt', data: Buffer.from('Beta text') })
    ).json<KnowledgeFile>();
    const base = (
      await call('POST', '/api/knowledge-bases', member, { name: 'Two', fileIds: [a.id] })
    ).json<KnowledgeBase>();
    const added = await call('POST', `/api/knowledge-bases/${base.id}/files`, member, {
      fileId: b.id,
    });
    expect(added.statusCode).toBe(200);
    expect(added.json<KnowledgeBase>().files.map((f) => f.fileId)).toEqual([a.id, b.id]);
    const removed = await call('DELETE', `/api/knowledge-bases/${base.id}/files/${a.id}`, member);
    expect(removed.json<KnowledgeBase>().files.map((f) => f.fileId)).toEqual([b.id]);
  });

  it('another business’s file or knowledge base, or an unknown id, is 404 on every route', async () => {
    const file = (
      await upload(member, { name: 'mine.txt', data: Buffer.from('Mine') })
    ).json<KnowledgeFile>();
    const base = (
      await call('POST', '/api/knowledge-bases', member, { name: 'Mine', fileIds: [file.id] })
    ).json<KnowledgeBase>();
    for (const id of [file.id, 'unknown']) {
      expect((await call('GET', `/api/files/${id}`, other)).statusCode).toBe(404);
      expect((await call('DELETE', `/api/files/${id}`, other)).statusCode).toBe(404);
    }
    for (const id of [base.id, 'unknown']) {
      expect((await call('GET', `/api/knowledge-bases/${id}`, other)).statusCode).toBe(404);
      expect((await call('DELETE', `/api/knowledge-bases/${id}`, other)).statusCode).toBe(404);
      expect(
        (await call('POST', `/api/knowledge-bases/${id}/files`, other, { fileId: file.id }))
          .statusCode,
      ).toBe(404);
      expect(
        (await call('DELETE', `/api/knowledge-bases/${id}/files/${file.id}`, other)).statusCode,
      ).toBe(404);
    }
    expect((await call('GET', `/api/knowledge-bases/${base.id}`, member)).statusCode).toBe(200);
  });

  it('a platform failure reads "Failed to fetch files: …" / "Failed to fetch knowledge bases: …"', async () => {
    await upload(member, { name: 'kept.txt', data: Buffer.from('Kept') });
    const sdk = ctx.app.platform.client.sdk;
    const listFiles = sdk.files.list.bind(sdk.files);
    const findOne = sdk.knowledgeBasesV2.knowledgeBaseV2ControllerFindOne.bind(
      sdk.knowledgeBasesV2,
    );
    sdk.files.list = () => {
      throw new Error('connection reset');
    };
    sdk.knowledgeBasesV2.knowledgeBaseV2ControllerFindOne = () => {
      throw new Error('connection reset');
    };
    try {
      const files = await call('GET', '/api/files', member);
      expect(files.statusCode).toBe(502);
      expect(files.json<WireError>().error.message).toBe('Failed to fetch files: connection reset');
      const bases = await call('GET', '/api/knowledge-bases', member);
      expect(bases.statusCode).toBe(502);
      expect(bases.json<WireError>().error.message).toBe(
        'Failed to fetch knowledge bases: connection reset',
      );
    } finally {
      sdk.files.list = listFiles;
      sdk.knowledgeBasesV2.knowledgeBaseV2ControllerFindOne = findOne;
    }
  });
});
