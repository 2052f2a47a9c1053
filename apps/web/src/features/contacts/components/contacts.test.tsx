import { contactMessages, CONTACTS_PAGE_SIZE } from '@switchboard/shared/contacts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorResponse } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';
import { buildContacts, stubContactsApi } from '../testing/fake-contacts-api';

const listRequests = (api: ReturnType<typeof stubContactsApi>) =>
  api.calls('GET /api/contacts').map((request) => Object.fromEntries(request.search));

async function openContacts(path = '/contacts') {
  const app = renderApp(path);
  await screen.findByRole('heading', { name: 'Contacts', level: 2 });
  return app;
}

describe('contacts list', () => {
  it('shows a page of 20 contacts with their source, and pages through the URL', async () => {
    const api = stubContactsApi({ contacts: buildContacts(45) });
    const { user, router } = await openContacts();

    const first = await screen.findByRole('cell', { name: 'Contact 1' });
    const row = within(first.closest('tr') as HTMLElement);
    expect(row.getByText('+353870000000')).toBeInTheDocument();
    expect(row.getByText('Call')).toBeInTheDocument();
    expect(
      within(screen.getByRole('cell', { name: 'Contact 2' }).closest('tr')!).getByText('Import'),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('cell', { name: 'Contact 3' }).closest('tr')!).getByText('Manual'),
    ).toBeInTheDocument();
    expect(screen.getByText(`1–${CONTACTS_PAGE_SIZE} of 45 contacts`)).toBeInTheDocument();
    expect(listRequests(api)).toEqual([{ page: '1', limit: '20' }]);

    await user.click(screen.getByRole('button', { name: 'Page 2' }));

    expect(await screen.findByRole('cell', { name: 'Contact 21' })).toBeInTheDocument();
    expect(screen.queryByRole('cell', { name: 'Contact 1' })).not.toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=2');
    expect(listRequests(api).at(-1)).toEqual({ page: '2', limit: '20' });
  });

  it('searches on Enter and starts the results at page 1', async () => {
    const api = stubContactsApi({ contacts: buildContacts(45) });
    const { user, router } = await openContacts('/contacts?page=2');
    await screen.findByRole('cell', { name: 'Contact 21' });

    await user.type(screen.getByRole('textbox', { name: 'Search contacts' }), 'contact 4{Enter}');

    expect(await screen.findByRole('cell', { name: 'Contact 40' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?search=contact+4');
    expect(listRequests(api).at(-1)).toEqual({ page: '1', limit: '20', search: 'contact 4' });
  });

  it('says "Failed to fetch contacts" with the server’s reason', async () => {
    stubContactsApi({
      handlers: {
        'GET /api/contacts': () =>
          errorResponse(400, 'VALIDATION_ERROR', contactMessages.searchTooLong),
      },
    });
    await openContacts();

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(`Failed to fetch contacts: ${contactMessages.searchTooLong}`);
  });

  it('says "Failed to fetch contacts" alone when the server cannot be reached', async () => {
    stubContactsApi({
      handlers: {
        'GET /api/contacts': () => Promise.reject(new TypeError('Failed to fetch')),
      },
    });
    await openContacts();

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(/Failed to fetch contacts(?!:)/);
    expect(alert).not.toHaveTextContent('Failed to fetch contacts:');
  });

  it('with no contacts, offers to add or import some', async () => {
    stubContactsApi({ contacts: [] });
    await openContacts();

    const empty = (await screen.findByText('No contacts yet')).closest('div')!.parentElement!;
    expect(within(empty).getByRole('button', { name: 'Add contact' })).toBeInTheDocument();
    expect(within(empty).getByRole('button', { name: 'Import contacts' })).toBeInTheDocument();
  });
});

describe('add contact', () => {
  async function openAddDialog(api = stubContactsApi()) {
    const app = await openContacts();
    await screen.findByRole('cell', { name: 'Contact 1' });
    await app.user.click(screen.getByRole('button', { name: 'Add contact' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add contact' }));
    return { ...app, api, dialog };
  }

  it('checks the form with the shared contact rules before sending', async () => {
    const { user, dialog, api } = await openAddDialog();

    await user.click(dialog.getByRole('button', { name: 'Add contact' }));
    expect(await dialog.findByText(contactMessages.nameRequired)).toBeInTheDocument();
    expect(dialog.getByText(contactMessages.phoneOrEmail)).toBeInTheDocument();

    await user.type(dialog.getByLabelText(/^email/i), 'not-an-email');
    await user.click(dialog.getByRole('button', { name: 'Add contact' }));
    expect(await dialog.findByText(contactMessages.emailInvalid)).toBeInTheDocument();
    expect(api.calls('POST /api/contacts')).toEqual([]);
  });

  it('adds the contact and shows it in the list', async () => {
    const { user, dialog, api } = await openAddDialog();

    await user.type(dialog.getByLabelText(/^name/i), '  Nora Byrne ');
    await user.type(dialog.getByLabelText(/^phone/i), '087 555 0101');
    await user.click(dialog.getByRole('button', { name: 'Add contact' }));

    expect(await screen.findByRole('cell', { name: 'Nora Byrne' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls('POST /api/contacts')[0]?.body).toMatchObject({
      name: 'Nora Byrne',
      phone: '087 555 0101',
    });
  });

  it('shows a 409 in the form and keeps what was typed', async () => {
    const api = stubContactsApi({
      handlers: {
        'POST /api/contacts': () => errorResponse(409, 'CONFLICT', contactMessages.phoneTaken),
      },
    });
    const { user, dialog } = await openAddDialog(api);

    await user.type(dialog.getByLabelText(/^name/i), 'Nora Byrne');
    await user.type(dialog.getByLabelText(/^phone/i), '087 555 0101');
    await user.click(dialog.getByRole('button', { name: 'Add contact' }));

    const alert = await dialog.findByRole('alert');
    expect(alert).toHaveTextContent('Could not add the contact');
    expect(alert).toHaveTextContent(contactMessages.phoneTaken);
    expect(dialog.getByLabelText(/^name/i)).toHaveValue('Nora Byrne');
  });

  it('puts the server’s field messages under the fields', async () => {
    const api = stubContactsApi({
      handlers: {
        'POST /api/contacts': () =>
          errorResponse(400, 'VALIDATION_ERROR', 'Invalid request', {
            issues: [{ path: 'body.phone', message: contactMessages.phoneInvalid }],
          }),
      },
    });
    const { user, dialog } = await openAddDialog(api);

    await user.type(dialog.getByLabelText(/^name/i), 'Nora Byrne');
    await user.type(dialog.getByLabelText(/^phone/i), '12');
    await user.click(dialog.getByRole('button', { name: 'Add contact' }));

    expect(await dialog.findByText(contactMessages.phoneInvalid)).toBeInTheDocument();
    expect(dialog.queryByRole('alert')).not.toBeInTheDocument();
  });
});
