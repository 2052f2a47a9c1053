import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorResponse, jsonResponse, type ApiRequest } from '../../../test/fake-api';
import { pickOption } from '../../../test/combobox';
import { renderApp } from '../../../test/render';
import { MAPPING_MESSAGES as importMappingMessages } from '@switchboard/shared/contact-imports';
import { buildContactImport, buildUpload, stubContactsApi } from '../testing/fake-contacts-api';
import { timeLeft } from './import-progress-step';

type Handler = (request: ApiRequest) => Response | Promise<Response>;

const csv = () =>
  new File(['Full name,Mobile,E-mail\nAnn Murphy,087 123 4567,ann@example.com\n'], 'patients.csv', {
    type: 'text/csv',
  });

async function openImportDialog(handlers: Record<string, Handler> = {}) {
  const api = stubContactsApi({
    handlers: {
      'POST /api/contacts/import': () => jsonResponse(buildUpload(), { status: 201 }),
      ...handlers,
    },
  });
  const app = renderApp('/contacts');
  await screen.findByRole('cell', { name: 'Contact 1' });
  await app.user.click(screen.getByRole('button', { name: 'Import contacts' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Import contacts' }));
  return { ...app, api, dialog };
}

/** Picks an option of one of the mapping selects, in the list that select opens. */
async function choose(
  user: ReturnType<typeof renderApp>['user'],
  dialog: Awaited<ReturnType<typeof openImportDialog>>['dialog'],
  field: string,
  option: string,
) {
  const combobox = dialog.getByRole('combobox', { name: field });
  await user.click(combobox);
  await pickOption(user, combobox, option);
}

describe('import contacts', () => {
  it('uploads the file as multipart and previews it with the suggested mapping', async () => {
    const { user, dialog, api } = await openImportDialog();

    await user.upload(dialog.getByLabelText('Choose a CSV or Excel file'), csv());

    expect(await dialog.findByRole('cell', { name: 'Brian Kelly' })).toBeInTheDocument();
    const upload = api.fetchSpy.mock.calls.find(([input]) => input === '/api/contacts/import');
    const body = upload?.[1]?.body;
    expect(body).toBeInstanceOf(FormData);
    expect(((body as FormData).get('file') as File).name).toBe('patients.csv');

    expect(dialog.getByRole('combobox', { name: 'Name' })).toHaveValue('Full name');
    expect(dialog.getByRole('combobox', { name: 'Phone' })).toHaveValue('Mobile');
    expect(dialog.getByRole('combobox', { name: 'Email' })).toHaveValue('E-mail');
    expect(dialog.getByRole('combobox', { name: 'Company' })).toHaveValue('—');
    expect(dialog.getByRole('button', { name: 'Import 10 rows' })).toBeInTheDocument();
    // Beside every field, what it would get from the first rows.
    expect(dialog.getByText('087 123 4567 · 086 765 4321')).toBeInTheDocument();
    expect(dialog.getByText('Ann Murphy · Brian Kelly')).toBeInTheDocument();
    expect(dialog.getAllByText('Not imported').length).toBeGreaterThan(0);
    // National numbers are read in the business's country unless another is chosen.
    expect(dialog.getByRole('combobox', { name: 'Country for national numbers' })).toHaveValue(
      'Ireland',
    );
  });

  it('offers the title column, flips "Last, First", warns of foreign numbers, and sends the choices', async () => {
    const upload = buildUpload();
    upload.preview = {
      ...upload.preview,
      headers: ['Title', 'Patient', 'Mobile', 'Country'],
      sample: [
        ['Dr.', 'Murphy, Ann', '+44 20 7946 0958', ''],
        ['', 'Kelly, Brian', '0151 23456789', 'Germany'],
      ],
      suggestedMapping: { prefix: 0, name: 1, phone: 2 },
      suggestedOptions: { flipNames: true, onMatch: 'update' },
      phoneCheck: { rows: 40, numbers: 40, foreign: 12, countries: ['GB', 'DE'] },
    };
    const { user, dialog, api } = await openImportDialog({
      'POST /api/contacts/import': () => jsonResponse(upload, { status: 201 }),
      'POST /api/contacts/imports/import-1/commit': () =>
        jsonResponse(buildContactImport({ status: 'queued' }), { status: 202 }),
      'GET /api/contacts/imports/import-1': () =>
        jsonResponse(buildContactImport({ status: 'running', processedRows: 0 })),
    });
    await user.upload(dialog.getByLabelText('Choose a CSV or Excel file'), csv());
    await dialog.findByRole('cell', { name: 'Kelly, Brian' });

    expect(dialog.getByRole('combobox', { name: 'Title (Dr., Mrs.)' })).toHaveValue('Title');
    const flip = dialog.getByRole('switch', { name: /last, first/i });
    expect(flip).toBeChecked();
    expect(dialog.getByText('Murphy, Ann → Ann Murphy')).toBeInTheDocument();
    const warning =
      '12 numbers look foreign (not from Ireland): choose a country column, or the country the numbers are from. Numbers with a country code are from United Kingdom, Germany.';
    expect(dialog.getByText(warning)).toBeInTheDocument();
    // Choosing the country column answers the warning.
    await choose(user, dialog, 'Country of the row', 'Country');
    expect(dialog.queryByText(warning)).not.toBeInTheDocument();

    await user.click(flip);
    await user.click(dialog.getByRole('radio', { name: /skip the row/i }));
    await user.click(dialog.getByRole('button', { name: 'Import 10 rows' }));
    await waitFor(() =>
      expect(api.calls('POST /api/contacts/imports/import-1/commit')[0]?.body).toEqual({
        mapping: { prefix: 0, name: 1, phone: 2, country: 3 },
        country: 'IE',
        options: { flipNames: false, onMatch: 'skip' },
      }),
    );
    expect(await dialog.findByText('0 of 10 rows imported')).toBeInTheDocument();
  });

  it('shows the server’s reason when it refuses the file', async () => {
    const { user, dialog } = await openImportDialog({
      'POST /api/contacts/import': () =>
        errorResponse(413, 'IMPORT_FILE_TOO_LARGE', 'The file is larger than 25 MB.'),
    });

    await user.upload(dialog.getByLabelText('Choose a CSV or Excel file'), csv());

    const alert = await dialog.findByRole('alert');
    expect(alert).toHaveTextContent('This file cannot be imported');
    expect(alert).toHaveTextContent('The file is larger than 25 MB.');
    // The zone is still there to try another file.
    expect(dialog.getByLabelText('Choose a CSV or Excel file')).toBeEnabled();
  });

  it('says what is wrong with the mapping before committing it', async () => {
    const { user, dialog, api } = await openImportDialog();
    await user.upload(dialog.getByLabelText('Choose a CSV or Excel file'), csv());
    await dialog.findByRole('cell', { name: 'Brian Kelly' });

    await choose(user, dialog, 'Name', '—');
    await choose(user, dialog, 'Phone', '—');
    await choose(user, dialog, 'Email', '—');
    await user.click(dialog.getByRole('button', { name: 'Import 10 rows' }));

    expect(await dialog.findByText(importMappingMessages.name)).toBeInTheDocument();
    expect(dialog.getByText(importMappingMessages.contact)).toBeInTheDocument();

    await choose(user, dialog, 'Email', 'E-mail');
    await choose(user, dialog, 'First name', 'Full name');
    await choose(user, dialog, 'Last name', 'Full name');
    expect(dialog.queryByText(importMappingMessages.contact)).not.toBeInTheDocument();
    expect(dialog.getByText(importMappingMessages.duplicate)).toBeInTheDocument();

    await user.click(dialog.getByRole('button', { name: 'Import 10 rows' }));
    expect(api.calls('POST /api/contacts/imports/import-1/commit')).toEqual([]);
  });

  it('commits the mapping, shows the progress, then the counts and the rejected rows', async () => {
    let progressSeen = false;
    const { user, dialog, api } = await openImportDialog({
      'POST /api/contacts/imports/import-1/commit': () =>
        jsonResponse(buildContactImport({ status: 'queued' }), { status: 202 }),
      'GET /api/contacts/imports/import-1': () => {
        // Running until the test has seen the progress: on a busy machine a poll a second
        // later could otherwise finish the import before the progress was ever looked at.
        return jsonResponse(
          !progressSeen
            ? buildContactImport({ status: 'running', processedRows: 4, secondsLeft: 75 })
            : buildContactImport({
                status: 'completed',
                processedRows: 10,
                createdCount: 5,
                updatedCount: 1,
                skippedCount: 2,
                failedCount: 2,
              }),
        );
      },
    });
    await user.upload(dialog.getByLabelText('Choose a CSV or Excel file'), csv());
    await dialog.findByRole('cell', { name: 'Brian Kelly' });
    await choose(user, dialog, 'Company', 'Clinic');
    const listsBefore = api.calls('GET /api/contacts').length;

    await user.click(dialog.getByRole('button', { name: 'Import 10 rows' }));

    expect(await dialog.findByText('4 of 10 rows imported · about 2 min left')).toBeInTheDocument();
    expect(dialog.getByRole('progressbar', { name: 'Import progress' })).toHaveAttribute(
      'aria-valuenow',
      '40',
    );
    expect(api.calls('POST /api/contacts/imports/import-1/commit')[0]?.body).toEqual({
      mapping: { name: 0, phone: 1, email: 2, company: 3 },
      country: 'IE',
      options: { flipNames: false, onMatch: 'update' },
    });
    progressSeen = true;

    // The next poll, a second later, finds it done.
    expect(
      await dialog.findByText('5 created · 1 updated · 2 skipped · 2 failed'),
    ).toBeInTheDocument();
    expect(dialog.getByText('Import finished with warnings')).toBeInTheDocument();
    expect(dialog.getByRole('link', { name: /download the rows to fix/i })).toHaveAttribute(
      'href',
      '/api/contacts/imports/import-1/errors.csv',
    );
    // The list is asked again, to show the new contacts.
    await waitFor(() => expect(api.calls('GET /api/contacts').length).toBeGreaterThan(listsBefore));
  });

  it('shows the progress the commit streams while the import keeps the server busy', async () => {
    let push: (row: unknown) => void = () => undefined;
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        push = (row) => controller.enqueue(new TextEncoder().encode(`${JSON.stringify(row)}\n`));
      },
    });
    const { user, dialog } = await openImportDialog({
      'POST /api/contacts/imports/import-1/commit': () => {
        push(buildContactImport({ status: 'queued' }));
        return new Response(stream, {
          status: 202,
          headers: { 'content-type': 'application/x-ndjson' },
        });
      },
      // The server answers nothing else until the import ends (PGlite's one connection).
      'GET /api/contacts/imports/import-1': () => new Promise<Response>(() => undefined),
    });
    await user.upload(dialog.getByLabelText('Choose a CSV or Excel file'), csv());
    await dialog.findByRole('cell', { name: 'Brian Kelly' });
    await user.click(dialog.getByRole('button', { name: 'Import 10 rows' }));
    expect(await dialog.findByText('Waiting to start patients.csv…')).toBeInTheDocument();

    push(buildContactImport({ status: 'running', processedRows: 0, totalRows: null }));
    expect(await dialog.findByText('Counting the rows of patients.csv…')).toBeInTheDocument();
    push(buildContactImport({ status: 'running', processedRows: 4, secondsLeft: 30 }));
    expect(await dialog.findByText('4 of 10 rows imported · about 30 s left')).toBeInTheDocument();
    push(buildContactImport({ status: 'completed', processedRows: 10, createdCount: 10 }));
    expect(
      await dialog.findByText('10 created · 0 updated · 0 skipped · 0 failed'),
    ).toBeInTheDocument();
  });

  it('shows why an import failed', async () => {
    const { user, dialog } = await openImportDialog({
      'POST /api/contacts/imports/import-1/commit': () =>
        jsonResponse(buildContactImport({ status: 'queued' }), { status: 202 }),
      'GET /api/contacts/imports/import-1': () =>
        jsonResponse(
          buildContactImport({
            status: 'failed',
            error: 'The import failed; nothing was imported. Start it again.',
          }),
        ),
    });
    await user.upload(dialog.getByLabelText('Choose a CSV or Excel file'), csv());
    await user.click(await dialog.findByRole('button', { name: 'Import 10 rows' }));

    const alert = await dialog.findByRole('alert');
    expect(alert).toHaveTextContent('The import failed');
    expect(alert).toHaveTextContent('nothing was imported. Start it again.');
    expect(dialog.queryByRole('link', { name: /rows to fix/i })).not.toBeInTheDocument();
  });
});

