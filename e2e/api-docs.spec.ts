import { expect, it } from 'vitest';
import { describeInBrowser } from './support/browser';

describeInBrowser('API documentation', (e2e) => {
  it('renders the OpenAPI UI at /api/docs without security-policy violations', async () => {
    const { page } = e2e;
    const response = await page.goto('/api/docs');
    expect(response?.status()).toBe(200);
    await expect.poll(() => page.getByText('Switchboard API').first().isVisible()).toBe(true);
    await expect.poll(() => page.getByText('/api/health').first().isVisible()).toBe(true);
    expect(e2e.pageErrors).toEqual([]);
  });
});
