import { expect, it } from 'vitest';
import { DEMO_MEMBER, cookieHeader, signInAs } from './support/accounts';
import { describeInBrowser } from './support/browser';

describeInBrowser('voice platform', (e2e) => {
  it('shows a Sandbox badge when the bundled sandbox platform is in use', async () => {
    const { page } = e2e;
    await signInAs(e2e, DEMO_MEMBER);
    await page.goto('/dashboard');
    const badge = page.getByText('Sandbox', { exact: true });
    await expect.poll(() => badge.isVisible()).toBe(true);
    await badge.hover();
    await expect
      .poll(() => page.getByText(/runs the bundled sandbox platform/).isVisible())
      .toBe(true);
    expect(e2e.pageErrors).toEqual([]);
  });

  it('copies the sandbox platform’s calls into the store when the server starts', async () => {
    let status: { mode: string; sync: { status: string; progress: { callsWritten: number } } };
    // The platform's status is for signed-in users only.
    const cookie = await cookieHeader(e2e.baseURL, DEMO_MEMBER);
    await expect
      .poll(
        async () => {
          status = (await (
            await fetch(`${e2e.baseURL}/api/platform/status`, { headers: { cookie } })
          ).json()) as typeof status;
          return status.sync.status;
        },
        { timeout: 20_000 },
      )
      .toBe('idle');
    expect(status!.mode).toBe('sandbox');
    expect(status!.sync.progress.callsWritten).toBe(1000);
  });
});
