import { expect, it } from 'vitest';
import { describeInBrowser } from './support/browser';
import { networkQuiet, requestsInFlight } from './support/network';

describeInBrowser('error panel', (e2e) => {
  it('shows "Something went wrong!" when a screen fails to load, with a Show/Hide Error toggle', async () => {
    const { page } = e2e;
    const inFlight = requestsInFlight(page);
    await page.goto('/');
    await networkQuiet(page, inFlight);
    // The next screen's code cannot be fetched (as after a deploy removed an old chunk).
    await page.route('**/assets/**', (route) => route.abort());
    await page.getByRole('link', { name: 'Sign in' }).first().click();

    await expect.poll(() => page.getByText('Something went wrong!').isVisible()).toBe(true);
    const toggle = page.getByRole('button', { name: 'Show Error' });
    expect(await toggle.isVisible()).toBe(true);

    await toggle.click();
    await expect
      .poll(() => page.getByRole('button', { name: 'Hide Error' }).isVisible())
      .toBe(true);
    await expect
      .poll(() =>
        page
          .getByText(/dynamically imported module|Failed to fetch/i)
          .first()
          .isVisible(),
      )
      .toBe(true);

    await page.getByRole('button', { name: 'Hide Error' }).click();
    await expect
      .poll(() => page.getByRole('button', { name: 'Show Error' }).isVisible())
      .toBe(true);
    // The details collapse (with a short animation) and leave the page.
    await expect.poll(() => page.getByText(/dynamically imported module/i).count()).toBe(0);
  });
});
