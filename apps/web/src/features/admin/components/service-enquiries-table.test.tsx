import { buildPaginationMeta } from '@switchboard/shared/pagination';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildAdminUser, buildSessionUser, jsonResponse, stubApi } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';

const enquiry = {
  id: 'se-1',
  poc: 'Maya Patel',
  businessName: 'Harbour Physio',
  country: 'Ireland',
  website: 'https://harbourphysio.example',
  email: 'maya@harbour.example',
  phone: null,
  status: 'new',
  createdAt: '2026-03-05T14:07:00.000Z',
};

describe('admin service enquiries', () => {
  it('lists the landing page’s enquiries with their contact details', async () => {
    const api = stubApi(
      {
        'GET /api/admin/service-enquiries': () =>
          jsonResponse({ data: [enquiry], meta: buildPaginationMeta(1, 1, 20) }),
      },
      { session: buildAdminUser() },
    );
    renderApp('/admin/service-enquiries');

    const row = within((await screen.findByText('Harbour Physio')).closest('tr')!);
    expect(row.getByText('Maya Patel')).toBeInTheDocument();
    expect(row.getByRole('link', { name: 'maya@harbour.example' })).toHaveAttribute(
      'href',
      'mailto:maya@harbour.example',
    );
    expect(row.getByRole('link', { name: 'harbourphysio.example' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Service enquiries' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(api.calls('GET /api/admin/service-enquiries')[0]?.search.get('limit')).toBe('20');
  });

  it('says when there are none yet', async () => {
    stubApi(
      {
        'GET /api/admin/service-enquiries': () =>
          jsonResponse({ data: [], meta: buildPaginationMeta(0, 1, 20) }),
      },
      { session: buildAdminUser() },
    );
    renderApp('/admin/service-enquiries');
    expect(await screen.findByText('No service enquiries yet')).toBeInTheDocument();
  });

  it('is not offered to members', async () => {
    stubApi({}, { session: buildSessionUser() });
    renderApp('/admin/service-enquiries');
    expect(await screen.findByText('No access')).toBeInTheDocument();
  });
});
