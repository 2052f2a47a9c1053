import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { DEMO_ADMIN, DEMO_MEMBER, signInAs, type Account } from './support/accounts';
import { describeInBrowser } from './support/browser';
import { demoAgentsWithCalls } from './support/demo-data';

// axe-core on the main screens, in light and dark: no serious or critical violation of WCAG 2.1
// A/AA. (Minor and moderate findings are printed, not failed on.)

const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const BLOCKING = new Set(['serious', 'critical']);

/** The screen has drawn: the network is quiet, a heading shows and no skeleton is left. */
async function settled(page: Page) {
  await page.waitForLoadState('networkidle');
  await expect.poll(() => page.locator('h1, h2').count()).toBeGreaterThan(0);
  await expect.poll(() => page.locator('.mantine-Skeleton-root[data-visible]').count()).toBe(0);
}

/** Runs axe on the page as it is; answers the blocking violations, one line each. */
async function blockingViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(WCAG).analyze();
  const lines: string[] = [];
  for (const violation of result.violations) {
    const where = violation.nodes
      .slice(0, 3)
      .map((node) => node.target.join(' '))
      .join(' | ');
    const line = `${violation.impact ?? 'unknown'} ${violation.id}: ${violation.help} (${violation.nodes.length}×: ${where})`;
    if (BLOCKING.has(violation.impact ?? '')) lines.push(line);
    else console.info(`axe ${new URL(page.url()).pathname}: ${line}`);
  }
  return lines;
}

type Screen = { path: string; account: Account | null };

describeInBrowser('accessibility (axe)', (e2e) => {
  async function screens(): Promise<Screen[]> {
    const [agent] = await demoAgentsWithCalls(e2e.baseURL);
    const member = (path: string) => ({ path, account: DEMO_MEMBER });
    return [
      { path: '/', account: null },
      { path: '/login', account: null },
      { path: '/create-account', account: null },
      member('/dashboard'),
      member(`/agent/${agent!.id}`),
      member(`/agent/${agent!.id}/call-logs`),
      member(`/agent/${agent!.id}/statistics`),
      member('/contacts'),
      member('/enquiries'),
      member('/appointments'),
      member('/settings'),
      member('/knowledge-bases'),
      { path: '/admin/businesses', account: DEMO_ADMIN },
      { path: '/admin/agents', account: DEMO_ADMIN },
      { path: '/admin/mail', account: DEMO_ADMIN },
    ];
  }

  it.each(['light', 'dark'] as const)(
    'finds no serious or critical violation on the main screens (%s)',
    async (colorScheme) => {
      const { page } = e2e;
      await page.emulateMedia({ colorScheme });
      const found: string[] = [];
      let signedInAs: string | null = null;
      for (const { path, account } of await screens()) {
        if (account && signedInAs !== account.userName) {
          await e2e.context.clearCookies();
          await signInAs(e2e, account);
          signedInAs = account.userName;
        }
        await page.goto(path);
        await settled(page);
        expect(new URL(page.url()).pathname, 'the screen, not a redirect').toBe(path);
        found.push(...(await blockingViolations(page)).map((line) => `${path}: ${line}`));
      }
      expect(found).toEqual([]);
      expect(e2e.pageErrors).toEqual([]);
    },
    240_000,
  );

  it('finds none in a dialog either (create agent), whose close button is named', async () => {
    const { page } = e2e;
    await signInAs(e2e, DEMO_MEMBER);
    await page.goto('/dashboard');
    await settled(page);
    await page.getByRole('button', { name: 'Create agent' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create agent' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    expect(await dialog.getByRole('button', { name: 'Close' }).count()).toBe(1);
    // Focus starts in the first field, not on the close button.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('name')))
      .toBe('name');
    expect(await blockingViolations(page)).toEqual([]);
  });
});
