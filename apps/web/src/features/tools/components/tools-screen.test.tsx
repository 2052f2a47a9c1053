import { permissionMessages } from '@switchboard/shared/auth';
import { toolServerUrlMessages, type Tool } from '@switchboard/shared/tools';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildSessionUser, jsonResponse, stubApi } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';

const MANAGED: Tool = {
  id: 't1',
  type: 'function',
  name: 'create_enquiry',
  description: 'Records an enquiry',
  parameters: { type: 'object', properties: {} },
  serverUrl: null,
  serverAuthHeader: null,
  managed: true,
  role: 'switchboard:create_enquiry',
  createdAt: '2026-03-05T14:07:00.000Z',
};

describe('tools screen', () => {
  it('a member edits a custom tool but sees Delete greyed with the reason', async () => {
    const custom: Tool = { ...MANAGED, id: 't2', name: 'check_stock', managed: false, role: null };
    const api = stubApi(
      { 'GET /api/tools': () => jsonResponse({ data: [custom] }) },
      { session: buildSessionUser({ role: 'member' }) },
    );
    const { user } = renderApp('/tools');
    const row = (await screen.findByText('check_stock')).closest('tr')!;
    expect(
      screen.getByText(permissionMessages.onlyManagers('delete tools'), { selector: 'p' }),
    ).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Edit check_stock' })).toBeEnabled();
    const remove = within(row).getByRole('button', { name: 'Delete check_stock' });
    expect(remove).toHaveAttribute('aria-disabled', 'true');
    expect(remove).toHaveAccessibleDescription(permissionMessages.onlyManagers('delete tools'));
    await user.click(remove);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.calls('DELETE /api/tools/t2')).toEqual([]);
  });

  it('shows managed tools with a badge and no actions; creates a custom tool from the form', async () => {
    const api = stubApi(
      {
        'GET /api/tools': () => jsonResponse({ data: [MANAGED] }),
        'POST /api/tools': ({ body }) =>
          jsonResponse(
            { ...MANAGED, ...(body as object), id: 't2', managed: false, role: null },
            { status: 201 },
          ),
      },
      { session: buildSessionUser() },
    );
    const { user } = renderApp('/tools');
    const row = (await screen.findByText('create_enquiry')).closest('tr')!;
    expect(within(row).getByText('Managed')).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /Edit|Delete/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Create tool' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create a tool' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'check stock');
    await user.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'Checks stock');
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Server URL' }),
      'http://tools.example.com/stock',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Create tool' }));
    expect(await within(dialog).findByText(/Letters, digits, _ and - only/)).toBeInTheDocument();
    expect(within(dialog).getByText('An https:// address of your server')).toBeInTheDocument();
    expect(api.calls('POST /api/tools')).toHaveLength(0);

    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await user.type(name, 'check_stock');
    const url = within(dialog).getByRole('textbox', { name: 'Server URL' });
    await user.clear(url);
    await user.type(url, 'https://tools.example.com/stock');
    // Two parameters, built as typed fields.
    const parameters = within(dialog).getByRole('group', { name: 'Parameters' });
    await user.click(within(parameters).getByRole('button', { name: 'Add parameter' }));
    await user.keyboard('sku');
    const sku = within(parameters).getByRole('group', { name: 'Parameter sku' });
    await user.type(within(sku).getByRole('textbox', { name: /^Description/ }), 'The item code');
    await user.click(within(sku).getByRole('checkbox', { name: 'Required' }));
    await user.click(within(parameters).getByRole('button', { name: 'Add parameter' }));
    await user.keyboard('quantity');
    const quantity = within(parameters).getByRole('group', { name: 'Parameter quantity' });
    await user.selectOptions(
      within(quantity).getByRole('combobox', { name: 'Type' }),
      'Whole number',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Create tool' }));
    await waitFor(() => expect(api.calls('POST /api/tools')).toHaveLength(1));
    expect(api.calls('POST /api/tools')[0]?.body).toEqual({
      name: 'check_stock',
      description: 'Checks stock',
      serverUrl: 'https://tools.example.com/stock',
      parameters: {
        type: 'object',
        properties: {
          sku: { type: 'string', description: 'The item code' },
          quantity: { type: 'integer' },
        },
        required: ['sku'],
      },
    });
  });

  it('a parameter without a name stops the save, said under it; nothing is sent', async () => {
    const api = stubApi(
      { 'GET /api/tools': () => jsonResponse({ data: [MANAGED] }) },
      { session: buildSessionUser() },
    );
    const { user } = renderApp('/tools');
    await screen.findByText('create_enquiry');
    await user.click(screen.getByRole('button', { name: 'Create tool' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create a tool' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'check_stock');
    await user.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'Checks stock');
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Server URL' }),
      'https://tools.example.com/stock',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Add parameter' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create tool' }));
    const unnamed = within(dialog).getByRole('group', { name: 'Parameter 1, no name yet' });
    expect(within(unnamed).getByText('Give the field a name')).toBeInTheDocument();
    expect(api.calls('POST /api/tools')).toHaveLength(0);
  });

  it('editing a tool opens its parameters as fields; a removed one is gone from what is saved', async () => {
    const custom: Tool = {
      ...MANAGED,
      id: 't6',
      name: 'transfer_to',
      description: 'Hands the caller over',
      // The platform document's handoff parameters.
      parameters: {
        type: 'object',
        properties: {
          destination: { type: 'string', enum: ['front-desk', 'billing'] },
          customerAreaCode: { type: 'number', description: 'Area code of the customer' },
        },
        required: ['destination'],
      },
      serverUrl: 'https://tools.example.com/transfer',
      managed: false,
      role: null,
    };
    const api = stubApi(
      {
        'GET /api/tools': () => jsonResponse({ data: [custom] }),
        'PATCH /api/tools/t6': () => jsonResponse(custom),
      },
      { session: buildSessionUser() },
    );
    const { user } = renderApp('/tools');
    const row = (await screen.findByText('transfer_to')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Edit transfer_to' }));
    const edit = await screen.findByRole('dialog', { name: 'Edit transfer_to' });
    expect(within(edit).getByRole('radio', { name: 'Fields' })).toBeChecked();
    const destination = within(edit).getByRole('group', { name: 'Parameter destination' });
    expect(within(destination).getByRole('checkbox', { name: 'Required' })).toBeChecked();
    expect(within(destination).getByText('front-desk')).toBeInTheDocument();
    const areaCode = within(edit).getByRole('group', { name: 'Parameter customerAreaCode' });
    expect(within(areaCode).getByRole('combobox', { name: 'Type' })).toHaveValue('number');
    await user.click(within(areaCode).getByRole('button', { name: 'Remove customerAreaCode' }));
    await user.click(within(edit).getByRole('button', { name: 'Save tool' }));
    await waitFor(() => expect(api.calls('PATCH /api/tools/t6')).toHaveLength(1));
    expect((api.calls('PATCH /api/tools/t6')[0]?.body as Partial<Tool>).parameters).toEqual({
      type: 'object',
      properties: { destination: { type: 'string', enum: ['front-desk', 'billing'] } },
      required: ['destination'],
    });
  });

  it('editing a tool whose parameters the fields cannot show keeps them in the advanced view, unchanged', async () => {
    const parameters = {
      type: 'object',
      properties: { date: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' } },
    };
    const custom: Tool = {
      ...MANAGED,
      id: 't5',
      name: 'book_slot',
      description: 'Books a slot',
      parameters,
      serverUrl: 'https://tools.example.com/slots',
      managed: false,
      role: null,
    };
    const api = stubApi(
      {
        'GET /api/tools': () => jsonResponse({ data: [custom] }),
        'PATCH /api/tools/t5': () => jsonResponse(custom),
      },
      { session: buildSessionUser() },
    );
    const { user } = renderApp('/tools');
    const row = (await screen.findByText('book_slot')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Edit book_slot' }));
    const edit = await screen.findByRole('dialog', { name: 'Edit book_slot' });
    expect(within(edit).getByRole('radio', { name: 'Advanced (JSON)' })).toBeChecked();
    expect(
      within(edit).getByText(
        /The fields view cannot show this schema: the field “date” uses “pattern”/,
      ),
    ).toBeInTheDocument();
    await user.click(within(edit).getByRole('button', { name: 'Save tool' }));
    await waitFor(() => expect(api.calls('PATCH /api/tools/t5')).toHaveLength(1));
    expect((api.calls('PATCH /api/tools/t5')[0]?.body as Partial<Tool>).parameters).toEqual(
      parameters,
    );
  });

  it('sends the business’s credential header with a new tool; editing keeps the secret unless one is typed', async () => {
    const custom: Tool = {
      ...MANAGED,
      id: 't3',
      name: 'check_stock',
      description: 'Checks stock',
      serverUrl: 'https://tools.example.com/stock',
      serverAuthHeader: 'X-Api-Key',
      managed: false,
      role: null,
    };
    const api = stubApi(
      {
        'GET /api/tools': () => jsonResponse({ data: [custom] }),
        'POST /api/tools': () => jsonResponse({ ...custom, id: 't4' }, { status: 201 }),
        'PATCH /api/tools/t3': () => jsonResponse(custom),
      },
      { session: buildSessionUser() },
    );
    const { user } = renderApp('/tools');
    await screen.findByText('check_stock');

    // Create: a header without its secret is refused in the form.
    await user.click(screen.getByRole('button', { name: 'Create tool' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create a tool' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'lookup_order');
    await user.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'Finds orders');
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Server URL' }),
      'https://tools.example.com/orders',
    );
    await user.type(
      within(dialog).getByRole('textbox', { name: /Credential header/ }),
      'Authorization',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Create tool' }));
    expect(
      await within(dialog).findByText('The secret your server checks in this header'),
    ).toBeInTheDocument();
    expect(api.calls('POST /api/tools')).toHaveLength(0);
    await user.type(within(dialog).getByLabelText(/^Secret/), 'Bearer s3cret-token');
    await user.click(within(dialog).getByRole('button', { name: 'Create tool' }));
    await waitFor(() => expect(api.calls('POST /api/tools')).toHaveLength(1));
    expect(api.calls('POST /api/tools')[0]?.body).toMatchObject({
      serverAuth: { headerName: 'Authorization', value: 'Bearer s3cret-token' },
    });

    // Edit: the header is shown, the secret is not; saving without typing one keeps it.
    const row = screen.getByText('check_stock').closest('tr')!;
    await user.click(within(row).getByRole('button', { name: /Edit/ }));
    const edit = await screen.findByRole('dialog', { name: 'Edit check_stock' });
    expect(within(edit).getByRole('textbox', { name: /Credential header/ })).toHaveValue(
      'X-Api-Key',
    );
    expect(within(edit).getByLabelText(/^Secret/)).toHaveValue('');
    await user.click(within(edit).getByRole('button', { name: 'Save tool' }));
    await waitFor(() => expect(api.calls('PATCH /api/tools/t3')).toHaveLength(1));
    expect(api.calls('PATCH /api/tools/t3')[0]?.body).not.toHaveProperty('serverAuth');
  });
  it('says the platform calls the server over the internet, and shows why a local address is refused under the field', async () => {
    const api = stubApi(
      {
        'GET /api/tools': () => jsonResponse({ data: [MANAGED] }),
        'POST /api/tools': () =>
          jsonResponse(
            {
              error: {
                code: 'VALIDATION_ERROR',
                message: toolServerUrlMessages.local,
                details: {
                  issues: [{ path: 'body.serverUrl', message: toolServerUrlMessages.local }],
                },
              },
              requestId: 'r1',
            },
            { status: 400 },
          ),
      },
      { session: buildSessionUser() },
    );
    const { user } = renderApp('/tools');
    await screen.findByText('create_enquiry');
    await user.click(screen.getByRole('button', { name: 'Create tool' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create a tool' });
    expect(within(dialog).getByText(toolServerUrlMessages.hint)).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'check_stock');
    await user.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'Checks stock');
    const url = within(dialog).getByRole('textbox', { name: 'Server URL' });
    await user.type(url, 'https://127.0.0.1.nip.io/stock');
    await user.click(within(dialog).getByRole('button', { name: 'Create tool' }));
    await waitFor(() => expect(api.calls('POST /api/tools')).toHaveLength(1));
    expect(await within(dialog).findByText(toolServerUrlMessages.local)).toBeInTheDocument();
    expect(url).toHaveAttribute('aria-invalid', 'true');
    // Said once, in the form: no toast repeating it.
    expect(screen.queryByText('Action failed')).not.toBeInTheDocument();
  });
});
