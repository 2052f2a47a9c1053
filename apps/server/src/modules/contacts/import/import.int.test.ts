import { randomBytes } from 'node:crypto';
import type { Contact, ContactList } from '@switchboard/shared/contacts';
import {
  contactImportMessages,
  type ContactImport,
  type ContactImportList,
  type ContactImportUpload,
} from '@switchboard/shared/contact-imports';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { contactImportChanges, contactImports, contacts, enquiries } from '../../../db/schema';
import type { WireError } from '@switchboard/shared/errors';
import {
  appForSuite,
  buildTestApp,
  createBusinessWithMember,
  databaseTargets,
  sessionHeaders,
} from '../../../test/test-app';
import { IMPORT_MESSAGES } from './import-file-error';
import { MAX_IMPORT_INTERRUPTIONS } from './import-job';
import { ContactImportsService } from './import.service';
import { NOTHING_WRITTEN } from './import.repository';
import { MAPPING_MESSAGES } from '@switchboard/shared/contact-imports';

type Part = { name: string; value: string | Buffer; filename?: string };

/** A multipart/form-data body as a browser sends it. */
function multipart(parts: Part[]) {
  const boundary = `----switchboard${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename === undefined ? '' : `; filename="${part.filename}"`}`;
    const type = part.filename === undefined ? '' : 'Content-Type: application/octet-stream\r\n';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${type}\r\n`));
    chunks.push(Buffer.isBuffer(part.value) ? part.value : Buffer.from(part.value));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

const CONTACTS_CSV = [
  'Name,Phone,Email,Company',
  'Aoife Byrne,087 123 4567,aoife@example.ie,Acme',
  'Existing Person,,existing@example.ie,NewCo',
  ',,,',
  '=Bad Phone,12,bad@example.ie,',
  'Aoife B,,AOIFE@example.ie,Other',
  'Ciara Walsh,+44 20 7946 0958,,',
].join('\n');

describe.each(databaseTargets)('contact imports on %s', (target) => {
  const ctx = appForSuite(target, { SANDBOX_CALLS: '0' });
  let member: Record<string, string>;
  let stranger: Record<string, string>;
  let admin: Record<string, string>;
  let memberBusinessId: string;

  const upload = async (
    content: string | Buffer,
    extra: Part[] = [],
    headers = member,
    app = ctx.app,
    filename = 'contacts.csv',
  ) => {
    const { payload, contentType } = multipart([
      { name: 'file', value: content, filename },
      ...extra,
    ]);
    const res = await app.inject({
      method: 'POST',
      url: '/api/contacts/import',
      headers: { ...headers, 'content-type': contentType },
      payload,
    });
    return { status: res.statusCode, body: res.json<ContactImportUpload & WireError>() };
  };

  const send = <T>(
    method: 'GET' | 'POST',
    url: string,
    payload?: Record<string, unknown>,
    headers = member,
  ) => ctx.requestAs<T>(method, url, headers, payload);

  const importsOf = async (headers = member) =>
    (await send<ContactImportList>('GET', '/api/contacts/imports?limit=100', undefined, headers))
      .body;

  const contactsOf = async () =>
    (await send<ContactList>('GET', '/api/contacts?limit=100')).body.data;

  /** Uploads and commits `count` people named "<label> i" with numbers from `firstNumber`. */
  const queueNumbered = async (
    label: string,
    count: number,
    phonePrefix: string,
    firstNumber: number,
  ) => {
    const rows = Array.from(
      { length: count },
      (_, i) => `${label} ${i},${phonePrefix} ${String(firstNumber + i)},`,
    );
    const { body } = await upload(['Name,Phone,Email', ...rows].join('\n'));
    await send('POST', `/api/contacts/imports/${body.import.id}/commit`, {
      mapping: { name: 0, phone: 1, email: 2 },
    });
    return body.import.id;
  };

  /** Runs the import with `onBatch` called after each batch written. */
  const runWithHook = async (importId: string, onBatch: () => void | Promise<void>) => {
    ctx.app.contactImportJob.onBatch = onBatch;
    try {
      await ctx.app.contactImportJob.runImport(importId);
    } finally {
      ctx.app.contactImportJob.onBatch = undefined;
    }
  };

  /** What an import shows when nothing of it exists: no rows read, no contact counted. */
  const NOTHING = { ...NOTHING_WRITTEN, mergedCount: 0 };

  /** The contacts written under this import. */
  const writtenBy = (importId: string) =>
    ctx.app.database.db
      .select({ id: contacts.id })
      .from(contacts)
      .where(eq(contacts.importId, importId));

  /** The import failed whole: its status and counts say so and none of its contacts exist. */
  const expectFailedWithNothingWritten = async (importId: string) => {
    const failed = await send<ContactImport>('GET', `/api/contacts/imports/${importId}`);
    expect(failed.body).toMatchObject({
      status: 'failed',
      error: contactImportMessages.failed,
      ...NOTHING,
    });
    expect(await writtenBy(importId)).toEqual([]);
  };

  beforeAll(async () => {
    const owner = await ctx.createBusinessWithMember();
    memberBusinessId = owner.businessId;
    const other = await ctx.createBusinessWithMember();
    member = await ctx.sessionHeaders(owner.userName);
    stranger = await ctx.sessionHeaders(other.userName);
    admin = await ctx.sessionHeaders((await ctx.createAdminUser()).userName);
  });

  let firstImport: ContactImport;
  let existing: Contact;

  it('stores an upload and previews it with a suggested mapping', async () => {
    const { status, body } = await upload(CONTACTS_CSV);
    expect(status).toBe(201);
    expect(body.import).toMatchObject({
      fileName: 'contacts.csv',
      fileType: 'csv',
      status: 'uploaded',
      fileSize: Buffer.byteLength(CONTACTS_CSV),
    });
    expect(body.preview.headers).toEqual(['Name', 'Phone', 'Email', 'Company']);
    expect(body.preview.suggestedMapping).toEqual({ name: 0, phone: 1, email: 2, company: 3 });
    // The blank row is not part of the sample.
    expect(body.preview.sample).toHaveLength(5);
    firstImport = body.import;
  });

  it('refuses a mapping that does not fit the file (400 with its message)', async () => {
    const url = `/api/contacts/imports/${firstImport.id}/commit`;
    const outOfRange = await send<WireError>('POST', url, { mapping: { name: 0, email: 9 } });
    expect(outOfRange.status).toBe(400);
    expect(outOfRange.body.error.message).toBe(MAPPING_MESSAGES.outOfRange);
    const noContact = await send<WireError>('POST', url, { mapping: { name: 0 } });
    expect(noContact.status).toBe(400);
    expect(noContact.body.error.message).toBe(MAPPING_MESSAGES.contact);
  });

  it('imports: creates, fills in an existing contact, skips blank rows, keeps a row with one good value', async () => {
    existing = (
      await send<Contact>('POST', '/api/contacts', {
        name: 'Existing Person',
        email: 'existing@example.ie',
      })
    ).body;
    const committed = await send<ContactImport>(
      'POST',
      `/api/contacts/imports/${firstImport.id}/commit`,
      { mapping: { name: 0, phone: 1, email: 2, company: 3 } },
    );
    expect(committed.status).toBe(202);
    expect(committed.body.status).toBe('queued');

    expect(await ctx.app.contactImportJob.runNext()).toBe(firstImport.id);
    const done = await send<ContactImport>('GET', `/api/contacts/imports/${firstImport.id}`);
    expect(done.body).toMatchObject({
      status: 'completed',
      processedRows: 6,
      totalRows: 6,
      createdCount: 3,
      updatedCount: 1,
      skippedCount: 1,
      failedCount: 0,
      // The row with a bad phone beside a good email is imported, without the phone.
      warningCount: 1,
      // "Aoife B" went into the "Aoife Byrne" of an earlier row: the counts add up to 6.
      mergedCount: 1,
      error: null,
    });
    expect(done.body.finishedAt).not.toBeNull();
    const [stored] = await ctx.app.database.db
      .select({ file: contactImports.file })
      .from(contactImports)
      .where(eq(contactImports.id, firstImport.id));
    expect(stored?.file).toBeNull();

    const list = await contactsOf();
    const aoife = list.filter((c) => c.email === 'aoife@example.ie');
    // Two rows of the file, one person: the first row's values win, blanks are filled.
    expect(aoife).toHaveLength(1);
    expect(aoife[0]).toMatchObject({
      name: 'Aoife Byrne',
      phone: '+353871234567',
      company: 'Acme',
      source: 'import',
      importId: firstImport.id,
    });
    expect(list.find((c) => c.name === 'Ciara Walsh')).toMatchObject({
      phone: '+442079460958',
      importId: firstImport.id,
    });
    expect(list.find((c) => c.id === existing.id)).toMatchObject({
      company: 'NewCo',
      source: 'manual',
      importId: null,
    });
    expect(list.find((c) => c.email === 'bad@example.ie')).toMatchObject({
      name: '=Bad Phone',
      phone: null,
    });
  });

  it("gives the rows to fix back under the file's header, with a Problem column, formulas escaped", async () => {
    const { status, res } = await send('GET', `/api/contacts/imports/${firstImport.id}/errors.csv`);
    expect(status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = res.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines).toEqual([
      'Name,Phone,Email,Company,Problem',
      `'=Bad Phone,12,bad@example.ie,,"Line 5: imported, but left out: Invalid phone number: 12 (The phone number is too short)"`,
      '',
    ]);
  });

  it('shows the history newest first', async () => {
    const history = await importsOf();
    expect(history.data[0]).toMatchObject({ id: firstImport.id, status: 'completed' });
    expect(history.meta.total).toBe(1);
  });

  it('undoes a completed import: created contacts go, changed ones are put back', async () => {
    const url = `/api/contacts/imports/${firstImport.id}/undo`;
    const undone = await send<ContactImport>('POST', url);
    expect(undone.status).toBe(200);
    expect(undone.body.status).toBe('undone');
    expect(undone.body.undoneAt).not.toBeNull();
    const list = await contactsOf();
    expect(list.filter((c) => c.importId === firstImport.id)).toEqual([]);
    expect(list.find((c) => c.id === existing.id)).toMatchObject({ company: null });

    const again = await send<WireError>('POST', url);
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(contactImportMessages.notUndoable);
  });

  it('undo keeps what changed after the import: edits, enquiries, details edited since', async () => {
    const add = async (name: string, phone: string) =>
      (await send<Contact>('POST', '/api/contacts', { name, phone })).body;
    const edit = async (id: string, body: Record<string, unknown>) => {
      const res = await ctx.app.inject({
        method: 'PATCH',
        url: `/api/contacts/${id}`,
        headers: member,
        payload: body,
      });
      expect(res.statusCode).toBe(200);
    };
    const keptBefore = await add('Kept Before', '087 555 1001');
    const restoredBefore = await add('Restored Before', '087 555 1002');
    const { body } = await upload(
      [
        'Name,Phone,Email,Company',
        'Undo Edited,087 555 2001,,',
        'Undo Enquiry,087 555 2002,,',
        'Undo Plain,087 555 2003,,',
        ',087 555 1001,kept.before@example.ie,FillCo',
        ',087 555 1002,restored.before@example.ie,FillCo',
      ].join('\n'),
    );
    await send('POST', `/api/contacts/imports/${body.import.id}/commit`, {
      mapping: { name: 0, phone: 1, email: 2, company: 3 },
    });
    await ctx.app.contactImportJob.runImport(body.import.id);
    const imported = await ctx.app.database.db
      .select({ id: contacts.id, name: contacts.name })
      .from(contacts)
      .where(eq(contacts.importId, body.import.id));
    const idOf = (name: string) => imported.find((c) => c.name === name)!.id;
    expect(imported).toHaveLength(3);

    // After the import, someone edits one new contact, an agent takes an enquiry from another,
    // and one of the contacts it filled in is edited by hand.
    await edit(idOf('Undo Edited'), { name: 'Undo Edited Later', phone: '+353875552001' });
    await ctx.app.database.db.insert(enquiries).values({
      businessId: memberBusinessId,
      contactId: idOf('Undo Enquiry'),
      subject: 'Call me back',
      source: 'manual',
    });
    await edit(keptBefore.id, {
      name: 'Kept Before Later',
      phone: '+353875551001',
      email: 'kept.before@example.ie',
      company: 'FillCo',
    });

    const undone = await send<ContactImport>(
      'POST',
      `/api/contacts/imports/${body.import.id}/undo`,
    );
    expect(undone.status).toBe(200);
    expect(undone.body).toMatchObject({ status: 'undone', undoKeptCount: 3 });
    const after = await contactsOf();
    const named = (name: string) => after.find((c) => c.name === name);
    expect(named('Undo Edited Later')).toBeDefined();
    expect(named('Undo Enquiry')).toBeDefined();
    expect(named('Undo Plain')).toBeUndefined();
    const left = await ctx.app.database.db
      .select({ subject: enquiries.subject })
      .from(enquiries)
      .where(eq(enquiries.contactId, idOf('Undo Enquiry')));
    expect(left).toEqual([{ subject: 'Call me back' }]);
    expect(after.find((c) => c.id === keptBefore.id)).toMatchObject({
      name: 'Kept Before Later',
      email: 'kept.before@example.ie',
      company: 'FillCo',
    });
    expect(after.find((c) => c.id === restoredBefore.id)).toMatchObject({
      name: 'Restored Before',
      email: null,
      company: null,
    });
  });

  it('fills an existing contact matched by two people of the file once, first come first', async () => {
    const created = await send<Contact>('POST', '/api/contacts', {
      name: 'Twice Matched',
      phone: '+353 86 700 0001',
      email: 'twice@example.ie',
    });
    expect(created.status).toBe(201);
    // One row finds it by phone, another (a different person in the file) by email; both
    // bring a company, the contact has none: the first fills it, the second must not replace it.
    const csv = [
      'Name,Phone,Email,Company',
      'Row One,086 700 0001,,First Co',
      'Row Two,,twice@example.ie,Second Co',
    ].join('\n');
    const { body } = await upload(csv, [
      { name: 'mapping', value: JSON.stringify({ name: 0, phone: 1, email: 2, company: 3 }) },
      { name: 'commit', value: 'true' },
    ]);
    await ctx.app.contactImportJob.runImport(body.import.id);
    const done = await send<ContactImport>('GET', `/api/contacts/imports/${body.import.id}`);
    expect(done.body).toMatchObject({ status: 'completed', createdCount: 0, updatedCount: 1 });
    const after = await send<Contact>('GET', `/api/contacts/${created.body.id}`);
    expect(after.body).toMatchObject({ name: 'Twice Matched', company: 'First Co' });

    await send('POST', `/api/contacts/imports/${body.import.id}/undo`);
    const undone = await send<Contact>('GET', `/api/contacts/${created.body.id}`);
    expect(undone.body).toMatchObject({ name: 'Twice Matched', company: null });
  });

  it('commits at once with a mapping in the upload (the one-shot form)', async () => {
    const { status, body } = await upload('Name,Email\nDara,dara@example.ie\n', [
      { name: 'mapping', value: JSON.stringify({ name: 0, email: 1 }) },
      { name: 'commit', value: 'true' },
    ]);
    expect(status).toBe(201);
    expect(body.import.status).toBe('queued');
    expect(await ctx.app.contactImportJob.runImport(body.import.id)).toBe(true);
    const done = await send<ContactImport>('GET', `/api/contacts/imports/${body.import.id}`);
    expect(done.body).toMatchObject({ status: 'completed', createdCount: 1 });
  });

  it('drops control characters from cells and the file name, and imports the rows', async () => {
    // A NUL cannot be stored in PostgreSQL text; it once failed the whole import.
    const padding = Array.from({ length: 20 }, (_, i) => `Padding ${i},,pad${i}@example.ie,`);
    const csv = [
      'Name,Phone,Email,Notes',
      'Nuala\u0000 Ní Bhriain,,nuala@example.ie,first\u0000line\u001b[31m',
      'Broken Number,12\u00003,broken@nul.example,',
      ...padding,
    ].join('\n');
    const { status, body } = await upload(
      csv,
      [
        { name: 'mapping', value: JSON.stringify({ name: 0, phone: 1, email: 2, notes: 3 }) },
        { name: 'commit', value: 'true' },
      ],
      member,
      ctx.app,
      'nul\u0000list.csv',
    );
    expect(status).toBe(201);
    expect(body.import.fileName).toBe('nullist.csv');
    expect(await ctx.app.contactImportJob.runImport(body.import.id)).toBe(true);
    const done = await send<ContactImport>('GET', `/api/contacts/imports/${body.import.id}`);
    // The bad phone is left out and reported; the row still has a good email (decision 021).
    expect(done.body).toMatchObject({
      status: 'completed',
      createdCount: 22,
      failedCount: 0,
      warningCount: 1,
    });
    const nuala = (await contactsOf()).find((c) => c.email === 'nuala@example.ie');
    expect(nuala).toMatchObject({ name: 'Nuala Ní Bhriain', notes: 'firstline[31m' });
    const errors = await send('GET', `/api/contacts/imports/${body.import.id}/errors.csv`);
    expect(errors.res.body).toContain('Invalid phone number: 123');
  });

  it.each([
    ['cut off in the middle', (full: Buffer) => full.subarray(0, full.length - 30), undefined],
    ['cut off in the part header', (full: Buffer) => full.subarray(0, 60), undefined],
    ['not multipart at all', () => Buffer.from('garbage'), undefined],
    ['sent without its boundary', (full: Buffer) => full, 'multipart/form-data'],
  ])('answers an upload %s with 400, not 500', async (_, cut, contentType) => {
    const before = (await importsOf()).meta.total;
    const form = multipart([{ name: 'file', value: CONTACTS_CSV, filename: 'contacts.csv' }]);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/contacts/import',
      headers: { ...member, 'content-type': contentType ?? form.contentType },
      payload: cut(form.payload),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<WireError>().error).toMatchObject({
      code: 'MALFORMED_UPLOAD',
      message: contactImportMessages.malformedUpload,
    });
    expect((await importsOf()).meta.total).toBe(before);
  });

  it.each([
    ['JSON', 'application/json', '{"file":"Name,Email"}'],
    ['plain text', 'text/plain', 'Name,Email\nDara,dara@example.ie'],
  ])('answers an upload sent as %s with 415', async (_, contentType, payload) => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/contacts/import',
      headers: { ...member, 'content-type': contentType },
      payload,
    });
    expect(res.statusCode).toBe(415);
    expect(res.json<WireError>().error.message).toBe(contactImportMessages.notMultipart);
  });

  it.each([
    ['an empty file', '', IMPORT_MESSAGES.empty],
    ['a header without rows', 'Name,Phone\n', IMPORT_MESSAGES.headerOnly],
    ['a PDF', Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n'), IMPORT_MESSAGES.unsupported],
  ])('refuses %s with its message and stores nothing', async (_, content, message) => {
    const before = (await importsOf()).meta.total;
    const { status, body } = await upload(content);
    expect(status).toBe(422);
    expect(body.error.message).toBe(message);
    expect((await importsOf()).meta.total).toBe(before);
  });

  it('keeps another business’s imports out of reach (404), and admins out (403)', async () => {
    const id = firstImport.id;
    for (const [method, url] of [
      ['GET', `/api/contacts/imports/${id}`],
      ['GET', `/api/contacts/imports/${id}/errors.csv`],
      ['POST', `/api/contacts/imports/${id}/undo`],
    ] as const) {
      expect((await send(method, url, undefined, stranger)).status).toBe(404);
    }
    const commit = await send(
      'POST',
      `/api/contacts/imports/${id}/commit`,
      {
        mapping: { name: 0, email: 1 },
      },
      stranger,
    );
    expect(commit.status).toBe(404);
    expect((await importsOf(stranger)).meta.total).toBe(0);
    expect((await send('GET', '/api/contacts/imports', undefined, admin)).status).toBe(403);
    expect((await upload(CONTACTS_CSV, [], admin)).status).toBe(403);
  });

  it('shows its progress while it runs, after every batch', async () => {
    const importId = await queueNumbered('Progress', 4500, '086', 2_000_000);
    const seen: ContactImport[] = [];
    // While the job is between batches (its transaction open), the page polls the import.
    await runWithHook(importId, async () => {
      seen.push((await send<ContactImport>('GET', `/api/contacts/imports/${importId}`)).body);
      const listed = await send<ContactImportList>('GET', '/api/contacts/imports');
      expect(listed.body.data.find((i) => i.id === importId)?.processedRows).toBe(
        seen.at(-1)?.processedRows,
      );
    });
    expect(seen.map((i) => [i.status, i.processedRows, i.createdCount, i.totalRows])).toEqual([
      ['running', 2000, 2000, 4500],
      ['running', 4000, 4000, 4500],
      ['running', 4500, 4500, 4500],
    ]);
    // An estimate of the time left comes with each, from the pace so far; none once done.
    expect(seen.map((i) => typeof i.secondsLeft)).toEqual(['number', 'number', 'number']);
    expect(seen.at(-1)?.secondsLeft).toBe(0);
    const done = await send<ContactImport>('GET', `/api/contacts/imports/${importId}`);
    expect(done.body).toMatchObject({
      status: 'completed',
      processedRows: 4500,
      totalRows: 4500,
      createdCount: 4500,
      secondsLeft: null,
    });
  });

  it('streams its progress from memory while it runs, even when the database is busy with it', async () => {
    const importId = await queueNumbered('Streamed', 4500, '089', 3_000_000);
    const service = new ContactImportsService({
      db: ctx.app.database.db,
      limits: { maxFileMb: 25, maxUncompressedMb: 100 },
      kick: () => undefined,
      progressOf: (id) => ctx.app.contactImportJob.progressOf(id),
    });
    const business = { id: memberBusinessId, country: 'Ireland', timezone: 'Europe/Dublin' };
    const watcher = service.watch(business, importId, { everyMs: 1 });
    const seen = [(await watcher.next()).value as ContactImport];
    // After each batch (its transaction open, PGlite's only connection held), the next line.
    await runWithHook(importId, async () => {
      seen.push((await watcher.next()).value as ContactImport);
    });
    for await (const row of watcher) seen.push(row);
    expect(seen.map((i) => [i.status, i.processedRows, i.totalRows])).toEqual([
      ['queued', 0, null],
      ['running', 2000, 4500],
      ['running', 4000, 4500],
      ['running', 4500, 4500],
      ['completed', 4500, 4500],
    ]);
    expect(seen.slice(1, 4).map((i) => typeof i.secondsLeft)).toEqual([
      'number',
      'number',
      'number',
    ]);
  });

  it('answers the commit as a stream of progress lines when asked to', async () => {
    const { body } = await upload('Name,Phone\nAnn,+353871234567\nBob,+353871234568\n');
    const answer = ctx.app.inject({
      method: 'POST',
      url: `/api/contacts/imports/${body.import.id}/commit`,
      headers: { ...member, accept: 'application/x-ndjson' },
      payload: { mapping: { name: 0, phone: 1 } },
    });
    // Run it once the commit has queued it.
    while (!(await ctx.app.contactImportJob.runImport(body.import.id)))
      await new Promise((resolve) => setImmediate(resolve));
    const res = await answer;
    expect(res.statusCode).toBe(202);
    expect(res.headers['content-type']).toMatch(/^application\/x-ndjson/);
    const lines = res.body
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as ContactImport);
    // The first line is the import as the stream first read it (queued, or already taken up).
    expect(lines[0]?.id).toBe(body.import.id);
    expect(lines.at(-1)).toMatchObject({ status: 'completed', createdCount: 2, processedRows: 2 });
    // Without the header: the import, as before.
    const plain = await upload('Name,Phone\nCy,+353871234569\n');
    const json = await send<ContactImport>(
      'POST',
      `/api/contacts/imports/${plain.body.import.id}/commit`,
      { mapping: { name: 0, phone: 1 } },
    );
    expect(json.body).toMatchObject({ status: 'queued' });
  });

  it('writes nothing when the import fails half way', async () => {
    // Three batches of 2,000: it fails after the first.
    const importId = await queueNumbered('Person', 4500, '087', 1_000_000);
    let batches = 0;
    await runWithHook(importId, async () => {
      batches += 1;
      // On PostgreSQL the lease's heartbeat stores the progress so far on the row (PGlite's
      // only connection is the import's): the failure must not leave those counts shown.
      if (target === 'postgres') {
        await ctx.app.database.db
          .update(contactImports)
          .set({ processedRows: 2000, createdCount: 2000, totalRows: 4500 })
          .where(eq(contactImports.id, importId));
      }
      throw new Error('the server stopped');
    });
    expect(batches).toBe(1);
    await expectFailedWithNothingWritten(importId);
  });

  it('hands a running import back when its server stops, and runs it whole the next time', async () => {
    // Three batches of 2,000: the server stops during the first.
    const importId = await queueNumbered('Handed', 4500, '085', 6_000_000);
    const job = ctx.app.contactImportJob;
    let stopped: Promise<void> | undefined;
    let batches = 0;
    await runWithHook(importId, () => {
      batches += 1;
      stopped ??= job.stop(); // what app.close() does on SIGTERM
    });
    await stopped;
    // Stopped at the next batch, rolled back, and waiting for the next runner.
    expect(batches).toBe(1);
    const handedBack = await send<ContactImport>('GET', `/api/contacts/imports/${importId}`);
    expect(handedBack.body).toMatchObject({
      status: 'queued',
      error: null,
      totalRows: null,
      startedAt: null,
      ...NOTHING,
    });
    // PostgreSQL rolled it back; PGlite's committed batches are taken back by its next run
    // (decision 074: the shutdown's grace period does not wait for them).
    if (target === 'postgres') expect(await writtenBy(importId)).toEqual([]);

    expect(await job.runImport(importId)).toBe(true);
    const done = await send<ContactImport>('GET', `/api/contacts/imports/${importId}`);
    expect(done.body).toMatchObject({
      status: 'completed',
      error: null,
      processedRows: 4500,
      createdCount: 4500,
      failedCount: 0,
    });
    expect(await writtenBy(importId)).toHaveLength(4500);
  });

  it('lets other requests use the database between two batches while it runs', async () => {
    // On PGlite, one connection: each batch is committed on its own (decision 074), so a page
    // asked for mid-import answers before the import ends (in one transaction it waited).
    const importId = await queueNumbered('Between', 4500, '084', 5_000_000);
    const seen: number[] = [];
    await runWithHook(importId, async () => {
      const page = await send<ContactList>('GET', '/api/contacts?limit=1&search=Between');
      expect(page.status).toBe(200);
      seen.push(page.body.meta.total);
    });
    expect(seen).toHaveLength(3);
    const done = await send<ContactImport>('GET', `/api/contacts/imports/${importId}`);
    expect(done.body).toMatchObject({ status: 'completed', createdCount: 4500 });
  });

  it('fails whole when another request takes one of its phone numbers while it runs', async () => {
    // Batches are sent ahead of their being written: a statement that fails in the third
    // must still fail the import, with the batches after it, and leave nothing behind (on
    // PGlite the batches committed before it are taken back).
    const importId = await queueNumbered('Racer', 6500, '086', 3_000_000);
    let walkIn: { status: number; body: Contact } | undefined;
    await runWithHook(importId, async () => {
      // A caller of row 5,001 is saved by hand, outside the import's transaction.
      walkIn ??= await send<Contact>('POST', '/api/contacts', {
        name: 'Walk-in',
        phone: '086 3005000',
      });
    });
    expect(walkIn?.status).toBe(201);
    await expectFailedWithNothingWritten(importId);
    const kept = await ctx.app.database.db
      .select({ name: contacts.name, source: contacts.source })
      .from(contacts)
      .where(eq(contacts.phone, '+353863005000'));
    expect(kept).toEqual([{ name: 'Walk-in', source: 'manual' }]);
  });

  /** Leaves the import as a server that died mid-way does: running, its heartbeat's counts. */
  const leftRunning = (importId: string, leaseSeconds: number, interruptions = 0) =>
    ctx.app.database.db
      .update(contactImports)
      .set({
        status: 'running',
        startedAt: new Date(),
        processedRows: 46_713,
        createdCount: 46_713,
        totalRows: 60_000,
        leaseOwner: 'a-dead-process',
        leaseExpiresAt: new Date(Date.now() + leaseSeconds * 1000),
        interruptions,
      })
      .where(eq(contactImports.id, importId));

  it('queues again an import its dead server left running, and fails one whose server died under it too often', async () => {
    const again = await queueNumbered('Again', 3, '085', 7_000_000);
    const tooOften = await queueNumbered('Often', 3, '085', 7_100_000);
    await leftRunning(again, -1);
    await leftRunning(tooOften, -1, MAX_IMPORT_INTERRUPTIONS - 1);
    // What start() does first (and, on PostgreSQL, every half lease while it polls).
    expect(await ctx.app.contactImportJob.recoverInterrupted()).toEqual({ queued: 1, failed: 1 });
    const queued = await send<ContactImport>('GET', `/api/contacts/imports/${again}`);
    expect(queued.body).toMatchObject({
      status: 'queued',
      error: null,
      totalRows: null,
      ...NOTHING,
    });
    const failed = await send<ContactImport>('GET', `/api/contacts/imports/${tooOften}`);
    expect(failed.body).toMatchObject({
      status: 'failed',
      error: contactImportMessages.interrupted,
      ...NOTHING,
    });
    expect(await ctx.app.contactImportJob.runImport(again)).toBe(true);
    const done = await send<ContactImport>('GET', `/api/contacts/imports/${again}`);
    expect(done.body).toMatchObject({ status: 'completed', createdCount: 3 });
  });

  it.runIf(target === 'pglite')(
    'takes back the batches an import committed before its server died (PGlite, decision 074)',
    async () => {
      const importId = await queueNumbered('Dead', 2, '085', 7_300_000);
      const [kept] = await ctx.app.database.db
        .insert(contacts)
        .values({
          businessId: memberBusinessId,
          name: 'Kept Before',
          email: 'kept@dead.example',
          source: 'manual',
        })
        .returning({ id: contacts.id });
      // What two committed batches leave: a contact created, one filled in with its image.
      await ctx.app.database.db.insert(contacts).values({
        businessId: memberBusinessId,
        name: 'Dead 0',
        phone: '+353857300000',
        importId,
        source: 'import',
      });
      await ctx.app.database.db
        .update(contacts)
        .set({ company: 'Filled By Import', phone: '+353857300001' })
        .where(eq(contacts.id, kept!.id));
      await ctx.app.database.db.insert(contactImportChanges).values({
        importId,
        contactId: kept!.id,
        before: {
          name: 'Kept Before',
          phone: null,
          email: 'kept@dead.example',
          company: null,
          notes: null,
          country: null,
          otherPhones: [],
          otherEmails: [],
          fields: null,
        },
      });
      await leftRunning(importId, 60);
      expect(await ctx.app.contactImportJob.recoverInterrupted()).toEqual({
        queued: 1,
        failed: 0,
      });
      expect(await writtenBy(importId)).toEqual([]);
      const [restored] = await ctx.app.database.db
        .select({ company: contacts.company, phone: contacts.phone, name: contacts.name })
        .from(contacts)
        .where(eq(contacts.id, kept!.id));
      expect(restored).toEqual({ company: null, phone: null, name: 'Kept Before' });
      expect(await ctx.app.contactImportJob.runImport(importId)).toBe(true);
      const done = await send<ContactImport>('GET', `/api/contacts/imports/${importId}`);
      expect(done.body).toMatchObject({ status: 'completed', createdCount: 2, updatedCount: 0 });
    },
  );

  it.runIf(target === 'pglite')(
    'queues again an import left running at start-up even while its lease would hold (PGlite: one process)',
    async () => {
      // A server killed and restarted within the lease: no other process can be running it.
      const importId = await queueNumbered('Relaunch', 2, '085', 7_200_000);
      await leftRunning(importId, 60);
      expect(await ctx.app.contactImportJob.recoverInterrupted()).toEqual({
        queued: 1,
        failed: 0,
      });
      const after = await send<ContactImport>('GET', `/api/contacts/imports/${importId}`);
      expect(after.body).toMatchObject({ status: 'queued', error: null });
    },
  );
});

describe('contact import size cap', () => {
  it('answers 413 with the cap in the message and stores nothing', async () => {
    const ctx = await buildTestApp('pglite', { SANDBOX_CALLS: '0', IMPORT_MAX_FILE_MB: '1' });
    try {
      const owner = await createBusinessWithMember(ctx.app);
      const headers = await sessionHeaders(ctx.app, owner.userName);
      const big = `Name,Email\n${'Someone,someone@example.ie\n'.repeat(50_000)}`;
      const { payload, contentType } = multipart([
        { name: 'file', value: big, filename: 'big.csv' },
      ]);
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/contacts/import',
        headers: { ...headers, 'content-type': contentType },
        payload,
      });
      expect(res.statusCode).toBe(413);
      expect(res.json<WireError>().error.message).toBe('The file is larger than 1 MB.');
      expect(await ctx.app.database.db.select().from(contactImports)).toEqual([]);
    } finally {
      await ctx.close();
    }
  });
});
