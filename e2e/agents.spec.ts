import type { AgentList, AgentSettingsResponse } from '@switchboard/shared/agents';
import type { AgentAnalytics } from '@switchboard/shared/analytics';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { DEMO_MEMBER, signInAs } from './support/accounts';
import { describeInBrowser } from './support/browser';
import { networkQuiet, requestsInFlight } from './support/network';
import { apiGetAsDemo, demoAgentsWithCalls } from './support/demo-data';

/** GET as the demo member, from the test itself (to compare the screen with the API). */

/** Canvases that Chart.js has drawn on (a blank canvas has only transparent pixels). */
async function drawnCharts(page: Page): Promise<number> {
  return page.locator('canvas[role="img"]').evaluateAll(
    (canvases) =>
      canvases.filter((canvas) => {
        const element = canvas as HTMLCanvasElement;
        if (element.width === 0 || element.height === 0) return false;
        const pixels = element
          .getContext('2d')
          ?.getImageData(0, 0, element.width, element.height).data;
        return pixels?.some((value, index) => index % 4 === 3 && value !== 0) ?? false;
      }).length,
  );
}

describeInBrowser('agents: dashboard, overview and statistics', (e2e) => {
  it('lists the demo agents with their figures and the call statistics on the dashboard', async () => {
    const { page, baseURL } = e2e;
    const agents = await demoAgentsWithCalls(baseURL);
    await signInAs(e2e, DEMO_MEMBER);
    await page.goto('/dashboard');
    for (const agent of agents) {
      const row = page.getByRole('row').filter({ hasText: agent.name });
      await expect.poll(() => row.isVisible()).toBe(true);
      expect(await row.textContent()).toContain(String(agent.last7Days.calls));
    }
    // The card's heading (the table has a column of the same name).
    const callsCard = page.getByText('Calls (7 days)', { exact: true }).first();
    await expect.poll(() => callsCard.isVisible()).toBe(true);
    await expect.poll(() => page.getByText(/^Today: [\d,]+ calls?$/).count()).toBe(1);
    expect(e2e.pageErrors).toEqual([]);
  });

  it('shows the four figures and drawn charts for every demo agent, matching the API', async () => {
    const { page, baseURL } = e2e;
    const agents = await demoAgentsWithCalls(baseURL);
    await signInAs(e2e, DEMO_MEMBER);
    for (const agent of agents) {
      const { body } = await apiGetAsDemo<AgentAnalytics>(baseURL, `/agents/${agent.id}/analytics`);
      expect(body.summary.numberOfCalls).toBeGreaterThan(0);
      await page.goto(`/agent/${agent.id}`);
      await expect
        .poll(() => page.getByRole('heading', { name: agent.name }).isVisible())
        .toBe(true);
      const calls = page.getByRole('group', { name: 'Number of Calls' });
      await expect
        .poll(() => calls.textContent(), { timeout: 10_000 })
        .toContain(String(body.summary.numberOfCalls));
      for (const label of ['Total Call Minutes', 'Total Spent', 'Average Cost per Call']) {
        expect(await page.getByRole('group', { name: label }).isVisible()).toBe(true);
      }
      expect(await page.getByRole('group', { name: 'Total Spent' }).textContent()).toContain(
        `$${body.summary.totalSpent.toFixed(2)}`,
      );
      await expect.poll(() => drawnCharts(page), { timeout: 10_000 }).toBe(4);

      await page.getByRole('link', { name: 'Statistics' }).first().click();
      await page.waitForURL(`**/agent/${agent.id}/statistics`);
      await expect.poll(() => drawnCharts(page), { timeout: 10_000 }).toBe(6);
    }
    expect(e2e.pageErrors).toEqual([]);
  });

  it('keeps the date range in the URL', async () => {
    const { page, baseURL } = e2e;
    const [agent] = await demoAgentsWithCalls(baseURL);
    await signInAs(e2e, DEMO_MEMBER);
    await page.goto(`/agent/${agent!.id}`);
    await page.getByRole('button', { name: 'Last 7 days' }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('from')).not.toBeNull();
    const url = new URL(page.url());
    const from = url.searchParams.get('from')!;
    const to = url.searchParams.get('to')!;
    expect((Date.parse(to) - Date.parse(from)) / 86_400_000).toBe(6);
    await page.reload();
    await expect.poll(() => page.getByText(/Overview · /).textContent()).toMatch(/–/);
    expect(new URL(page.url()).searchParams.get('from')).toBe(from);
    await expect.poll(() => drawnCharts(page), { timeout: 10_000 }).toBe(4);
    expect(e2e.pageErrors).toEqual([]);
  });

  it('creates an agent on the platform, edits it, shows its empty overview and deletes it', async () => {
    const { page, baseURL } = e2e;
    await signInAs(e2e, DEMO_MEMBER);
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Create agent' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Create agent' });
    await dialog.getByLabel('Name').fill('E2E Night Desk');
    await dialog.getByRole('button', { name: 'Create agent' }).click();
    const row = page.getByRole('row').filter({ hasText: 'E2E Night Desk' });
    await expect.poll(() => row.isVisible()).toBe(true);

    const created = (await apiGetAsDemo<AgentList>(baseURL, '/agents')).body.data.find(
      (agent) => agent.name === 'E2E Night Desk',
    );
    expect(created).toBeDefined();
    const settings = await apiGetAsDemo<AgentSettingsResponse>(
      baseURL,
      `/agents/${created!.id}/settings`,
    );
    expect(settings.body.tools).toEqual(['create_enquiry', 'book_appointment']);

    // A new agent has no calls: the overview says so and shows zeros.
    await page.goto(`/agent/${created!.id}`);
    await expect.poll(() => page.getByText('No calls in this range').isVisible()).toBe(true);
    expect(await page.getByRole('group', { name: 'Number of Calls' }).textContent()).toContain('0');

    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Settings for E2E Night Desk' }).click();
    const settingsDialog = page.getByRole('dialog');
    const name = settingsDialog.getByLabel('Name');
    await expect.poll(() => name.inputValue()).toBe('E2E Night Desk');
    await name.fill('E2E Late Desk');
    await settingsDialog.getByLabel('End-call message').fill('Sleep well!');
    await settingsDialog.getByRole('button', { name: 'Save changes' }).click();
    await expect
      .poll(() => page.getByRole('row').filter({ hasText: 'E2E Late Desk' }).isVisible())
      .toBe(true);
    const saved = await apiGetAsDemo<AgentSettingsResponse>(
      baseURL,
      `/agents/${created!.id}/settings`,
    );
    expect(saved.body.settings).toMatchObject({
      name: 'E2E Late Desk',
      endCallMessage: 'Sleep well!',
    });

    await page.getByRole('button', { name: 'Settings for E2E Late Desk' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete agent' }).click();
    await page.getByRole('button', { name: 'Yes, delete agent' }).click();
    await expect
      .poll(() => page.getByRole('row').filter({ hasText: 'E2E Late Desk' }).count())
      .toBe(0);
    expect((await apiGetAsDemo(baseURL, `/agents/${created!.id}`)).status).toBe(404);
    expect(e2e.pageErrors, e2e.pageErrors.join('\n')).toEqual([]);
  });

  it('fits a phone screen', async () => {
    const { page, baseURL } = e2e;
    const [agent] = await demoAgentsWithCalls(baseURL);
    await signInAs(e2e, DEMO_MEMBER);
    await page.setViewportSize({ width: 390, height: 844 });
    const inFlight = requestsInFlight(page);
    for (const path of ['/dashboard', `/agent/${agent!.id}`, `/agent/${agent!.id}/statistics`]) {
      await page.goto(path);
      await networkQuiet(page, inFlight);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
    expect(e2e.pageErrors).toEqual([]);
  });

  it('loads the agent forms only when one is opened, not with the dashboard', async () => {
    const { page } = e2e;
    await signInAs(e2e, DEMO_MEMBER);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    const loaded = (name: string) => scripts.some((path) => path.startsWith(`/assets/${name}-`));
    await page.goto('/dashboard');
    await expect.poll(() => page.getByRole('row').nth(1).isVisible()).toBe(true);
    expect(loaded('create-agent-modal')).toBe(false);
    expect(loaded('agent-settings-modal')).toBe(false);

    await page.getByRole('button', { name: 'Create agent' }).first().click();
    await expect.poll(() => page.getByRole('dialog').isVisible()).toBe(true);
    expect(loaded('create-agent-modal')).toBe(true);
    expect(loaded('agent-settings-modal')).toBe(false);
    expect(e2e.pageErrors).toEqual([]);
  });
});
