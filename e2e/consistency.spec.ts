import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { MailboxMessage } from '@switchboard/shared/admin';
import type { ContactImportList } from '@switchboard/shared/contact-imports';
import { formatDateTime } from '@switchboard/shared/format';
import type { Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { cookieHeader, DEMO_ADMIN, DEMO_MEMBER, signInAs } from './support/accounts';
import { describeInBrowser, type E2E } from './support/browser';
import { apiGetAsDemo, demoAgentsWithCalls } from './support/demo-data';
import { networkQuiet, openInApp, requestsInFlight } from './support/network';

// One product (issue 23 §7): dates in one format and the business's zone whatever the
// browser's zone and locale, and badges that show their whole label at phone and desktop width.

const BUSINESS_ZONE = 'America/New_York'; // the demo business's (demo-accounts.ts)

/** A browser far from both the business (New York) and UTC, with a day-first locale. */
const FOREIGN_BROWSER = { timezoneId: 'Asia/Kolkata', locale: 'en-GB' };

/**
 * The test's page (in the foreign browser: the suite's) at `width`; answers its requests in
 * flight (support/network.ts).
 */
async function useForeignBrowser(e2e: E2E, width: number): Promise<() => number> {
  await e2e.page.setViewportSize({ width, height: 900 });
  return requestsInFlight(e2e.page);
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

/**
 * How many lines each of the elements `selector` finds takes, as "its text → lines": the
 * distinct line boxes its text sits on (a cell's name on two lines and a second line under it
 * is three).
 */
async function linesOf(page: Page, selector: string): Promise<Record<string, number>> {
  return page.evaluate((found) => {
    const lines: Record<string, number> = {};
    for (const element of document.querySelectorAll<HTMLElement>(found)) {
      if (element.offsetParent === null) continue;
      const tops = new Set<number>();
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!node.textContent?.trim()) continue;
        // Visually hidden words ("(", ")") for screen readers take no line.
        const parent = node.parentElement;
        if (parent && parent.getBoundingClientRect().width <= 1) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const rect of range.getClientRects()) {
          if (rect.width > 0) tops.add(Math.round(rect.top / 4));
        }
      }
      const key = (element.innerText || element.getAttribute('aria-label') || '').replace(
        /\s+/g,
        ' ',
      );
      lines[key] = Math.max(lines[key] ?? 0, tops.size);
    }
    return lines;
  }, selector);
}

/** The labels of `lines` that take more than two lines. */
const overTwoLines = (lines: Record<string, number>) =>
  Object.entries(lines)
    .filter(([, count]) => count > 2)
    .map(([text, count]) => `${text}: ${count} lines`);

/** How far the table named `name` would scroll sideways in its box (0: it fits). */
async function sidewaysScroll(page: Page, name: string): Promise<number> {
  return page.evaluate((label) => {
    const table = document.querySelector<HTMLElement>(`table[aria-label="${label}"]`);
    const box = table?.closest<HTMLElement>('.mantine-ScrollArea-viewport');
    if (!table || !box) return -1;
    return box.scrollWidth - box.clientWidth;
  }, name);
}

