/**
 * Files as people really have them — workbooks from three writers, a Google Contacts export, an
 * Outlook export in a European locale — imported with the suggested mapping and nothing fixed
 * by hand.
 */
import type { ContactImport, ContactImportUpload } from '@switchboard/shared/contact-imports';
import type { ContactList } from '@switchboard/shared/contacts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  createBusinessWithMember,
  databaseTargets,
  sessionHeaders,
} from '../../../test/test-app';
import { buildMinimalXlsx, buildSheetJsXlsx, buildXlsx, multipartBody } from './test-fixtures';

const WORKBOOK_ROWS = [
  ['Name', 'Phone', 'Email', 'Company'],
  ['Aoife Byrne', '087 123 4567', 'aoife@example.ie', 'Acme'],
  ['Brian Kelly', 353861234567, '', ''],
  ['Ciara Walsh', '', 'ciara@example.ie', 'Walsh & Co'],
];

describe.each(databaseTargets)('real contact files on %s', (target) => {
  let ctx: Awaited<ReturnType<typeof buildTestApp>>;

  beforeAll(async () => {
    ctx = await buildTestApp(target, { SANDBOX_CALLS: '0' });
  });
  afterAll(() => ctx?.close());

  /** A new business (so every file starts from no contacts) and its member's session. */
  const newMember = async () =>
    sessionHeaders(ctx.app, (await createBusinessWithMember(ctx.app)).userName);

  const upload = async (headers: Record<string, string>, name: string, data: string | Buffer) => {
    const { payload, contentType } = multipartBody({ name, data });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/contacts/import',
      headers: { ...headers, 'content-type': contentType },
      payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<ContactImportUpload>();
  };

  /** Uploads, commits the suggested mapping as it is, runs the import; answers it when done. */
  const importAsSuggested = async (
    headers: Record<string, string>,
    name: string,
    data: string | Buffer,
    options: Record<string, unknown> = {},
  ) => {
    const { import: uploaded, preview } = await upload(headers, name, data);
    const commit = await ctx.app.inject({
      method: 'POST',
      url: `/api/contacts/imports/${uploaded.id}/commit`,
      headers,
      payload: { mapping: preview.suggestedMapping, ...options },
    });
    expect(commit.statusCode, commit.body).toBe(202);
    await ctx.app.contactImportJob.runImport(uploaded.id);
    const done = await ctx.app.inject({
      method: 'GET',
      url: `/api/contacts/imports/${uploaded.id}`,
      headers,
    });
    return { preview, done: done.json<ContactImport>() };
  };

  const contactsOf = async (headers: Record<string, string>) =>
    (
      await ctx.app.inject({ method: 'GET', url: '/api/contacts?limit=100', headers })
    ).json<ContactList>().data;

  it.each([
    ['exceljs', () => buildXlsx([{ rows: WORKBOOK_ROWS }])],
    ['SheetJS (inline strings)', () => Promise.resolve(buildSheetJsXlsx(WORKBOOK_ROWS))],
    [
      'SheetJS (shared strings)',
      () => Promise.resolve(buildSheetJsXlsx(WORKBOOK_ROWS, { sharedStrings: true })),
    ],
    ['a minimal hand-made package', () => Promise.resolve(buildMinimalXlsx(WORKBOOK_ROWS))],
  ])('imports a workbook written by %s', async (_writer, build) => {
    const member = await newMember();
    const { done } = await importAsSuggested(member, 'contacts.xlsx', await build());
    expect(done).toMatchObject({
      status: 'completed',
      fileType: 'xlsx',
      processedRows: 3,
      createdCount: 3,
      failedCount: 0,
    });
    const contacts = await contactsOf(member);
    expect(contacts.map((c) => [c.name, c.phone, c.email]).sort()).toEqual([
      ['Aoife Byrne', '+353871234567', 'aoife@example.ie'],
      ['Brian Kelly', '+353861234567', null],
      ['Ciara Walsh', null, 'ciara@example.ie'],
    ]);
  });
});
