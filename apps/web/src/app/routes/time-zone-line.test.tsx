import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildAgent } from '../../features/analytics/test-factories';
import { buildAdminUser, buildSessionUser, jsonResponse, stubApi } from '../../test/fake-api';
import { renderApp } from '../../test/render';

/**
 * Every screen with times names the zone they are in once, under its header, in the same words;
 * no row repeats it. The lists' own data is left unanswered (404): the header stands regardless.
 */
async function zoneLines(title: string) {
  const main = await screen.findByRole('main');
  await within(main).findByRole('heading', { name: title, level: 2 });
  return within(main).getAllByText(/^Times in /);
}

describe('the time zone line', () => {
  it.each([
    ['/dashboard', 'Dashboard'],
    ['/calls', 'Calls'],
    ['/contacts', 'Contacts'],
    ['/enquiries', 'Enquiries'],
    ['/appointments', 'Appointments'],
    ['/campaigns', 'Campaigns'],
  ])('names the business’s zone once on %s', async (path, title) => {
    stubApi({}, { session: buildSessionUser() });
    renderApp(path);
    const lines = await zoneLines(title);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toHaveTextContent(/^Times in Europe\/Dublin$/);
  });

  it.each([
    ['/agent/asst_front_desk', 'Front desk'],
    ['/agent/asst_front_desk/statistics', 'Front desk'],
    ['/agent/asst_front_desk/call-logs', 'Front desk'],
  ])('names the agent’s business’s zone once on %s', async (path, title) => {
    stubApi(
      {
        'GET /api/agents/asst_front_desk': () =>
          jsonResponse(buildAgent({ timeZone: 'America/New_York' })),
      },
      { session: buildSessionUser() },
    );
    renderApp(path);
    const lines = await zoneLines(title);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toHaveTextContent(/^Times in America\/New_York$/);
  });

  it.each([
    ['/admin/businesses', 'Businesses'],
    ['/admin/mail', 'Mailbox'],
  ])('names UTC once on the operator’s %s', async (path, title) => {
    stubApi({}, { session: buildAdminUser() });
    renderApp(path);
    const lines = await zoneLines(title);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toHaveTextContent(/^Times in UTC$/);
  });

  it.each([
    ['notifications', 'Digest'],
    ['platform', undefined],
    ['alerts', undefined],
    ['integrations', undefined],
  ])('names the business’s zone once on the Settings tab %s', async (section, cardTitle) => {
    stubApi({}, { session: buildSessionUser({ role: 'owner' }) });
    renderApp(`/settings?section=${section}`);
    const main = await screen.findByRole('main');
    if (cardTitle) await within(main).findByRole('heading', { name: cardTitle });
    const lines = await zoneLines('Settings');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toHaveTextContent(/^Times in Europe\/Dublin$/);
    // Not again in a section's own words.
    expect(within(main).queryAllByText(/Europe\/Dublin/)).toHaveLength(1);
  });

  it.each(['profile', 'business', 'team'])(
    'leaves it out of the Settings tab %s, which shows no times',
    async (section) => {
      stubApi({}, { session: buildSessionUser({ role: 'owner' }) });
      renderApp(`/settings?section=${section}`);
      const main = await screen.findByRole('main');
      await within(main).findByRole('heading', { name: 'Settings', level: 2 });
      await within(main).findByRole('tab', { name: /Profile/, selected: section === 'profile' });
      expect(within(main).queryByText(/^Times in /)).not.toBeInTheDocument();
    },
  );

  it('names the business’s own zone in the operator’s alerts on a business, over its UTC screen', async () => {
    stubApi(
      {
        'GET /api/admin/businesses': () =>
          jsonResponse({
            data: [
              {
                id: 'b1',
                name: 'Lakeside Vets',
                email: 'office@lakeside.example',
                country: 'United States',
                timezone: 'America/Chicago',
                createdAt: '2026-03-05T14:07:00.000Z',
                agentCount: 1,
                userCount: 2,
              },
            ],
            meta: { total: 1, page: 1, limit: 10, totalPages: 1, hasNext: false, hasPrev: false },
          }),
        'GET /api/admin/businesses/b1/alerts': () => jsonResponse({ rules: [], events: [] }),
      },
      { session: buildAdminUser() },
    );
    const { user } = renderApp('/admin/businesses');
    await user.click(await screen.findByRole('button', { name: 'Your alerts on Lakeside Vets' }));
    const dialog = await screen.findByRole('dialog', { name: 'Your alerts on Lakeside Vets' });
    const lines = within(dialog).getAllByText(/^Times in /);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toHaveTextContent(/^Times in America\/Chicago$/);
  });

  it('leaves it out of the operator’s overview, whose rows are each in their own zone', async () => {
    stubApi({}, { session: buildAdminUser() });
    renderApp('/dashboard');
    const main = await screen.findByRole('main');
    await within(main).findByRole('heading', { name: 'Overview', level: 2 });
    expect(within(main).queryByText(/^Times in /)).not.toBeInTheDocument();
  });
});
