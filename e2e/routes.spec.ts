import { expect, it } from 'vitest';
import { DEMO_MEMBER, signInAs } from './support/accounts';
import { describeInBrowser } from './support/browser';

// Every route of the seed's table, with a real-looking id where it takes one. The public ones
// are seen signed out; the others signed in (signed out, they lead to sign-in: accounts.spec).
const PUBLIC_ROUTES = ['/', '/login', '/create-account'];
const APP_ROUTES = [
  '/dashboard',
  '/agent/asst_123',
  '/agent/asst_123/statistics',
  '/agent/asst_123/call-logs',
  '/agent/asst_123/enquiries/contact_9',
  '/agent/asst_123/enquiries/contact_9/email-logs/enquiry_7',
];

describeInBrowser('routes', (e2e) => {
  async function expectScreen(route: string) {
    const response = await e2e.page.goto(route);
    expect(response?.status()).toBe(200);
    await e2e.page.waitForLoadState('networkidle');
    await expect.poll(() => e2e.page.locator('h1, h2').count()).toBeGreaterThan(0);
    expect(new URL(e2e.page.url()).pathname).toBe(route);
    expect(await e2e.page.getByText('Not Found', { exact: true }).count()).toBe(0);
    expect(await e2e.page.getByText('Something went wrong!').count()).toBe(0);
    expect(e2e.pageErrors).toEqual([]);
  }

  it.each(PUBLIC_ROUTES)('%s answers with its screen, not the fallbacks', async (route) => {
    await expectScreen(route);
  });

  it.each(APP_ROUTES)('%s answers with its screen when signed in', async (route) => {
    await signInAs(e2e, DEMO_MEMBER);
    await expectScreen(route);
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