describeInBrowser('one consistent product', FOREIGN_BROWSER, (e2e) => {
  it('the operator’s All agents table fits a 1366 px window, each row on one or two lines', async () => {
    const inFlight = await useForeignBrowser(e2e, 1366);
    await signInAs(e2e, DEMO_ADMIN);
    const { page } = e2e;
    await page.goto('/dashboard');
    const agents = page.getByRole('table', { name: 'Agents' });
    await expect.poll(() => agents.getByRole('row').count()).toBeGreaterThan(2);
    await networkQuiet(page, inFlight);
    expect(await agents.getByRole('columnheader', { name: /Business/ }).count()).toBe(1);
    expect(await sidewaysScroll(page, 'Agents')).toBe(0);
    expect(overTwoLines(await linesOf(page, 'table[aria-label="Agents"] td'))).toEqual([]);
    expect(overTwoLines(await linesOf(page, 'table[aria-label="Agents"] th'))).toEqual([]);
    // Its actions stay there, by name.
    const first = agents.getByRole('row').nth(1);
    expect(await first.getByRole('link', { name: /^Overview of / }).count()).toBe(1);
    expect(await first.getByRole('link', { name: /^Call logs of / }).count()).toBe(1);
    expect(await first.getByRole('button', { name: /^Settings for / }).count()).toBe(1);
    expect(e2e.pageErrors).toEqual([]);
  });

  it.each([1366, 390])(
    'the dashboard’s figure headings keep to one or two lines at %i px',
    async (width) => {
      const inFlight = await useForeignBrowser(e2e, width);
      await signInAs(e2e, DEMO_MEMBER);
      const { page } = e2e;
      await page.goto('/dashboard');
      const cards = page.locator('[role="group"][aria-label$="(7 days)"]');
      await expect.poll(() => cards.count()).toBe(4);
      await expect
        .poll(() => page.getByRole('group', { name: 'Success rate (7 days)' }).textContent())
        .toMatch(/%/);
      await networkQuiet(page, inFlight);
      // The cards' own headings, the seed's words as they are.
      const labels = await linesOf(page, '[role="group"][aria-label] > div:first-child > p');
      expect(Object.keys(labels)).toEqual(
        expect.arrayContaining([
          'Calls (7 days)',
          'Minutes (7 days)',
          'Spend (7 days)',
          'Success rate (7 days)',
        ]),
      );
      expect(overTwoLines(labels)).toEqual([]);
      if (width === 1366) {
        // The agents' columns: "Success rate" over "7 days", not three lines.
        const headings = await linesOf(page, 'table[aria-label="Agents"] th');
        expect(
          Object.entries(headings).find(([text]) => text.startsWith('Success rate'))?.[1],
        ).toBe(2);
        expect(overTwoLines(headings)).toEqual([]);
        expect(await sidewaysScroll(page, 'Agents')).toBe(0);
      }
      expect(e2e.pageErrors).toEqual([]);
    },
  );

  it.each([390, 1366])(
    'badges show their whole label on the main screens at %i px',
    async (width) => {
      const agents = await demoAgentsWithCalls(e2e.baseURL);
      const { page } = e2e;
      const tab = (name: string) => page.getByRole('tab', { name, selected: true });
      const heading = (name: string) => page.getByRole('heading', { name, exact: true });
      // Each screen, and what shows once it (not the screen before it) is drawn.
      const screens: [string, Locator][] = [
        [`/agent/${agents[0]!.id}/call-logs?tab=transferred`, tab('Transferred')],
        [`/agent/${agents[0]!.id}/call-logs`, tab('All')],
        ['/enquiries', heading('Enquiries')],
        ['/appointments', heading('Appointments')],
        ['/contacts', heading('Contacts')],
        ['/settings?section=team', tab('Team')],
        ['/settings?section=platform', tab('Platform')],
      ];
      const inFlight = await useForeignBrowser(e2e, width);
      await signInAs(e2e, DEMO_MEMBER);
      for (const [index, [screen, drawn]] of screens.entries()) {
        // The first by a page load, the others in the app (decision 076): a badge is drawn
        // the same either way.
        if (index === 0) await page.goto(screen);
        else await openInApp(page, screen);
        await expect.poll(() => drawn.count(), { message: `${screen} drawn` }).toBeGreaterThan(0);
        const [url, asked] = [new URL(page.url()), new URL(screen, page.url())];
        expect(url.pathname, 'the screen, not a redirect').toBe(asked.pathname);
        for (const [name, value] of asked.searchParams)
          expect(url.searchParams.get(name)).toBe(value);
        await expect
          .poll(() => page.getByRole('progressbar', { name: 'Loading page' }).count())
          .toBe(0);
        await expect.poll(() => visibleBadgeCount(e2e.page)).toBeGreaterThan(0);
        // Let the page settle (lists, health checks) before measuring.
        await networkQuiet(e2e.page, inFlight);
        await expect
          .poll(() => page.locator('.mantine-Skeleton-root[data-visible]').count())
          .toBe(0);
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
