import type { BusinessOverview } from '@switchboard/shared/analytics';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildSessionUser, jsonResponse, stubApi } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';

const figures = (calls: number, successRate: number | null) => ({
  calls,
  minutes: calls * 2.5,
  spend: calls * 0.3,
  successRate,
});

const row = (overrides: Partial<BusinessOverview>): BusinessOverview => ({
  businessId: 'b1',
  businessName: 'Bright Smile Dental',
  agents: 2,
  statistics: {
    timeZone: 'America/New_York',
    calls: { today: figures(1, 100), last7Days: figures(1234, 72.5) },
    contacts: { total: 10, newLast7Days: 2 },
    enquiries: { open: 3, unread: 0 },
    appointments: { today: 1, upcoming: 4 },
  },
  attention: [],
  ...overrides,
});

describe('the operator’s home', () => {
  it('lists every business with its own week and what needs attention, with no Create agent', async () => {
    stubApi(
      {
        'GET /api/statistics/businesses': () =>
          jsonResponse({
            data: [
              row({}),
              row({
                businessId: 'b2',
                businessName: 'Rapid Rooter Plumbing',
                agents: 0,
                attention: ['No agent: nobody answers its calls.', '2 unread enquiries.'],
              }),
            ],
          }),
        'GET /api/agents': () => jsonResponse({ data: [] }),
      },
      { session: buildSessionUser({ role: 'admin', business: null }) },
    );
    const { user } = renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Overview' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Businesses', busy: false });
    const dental = within((await within(table).findByText('Bright Smile Dental')).closest('tr')!);
    // Each figure with its unit; the minutes' long form on hover.
    expect(dental.getByText('1,234')).toHaveTextContent(/^1,234calls$/);
    const minutes = dental.getByText('3085.00');
    expect(minutes).toHaveTextContent('3085.00min (51 h 25 min)');
    await user.hover(minutes);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('51 h 25 min');
    expect(dental.getByText('3')).toHaveTextContent(/^3enquiries$/);
    expect(dental.getByText('$370.20')).toBeInTheDocument();
    expect(dental.getByText('72.5%')).toBeInTheDocument();
    expect(dental.getByText('All well')).toBeInTheDocument();
    expect(dental.getByText('2 agents · America/New York time')).toBeInTheDocument();
    const plumber = within(within(table).getByText('Rapid Rooter Plumbing').closest('tr')!);
    expect(plumber.getByText('No agent: nobody answers its calls.')).toBeInTheDocument();
    expect(plumber.getByText('2 unread enquiries.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create agent' })).not.toBeInTheDocument();
  });
});
