import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderApp } from '../../../test/render';

async function openCreateAccount() {
  const app = renderApp('/create-account');
  await screen.findByRole('heading', { name: 'Create your business account' });
  return app;
}

describe('create-account form', () => {
  it('an empty submit shows every required message and sends nothing', async () => {
    const fetchSpy = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchSpy);
    const { user } = await openCreateAccount();

    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByText('Business name is required')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Point of contact is required')).toBeInTheDocument();
    expect(screen.getByText('Country is required')).toBeInTheDocument();
    // Optional fields stay quiet when empty.
    expect(screen.queryByText('Please enter a valid website URL')).not.toBeInTheDocument();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('rejects a malformed email and website', async () => {
    vi.stubGlobal('fetch', vi.fn<typeof fetch>());
    const { user } = await openCreateAccount();

    await user.type(screen.getByLabelText(/^email/i), 'not-an-email');
    await user.type(screen.getByLabelText(/^website/i), 'acme');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid website URL')).toBeInTheDocument();
  });

  it('posts the account and puts the server’s field messages under the fields', async () => {
    const fetchSpy = vi.fn<typeof fetch>().mockResolvedValue(
      jsonResponse(
        {
          error: {
            code: 'VALIDATION_ERROR',
            message: 'This email is already registered',
            details: {
              issues: [{ path: 'body.email', message: 'This email is already registered' }],
            },
          },
          requestId: 'r2',
        },
        { status: 400 },
      ),
    );
    vi.stubGlobal('fetch', fetchSpy);
    const { user } = await openCreateAccount();

    await user.type(screen.getByLabelText(/^business name/i), 'Acme Dental');
    await user.type(screen.getByLabelText(/^point of contact/i), 'Ada Lovelace');
    await user.type(screen.getByLabelText(/^email/i), 'office@acme.com');
    await user.type(screen.getByLabelText(/^website/i), 'https://acme.com');
    await user.click(screen.getByRole('combobox', { name: /^country/i }));
    await user.click(await screen.findByRole('option', { name: 'Ireland' }));
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByText('This email is already registered')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    const [url, init] = fetchSpy.mock.calls[0] ?? [];
    expect(url).toBe('/api/auth/create-account');
    expect(JSON.parse(init?.body as string)).toEqual({
      businessName: 'Acme Dental',
      email: 'office@acme.com',
      phone: '',
      website: 'https://acme.com',
      pointOfContact: 'Ada Lovelace',
      country: 'Ireland',
    });
  });

  it('shows the server’s message when the request fails for another reason', async () => {
    vi.stubGlobal(
      'fetch',
      vi
        .fn<typeof fetch>()
        .mockResolvedValue(new Response('', { status: 502, statusText: 'Bad Gateway' })),
    );
    const { user } = await openCreateAccount();

    await user.type(screen.getByLabelText(/^business name/i), 'Acme Dental');
    await user.type(screen.getByLabelText(/^point of contact/i), 'Ada Lovelace');
    await user.type(screen.getByLabelText(/^email/i), 'office@acme.com');
    await user.click(screen.getByRole('combobox', { name: /^country/i }));
    await user.click(await screen.findByRole('option', { name: 'Ireland' }));
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not create the account');
    expect(alert).toHaveTextContent('Bad Gateway');
  });
});
