import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { errorResponse, jsonResponse, stubApi } from '../../../test/fake-api';
import { findListbox, pickOption } from '../../../test/combobox';
import { renderApp } from '../../../test/render';

async function openCreateAccount() {
  const app = renderApp('/create-account');
  await screen.findByRole('heading', { name: 'Create your business account' });
  return app;
}

async function fillRequired(user: ReturnType<typeof renderApp>['user']) {
  await user.type(screen.getByLabelText(/^business name/i), 'Acme Dental');
  await user.type(screen.getByLabelText(/^point of contact/i), 'Ada Lovelace');
  await user.type(screen.getByLabelText(/^email/i), 'office@acme.com');
  // Searched as a user would, rather than picked out of all ~250 countries.
  const country = screen.getByRole('combobox', { name: /^country/i });
  await user.type(country, 'Irel');
  await pickOption(user, country, 'Ireland');
}

/** The browser says its zone is `timeZone` (the form's default comes from there). */
function deviceTimeZone(timeZone: string) {
  const original = Object.getOwnPropertyDescriptor(Intl.DateTimeFormat.prototype, 'resolvedOptions')
    ?.value as (this: Intl.DateTimeFormat) => Intl.ResolvedDateTimeFormatOptions;
  vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (
    this: Intl.DateTimeFormat,
  ) {
    return { ...original.call(this), timeZone };
  });
}

describe('create-account form', () => {
  it('puts the focus on the business name once the page is drawn', async () => {
    stubApi();
    await openCreateAccount();
    const businessName = screen.getByLabelText(/^business name/i);
    await waitFor(() => expect(businessName).toHaveFocus());
  });

  it('an empty submit shows every required message and sends nothing', async () => {
    const api = stubApi();
    const { user } = await openCreateAccount();

    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByText('Business name is required')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Point of contact is required')).toBeInTheDocument();
    expect(screen.getByText('Country is required')).toBeInTheDocument();
    // Optional fields stay quiet when empty.
    expect(screen.queryByText('Please enter a valid website URL')).not.toBeInTheDocument();
    expect(api.calls('POST /api/auth/create-account')).toEqual([]);
  });

  it('rejects a malformed email and website', async () => {
    stubApi();
    const { user } = await openCreateAccount();

    await user.type(screen.getByLabelText(/^email/i), 'not-an-email');
    await user.type(screen.getByLabelText(/^website/i), 'acme');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid website URL')).toBeInTheDocument();
  });

  it('preselects the device’s time zone and sends it with the account', async () => {
    deviceTimeZone('America/New_York');
    const api = stubApi({
      'POST /api/auth/create-account': () =>
        jsonResponse({ message: 'We sent a link to office@acme.com.' }, { status: 201 }),
    });
    const { user } = await openCreateAccount();

    const timeZone = screen.getByRole('combobox', { name: /^time zone/i });
    expect((timeZone as HTMLInputElement).value).toMatch(/^America\/New York \(GMT-0[45]:00\)$/);

    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    await screen.findByText('Check your email');
    expect(api.calls('POST /api/auth/create-account')[0]?.body).toMatchObject({
      timezone: 'America/New_York',
    });
  });

  it('lets the time zone be searched and changed', async () => {
    deviceTimeZone('Europe/Dublin');
    const api = stubApi({
      'POST /api/auth/create-account': () => jsonResponse({ message: 'Sent.' }, { status: 201 }),
    });
    const { user } = await openCreateAccount();

    const timeZone = screen.getByRole('combobox', { name: /^time zone/i });
    await user.clear(timeZone);
    await user.type(timeZone, 'tokyo');
    await pickOption(user, timeZone, /^Asia\/Tokyo/);
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    await screen.findByText('Check your email');
    expect(api.calls('POST /api/auth/create-account')[0]?.body).toMatchObject({
      timezone: 'Asia/Tokyo',
    });
  });

  it('country search puts names that start with the text first: "Ger" and Enter pick Germany', async () => {
    const api = stubApi({
      'POST /api/auth/create-account': () => jsonResponse({ message: 'Sent.' }, { status: 201 }),
    });
    const { user } = await openCreateAccount();
    await user.type(screen.getByLabelText(/^business name/i), 'Acme Dental');
    await user.type(screen.getByLabelText(/^point of contact/i), 'Ada Lovelace');
    await user.type(screen.getByLabelText(/^email/i), 'office@acme.com');

    const country = screen.getByRole('combobox', { name: /^country/i });
    await user.type(country, 'Ger');
    const names = within(await findListbox(country))
      .getAllByRole('option')
      .map((option) => option.textContent);
    // Algeria comes before Germany alphabetically; the prefix match wins.
    expect(names).toEqual(['Germany', 'Algeria', 'Niger', 'Nigeria']);
    await user.keyboard('{ArrowDown}{Enter}');
    expect(country).toHaveValue('Germany');

    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await screen.findByText('Check your email');
    expect(api.calls('POST /api/auth/create-account')[0]?.body).toMatchObject({
      country: 'Germany',
    });
  });

  it('on success shows "Check your email" with the server’s message', async () => {
    deviceTimeZone('Europe/Dublin');
    const api = stubApi({
      'POST /api/auth/create-account': () =>
        jsonResponse(
          { message: 'We sent a link to set your password to office@acme.com.' },
          { status: 201 },
        ),
    });
    const { user } = await openCreateAccount();

    await fillRequired(user);
    await user.type(screen.getByLabelText(/^website/i), 'https://acme.com');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    const panel = await screen.findByRole('status');
    expect(within(panel).getByText('Check your email')).toBeInTheDocument();
    expect(
      within(panel).getByText('We sent a link to set your password to office@acme.com.'),
    ).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'Go to sign in' })).toHaveAttribute(
      'href',
      '/login',
    );
    expect(api.calls('POST /api/auth/create-account')[0]?.body).toEqual({
      businessName: 'Acme Dental',
      email: 'office@acme.com',
      phone: '',
      website: 'https://acme.com',
      pointOfContact: 'Ada Lovelace',
      country: 'Ireland',
      timezone: 'Europe/Dublin',
    });
  });

  it('an email that already has an account is said clearly, with a way to sign in', async () => {
    stubApi({
      'POST /api/auth/create-account': () =>
        errorResponse(409, 'EMAIL_TAKEN', 'An account with this email already exists.'),
    });
    const { user } = await openCreateAccount();

    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This email already has an account');
    expect(alert).toHaveTextContent('An account with this email already exists.');
    expect(within(alert).getByRole('link', { name: 'Go to sign in' })).toHaveAttribute(
      'href',
      '/login',
    );
    // A lost or expired set-password mail is what usually brings people back here.
    expect(within(alert).getByRole('link', { name: /get a new link/i })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(screen.getByLabelText(/^email/i)).toHaveAccessibleDescription(
      'This email already has an account',
    );
  });

  it('puts the server’s field messages under the fields', async () => {
    stubApi({
      'POST /api/auth/create-account': () =>
        errorResponse(400, 'VALIDATION_ERROR', 'Invalid request', {
          issues: [{ path: 'body.businessName', message: 'Business name is too long' }],
        }),
    });
    const { user } = await openCreateAccount();

    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByText('Business name is too long')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the server’s message when the request fails for another reason', async () => {
    stubApi({
      'POST /api/auth/create-account': () =>
        new Response('', { status: 502, statusText: 'Bad Gateway' }),
    });
    const { user } = await openCreateAccount();

    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not create the account');
    expect(alert).toHaveTextContent('Bad Gateway');
  });
});
