import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { buildSessionUser, stubApi } from '../test/fake-api';
import { renderApp } from '../test/render';
import { expectCurrentLink, expectLinks } from '../test/links';

describe('routes', () => {
  // The app screens need a session; the public ones do not mind one.
  beforeEach(() => {
    stubApi({}, { session: buildSessionUser() });
  });

  it.each(['/nope', '/agent/abc/unknown', '/dashboard/extra/segments'])(
    'an unknown path (%s) renders "Not Found" with a way home',
    async (path) => {
      renderApp(path);
      expect(await screen.findByRole('heading', { name: 'Not Found' })).toBeInTheDocument();
      expect(screen.getByRole('link', { name: /back to home/i })).toHaveAttribute('href', '/');
    },
  );

  it('the landing page leads to sign-in and account creation', async () => {
    renderApp('/');
    const hero = await screen.findByRole('region', { name: /every call your ai agents take/i });
    expect(within(hero).getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(within(hero).getByRole('link', { name: /create account/i })).toHaveAttribute(
      'href',
      '/create-account',
    );
  });

  it.each([
    { path: '/dashboard', heading: 'Dashboard' },
    { path: '/contacts', heading: 'Contacts' },
    { path: '/enquiries', heading: 'Enquiries' },
    { path: '/appointments', heading: 'Appointments' },
  ])('$path renders its screen inside the app navigation', async ({ path, heading }) => {
    renderApp(path);
    expect(await screen.findByRole('heading', { name: heading, level: 2 })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expectCurrentLink(nav, heading);
    expect(screen.queryByRole('navigation', { name: 'Agent' })).not.toBeInTheDocument();
  });

  it.each([
    { path: '/agent/abc', heading: 'Overview', current: 'Overview' },
    { path: '/agent/abc/statistics', heading: 'Statistics', current: 'Statistics' },
    { path: '/agent/abc/call-logs', heading: 'Call logs', current: 'Call logs' },
  ])(
    '$path shows the agent sub-navigation with $current current',
    async ({ path, heading, current }) => {
      renderApp(path);
      expect(await screen.findByRole('heading', { name: heading, level: 2 })).toBeInTheDocument();
      const agentNav = screen.getByRole('navigation', { name: 'Agent' });
      expect(within(agentNav).getByText('abc')).toBeInTheDocument();
      expectLinks(agentNav, {
        Overview: '/agent/abc',
        Statistics: '/agent/abc/statistics',
        'Call logs': '/agent/abc/call-logs',
      });
      expectCurrentLink(agentNav, current);
    },
  );

  it('the call logs of an agent that is not yours say it was not found', async () => {
    renderApp('/agent/abc/call-logs');
    expect(await screen.findByRole('heading', { name: 'Call logs', level: 2 })).toBeInTheDocument();
    expect(await screen.findByText('Agent not found')).toBeInTheDocument();
  });

  it('the enquiry screens show their route parameters', async () => {
    renderApp('/agent/a1/enquiries/c7/email-logs/e42');
    expect(await screen.findByRole('heading', { name: 'Email log', level: 2 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Contact enquiries' })).toHaveAttribute(
      'href',
      '/agent/a1/enquiries/c7',
    );
    expect(screen.getByRole('link', { name: 'Agent' })).toHaveAttribute('href', '/agent/a1');
  });

  it('/admin leads to the businesses list', async () => {
    const { router } = renderApp('/admin');
    // A member: the page is not theirs, but the address is resolved first.
    expect(await screen.findByText('You do not have access to this page.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/businesses');
  });

  it('/set-password without a token says the link is incomplete', async () => {
    renderApp('/set-password');
    expect(await screen.findByRole('alert')).toHaveTextContent(/missing its token/);
  });

  it('the contact enquiries screen sits under the agent and the agent’s enquiries', async () => {
    renderApp('/agent/a1/enquiries/c7');
    expect(await screen.findByRole('heading', { name: 'Enquiries', level: 2 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Agent' })).toHaveAttribute('href', '/agent/a1');
    const trail = screen.getByRole('link', { name: 'Agent' }).closest('nav, div')!.parentElement!;
    expect(within(trail).getAllByRole('link', { name: 'Enquiries' })[0]).toHaveAttribute(
      'href',
      '/enquiries?agentId=a1',
    );
  });
});
