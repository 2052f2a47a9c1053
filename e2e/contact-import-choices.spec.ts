/**
 * What an import fills and the choices it offers, through the screen: "Last, First" names
 * flipped, foreign numbers warned of, a country per contact, other numbers and notes visible and
 * editable on the contact's page, a remembered mapping with its choices, update or skip for a
 * row matching a contact the business has, and the rows done (with the time left) while a large
 * file imports.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { ContactImportList } from '@switchboard/shared/contact-imports';
import type { Contact, ContactList } from '@switchboard/shared/contacts';
import type { Locator } from 'playwright-core';
import { expect, it } from 'vitest';
import { DEMO_MEMBER, cookieHeader, signInAs } from './support/accounts';
import { describeInBrowser } from './support/browser';
import { apiGetAsDemo, apiPostAsDemo } from './support/demo-data';

// The demo business is in the United States. Names are written "Last, First"; Ben's and Ana's
// numbers are British and Portuguese; Lena's mobile is the one of a contact the business has.
const CSV = [
  'Patient,Mobile,Work phone,Email,Remarks',
  '"Quill, Lena",(415) 555-0161,(415) 555-0162,lena.choices@example.com,Allergic to latex',
  '"Okafor, Ben",+44 20 7946 0019,,ben.choices@example.com,',
  '"Silva, Ana",+351 912 345 678,,ana.choices@example.com,',
].join('\n');

async function deleteContact(baseURL: string, id: string) {
  const cookie = await cookieHeader(baseURL, DEMO_MEMBER);
  await fetch(`${baseURL}/api/contacts/${id}`, {
    method: 'DELETE',
    headers: { cookie, origin: baseURL },
  });
}

const writeFile = async (name: string, content: string) => {
  const file = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'sb-e2e-')), name);
  await fs.writeFile(file, content);
  return file;
};

describeInBrowser('contact import choices', (e2e) => {
  const openImport = async (file: string): Promise<Locator> => {
    const { page } = e2e;
    await page.goto('/contacts');
    await page.getByRole('button', { name: 'Import contacts' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Import contacts' });
    await dialog.locator('input[type=file]').setInputFiles(file);
    await expect
      .poll(() => dialog.getByRole('button', { name: /^Import (the|\d)/ }).isVisible())
      .toBe(true);
    return dialog;
  };

  const countsOf = (dialog: Locator) => dialog.getByText(/created ·/).textContent();

  it('flips names, warns of foreign numbers, remembers the choices, and updates or skips a match', async () => {
    const { page, baseURL } = e2e;
    await signInAs(e2e, DEMO_MEMBER);
    const existing = await apiPostAsDemo<Contact>(baseURL, '/contacts', {
      name: 'Lena Quill',
      phone: '(415) 555-0161',
    });
    const file = await writeFile('choices.csv', CSV);

    // First import: the file's pattern is seen, the foreign numbers are named, and a row that
    // matches Lena's contact is skipped as chosen.
    let dialog = await openImport(file);
    expect(await dialog.getByRole('switch', { name: /Last, First/ }).isChecked()).toBe(true);
    expect(await dialog.getByText('Quill, Lena → Lena Quill').isVisible()).toBe(true);
    expect(
      await dialog
        .getByText(
          '2 numbers look foreign (not from United States): choose a country column, or the country the numbers are from. Numbers with a country code are from United Kingdom, Portugal.',
        )
        .isVisible(),
    ).toBe(true);
    await dialog.getByRole('radio', { name: /Skip the row/ }).check();
    await dialog.getByRole('button', { name: /^Import (the|\d)/ }).click();
    await expect.poll(() => countsOf(dialog)).toBe('2 created · 0 updated · 1 skipped · 0 failed');
    await dialog.getByRole('button', { name: 'Done' }).click();

    // The names are turned around, and each contact has its number's country.
    const { body } = await apiGetAsDemo<ContactList>(baseURL, '/contacts?search=choices&limit=50');
    const byEmail = new Map(body.data.map((contact) => [contact.email, contact]));
    expect(byEmail.get('ben.choices@example.com')).toMatchObject({
      name: 'Ben Okafor',
      country: 'GB',
    });
    expect(byEmail.get('ana.choices@example.com')).toMatchObject({
      name: 'Ana Silva',
      country: 'PT',
    });
    expect(byEmail.has('lena.choices@example.com')).toBe(false);

    // Second import of a file with the same columns: the mapping and the choices come back.
    dialog = await openImport(file);
    expect(
      await dialog
        .getByText(/These columns and choices are set as you set them the last time/)
        .isVisible(),
    ).toBe(true);
    expect(await dialog.getByRole('radio', { name: /Skip the row/ }).isChecked()).toBe(true);
    await dialog.getByRole('radio', { name: /Update the contact/ }).check();
    await dialog.getByRole('button', { name: /^Import (the|\d)/ }).click();
    await expect.poll(() => countsOf(dialog)).toBe('0 created · 3 updated · 0 skipped · 0 failed');
    await dialog.getByRole('button', { name: 'Done' }).click();

    // Lena's contact: what it lacked filled in, the work number among its others, the notes.
    await page.goto(`/contacts/${existing.id}`);
    await expect
      .poll(() => page.getByRole('heading', { name: 'Lena Quill', level: 2 }).isVisible())
      .toBe(true);
    for (const text of ['lena.choices@example.com', '+14155550162', 'Allergic to latex'])
      expect(await page.getByText(text, { exact: true }).isVisible()).toBe(true);
    expect(await page.getByText('United States', { exact: true }).isVisible()).toBe(true);

    // …and editable: another number added on the page.
    await page.getByRole('button', { name: 'Edit' }).click();
    const form = page.getByRole('dialog', { name: 'Edit contact' });
    await form.getByRole('combobox', { name: /Other phone numbers/ }).fill('+1 415 555 0163');
    await form.getByRole('combobox', { name: /Other phone numbers/ }).press('Enter');
    await form.getByLabel(/^Notes/).fill('Allergic to latex; mornings only');
    await form.getByRole('button', { name: 'Save contact' }).click();
    await expect
      .poll(() => page.getByText('Allergic to latex; mornings only').isVisible())
      .toBe(true);
    expect(await page.getByText('+14155550163', { exact: true }).isVisible()).toBe(true);

    // Leave the demo business as it was.
    const imports = await apiGetAsDemo<ContactImportList>(baseURL, '/contacts/imports?limit=20');
    const ours = imports.body.data.filter(
      (row) => row.fileName === 'choices.csv' && row.status === 'completed',
    );
    for (const row of ours) await apiPostAsDemo(baseURL, `/contacts/imports/${row.id}/undo`, {});
    // What the undo keeps (changed since: Lena by hand, Ben and Ana by the second import).
    const left = await apiGetAsDemo<ContactList>(baseURL, '/contacts?search=quill&limit=50');
    const kept = await apiGetAsDemo<ContactList>(baseURL, '/contacts?search=choices&limit=50');
    for (const contact of [...left.body.data, ...kept.body.data])
      await deleteContact(baseURL, contact.id);
    expect(e2e.pageErrors).toEqual([]);
  });

  it('shows the rows done of the total and the time left while a large file imports', async () => {
    const { baseURL } = e2e;
    await signInAs(e2e, DEMO_MEMBER);
    const rows = 30_000;
    const lines = ['Name,Email'];
    for (let i = 0; i < rows; i += 1) lines.push(`Bulk ${i},bulk${i}.progress@example.com`);
    const dialog = await openImport(await writeFile('progress.csv', lines.join('\n')));
    await dialog.getByRole('button', { name: /^Import (the|\d)/ }).click();

    // Each poll shows the server's count; once a batch is written, an estimate comes with it.
    const status = dialog.getByRole('status').first();
    await expect
      .poll(() => status.textContent())
      .toMatch(/^[\d,]+ of 30,000 rows imported · about \d+ (s|min) left$/);
    await expect
      .poll(() => countsOf(dialog))
      .toBe('30,000 created · 0 updated · 0 skipped · 0 failed');

    const imports = await apiGetAsDemo<ContactImportList>(baseURL, '/contacts/imports?limit=20');
    const ours = imports.body.data.filter((row) => row.fileName === 'progress.csv');
    for (const row of ours) await apiPostAsDemo(baseURL, `/contacts/imports/${row.id}/undo`, {});
    expect(e2e.pageErrors).toEqual([]);
  });
});
