/**
 * Files as people really have them — workbooks from three writers, a Google Contacts export, an
 * Outlook export in a European locale — imported with the suggested mapping and nothing fixed
 * by hand.
 */
import type { ContactImport, ContactImportUpload } from '@switchboard/shared/contact-imports';
import type { ContactList } from '@switchboard/shared/contacts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contacts } from '../../../db/schema';
import { appForSuite, databaseTargets, injectAs } from '../../../test/test-app';
import { contactImportMessages } from '@switchboard/shared/contact-imports';
import {
  buildGoogleContactsCsv,
  buildMinimalXlsx,
  buildOutlookCsv,
  buildSheetJsXlsx,
  buildXlsx,
  GOOGLE_PEOPLE,
  multipartBody,
  OUTLOOK_PEOPLE,
} from './test-fixtures';

const WORKBOOK_ROWS = [
  ['Name', 'Phone', 'Email', 'Company'],
  ['Aoife Byrne', '087 123 4567', 'aoife@example.ie', 'Acme'],
  ['Brian Kelly', 353861234567, '', ''],
  ['Ciara Walsh', '', 'ciara@example.ie', 'Walsh & Co'],
];

describe.each(databaseTargets)('real contact files on %s', (target) => {
  const ctx = appForSuite(target, { SANDBOX_CALLS: '0' });

  /** A new business (so every file starts from no contacts) and its member's session. */
  const newMember = async () => ctx.sessionHeaders((await ctx.createBusinessWithMember()).userName);

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

  const get = async <T>(headers: Record<string, string>, url: string) => {
    const res = await ctx.app.inject({ method: 'GET', url, headers });
    return { status: res.statusCode, body: res.json<T>() };
  };

  const contactsOf = async (headers: Record<string, string>) =>
    (
      await ctx.app.inject({ method: 'GET', url: '/api/contacts?limit=100', headers })
    ).json<ContactList>().data;

  it.each([
    ['exceljs', () => buildXlsx([{ rows: WORKBOOK_ROWS }])],
    ['SheetJS (strings in the cells)', () => Promise.resolve(buildSheetJsXlsx(WORKBOOK_ROWS))],
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

  it('imports a Google Contacts export as suggested: value columns, multi-values, warnings', async () => {
    const member = await newMember();
    const { preview, done } = await importAsSuggested(
      member,
      'contacts.csv',
      buildGoogleContactsCsv(GOOGLE_PEOPLE),
      { country: 'US' },
    );
    expect(preview.headers).toHaveLength(49);
    expect(preview.headers[preview.suggestedMapping.phone!]).toBe('Phone 1 - Value');
    expect(preview.defaultCountry).toBe('IE');
    // Ann..Jon: Finn (bad phone and email) and Gail (neither) fail; Cara keeps her email without
    // the bad phone; Ida's email is Ann's, so Ida goes into Ann's contact.
    expect(done).toMatchObject({
      status: 'completed',
      processedRows: 10,
      createdCount: 7,
      updatedCount: 0,
      failedCount: 2,
      warningCount: 1,
      mergedCount: 1,
      skippedCount: 0,
      country: 'US',
    });
    const byName = new Map((await contactsOf(member)).map((c) => [c.name, c]));
    expect(byName.get('Ann Murphy')).toMatchObject({
      phone: '+12125551000',
      email: 'ann@example.com',
      company: 'Murphy Dental',
      notes: null,
      country: 'US',
      // Her second mobile, and Ida's number (Ida's row had Ann's email): both kept.
      otherPhones: ['+16465550199', '+13475550177'],
      otherEmails: [],
    });
    expect(byName.get('Cara Lee')).toMatchObject({
      phone: null,
      email: 'cara@example.com',
      otherEmails: ['cara.lee@example.org'],
      country: null,
    });
    expect(byName.get('Eve Quinn')).toMatchObject({
      phone: '+17185550110',
      otherPhones: ['+19175550123'],
    });
    // Google's "Address 1 - Country" names his country.
    expect(byName.get('Hugo Berg')).toMatchObject({
      email: 'hugo@example.com',
      phone: null,
      country: 'DE',
    });
    expect(byName.get('Jon Park')).toMatchObject({
      phone: '+442079460958',
      company: 'Park & Co',
      country: 'GB',
    });
    expect(byName.get('Gail Hart')).toBeUndefined();
  });

  it('keeps a Google Contacts export’s extra columns: a merged row adds its own, a later import adds new ones', async () => {
    const member = await newMember();
    const ann = {
      given: 'Ann',
      family: 'Murphy',
      emails: [['* Home', 'ann.extra@example.com']] as [string, string][],
      phones: [['Mobile', '(212) 555-1000']] as [string, string][],
    };
    // The same person twice in one file: the second row's Occupation is added, its different
    // Birthday dropped (a value there is never overwritten).
    const first = await importAsSuggested(
      member,
      'contacts.csv',
      buildGoogleContactsCsv([
        { ...ann, more: { Birthday: '1980-04-02' } },
        { ...ann, more: { Birthday: '1999-01-01', Occupation: 'Teacher' } },
      ]),
      { country: 'US' },
    );
    expect(first.done).toMatchObject({ status: 'completed', createdCount: 1, mergedCount: 1 });
    const fieldsOfAnn = async () => {
      const [row] = await ctx.app.database.db
        .select({ fields: contacts.fields })
        .from(contacts)
        .where(eq(contacts.email, 'ann.extra@example.com'));
      return row?.fields as Record<string, string> | null;
    };
    expect(await fieldsOfAnn()).toMatchObject({
      birthday: '1980-04-02',
      occupation: 'Teacher',
      group_membership: '* myContacts',
    });
    // A later export: her contact is updated and gets the new Hobby, keeps its Occupation.
    const second = await importAsSuggested(
      member,
      'contacts-later.csv',
      buildGoogleContactsCsv([{ ...ann, more: { Occupation: 'Dentist', Hobby: 'Sailing' } }]),
      { country: 'US' },
    );
    expect(second.done).toMatchObject({ status: 'completed', createdCount: 0, updatedCount: 1 });
    expect(await fieldsOfAnn()).toMatchObject({
      birthday: '1980-04-02',
      occupation: 'Teacher',
      hobby: 'Sailing',
    });
    // Undoing the later import takes the new column away again.
    const undo = await ctx.app.inject({
      method: 'POST',
      url: `/api/contacts/imports/${second.done.id}/undo`,
      headers: member,
    });
    expect(undo.statusCode, undo.body).toBeLessThan(300);
    expect(await fieldsOfAnn()).not.toHaveProperty('hobby');
  });

  it('imports an Outlook export from a European locale: BOM, ";", CRLF, national numbers', async () => {
    const member = await newMember();
    const { preview, done } = await importAsSuggested(
      member,
      'outlook.csv',
      buildOutlookCsv(OUTLOOK_PEOPLE),
    );
    expect(preview.headers[0]).toBe('First Name');
    expect(done).toMatchObject({
      status: 'completed',
      processedRows: 9,
      createdCount: 9,
      failedCount: 0,
      // Anna's mobile is "n/a": she is imported with her home number.
      warningCount: 1,
    });
    const byEmail = new Map((await contactsOf(member)).map((c) => [c.email, c]));
    expect(Object.fromEntries([...byEmail].map(([email, c]) => [email, c.phone]))).toEqual({
      'jonas@example.de': '+4915123456789',
      'lea@example.de': '+491701234567',
      'emile@example.fr': '+33612345678',
      'chloe@example.fr': '+33142685300',
      'lucia@example.es': '+34612345678',
      'javier@example.es': '+34912345678',
      'anna@example.de': '+498912345',
      'paul@example.de': null,
      'marie@example.fr': '+33698765432',
    });
    expect(byEmail.get('lea@example.de')).toMatchObject({
      notes: null,
      otherPhones: ['+49301234567'],
      country: 'DE',
    });
    expect(byEmail.get('paul@example.de')).toMatchObject({
      notes: 'Rückruf; "dringend"',
      country: null,
    });
    expect(byEmail.get('marie@example.fr')).toMatchObject({
      otherEmails: ['marie.roux@example.com'],
      // No country in her row: her number's.
      country: 'FR',
    });
    expect(byEmail.get('lucia@example.es')?.country).toBe('ES');

    // The rows to fix come back as the file came: BOM, ";", CRLF, its header and a Problem.
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/contacts/imports/${done.id}/errors.csv`,
      headers: member,
    });
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const bytes = res.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').split('\r\n');
    expect(lines[0]!.startsWith('First Name;Middle Name;Last Name;')).toBe(true);
    expect(lines[0]!.endsWith(';Notes;Problem')).toBe(true);
    expect(lines[1]).toMatch(
      /^Anna;;Fischer;.*;Line 8: imported, but left out: Invalid phone number: n\/a \(Not a phone number\)/,
    );
    expect(lines).toHaveLength(3);
  });

  it("gives a Latin-1 file's problem rows back in Latin-1, and they import as they are", async () => {
    const member = await newMember();
    const latin1 = Buffer.from(
      'Nom;Prénom;Téléphone;Courriel\r\nDurand;Zoé;123;\r\nMüller;Jürgen;+49 30 1234567;\r\n',
      'latin1',
    );
    const { done } = await importAsSuggested(member, 'contacts.csv', latin1);
    expect(done).toMatchObject({ status: 'completed', createdCount: 1, failedCount: 1 });
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/contacts/imports/${done.id}/errors.csv`,
      headers: member,
    });
    expect(res.headers['content-type']).toBe('text/csv; charset=windows-1252');
    expect(res.rawPayload.toString('latin1')).toBe(
      'Nom;Prénom;Téléphone;Courriel;Problem\r\nDurand;Zoé;123;;Line 2: Invalid phone number: 123 (The phone number is too short)\r\n',
    );
    // Corrected and imported as it is: the Problem column is simply not mapped.
    const fixed = Buffer.from(
      res.rawPayload.toString('latin1').replace(';123;', ';+33 6 12 34 56 78;'),
      'latin1',
    );
    const again = await importAsSuggested(member, 'fixed.csv', fixed);
    expect(again.done).toMatchObject({ status: 'completed', createdCount: 1, failedCount: 0 });
  });

  it('fails an import in which every row failed, and offers no undo', async () => {
    const member = await newMember();
    const { done } = await importAsSuggested(
      member,
      'bad.csv',
      'Name,Phone,Email\nAnn,12,ann@\nBob,,bob@\n',
    );
    expect(done).toMatchObject({
      status: 'failed',
      error: contactImportMessages.allFailed,
      processedRows: 2,
      failedCount: 2,
      createdCount: 0,
    });
    const undo = await ctx.app.inject({
      method: 'POST',
      url: `/api/contacts/imports/${done.id}/undo`,
      headers: member,
    });
    expect(undo.statusCode).toBe(409);
    const errors = await ctx.app.inject({
      method: 'GET',
      url: `/api/contacts/imports/${done.id}/errors.csv`,
      headers: member,
    });
    expect(errors.body.split('\r\n')).toHaveLength(4);
  });

  it('remembers the mapping a business used for the same columns', async () => {
    const member = await newMember();
    const file = 'Kunde,Rufnummer,Mail,Info\nAnn,087 123 4567,ann@example.ie,x\n';
    const first = await upload(member, 'a.csv', file);
    expect(first.preview.mappingRemembered).toBe(false);
    const mapping = { name: 0, phone: 1, email: 2, notes: 3 };
    const commit = await ctx.app.inject({
      method: 'POST',
      url: `/api/contacts/imports/${first.import.id}/commit`,
      headers: member,
      payload: { mapping },
    });
    expect(commit.statusCode).toBe(202);
    const second = await upload(member, 'b.csv', file.replace('Ann', 'Bea'));
    expect(second.preview).toMatchObject({ suggestedMapping: mapping, mappingRemembered: true });
    // Another business has its own memory.
    const other = await upload(await newMember(), 'c.csv', file);
    expect(other.preview.mappingRemembered).toBe(false);
  });

  it('reads national numbers in the country chosen for the import', async () => {
    const member = await newMember();
    const { done } = await importAsSuggested(
      member,
      'de.csv',
      'Name,Telefon\nJonas,030 1234567\n',
      {
        country: 'DE',
      },
    );
    expect(done).toMatchObject({ status: 'completed', createdCount: 1, country: 'DE' });
    expect((await contactsOf(member))[0]?.phone).toBe('+49301234567');
    const { import: uploaded } = await upload(member, 'x.csv', 'Name,Phone\nA,1\n');
    const refused = await ctx.app.inject({
      method: 'POST',
      url: `/api/contacts/imports/${uploaded.id}/commit`,
      headers: member,
      payload: { mapping: { name: 0, phone: 1 }, country: 'XX' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ error: { message: string } }>().error.message).toBe(
      contactImportMessages.unknownCountry,
    );
  });

  it('deletes a preview nobody imported, and expires those left for a day', async () => {
    const member = await newMember();
    const { import: kept } = await upload(member, 'a.csv', 'Name,Phone\nA,+353871234567\n');
    const { import: dropped } = await upload(member, 'b.csv', 'Name,Phone\nB,+353871234568\n');
    const stranger = await newMember();
    const foreign = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/contacts/imports/${dropped.id}`,
      headers: stranger,
    });
    expect(foreign.statusCode).toBe(404);
    const deleted = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/contacts/imports/${dropped.id}`,
      headers: member,
    });
    expect(deleted.statusCode).toBe(204);
    expect((await get(member, `/api/contacts/imports/${dropped.id}`)).status).toBe(404);

    expect(await ctx.app.contactImportJob.expireUnstarted(new Date())).toBe(0);
    const tomorrow = new Date(Date.now() + 25 * 3_600_000);
    expect(await ctx.app.contactImportJob.expireUnstarted(tomorrow)).toBeGreaterThanOrEqual(1);
    expect((await get(member, `/api/contacts/imports/${kept.id}`)).status).toBe(404);

    const { done } = await importAsSuggested(member, 'c.csv', 'Name,Phone\nC,+353871234569\n');
    const started = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/contacts/imports/${done.id}`,
      headers: member,
    });
    expect(started.statusCode).toBe(409);
  });

  it('keeps name prefixes from Google ("Name Prefix") and Outlook ("Title") in the name', async () => {
    const member = await newMember();
    const google = await importAsSuggested(
      member,
      'google.csv',
      buildGoogleContactsCsv([
        { prefix: 'Dr.', given: 'Nora', family: 'Shah', phones: [['Mobile', '+1 415-555-0132']] },
        { given: 'Tom', family: 'Byrne', phones: [['Mobile', '+1 415-555-0133']] },
      ]),
    );
    expect(google.preview.headers[google.preview.suggestedMapping.prefix!]).toBe('Name Prefix');
    const outlook = await importAsSuggested(
      member,
      'outlook.csv',
      buildOutlookCsv([
        { Title: 'Mrs.', 'First Name': 'Ann', 'Last Name': 'Walsh', 'E-mail Address': 'ann@x.ie' },
        { Title: 'Prof.', 'First Name': 'Liam', 'Last Name': 'Ryan', 'E-mail Address': 'li@x.ie' },
        { 'First Name': 'Ms', 'Last Name': 'Nobody', 'E-mail Address': 'ms@x.ie' },
      ]),
    );
    expect(outlook.preview.headers[outlook.preview.suggestedMapping.prefix!]).toBe('Title');
    expect((await contactsOf(member)).map((c) => c.name).sort()).toEqual([
      'Dr. Nora Shah',
      'Mrs. Ann Walsh',
      'Ms Nobody',
      'Prof. Liam Ryan',
      'Tom Byrne',
    ]);
  });

  it('flips "Last, First" names when the file writes them so, and not when told not to', async () => {
    const file =
      'Patient,Mobile\n"Smith, Jane",+353871234567\n"Byrne, Tom",+353871234568\nAnn Lee,+353871234569\n';
    const member = await newMember();
    const { preview } = await importAsSuggested(member, 'a.csv', file);
    expect(preview.suggestedOptions).toEqual({ flipNames: true, onMatch: 'update' });
    const flipped = await contactsOf(member);
    expect(flipped.map((c) => c.name).sort()).toEqual(['Ann Lee', 'Jane Smith', 'Tom Byrne']);

    const other = await newMember();
    const { done } = await importAsSuggested(other, 'a.csv', file, {
      options: { flipNames: false, onMatch: 'update' },
    });
    expect(done.options.flipNames).toBe(false);
    expect((await contactsOf(other)).map((c) => c.name).sort()).toEqual([
      'Ann Lee',
      'Byrne, Tom',
      'Smith, Jane',
    ]);
    // A file of first and last names has nothing to flip.
    const plain = await upload(
      other,
      'b.csv',
      'First Name,Last Name,Phone\nJane,Smith,+353871234570\n',
    );
    expect(plain.preview.suggestedOptions.flipNames).toBe(false);
  });

  it('reads titles, "Last, First" names and countries from a workbook (SheetJS)', async () => {
    const member = await newMember(); // an Irish business
    const { preview, done } = await importAsSuggested(
      member,
      'patients.xlsx',
      buildSheetJsXlsx([
        ['Title', 'Name', 'Mobile', 'Country'],
        ['Dr.', 'Byrne, Aoife', '087 123 4567', 'Ireland'],
        ['', 'Kelly, Brian', 353861234567, ''],
        ['Ms.', 'Walsh, Ciara', '+44 20 7946 0958', ''],
      ]),
    );
    expect(preview.suggestedOptions.flipNames).toBe(true);
    expect(preview.phoneCheck).toMatchObject({ numbers: 3, foreign: 1, countries: ['GB'] });
    expect(done).toMatchObject({ status: 'completed', createdCount: 3 });
    const people = (await contactsOf(member)).map((c) => [c.name, c.phone, c.country]).sort();
    expect(people).toEqual([
      ['Brian Kelly', '+353861234567', 'IE'],
      ['Dr. Aoife Byrne', '+353871234567', 'IE'],
      ['Ms. Ciara Walsh', '+442079460958', 'GB'],
    ]);
  });

  it("warns in the preview when numbers do not look like the business's country", async () => {
    const member = await newMember(); // an Irish business
    const google = await upload(member, 'google.csv', buildGoogleContactsCsv(GOOGLE_PEOPLE));
    // Ann's two, Bob, Cara's "555-01", Eve's two, Finn's "12", Ida, Jon: none Irish.
    expect(google.preview.phoneCheck).toEqual({
      rows: 10,
      numbers: 9,
      foreign: 9,
      countries: ['US', 'GB'],
    });
    const irish = await upload(
      member,
      'irish.csv',
      'Name,Phone\nAnn,087 123 4567\nBob,+353 86 123 4567\nCara,+44 20 7946 0958\n',
    );
    expect(irish.preview.phoneCheck).toMatchObject({ numbers: 3, foreign: 1, countries: ['GB'] });
  });

  it('updates, skips or creates when a row matches an existing contact, and undoes it', async () => {
    const member = await newMember();
    const add = async (body: Record<string, unknown>) => {
      const res = await injectAs(ctx.app, 'POST', '/api/contacts', member, body);
      expect(res.statusCode, res.body).toBe(201);
    };
    await add({ name: 'Ann Murphy', phone: '+353871234567', notes: 'Prefers mornings' });
    await add({ name: 'Bob Stone', email: 'bob@example.ie' });
    const file =
      'Name,Mobile,Work phone,Email\n' +
      'Ann Lee,+353871234567,+353 1 234 5678,ann@example.ie\n' +
      'Robert Stone,+353861112222,,bob@example.ie\n' +
      'Cara Walsh,+353851234567,,cara@example.ie\n';
    const run = async (onMatch: string) =>
      importAsSuggested(member, `${onMatch}.csv`, file, { options: { flipNames: false, onMatch } });

    const skipped = await run('skip');
    expect(skipped.done).toMatchObject({ createdCount: 1, updatedCount: 0, skippedCount: 2 });
    let byName = new Map((await contactsOf(member)).map((c) => [c.name, c]));
    expect(byName.get('Ann Murphy')).toMatchObject({ email: null, otherPhones: [] });

    const updated = await run('update');
    expect(updated.done).toMatchObject({ createdCount: 0, updatedCount: 3, skippedCount: 0 });
    byName = new Map((await contactsOf(member)).map((c) => [c.name, c]));
    // Blanks filled, nothing overwritten; the file's other numbers added.
    expect(byName.get('Ann Murphy')).toMatchObject({
      phone: '+353871234567',
      email: 'ann@example.ie',
      notes: 'Prefers mornings',
      otherPhones: ['+35312345678'],
      country: 'IE',
    });
    expect(byName.get('Bob Stone')).toMatchObject({
      email: 'bob@example.ie',
      phone: '+353861112222',
    });
    const undone = await ctx.app.inject({
      method: 'POST',
      url: `/api/contacts/imports/${updated.done.id}/undo`,
      headers: member,
    });
    expect(undone.statusCode).toBe(200);
    byName = new Map((await contactsOf(member)).map((c) => [c.name, c]));
    expect(byName.get('Ann Murphy')).toMatchObject({ email: null, otherPhones: [], country: null });
    expect(byName.get('Bob Stone')).toMatchObject({ phone: null });

    const created = await run('create');
    // Cara (created by the skip run, kept by the undo of another) is created again, too.
    expect(created.done).toMatchObject({ createdCount: 3, updatedCount: 0, skippedCount: 0 });
    const caras = (await contactsOf(member)).filter((c) => c.name === 'Cara Walsh');
    expect(caras.map((c) => [c.phone, c.email, c.otherPhones, c.otherEmails])).toEqual(
      expect.arrayContaining([
        ['+353851234567', 'cara@example.ie', [], []],
        [null, null, ['+353851234567'], ['cara@example.ie']],
      ]),
    );
    byName = new Map((await contactsOf(member)).map((c) => [c.name, c]));
    // Ann Lee shares Ann Murphy's mobile: hers is listed among her others, her email is hers.
    expect(byName.get('Ann Lee')).toMatchObject({
      phone: '+35312345678',
      email: 'ann@example.ie',
      otherPhones: ['+353871234567'],
    });
    expect(byName.get('Robert Stone')).toMatchObject({
      phone: '+353861112222',
      email: null,
      otherEmails: ['bob@example.ie'],
    });
    expect(byName.get('Ann Murphy')).toMatchObject({ phone: '+353871234567', email: null });

    const refused = await ctx.app.inject({
      method: 'POST',
      url: `/api/contacts/imports/${(await upload(member, 'x.csv', file)).import.id}/commit`,
      headers: member,
      payload: { mapping: { name: 0, phone: 1 }, options: { onMatch: 'merge' } },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ error: { message: string } }>().error.message).toBe(
      'Choose update, skip or create for matching rows',
    );
  });

  it('remembers the options with the mapping for the same columns', async () => {
    const member = await newMember();
    const file = 'Patient,Mobile\n"Smith, Jane",+353871234567\n';
    const first = await upload(member, 'a.csv', file);
    const commit = await ctx.app.inject({
      method: 'POST',
      url: `/api/contacts/imports/${first.import.id}/commit`,
      headers: member,
      payload: {
        mapping: first.preview.suggestedMapping,
        options: { flipNames: false, onMatch: 'skip' },
      },
    });
    expect(commit.statusCode).toBe(202);
    const second = await upload(member, 'b.csv', file);
    expect(second.preview).toMatchObject({
      mappingRemembered: true,
      suggestedOptions: { flipNames: false, onMatch: 'skip' },
    });
  });

  it('writes no "\'" before a phone number in the rows to fix, but guards formulas', async () => {
    const member = await newMember();
    const { done } = await importAsSuggested(
      member,
      'bad.csv',
      'Name,Phone,Email\n=HYPERLINK("http://x"),+353 87,\nAnn,+1 555-01 ::: +1 555-02,\nBob,+353871234567,\n',
    );
    expect(done).toMatchObject({ createdCount: 1, failedCount: 2 });
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/contacts/imports/${done.id}/errors.csv`,
      headers: member,
    });
    const lines = res.rawPayload.subarray(3).toString('utf8').split('\r\n');
    expect(lines[1]).toMatch(/^"'=HYPERLINK\(""http:\/\/x""\)",\+353 87,,Line 2: /);
    expect(lines[2]).toMatch(/^Ann,\+1 555-01 ::: \+1 555-02,,Line 3: /);
  });
});
