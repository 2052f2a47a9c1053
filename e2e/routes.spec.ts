import { randomUUID } from 'node:crypto';
import type { Contact } from '@switchboard/shared/contacts';
import type { Enquiry } from '@switchboard/shared/enquiries';
import { expect, it } from 'vitest';
import { DEMO_MEMBER, signInAs } from './support/accounts';
import { describeInBrowser } from './support/browser';
import { networkQuiet, requestsInFlight } from './support/network';
import { apiPostAsDemo, demoAgentsWithCalls } from './support/demo-data';

// Every route of the seed's table, with one of the demo agents where it takes an agent id. The
// public ones are seen signed out; the others signed in (signed out, they lead to sign-in:
// accounts.spec).
const PUBLIC_ROUTES = ['/', '/login', '/create-account'];
const APP_ROUTES = [
  '/dashboard',
  '/agent/:agent',
  '/agent/:agent/statistics',
  '/agent/:agent/call-logs',
  '/agent/:agent/enquiries/:contact',
  '/agent/:agent/enquiries/:contact/email-logs/:enquiry',
];

describeInBrowser('routes', (e2e) => {
  async function expectScreen(route: string) {
    const inFlight = requestsInFlight(e2e.page);
    const response = await e2e.page.goto(route);
    expect(response?.status()).toBe(200);
    await networkQuiet(e2e.page, inFlight);
    await expect.poll(() => e2e.page.locator('h1, h2').count()).toBeGreaterThan(0);
    expect(new URL(e2e.page.url()).pathname).toBe(route);
    expect(await e2e.page.getByText('Not Found', { exact: true }).count()).toBe(0);
    expect(await e2e.page.getByText('Something went wrong!').count()).toBe(0);
    expect(e2e.pageErrors).toEqual([]);
  }

  it.each(PUBLIC_ROUTES)('%s answers with its screen, not the fallbacks', async (route) => {
    await expectScreen(route);
  });

  it.each(APP_ROUTES)('%s answers with its screen when signed in', async (template) => {
    const [agent] = await demoAgentsWithCalls(e2e.baseURL);
    // A real contact and enquiry of the demo business, for the routes that take their ids.
    const tag = randomUUID().slice(0, 8);
    const contact = await apiPostAsDemo<Contact>(e2e.baseURL, '/contacts', {
      name: `Route Check ${tag}`,
      email: `route-check-${tag}@example.com`,
    });
    const enquiry = await apiPostAsDemo<Enquiry>(e2e.baseURL, `/contacts/${contact.id}/enquiries`, {
      subject: 'Route check',
      message: 'Opened by the route table test.',
      agentId: agent!.id,
    });
    await signInAs(e2e, DEMO_MEMBER);
    await expectScreen(
      template
        .replace(':agent', agent!.id)
        .replace(':contact', contact.id)
        .replace(':enquiry', enquiry.id),
    );
  });

  it('says "Agent not found" for an agent that is not yours', async () => {
    await signInAs(e2e, DEMO_MEMBER);
    await e2e.page.goto('/agent/asst_123');
    await expect.poll(() => e2e.page.getByText('Agent not found').isVisible()).toBe(true);
    expect(await e2e.page.getByText('Something went wrong!').count()).toBe(0);
  });

  it('shows "Not Found" for an unknown path', async () => {
    const response = await e2e.page.goto('/no/such/page');
    expect(response?.status()).toBe(200);
    await expect
      .poll(() => e2e.page.getByText('Not Found', { exact: true }).isVisible())
      .toBe(true);
  });

  it('keeps the screen on reload of a deep link', async () => {
    await signInAs(e2e, DEMO_MEMBER);
    await e2e.page.goto('/agent/asst_123/call-logs');
    await e2e.page.reload();
    await expect.poll(() => e2e.page.url()).toMatch(/\/agent\/asst_123\/call-logs$/);
    await expect
      .poll(() => e2e.page.getByRole('heading', { name: 'Call logs' }).isVisible())
      .toBe(true);
    expect(await e2e.page.getByText('Not Found', { exact: true }).count()).toBe(0);
  });
});
