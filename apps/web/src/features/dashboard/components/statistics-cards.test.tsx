import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorResponse, jsonResponse, stubApi } from '../../../test/fake-api';
import { buildDashboardStatistics } from '../../../test/fake-agents-api';
import { TestProviders } from '../../../test/render';
import { StatisticsCards } from './statistics-cards';
import { setupUser } from '../../../test/user';

const statistics = buildDashboardStatistics({
  timeZone: 'America/New_York',
  contacts: { total: 1250, newLast7Days: 8 },
});

function renderCards() {
  const user = setupUser();
  render(
    <TestProviders>
      <StatisticsCards />
    </TestProviders>,
  );
  return { user };
}

function card(label: string) {
  return within(screen.getByRole('group', { name: label }));
}

describe('dashboard statistics cards', () => {
  it('shows the last 7 days with today below, formatted', async () => {
    stubApi({ 'GET /api/statistics/dashboard': () => jsonResponse(statistics) });
    renderCards();

    expect(await screen.findByText('42')).toBeInTheDocument();
    // Every figure says what it counts.
    expect(card('Calls (7 days)').getByText('42')).toHaveTextContent('42calls');
    expect(card('Calls (7 days)').getByText('Today: 5 calls')).toBeInTheDocument();
    // The exact figure (2 decimals), its unit, and its long form for a glance.
    expect(screen.getByRole('group', { name: 'Minutes (7 days)' })).toHaveTextContent(
      'Minutes (7 days)87.25min (1 h 27 min)Today: 3.50 min',
    );
    expect(card('Spend (7 days)').getByText('$12.30')).toBeInTheDocument();
    expect(card('Spend (7 days)').getByText('Today: $0.75')).toBeInTheDocument();
    expect(card('Success rate (7 days)').getByText('72.5%')).toBeInTheDocument();
    // No calls today: no rate to speak of.
    expect(card('Success rate (7 days)').getByText('Today: -')).toBeInTheDocument();
    // The rule the rate follows, next to it.
    expect(
      card('Success rate (7 days)').getByText(
        "A call passes when the agent's evaluation says it succeeded; without an evaluation, when the caller hung up after more than 30 s.",
      ),
    ).toBeInTheDocument();
    // The zone is named once, in the page's header, not here.
    expect(screen.getByText('Today and the last 7 days')).toBeInTheDocument();
  });

  it('shows the contacts, enquiries and appointments figures', async () => {
    stubApi({ 'GET /api/statistics/dashboard': () => jsonResponse(statistics) });
    renderCards();

    expect(await screen.findByText('1,250')).toBeInTheDocument();
    expect(card('Contacts').getByText('1,250')).toHaveTextContent('1,250contacts');
    expect(card('Contacts').getByText('New in 7 days: 8 contacts')).toBeInTheDocument();
    expect(card('Open enquiries').getByText('6')).toHaveTextContent('6enquiries');
    expect(card('Open enquiries').getByText('Unread: 2 enquiries')).toBeInTheDocument();
    expect(card('Appointments today').getByText('3')).toHaveTextContent('3appointments');
    expect(card('Appointments today').getByText('Upcoming: 14 appointments')).toBeInTheDocument();
  });

  it('holds the cards’ places while loading', async () => {
    let answer: (response: Response) => void = () => {};
    stubApi({
      'GET /api/statistics/dashboard': () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    renderCards();

    expect(card('Calls (7 days)').queryByText(/Today/)).not.toBeInTheDocument();
    answer(jsonResponse(statistics));
    expect(await screen.findByText('Today: 5 calls')).toBeInTheDocument();
  });

  it('says why the figures failed and tries again on request', async () => {
    let fail = true;
    const api = stubApi({
      'GET /api/statistics/dashboard': () =>
        fail
          ? errorResponse(503, 'SERVICE_UNAVAILABLE', 'The statistics are not available right now')
          : jsonResponse(statistics),
    });
    const { user } = renderCards();

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not load the statistics');
    expect(alert).toHaveTextContent('The statistics are not available right now');

    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('$12.30')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(api.calls('GET /api/statistics/dashboard')).toHaveLength(2);
  });
});
