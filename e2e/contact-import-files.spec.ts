/**
 * The files people really have, imported through the screen with the suggested mapping and no
 * manual fix: a Google Contacts export, an Outlook export with European numbers, and workbooks
 * written by three writers. Each import's counts are the ones the file should give; each is
 * undone at the end, so the demo business is as it was.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { ContactImportList } from '@switchboard/shared/contact-imports';
import { expect, it } from 'vitest';
import {
  buildGoogleContactsCsv,
  buildMinimalXlsx,
  buildOutlookCsv,
  buildSheetJsXlsx,
  buildXlsx,
  GOOGLE_PEOPLE,
  OUTLOOK_PEOPLE,
} from '../apps/server/src/modules/contacts/import/test-fixtures';
import { DEMO_MEMBER, signInAs } from './support/accounts';
import { describeInBrowser } from './support/browser';
import { apiGetAsDemo, apiPostAsDemo } from './support/demo-data';

/** Three people a writer's workbook holds: a name, a US phone (one stored as a number), an email. */
const workbookRows = (writer: string, first: number) => [
  ['Name', 'Phone', 'Email', 'Company'],
  [`${writer} One`, `(628) 555-0${first}`, `${writer.toLowerCase()}.one@example.net`, 'Acme'],
  [`${writer} Two`, Number(`16285550${first + 1}`), '', ''],
  [`${writer} Three`, '', `${writer.toLowerCase()}.three@example.net`, 'Walsh & Co'],
];

describeInBrowser('contact import of real files', (e2e) => {
  it("imports Google, Outlook and three writers' workbooks as suggested, with the expected counts", async () => {
    const { page, baseURL } = e2e;
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'sb-e2e-files-'));
    const files: [name: string, data: string | Buffer, counts: string][] = [
      [
        'google-contacts.csv',
        buildGoogleContactsCsv(GOOGLE_PEOPLE),
        '7 created · 0 updated · 0 skipped · 2 failed · 1 merged with another row · 1 imported with warnings',
      ],
      [
        'outlook-contacts.csv',
        buildOutlookCsv(OUTLOOK_PEOPLE),
        '9 created · 0 updated · 0 skipped · 0 failed · 1 imported with warnings',
      ],
      [
        'exceljs.xlsx',
        await buildXlsx([{ rows: workbookRows('Exceljs', 111) }]),
        '3 created · 0 updated · 0 skipped · 0 failed',
      ],
      [
        'sheetjs.xlsx',
        buildSheetJsXlsx(workbookRows('Sheetjs', 121), { sharedStrings: true }),
        '3 created · 0 updated · 0 skipped · 0 failed',
      ],
      [
        'minimal.xlsx',
        buildMinimalXlsx(workbookRows('Minimal', 131)),
        '3 created · 0 updated · 0 skipped · 0 failed',
      ],
    ];
    await signInAs(e2e, DEMO_MEMBER);
    await page.goto('/contacts');
    for (const [name, data, counts] of files) {
      const file = path.join(dir, name);
      await fs.writeFile(file, data);
      await page.getByRole('button', { name: 'Import contacts' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Import contacts' });
      await dialog.locator('input[type=file]').setInputFiles(file);
      await expect.poll(() => dialog.getByText(name).first().isVisible()).toBe(true);
      // No manual fix: the suggested mapping as it is.
      await dialog.getByRole('button', { name: /^Import/ }).click();
      await expect.poll(() => dialog.getByText(/created ·/).textContent()).toBe(counts);
      await dialog.getByRole('button', { name: 'Done' }).click();
    }

    const { body } = await apiGetAsDemo<ContactImportList>(baseURL, '/contacts/imports?limit=10');
    const ours = body.data.filter((row) => files.some(([name]) => name === row.fileName));
    expect(ours.map((row) => [row.fileName, row.status]).sort()).toEqual(
      files.map(([name]) => [name, 'completed']).sort(),
    );
    const byEmail = await apiGetAsDemo<{ data: { email: string | null; phone: string | null }[] }>(
      baseURL,
      '/contacts?search=example.de&limit=50',
    );
    expect(byEmail.body.data.find((c) => c.email === 'jonas@example.de')?.phone).toBe(
      '+4915123456789',
    );
    for (const row of ours) await apiPostAsDemo(baseURL, `/contacts/imports/${row.id}/undo`, {});
    expect(e2e.pageErrors).toEqual([]);
  });
});
