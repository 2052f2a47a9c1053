import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { MailboxMessage } from '@switchboard/shared/admin';
import type { ContactImportList } from '@switchboard/shared/contact-imports';
import { formatDateTime } from '@switchboard/shared/format';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { cookieHeader, DEMO_ADMIN, DEMO_MEMBER, signInAs } from './support/accounts';
import { describeInBrowser, type E2E } from './support/browser';
import { apiGetAsDemo, demoAgentsWithCalls } from './support/demo-data';

// One product (issue 23 §7): dates in one format and the business's zone whatever the
// browser's zone and locale, and badges that show their whole label at phone and desktop width.

const BUSINESS_ZONE = 'America/New_York'; // the demo business's (demo-accounts.ts)

/** A browser far from both the business (New York) and UTC, with a day-first locale. */
async function useForeignBrowser(e2e: E2E, width: number) {
  e2e.context = await e2e.newContext({
    viewport: { width, height: 900 },
    timezoneId: 'Asia/Kolkata',
    locale: 'en-GB',
  });
  e2e.page = await e2e.context.newPage();
  e2e.page.on('pageerror', (error) => e2e.pageErrors.push(error.message));
}

/** Labels of the visible badges whose text does not fit their box (shown with an ellipsis). */
async function clippedBadges(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('.mantine-Badge-root')]
      .filter((badge) => badge.offsetParent !== null)
      .filter((badge) => {
        const label = badge.querySelector<HTMLElement>('.mantine-Badge-label') ?? badge;
        return (
          label.scrollWidth > label.clientWidth + 1 || badge.scrollWidth > badge.clientWidth + 1
        );
      })
      .map((badge) => badge.textContent ?? ''),
  );
}

async function visibleBadgeCount(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      [...document.querySelectorAll<HTMLElement>('.mantine-Badge-root')].filter(
        (badge) => badge.offsetParent !== null,
      ).length,
  );
}

describeInBrowser('one consistent product', (e2e) => {
  it.each([390, 1366])(
    'badges show their whole label on the main screens at %i px',
    async (width) => {
      const agents = await demoAgentsWithCalls(e2e.baseURL);
      const screens = [
        `/agent/${agents[0]!.id}/call-logs?tab=transferred`,
        `/agent/${agents[0]!.id}/call-logs`,
        '/enquiries',
        '/appointments',
        '/contacts',
        '/settings?section=team',
        '/settings?section=platform',
      ];
      await useForeignBrowser(e2e, width);
      await signInAs(e2e, DEMO_MEMBER);
      for (const screen of screens) {
        await e2e.page.goto(screen);
        await expect.poll(() => visibleBadgeCount(e2e.page)).toBeGreaterThan(0);
        // Let the page settle (lists, health checks) before measuring.
        await e2e.page.waitForLoadState('networkidle');
        // Whole badges must not push the header's controls off a phone's screen.
        const menu = await e2e.page
          .getByRole('button', { name: /^Account menu for / })
          .boundingBox();
        expect(menu && menu.x + menu.width).toBeLessThanOrEqual(width);
        expect({ width, screen, clipped: await clippedBadges(e2e.page) }).toEqual({
          width,
          screen,
          clipped: [],
        });
      }
      expect(e2e.pageErrors).toEqual([]);
    },
  );

  it('import history shows its time in the business’s zone, 24-hour, whatever the browser', async () => {
    await useForeignBrowser(e2e, 1366);
    await signInAs(e2e, DEMO_MEMBER);
    const { page, baseURL } = e2e;
    const name = `zone-${Date.now().toString(36)}.csv`;
    const file = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'sb-e2e-zone-')), name);
    await fs.writeFile(file, 'Name,Phone\nZoe Zone,+12125550199\n');

    await page.goto('/contacts');
    await page.getByRole('button', { name: 'Import contacts' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Import contacts' });
    await dialog.locator('input[type=file]').setInputFiles(file);
    await expect.poll(() => dialog.getByText(name).first().isVisible()).toBe(true);
    await dialog.getByRole('button', { name: /^Import/ }).click();
    await expect.poll(() => dialog.getByText(/created ·/).isVisible()).toBe(true);
    await dialog.getByRole('button', { name: 'Done' }).click();

    const { body } = await apiGetAsDemo<ContactImportList>(baseURL, '/contacts/imports?limit=20');
    const ours = body.data.find((row) => row.fileName === name);
    expect(ours).toBeDefined();
    const shown = formatDateTime(ours!.createdAt, BUSINESS_ZONE);
    expect(shown).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{2}:\d{2}$/);
    const history = page.getByRole('region', { name: /import history/i });
    const row = history.getByRole('row').filter({ hasText: name });
    await expect.poll(() => row.textContent(), { timeout: 10_000 }).toContain(shown);
    // Not the browser's zone (Kolkata) nor its locale's 12-hour/day-first form.
    expect(await row.textContent()).not.toMatch(/\b(AM|PM|am|pm)\b/);
  });

  it('the operator’s mailbox shows times in UTC, 24-hour, whatever the browser', async () => {
    await useForeignBrowser(e2e, 1366);
    await signInAs(e2e, DEMO_ADMIN);
    const { page, baseURL } = e2e;
    const admin = await cookieHeader(baseURL, DEMO_ADMIN);
    // A message of our own in the mailbox: the demo owner asks for a reset link.
    const asked = await fetch(`${baseURL}/api/auth/forgot-password`, {
      method: 'POST',
      headers: { origin: baseURL, 'content-type': 'application/json' },
      body: JSON.stringify({ login: DEMO_MEMBER.userName }),
    });
    expect(asked.status).toBe(202);
    let newest: MailboxMessage | undefined;
    await expect
      .poll(
        async () => {
          const response = await fetch(`${baseURL}/api/admin/mail?limit=20`, {
            headers: { cookie: admin },
          });
          const { data } = (await response.json()) as { data: MailboxMessage[] };
          newest = data.find((message) => message.toAddress === DEMO_MEMBER.userName);
          return newest !== undefined;
        },
        { interval: 500 },
      )
      .toBe(true);

    await page.goto('/admin/mail');
    await expect.poll(() => page.getByText('Times in UTC').isVisible()).toBe(true);
    await expect
      .poll(() => page.getByText(formatDateTime(newest!.deliveredAt, 'UTC')).first().isVisible())
      .toBe(true);
    expect(e2e.pageErrors).toEqual([]);
  });
});
