import { expect, it } from 'vitest';
import { DEMO_MEMBER, signInAs } from './support/accounts';
import type { CallLogPage } from '@switchboard/shared/call-logs';
import type { PlatformStatus } from '@switchboard/shared/platform';
import { describeInBrowser, e2eServer } from './support/browser';
import { apiGetAs, apiGetAsDemo, everyDemoAgentWithCalls } from './support/demo-data';

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
    // Waits for a finished sync (status idle, a last success), then counts the store's calls.
    // Later syncs are incremental, so the status's own counters say nothing about the backfill.
    // Calls other specs make (test calls from "Talk to agent", a campaign's outbound calls) were
    // created after the server started and are the newest, so they are on the first page: the
    // backfill is the total less those.
    // Each demo business sees its own agent's calls; together they are the whole backfill.
    const agents = await everyDemoAgentWithCalls(e2e.baseURL);
    const { body: status } = await apiGetAsDemo<PlatformStatus>(e2e.baseURL, '/platform/status');
    expect(status.mode).toBe('sandbox');
    let stored = 0;
    for (const { account, agent } of agents) {
      const body = await apiGetAs<CallLogPage>(
        e2e.baseURL,
        account,
        `/agents/${agent.id}/calls?limit=50`,
      );
      const startedAt = e2eServer().serverStartedAt;
      const since = body.data.filter((row) => row.isTest || row.createdAt >= startedAt).length;
      expect(since).toBeLessThan(50);
      stored += body.meta.total - since;
    }
    expect(stored).toBe(1000);
  });
});
