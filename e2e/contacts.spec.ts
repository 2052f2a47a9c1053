import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { ContactList } from '@switchboard/shared/contacts';
import { expect, it } from 'vitest';
import { DEMO_MEMBER, cookieHeader, signInAs } from './support/accounts';
import { describeInBrowser } from './support/browser';
import { apiGetAsDemo } from './support/demo-data';

// A list as people export it: semicolons, a national number the business's country reads
// (the demo business is in the United States), a duplicate, a bad number, an empty row, and a
// formula that must stay text.
const CSV = [
  'First name;Last name;Mobile;E-mail;Company;Notes',
  'Ona;Reyes;(415) 555-0134;ona.e2e@example.com;Bay Dental;=SUM(A1)',
  'Ravi;Shah;+44 20 7946 0018;ravi.e2e@example.com;;',
  'Ona;Reyes;415-555-0134;;Bay Dental Group;second line for Ona',
  'Cara;Byrne;12345;cara.e2e@example.com;;',
  ';;;;;',
].join('\n');

describeInBrowser('contacts', (e2e) => {
  it('imports a list: preview with the suggested mapping, honest counts, rows to fix, undo', async () => {
    const { page, baseURL } = e2e;
    const file = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'sb-e2e-')), 'clinic-list.csv');
    await fs.writeFile(file, CSV);
    await signInAs(e2e, DEMO_MEMBER);
    await page.goto('/contacts');
    await page.getByRole('button', { name: 'Import contacts' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Import contacts' });
    await dialog.locator('input[type=file]').setInputFiles(file);

    // The preview suggests the mapping from the header row.
    await expect.poll(() => dialog.getByText('clinic-list.csv').first().isVisible()).toBe(true);
    expect(await dialog.getByLabel('Phone', { exact: true }).inputValue()).toBe('Mobile');
    expect(await dialog.getByLabel('Email', { exact: true }).inputValue()).toBe('E-mail');
    await dialog.getByRole('button', { name: /^Import/ }).click();

    await expect
      .poll(() => dialog.getByText(/created ·/).textContent())
      .toBe(
        '3 created · 0 updated · 1 skipped · 0 failed · 1 merged with another row · 1 imported with warnings',
      );
    const rejected = dialog.getByRole('link', { name: /Download the rows to fix/ });
    const cookie = await cookieHeader(baseURL, DEMO_MEMBER);
    const errors = await (
      await fetch(`${baseURL}${await rejected.getAttribute('href')}`, { headers: { cookie } })
    ).text();
    // The file's own header and delimiter, and a Problem column: fix it and import it again.
    expect(errors.replace(/^\uFEFF/, '').split('\r\n')).toEqual([
      'First name;Last name;Mobile;E-mail;Company;Notes;Problem',
      'Cara;Byrne;12345;cara.e2e@example.com;;;Line 5: imported, but left out: Invalid phone number: 12345 (The phone number is too short)',
      '',
    ]);

    const { body } = await apiGetAsDemo<ContactList>(baseURL, '/contacts?search=e2e');
    const ona = body.data.find((contact) => contact.email === 'ona.e2e@example.com');
    // The duplicate row merged into the first: blanks filled, nothing overwritten.
    expect(ona).toMatchObject({
      name: 'Ona Reyes',
      phone: '+14155550134',
      company: 'Bay Dental',
      notes: '=SUM(A1)',
    });
    // Other specs add "….e2e@example.com" contacts to the demo business too: this file's three.
    const ours = body.data
      .map((contact) => contact.email ?? '')
      .filter((email) => /^(cara|ona|ravi)\.e2e@example\.com$/.test(email));
    expect(ours.sort()).toEqual([
      'cara.e2e@example.com',
      'ona.e2e@example.com',
      'ravi.e2e@example.com',
    ]);

    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect
      .poll(() => page.getByRole('cell', { name: 'Ravi Shah' }).first().isVisible())
      .toBe(true);
    await page.getByRole('button', { name: 'Undo the import of clinic-list.csv' }).first().click();
    await page.getByRole('button', { name: 'Yes, undo the import' }).click();
    await expect.poll(() => page.getByRole('cell', { name: 'Ravi Shah' }).count()).toBe(0);
    const after = await apiGetAsDemo<ContactList>(baseURL, '/contacts?search=e2e');
    expect(
      after.body.data.filter((contact) =>
        /^(cara|ona|ravi)\.e2e@example\.com$/.test(contact.email ?? ''),
      ),
    ).toEqual([]);
    expect(e2e.pageErrors).toEqual([]);
  });

  it('refuses a file that is not a contact list, and says why', async () => {
    const { page } = e2e;
    const file = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'sb-e2e-')), 'scan.csv');
    await fs.writeFile(
      file,
      Buffer.from('%PDF-1.7\n%\u00e2\u00e3\u00cf\u00d3\n1 0 obj\n', 'latin1'),
    );
    await signInAs(e2e, DEMO_MEMBER);
    await page.goto('/contacts');
    await page.getByRole('button', { name: 'Import contacts' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Import contacts' });
    await dialog.locator('input[type=file]').setInputFiles(file);
    await expect
      .poll(() =>
        dialog
          .getByText('This file is neither a CSV file nor an Excel (.xlsx) workbook.')
          .isVisible(),
      )
      .toBe(true);
  });

  it('opens a contact from the table, edits it and deletes it on its page', async () => {
    const { page, baseURL } = e2e;
    await signInAs(e2e, DEMO_MEMBER);
    await page.goto('/contacts');
    await page.getByRole('button', { name: 'Add contact' }).first().click();
    const add = page.getByRole('dialog', { name: 'Add contact' });
    await add.getByLabel(/^Name/).fill('Edit Me E2E');
    await add.getByLabel(/^Phone/).fill('(415) 555-0199');
    await add.getByRole('button', { name: 'Add contact' }).click();

    // The name in the table is a link to the contact's page, reachable by keyboard.
    const link = page.getByRole('link', { name: 'Edit Me E2E' });
    await link.focus();
    await page.keyboard.press('Enter');
    await expect
      .poll(() => page.getByRole('heading', { name: 'Edit Me E2E', level: 2 }).isVisible())
      .toBe(true);
    expect(new URL(page.url()).pathname).toMatch(/^\/contacts\/[0-9a-f-]{36}$/);
    expect(await page.getByText('+14155550199').isVisible()).toBe(true);
    expect(await page.getByText('No enquiries from this contact yet.').isVisible()).toBe(true);

    await page.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit contact' });
    await edit.getByLabel(/^Name/).fill('Edited E2E');
    await edit.getByLabel(/^Company/).fill('Golden Gate Dental');
    await edit.getByRole('button', { name: /save/i }).click();
    await expect
      .poll(() => page.getByRole('heading', { name: 'Edited E2E', level: 2 }).isVisible())
      .toBe(true);
    expect(await page.getByText('Golden Gate Dental').isVisible()).toBe(true);
    const edited = await apiGetAsDemo<ContactList>(baseURL, '/contacts?search=Edited%20E2E');
    expect(edited.body.data).toMatchObject([
      { name: 'Edited E2E', phone: '+14155550199', company: 'Golden Gate Dental' },
    ]);

    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('button', { name: 'Yes, delete contact' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/contacts');
    const gone = await apiGetAsDemo<ContactList>(baseURL, '/contacts?search=Edited%20E2E');
    expect(gone.body.meta.total).toBe(0);
    expect(e2e.pageErrors).toEqual([]);
  });
});
