import { expect, it } from 'vitest';
import { describeInBrowser } from './support/browser';

describeInBrowser('landing page', (e2e) => {
  it('renders what Switchboard is, with sign-in and create-account calls to action', async () => {
    const { page } = e2e;
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    // The CSP the server sends must let the built app run: a violation shows up as a console error.
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    await expect.poll(() => page.getByRole('heading', { level: 1 }).isVisible()).toBe(true);
    expect(await page.title()).toMatch(/Switchboard/);

    await page.getByRole('link', { name: 'Create account' }).first().click();
    await expect.poll(() => page.url()).toMatch(/\/create-account$/);
    await page.goBack();
    await page.getByRole('link', { name: 'Sign in' }).first().click();
    await expect.poll(() => page.url()).toMatch(/\/login$/);
    expect(e2e.pageErrors).toEqual([]);
  });

  it('serves the API health next to the app', async () => {
    const res = await fetch(`${e2e.baseURL}/api/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'ok', database: { status: 'up' } });
  });
});
