import { permissionMessages } from '@switchboard/shared/auth';
import type { KnowledgeBase, KnowledgeFile } from '@switchboard/shared/knowledge-bases';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client';
import { buildSessionUser, errorResponse, jsonResponse, stubApi } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';

const upload = vi.hoisted(() => ({ fn: vi.fn() }));
vi.mock('../api/upload-document', () => ({ uploadDocument: upload.fn }));

const FAQ: KnowledgeFile = {
  id: 'f1',
  name: 'faq.md',
  kind: 'markdown',
  mimetype: 'text/markdown',
  bytes: 2048,
  status: 'done',
  createdAt: '2026-03-05T14:07:00.000Z',
};
const PRICES: KnowledgeFile = {
  ...FAQ,
  id: 'f2',
  name: 'prices.pdf',
  kind: 'pdf',
  status: 'processing',
};
const BASE: KnowledgeBase = {
  id: 'kb1',
  name: 'Customer FAQ',
  description: null,
  files: [{ fileId: 'f1', name: 'faq.md', bytes: 2048, status: 'ready' }],
  toolId: 't1',
  createdAt: '2026-03-05T14:07:00.000Z',
};

afterEach(() => upload.fn.mockReset());

describe('files and knowledge bases screen', () => {
  it('a member sees each Delete greyed with the reason, and nothing is deleted', async () => {
    const api = stubApi(
      {
        'GET /api/files': () => jsonResponse({ data: [FAQ] }),
        'GET /api/knowledge-bases': () => jsonResponse({ data: [BASE] }),
      },
      { session: buildSessionUser({ role: 'member' }) },
    );
    const { user } = renderApp('/knowledge-bases');
    const files = await screen.findByRole('list', { name: 'Files' });
    const bases = await screen.findByRole('list', { name: 'Knowledge bases' });
    expect(
      screen.getByText(permissionMessages.onlyManagers('delete documents or knowledge bases'), {
        selector: 'p',
      }),
    ).toBeInTheDocument();
    for (const [list, name, action] of [
      [bases, 'Delete Customer FAQ', 'delete knowledge bases'],
      [files, 'Delete faq.md', 'delete documents'],
    ] as const) {
      const button = within(list).getByRole('button', { name });
      expect(button).toHaveAttribute('aria-disabled', 'true');
      expect(button).toHaveAccessibleDescription(permissionMessages.onlyManagers(action));
      await user.click(button);
    }
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.calls('DELETE /api/knowledge-bases/kb1')).toEqual([]);
    expect(api.calls('DELETE /api/files/f1')).toEqual([]);
  });

  it('shows files with status badges and knowledge bases; builds one from picked files; deletes with confirm', async () => {
    const api = stubApi(
      {
        'GET /api/files': () => jsonResponse({ data: [FAQ, PRICES] }),
        'GET /api/knowledge-bases': () => jsonResponse({ data: [BASE] }),
        'POST /api/knowledge-bases': ({ body }) =>
          jsonResponse({ ...BASE, id: 'kb2', ...(body as object) }, { status: 201 }),
        'DELETE /api/knowledge-bases/kb1': () => new Response(null, { status: 204 }),
      },
      { session: buildSessionUser() },
    );
    const { user } = renderApp('/knowledge-bases');
    const files = await screen.findByRole('list', { name: 'Files' });
    const faq = within(files).getByText('faq.md').closest('li')!;
    expect(within(faq).getByText('Ready')).toBeInTheDocument();
    expect(within(faq).getByText(/Markdown · 2\.0 KB/)).toBeInTheDocument();
    const prices = within(files).getByText('prices.pdf').closest('li')!;
    expect(within(prices).getByText('Processing')).toBeInTheDocument();
    const bases = screen.getByRole('list', { name: 'Knowledge bases' });
    expect(within(bases).getByText('Customer FAQ')).toBeInTheDocument();
    expect(within(bases).getByText(/1 document ·/)).toBeInTheDocument();

    await user.click(screen.getAllByRole('button', { name: 'New knowledge base' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'New knowledge base' });
    await user.click(within(dialog).getByRole('button', { name: 'Create knowledge base' }));
    expect(await within(dialog).findByText('Give the knowledge base a name')).toBeInTheDocument();
    expect(within(dialog).getByText('Pick at least one file')).toBeInTheDocument();
    expect(api.calls('POST /api/knowledge-bases')).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Prices');
    await user.click(within(dialog).getByRole('checkbox', { name: 'prices.pdf' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create knowledge base' }));
    await waitFor(() => expect(api.calls('POST /api/knowledge-bases')).toHaveLength(1));
    expect(api.calls('POST /api/knowledge-bases')[0]?.body).toEqual({
      name: 'Prices',
      fileIds: ['f2'],
    });
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'New knowledge base' })).toBeNull(),
    );

    await user.click(within(bases).getByRole('button', { name: 'Delete Customer FAQ' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this knowledge base?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete knowledge base' }));
    await waitFor(() => expect(api.calls('DELETE /api/knowledge-bases/kb1')).toHaveLength(1));
  });

  it('uploads chosen documents with progress and says why one was refused', async () => {
    let finish: (file: KnowledgeFile) => void = () => undefined;
    upload.fn
      .mockImplementationOnce((_file: File, onProgress: (n: number) => void) => {
        onProgress(0.4);
        return new Promise<KnowledgeFile>((resolve) => {
          finish = resolve;
        });
      })
      .mockImplementationOnce(() =>
        Promise.reject(
          new ApiError({
            status: 415,
            code: 'UNSUPPORTED_FILE_TYPE',
            message: 'Upload a PDF, a Word document (.docx), a text file or a Markdown file',
          }),
        ),
      );
    const api = stubApi(
      {
        'GET /api/files': () => jsonResponse({ data: [] }),
        'GET /api/knowledge-bases': () => jsonResponse({ data: [] }),
      },
      { session: buildSessionUser() },
    );
    const { user } = renderApp('/knowledge-bases');
    expect(await screen.findByText('No documents yet')).toBeInTheDocument();
    expect(screen.getByText('No knowledge bases yet')).toBeInTheDocument();

    await user.upload(screen.getByLabelText('Upload documents'), [
      new File(['# FAQ'], 'faq.md', { type: 'text/markdown' }),
      new File(['GIF89a'], 'logo.pdf', { type: 'application/pdf' }),
    ]);
    expect(await screen.findByRole('progressbar', { name: 'Uploading faq.md' })).toHaveAttribute(
      'aria-valuenow',
      '40',
    );
    const before = api.calls('GET /api/files').length;
    finish(FAQ);
    const refused = (await screen.findByText('logo.pdf was not uploaded')).closest<HTMLElement>(
      '[role="alert"]',
    )!;
    expect(refused).toHaveTextContent('logo.pdf was not uploaded');
    expect(refused).toHaveTextContent('Upload a PDF, a Word document (.docx)');
    // The list is read again once a document arrived.
    await waitFor(() => expect(api.calls('GET /api/files').length).toBeGreaterThan(before));
    expect(upload.fn).toHaveBeenCalledTimes(2);
  });

  it('uploads a document inside the new knowledge base dialog, ticked for the base', async () => {
    upload.fn.mockImplementationOnce((_file: File, onProgress: (n: number) => void) => {
      onProgress(1);
      uploaded = true;
      return Promise.resolve(FAQ);
    });
    let uploaded = false;
    const api = stubApi(
      {
        'GET /api/files': () => jsonResponse({ data: uploaded ? [FAQ] : [] }),
        'GET /api/knowledge-bases': () => jsonResponse({ data: [] }),
        'POST /api/knowledge-bases': ({ body }) =>
          jsonResponse({ ...BASE, id: 'kb2', ...(body as object) }, { status: 201 }),
      },
      { session: buildSessionUser() },
    );
    const { user } = renderApp('/knowledge-bases');
    await user.click((await screen.findAllByRole('button', { name: 'New knowledge base' }))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'New knowledge base' });
    expect(
      await within(dialog).findByText('No documents yet: upload one below.'),
    ).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Customer FAQ');
    await user.upload(within(dialog).getByLabelText('Upload documents for this knowledge base'), [
      new File(['# FAQ'], 'faq.md', { type: 'text/markdown' }),
    ]);
    expect(await within(dialog).findByRole('checkbox', { name: 'faq.md' })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Create knowledge base' }));
    await waitFor(() => expect(api.calls('POST /api/knowledge-bases')).toHaveLength(1));
    expect(api.calls('POST /api/knowledge-bases')[0]?.body).toEqual({
      name: 'Customer FAQ',
      fileIds: ['f1'],
    });
  });

  it('shows the server’s reason when the lists cannot be loaded', async () => {
    stubApi(
      {
        'GET /api/files': () =>
          errorResponse(502, 'PLATFORM_ERROR', 'Failed to fetch files: connection reset'),
        'GET /api/knowledge-bases': () =>
          errorResponse(502, 'PLATFORM_ERROR', 'Failed to fetch knowledge bases: connection reset'),
      },
      { session: buildSessionUser() },
    );
    renderApp('/knowledge-bases');
    expect(await screen.findByText('Failed to fetch files: connection reset')).toBeInTheDocument();
    expect(
      screen.getByText('Failed to fetch knowledge bases: connection reset'),
    ).toBeInTheDocument();
  });

  it('names the zone its dates are in once, under the header', async () => {
    stubApi(
      {
        'GET /api/files': () => jsonResponse({ data: [FAQ] }),
        'GET /api/knowledge-bases': () => jsonResponse({ data: [BASE] }),
      },
      { session: buildSessionUser() },
    );
    renderApp('/knowledge-bases');
    await screen.findByRole('list', { name: 'Files' });
    expect(screen.getAllByText('Times in Europe/Dublin')).toHaveLength(1);
  });

  it('renames a document and a knowledge base, refusing an empty name before sending', async () => {
    const api = stubApi(
      {
        'GET /api/files': () => jsonResponse({ data: [FAQ] }),
        'GET /api/knowledge-bases': () => jsonResponse({ data: [BASE] }),
        'PATCH /api/files/f1': () => jsonResponse({ ...FAQ, name: 'Questions.md' }),
        'PATCH /api/knowledge-bases/kb1': () => jsonResponse({ ...BASE, name: 'Patient FAQ' }),
      },
      { session: buildSessionUser() },
    );
    const { user } = renderApp('/knowledge-bases');
    const files = await screen.findByRole('list', { name: 'Files' });
    await user.click(within(files).getByRole('button', { name: 'Rename faq.md' }));
    let dialog = within(await screen.findByRole('dialog', { name: 'Rename the document' }));
    const field = dialog.getByRole('textbox', { name: 'Name' });
    expect(field).toHaveValue('faq.md');
    await user.clear(field);
    await user.click(dialog.getByRole('button', { name: 'Save name' }));
    expect(await dialog.findByText('Give the file a name')).toBeInTheDocument();
    expect(api.calls('PATCH /api/files/f1')).toHaveLength(0);
    await user.type(field, '  Questions.md ');
    await user.click(dialog.getByRole('button', { name: 'Save name' }));
    await waitFor(() =>
      expect(api.calls('PATCH /api/files/f1')[0]?.body).toEqual({ name: 'Questions.md' }),
    );
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Rename the document' })).toBeNull(),
    );

    const bases = await screen.findByRole('list', { name: 'Knowledge bases' });
    await user.click(within(bases).getByRole('button', { name: 'Rename Customer FAQ' }));
    dialog = within(await screen.findByRole('dialog', { name: 'Rename the knowledge base' }));
    await user.clear(dialog.getByRole('textbox', { name: 'Name' }));
    await user.type(dialog.getByRole('textbox', { name: 'Name' }), 'Patient FAQ');
    await user.click(dialog.getByRole('button', { name: 'Save name' }));
    await waitFor(() =>
      expect(api.calls('PATCH /api/knowledge-bases/kb1')[0]?.body).toEqual({
        name: 'Patient FAQ',
      }),
    );
  });

  it('offers Try again on a document that failed in a knowledge base, and says why it could not', async () => {
    const failed: KnowledgeBase = {
      ...BASE,
      files: [{ fileId: 'f1', name: 'faq.md', bytes: 2048, status: 'failed' }],
    };
    const api = stubApi(
      {
        'GET /api/files': () => jsonResponse({ data: [FAQ] }),
        'GET /api/knowledge-bases': () => jsonResponse({ data: [failed] }),
        'POST /api/knowledge-bases/kb1/files/f1/retry': () =>
          errorResponse(502, 'PLATFORM_ERROR', 'Failed to retry file: status 503'),
      },
      { session: buildSessionUser() },
    );
    const { user } = renderApp('/knowledge-bases');
    const bases = await screen.findByRole('list', { name: 'Knowledge bases' });
    await user.click(within(bases).getByRole('button', { name: 'Try faq.md again' }));
    await waitFor(() =>
      expect(api.calls('POST /api/knowledge-bases/kb1/files/f1/retry')).toHaveLength(1),
    );
    expect(await screen.findByText(/status 503/)).toBeInTheDocument();
  });
});
