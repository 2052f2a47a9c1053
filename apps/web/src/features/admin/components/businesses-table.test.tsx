import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CallingRules } from '@switchboard/shared/dialing';
import {
  buildAdminUser,
  errorResponse,
  jsonResponse,
  stubApi,
  type ApiRequest,
} from '../../../test/fake-api';
import { renderApp } from '../../../test/render';

const TOTAL = 45;

/** 45 businesses, paged as the server pages them. */
function listPage({ search }: ApiRequest) {
  const page = Number(search.get('page'));
  const limit = Number(search.get('limit'));
  const totalPages = Math.ceil(TOTAL / limit);
  const first = (page - 1) * limit;
  const data = Array.from({ length: Math.max(0, Math.min(limit, TOTAL - first)) }, (_, i) => ({
    id: `b${first + i + 1}`,
    name: `Business ${first + i + 1}`,
    email: `office${first + i + 1}@example.com`,
    country: 'Ireland',
    timezone: 'Europe/Dublin',
    createdAt: '2026-03-05T14:07:00.000Z',
    agentCount: i % 3,
    userCount: 1,
  }));
  return jsonResponse({
    data,
    meta: { total: TOTAL, page, limit, totalPages, hasNext: page < totalPages, hasPrev: page > 1 },
  });
}

describe('admin businesses', () => {
  it('reads the page and its size from the URL, and keeps paging there', async () => {
    const api = stubApi({ 'GET /api/admin/businesses': listPage }, { session: buildAdminUser() });
    const { user, router } = renderApp('/admin/businesses?page=2&limit=10');

    expect(await screen.findByText('Business 11')).toBeInTheDocument();
    expect(screen.getByText('11–20 of 45 businesses')).toBeInTheDocument();
    const first = api.calls('GET /api/admin/businesses')[0];
    expect(first?.search.get('page')).toBe('2');
    expect(first?.search.get('limit')).toBe('10');

    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(await screen.findByText('Business 21')).toBeInTheDocument();
    expect(new URLSearchParams(router.state.location.search).get('page')).toBe('3');

    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    await waitFor(() =>
      expect(new URLSearchParams(router.state.location.search).get('page')).toBe('2'),
    );
    const row = (await screen.findByText('Business 12')).closest('tr');
    expect(row && within(row).getByText('office12@example.com')).toBeInTheDocument();
  });

  it('falls back to the first page for a page number that makes no sense', async () => {
    const api = stubApi({ 'GET /api/admin/businesses': listPage }, { session: buildAdminUser() });
    renderApp('/admin/businesses?page=-4&limit=lots');

    expect(await screen.findByText('Business 1')).toBeInTheDocument();
    expect(api.calls('GET /api/admin/businesses')[0]?.search.toString()).toBe('page=1&limit=20');
  });
});

describe('admin businesses: a way back in for any user', () => {
  it('lists a business’s users and mails one a fresh set-password link', async () => {
    const api = stubApi(
      {
        'GET /api/admin/businesses': listPage,
        'GET /api/admin/businesses/b1/users': () =>
          jsonResponse({
            data: [
              { id: 'u1', name: 'Pat', email: 'pat@b1.example', role: 'owner', hasPassword: false },
            ],
          }),
        'POST /api/admin/users/u1/set-password-link': () => jsonResponse({ to: 'pat@b1.example' }),
      },
      { session: buildAdminUser() },
    );
    const { user } = renderApp('/admin/businesses?page=1&limit=10');
    await user.click(await screen.findByRole('button', { name: 'Users of Business 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Users of Business 1' });
    expect(await within(dialog).findByText('pat@b1.example')).toBeInTheDocument();
    expect(within(dialog).getByText('No password yet')).toBeInTheDocument();
    await user.click(
      within(dialog).getByRole('button', { name: 'Send a set-password link to pat@b1.example' }),
    );
    await waitFor(() =>
      expect(api.calls('POST /api/admin/users/u1/set-password-link')).toHaveLength(1),
    );
    expect(await screen.findByText('Set-password link sent')).toBeInTheDocument();
  });

  it('sets a business’s calling rules: countries, special numbers and daily limits', async () => {
    const rules: CallingRules = {
      businessId: 'b1',
      businessName: 'Business 1',
      homeCountry: 'IE',
      allowedCountries: ['IE'],
      countriesAreDefault: true,
      allowedNumberKinds: [],
      dailyCallCap: 300,
      dailyMinuteCap: 600,
      today: { day: '2026-03-05', calls: 12, minutes: 34.5 },
    };
    let puts = 0;
    const api = stubApi(
      {
        'GET /api/admin/businesses': listPage,
        'GET /api/admin/businesses/b1/calling-rules': () => jsonResponse(rules),
        'PUT /api/admin/businesses/b1/calling-rules': ({ body }) => {
          puts += 1;
          if (puts === 1) return errorResponse(503, 'SERVICE_UNAVAILABLE', 'The service is busy');
          return jsonResponse({ ...rules, ...(body as object), countriesAreDefault: false });
        },
      },
      { session: buildAdminUser() },
    );
    const { user } = renderApp('/admin/businesses');
    await user.click(await screen.findByRole('button', { name: 'Calling rules of Business 1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Calling rules of Business 1' });
    expect(await within(dialog).findByText('Today: 12 handed to the platform')).toBeInTheDocument();
    const own = within(dialog).getByRole('checkbox', { name: 'Only its own country (Ireland)' });
    expect(own).toBeChecked();

    // A limit the shared schema refuses: its message, and no request.
    const calls = within(dialog).getByRole('textbox', { name: 'Outbound calls a day' });
    await user.clear(calls);
    await user.click(within(dialog).getByRole('button', { name: 'Save rules' }));
    expect(await within(dialog).findByText('Enter a number of calls')).toBeInTheDocument();
    expect(api.calls('PUT /api/admin/businesses/b1/calling-rules')).toHaveLength(0);

    await user.type(calls, '50');
    await user.click(own);
    await user.click(within(dialog).getByRole('checkbox', { name: /^Premium-rate numbers/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save rules' }));
    expect(await within(dialog).findByText('The service is busy')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save rules' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls('PUT /api/admin/businesses/b1/calling-rules')[1]?.body).toEqual({
      allowedCountries: ['IE'],
      allowedNumberKinds: ['premium_rate'],
      dailyCallCap: 50,
      dailyMinuteCap: 600,
    });
  });
});
