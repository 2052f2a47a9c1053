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

  it('leaves it out of the operator’s overview, whose rows are each in their own zone', async () => {
    stubApi({}, { session: buildAdminUser() });
    renderApp('/dashboard');
    const main = await screen.findByRole('main');
    await within(main).findByRole('heading', { name: 'Overview', level: 2 });
    expect(within(main).queryByText(/^Times in /)).not.toBeInTheDocument();
  });
});