describe('import history', () => {
  it('undoes a completed import only after confirmation, then refreshes the contacts', async () => {
    const completed = buildContactImport({
      status: 'completed',
      processedRows: 10,
      createdCount: 8,
      failedCount: 2,
    });
    const api = stubContactsApi({
      imports: [
        completed,
        buildContactImport({ id: 'import-0', fileName: 'old.csv', status: 'undone' }),
      ],
      handlers: {
        'POST /api/contacts/imports/import-1/undo': () =>
          jsonResponse({ ...completed, status: 'undone' }),
      },
    });
    const { user } = renderApp('/contacts');
    const history = within(await screen.findByRole('region', { name: 'Import history' }));
    const row = within((await history.findByText('patients.csv')).closest('tr')!);
    expect(row.getByText('Completed with warnings')).toBeInTheDocument();
    expect(row.getByText('8 created · 0 updated · 0 skipped · 2 failed')).toBeInTheDocument();
    expect(row.getByRole('link', { name: /rows to fix/i })).toHaveAttribute(
      'href',
      '/api/contacts/imports/import-1/errors.csv',
    );
    // Only a completed import can be undone.
    expect(history.getAllByRole('button', { name: /^undo the import/i })).toHaveLength(1);

    await user.click(row.getByRole('button', { name: 'Undo the import of patients.csv' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Undo import' }));
    expect(dialog.getByText(/8 contacts it created are deleted/)).toBeInTheDocument();
    expect(
      dialog.getByText(
        /Contacts changed since the import, or with enquiries or appointments, are kept/,
      ),
    ).toBeInTheDocument();
    expect(api.calls('POST /api/contacts/imports/import-1/undo')).toEqual([]);
    const listsBefore = api.calls('GET /api/contacts').length;

    await user.click(dialog.getByRole('button', { name: 'Yes, undo the import' }));

    await waitFor(() =>
      expect(api.calls('POST /api/contacts/imports/import-1/undo')).toHaveLength(1),
    );
    expect(await screen.findByText('Import undone')).toBeInTheDocument();
    await waitFor(() => expect(api.calls('GET /api/contacts').length).toBeGreaterThan(listsBefore));
  });
});

describe('import counts', () => {
  it('adds up to the rows read once an import ends, says what an undo kept, and offers no rejected rows while it runs', async () => {
    stubContactsApi({
      imports: [
        buildContactImport({
          status: 'completed',
          processedRows: 30_000,
          createdCount: 29_102,
          failedCount: 462,
          mergedCount: 436,
        }),
        buildContactImport({
          id: 'import-3',
          fileName: 'undone.csv',
          status: 'undone',
          processedRows: 3,
          createdCount: 2,
          updatedCount: 1,
          undoKeptCount: 2,
        }),
        buildContactImport({
          id: 'import-2',
          fileName: 'running.csv',
          status: 'running',
          processedRows: 4_000,
          createdCount: 3_900,
          failedCount: 40,
        }),
      ],
    });
    renderApp('/contacts');
    const history = within(await screen.findByRole('region', { name: 'Import history' }));
    const done = within((await history.findByText('patients.csv')).closest('tr')!);
    expect(
      done.getByText(
        '29,102 created · 0 updated · 0 skipped · 462 failed · 436 merged with another row',
      ),
    ).toBeInTheDocument();
    expect(done.getByRole('link', { name: /rows to fix/i })).toBeInTheDocument();
    const undone = within(history.getByText('undone.csv').closest('tr')!);
    expect(
      undone.getByText(
        '2 created · 1 updated · 0 skipped · 0 failed · 2 kept when undone (changed since)',
      ),
    ).toBeInTheDocument();
    const running = within(history.getByText('running.csv').closest('tr')!);
    expect(
      running.getByText('3,900 created · 0 updated · 0 skipped · 40 failed'),
    ).toBeInTheDocument();
    expect(running.queryByRole('link', { name: /rows to fix/i })).not.toBeInTheDocument();
  });
});

describe('import outcomes', () => {
  it('labels each outcome honestly: warnings, every row failed (no undo), a preview to delete', async () => {
    const api = stubContactsApi({
      imports: [
        buildContactImport({
          status: 'completed',
          processedRows: 9,
          createdCount: 9,
          warningCount: 1,
        }),
        buildContactImport({
          id: 'import-2',
          fileName: 'all-bad.csv',
          status: 'failed',
          processedRows: 2,
          failedCount: 2,
          error: 'Every row had a problem; nothing was imported.',
        }),
        buildContactImport({ id: 'import-3', fileName: 'left.csv', status: 'uploaded' }),
      ],
      handlers: {
        'DELETE /api/contacts/imports/import-3': () => new Response(null, { status: 204 }),
      },
    });
    const { user } = renderApp('/contacts');
    const history = within(await screen.findByRole('region', { name: 'Import history' }));
    const warned = within((await history.findByText('patients.csv')).closest('tr')!);
    expect(warned.getByText('Completed with warnings')).toBeInTheDocument();
    expect(
      warned.getByText('9 created · 0 updated · 0 skipped · 0 failed · 1 imported with warnings'),
    ).toBeInTheDocument();
    expect(warned.getByRole('link', { name: /rows to fix/i })).toBeInTheDocument();

    const failed = within(history.getByText('all-bad.csv').closest('tr')!);
    expect(failed.getByText('Failed')).toBeInTheDocument();
    expect(failed.queryByRole('button', { name: /undo/i })).not.toBeInTheDocument();
    expect(failed.getByRole('link', { name: /rows to fix/i })).toBeInTheDocument();

    const left = within(history.getByText('left.csv').closest('tr')!);
    expect(left.getByText('Not started · removed after a day')).toBeInTheDocument();
    await user.click(left.getByRole('button', { name: 'Delete the unstarted import of left.csv' }));
    await waitFor(() => expect(api.calls('DELETE /api/contacts/imports/import-3')).toHaveLength(1));
  });
});

describe('timeLeft', () => {
  it("says the server's estimate in seconds, then minutes", () => {
    expect(timeLeft({ status: 'running', secondsLeft: 8 })).toBe('about 8 s left');
    expect(timeLeft({ status: 'running', secondsLeft: 0 })).toBe('about 1 s left');
    expect(timeLeft({ status: 'running', secondsLeft: 61 })).toBe('about 2 min left');
    expect(timeLeft({ status: 'running', secondsLeft: null })).toBeNull();
    expect(timeLeft({ status: 'completed', secondsLeft: 5 })).toBeNull();
  });
});
