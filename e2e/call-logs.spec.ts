import { displayCallId } from '@switchboard/shared/calls';
import { addDays, todayIn } from '@switchboard/shared/date-range';
import type { CallDetail, CallLogCount, CallLogPage } from '@switchboard/shared/call-logs';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { DEMO_MEMBER, cookieHeader, signInAs } from './support/accounts';
import { describeInBrowser } from './support/browser';
import { apiGetAs, demoAgentsWithCalls } from './support/demo-data';

/** The busiest demo agent, once the start-up sync has filled the store. */
async function demoAgentId(baseURL: string): Promise<string> {
  const agents = await demoAgentsWithCalls(baseURL);
  return [...agents].sort((a, b) => b.last7Days.calls - a.last7Days.calls)[0]!.id;
}

const pagerText = (page: Page) =>
  page.getByRole('navigation', { name: 'Call log pages' }).locator('p').first().textContent();
const search = (page: Page) => new URL(page.url()).searchParams;
/** The pager says what the API says for the same filter (asked again until they agree). */
async function expectPagerToMatch(page: Page, baseURL: string, apiPath: string) {
  await expect
    .poll(async () => {
      const { meta } = await apiGetAs<CallLogPage>(baseURL, DEMO_MEMBER, apiPath);
      const count = `${meta.total} ${meta.total === 1 ? 'call' : 'calls'}`;
      const expected = `${count} · page ${meta.page} of ${Math.max(meta.totalPages, 1)}`;
      return (await pagerText(page)) === expected
        ? 'same'
        : `${await pagerText(page)} ≠ ${expected}`;
    })
    .toBe('same');
}

const bodyRows = (page: Page) => page.locator('table tbody tr:has(a[href*="call="])');

/**
 * The API answers this page load has had so far, by how they were asked for: `link` for one the
 * page's head preloaded (and the app's own request then took), `fetch` for the app's own.
 */
const apiAnswers = (page: Page) =>
  page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => ({
        path: new URL(entry.name).pathname,
        by: (entry as PerformanceResourceTiming).initiatorType,
      }))
      .filter((entry) => entry.path.startsWith('/api/')),
  );

/** Asks until each of `paths` has been answered, then says which were the app's own requests. */
async function ownRequestsFor(page: Page, paths: string[]) {
  await expect
    .poll(async () => {
      const answered = new Set((await apiAnswers(page)).map((entry) => entry.path));
      return paths.filter((path) => !answered.has(path));
    })
    .toEqual([]);
  return (await apiAnswers(page))
    .filter((entry) => paths.includes(entry.path) && entry.by !== 'link')
    .map((entry) => entry.path);
}

describeInBrowser('call logs', (e2e) => {
  it('pages, switches tabs (back to page 1), filters by phone and by dates, as the API says', async () => {
    const { page, baseURL } = e2e;
    const agentId = await demoAgentId(baseURL);
    const all = await apiGetAs<CallLogPage>(baseURL, DEMO_MEMBER, `/agents/${agentId}/calls`);
    await signInAs(e2e, DEMO_MEMBER);
    await page.goto(`/agent/${agentId}/call-logs`);
    await expectPagerToMatch(page, baseURL, `/agents/${agentId}/calls`);
    // The first page's rows are drawn a few at a time (DataTable's rowsPerTask): all 50 come.
    await expect.poll(() => bodyRows(page).count()).toBe(50);
    expect(await bodyRows(page).first().textContent()).toContain(all.data[0]!.displayId);

    await page.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => search(page).get('page')).toBe('2');
    await expect.poll(() => pagerText(page)).toContain('page 2 of');

    // Changing the tab goes back to page 1.
    await page.getByRole('tab', { name: 'Successful' }).click();
    await expect.poll(() => search(page).get('tab')).toBe('successful');
    expect(search(page).get('page')).toBeNull();
    await expectPagerToMatch(page, baseURL, `/agents/${agentId}/calls?tab=successful`);
    const badges = await bodyRows(page).locator('text=/^(Pass|Fail)$/').allTextContents();
    expect(badges.length).toBeGreaterThan(0);
    expect(new Set(badges)).toEqual(new Set(['Pass']));

    // Phone filter: part of one caller's number, punctuation and all.
    const number = all.data.find((row) => row.customerPhone.startsWith('+1'))!.customerPhone;
    const part = `(${number.slice(2, 5)}) ${number.slice(5, 8)}`;
    await page.getByRole('tab', { name: 'All' }).click();
    await expect.poll(() => search(page).get('tab')).toBeNull();
    const phone = page.getByRole('textbox', { name: 'Phone number' });
    await phone.fill(part);
    await phone.press('Enter');
    await expect.poll(() => search(page).get('phone')).toBe(part);
    await expectPagerToMatch(
      page,
      baseURL,
      `/agents/${agentId}/calls?phone=${encodeURIComponent(part)}`,
    );
    const customers = await bodyRows(page).locator('td:nth-child(2)').allTextContents();
    expect(
      customers.every((customer) => customer.replace(/\D/g, '').includes(part.replace(/\D/g, ''))),
    ).toBe(true);

    // Reset restores the defaults.
    await page.getByRole('button', { name: 'Reset' }).click();
    await expect.poll(() => page.url()).toBe(`${baseURL}/agent/${agentId}/call-logs`);
    await expectPagerToMatch(page, baseURL, `/agents/${agentId}/calls`);

    // A date range (one day, in the business's zone) from a shared link: the day of the newest
    // call as the business's clock reads it (the UTC date can be a day ahead of it).
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: all.timeZone }).format(
      new Date(all.data[0]!.createdAt),
    );
    await page.goto(`/agent/${agentId}/call-logs?from=${day}&to=${day}`);
    await expectPagerToMatch(page, baseURL, `/agents/${agentId}/calls?from=${day}&to=${day}`);
    expect(e2e.pageErrors).toEqual([]);
  });

  it("opened directly, the dashboard and a call log take their first answers from the page's preloads", async () => {
    // The server names them in the page's head (decision 093); the app's own request for the
    // same address takes the preloaded answer. One the app asks for differently (another query
    // string) shows here as a request of its own.
    const { page, baseURL } = e2e;
    const agentId = await demoAgentId(baseURL);
    await signInAs(e2e, DEMO_MEMBER);
    // Counts the Intl objects the page makes: its figures and the agents' last calls are written
    // without one, so the browser's ICU is not started (decision 109).
    await page.addInitScript({
      content: `window.__intlMade = [];
        ['NumberFormat', 'DateTimeFormat', 'PluralRules', 'Collator', 'RelativeTimeFormat'].forEach(function (kind) {
          var Made = Intl[kind];
          var Counted = function () {
            window.__intlMade.push(kind);
            return new (Function.prototype.bind.apply(Made, [null].concat([].slice.call(arguments))))();
          };
          Counted.prototype = Made.prototype;
          Counted.supportedLocalesOf = Made.supportedLocalesOf;
          Intl[kind] = Counted;
        });`,
    });
    await page.goto('/dashboard');
    await page.getByText('Today and the last 7 days').waitFor();
    // The agents' table is drawn: its spend, success rate and last call.
    const firstAgent = page
      .getByRole('row')
      .filter({ hasText: /\$\d+\.\d{2}/ })
      .first();
    await firstAgent.waitFor();
    const rowText = (await firstAgent.textContent()) ?? '';
    expect(rowText).toMatch(/\d+(\.\d+)?%/);
    expect(rowText).toMatch(/[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{2}:\d{2}/);
    expect(await page.evaluate<string[]>('window.__intlMade')).toEqual([]);
    expect(
      await ownRequestsFor(page, [
        '/api/auth/me',
        '/api/statistics/dashboard',
        '/api/agents',
        '/api/campaigns',
        '/api/test-runs',
        '/api/platform/status',
        '/api/notifications',
        '/api/enquiries/unread-counts',
      ]),
    ).toEqual([]);
    // Nor does the dashboard load the schema library: its screens read constants, not schemas
    // (decision 096).
    const scripts = await page.evaluate(() =>
      performance.getEntriesByType('resource').map((entry) => entry.name),
    );
    expect(scripts.filter((name) => name.includes('/assets/vendor-zod-'))).toEqual([]);

    await page.goto(`/agent/${agentId}/call-logs`);
    await expect.poll(() => bodyRows(page).count()).toBe(50);
    // Nor does the call log's first screen: its rules and words are in modules without schemas
    // (decision 106).
    const callLogScripts = await page.evaluate(() =>
      performance.getEntriesByType('resource').map((entry) => entry.name),
    );
    expect(callLogScripts.filter((name) => name.includes('/assets/vendor-zod-'))).toEqual([]);
    expect(
      await ownRequestsFor(page, [
        '/api/auth/me',
        `/api/agents/${agentId}`,
        `/api/agents/${agentId}/calls`,
        '/api/platform/status',
        '/api/notifications',
        '/api/enquiries/unread-counts',
      ]),
    ).toEqual([]);
    // With a filter in the address the page is another request: the app asks for it itself.
    await page.goto(`/agent/${agentId}/call-logs?tab=successful`);
    await expect.poll(() => bodyRows(page).count()).toBeGreaterThan(0);
    expect(await ownRequestsFor(page, [`/api/agents/${agentId}/calls`])).toEqual([
      `/api/agents/${agentId}/calls`,
    ]);
    expect(e2e.pageErrors).toEqual([]);
  });

  it("shows a date filter's day in a box of the picker's size until the picker's code arrives", async () => {
    // The picker is fetched when the date inputs are first drawn (decision 107): held back, as
    // a slow connection would, the box stands in with the day written as the picker writes it.
    const { page, baseURL } = e2e;
    const agentId = await demoAgentId(baseURL);
    await signInAs(e2e, DEMO_MEMBER);
    const held: (() => Promise<void>)[] = [];
    await page.route(/\/assets\/date-picker-input-[^/]+\.js$/, (route) => {
      held.push(() => route.continue());
    });
    await page.goto(`/agent/${agentId}/call-logs?from=2026-03-01`);
    const standIn = page.getByRole('textbox', { name: 'From' });
    await expect.poll(() => standIn.inputValue()).toBe('Mar 1, 2026');
    await expect.poll(() => held.length).toBe(1);
    const before = await standIn.boundingBox();

    await Promise.all(held.map((resume) => resume()));
    const picker = page.getByRole('button', { name: 'From' });
    await expect.poll(() => picker.textContent()).toBe('Mar 1, 2026');
    // Nothing moved when it came.
    expect(await picker.boundingBox()).toEqual(before);
    await page.unroute(/\/assets\/date-picker-input-[^/]+\.js$/);
    expect(e2e.pageErrors).toEqual([]);
  });

  it('opens a call: transcript bubbles, a playable recording, and a click seeks the audio', async () => {
    const { page, baseURL } = e2e;
    const agents = await demoAgentsWithCalls(baseURL);
    const agent = [...agents].sort((a, b) => b.last7Days.calls - a.last7Days.calls)[0]!;
    await signInAs(e2e, DEMO_MEMBER);
    // A demo call from before today: not one another spec made on this server (a test call
    // from "Talk to agent", a campaign's or a call back's, whose recordings are short).
    const yesterday = addDays(todayIn(agent.timeZone), -1);
    await page.goto(`/agent/${agent.id}/call-logs?tab=successful&to=${yesterday}`);
    await bodyRows(page).first().click();
    await expect.poll(() => search(page).get('call')).not.toBeNull();
    const drawer = page.getByRole('dialog');
    await expect.poll(() => drawer.getByText('End reason', { exact: true }).isVisible()).toBe(true);

    const audio = drawer.locator('audio');
    await expect
      .poll(() => audio.evaluate((element) => (element as HTMLAudioElement).duration), {
        timeout: 10_000,
      })
      .toBeGreaterThan(1);
    // Every line with a time is a button that plays from it. Long calls pause longer between
    // lines, so the lines are counted and chosen by their own times, not by a first minute.
    const lines = drawer.locator('button[title^="Play from "]');
    expect(await lines.count()).toBeGreaterThan(2);
    // A line a few seconds in: clicking it moves the recording there.
    const target = lines.nth(2);
    const title = (await target.getAttribute('title')) ?? '';
    const [, minutes = '0', seconds = '0'] = /(\d+):(\d\d)$/.exec(title) ?? [];
    const offset = Number(minutes) * 60 + Number(seconds);
    expect(offset).toBeGreaterThan(0);
    await target.click();
    await expect
      .poll(() => audio.evaluate((element) => (element as HTMLAudioElement).currentTime))
      .toBeGreaterThanOrEqual(offset);
    // The link is shareable: a reload opens the same call.
    const callId = search(page).get('call');
    await page.reload();
    await expect.poll(() => page.getByRole('dialog').isVisible()).toBe(true);
    expect(search(page).get('call')).toBe(callId);
    expect(e2e.pageErrors).toEqual([]);
  });

  it('searches transcripts and exports exactly the current filter', async () => {
    const { page, baseURL } = e2e;
    const agentId = await demoAgentId(baseURL);
    await signInAs(e2e, DEMO_MEMBER);
    // A word the caller said in a transferred call of this agent.
    const transferred = await apiGetAs<CallLogPage>(
      baseURL,
      DEMO_MEMBER,
      `/agents/${agentId}/calls?tab=transferred`,
    );
    const detail = await apiGetAs<CallDetail>(
      baseURL,
      DEMO_MEMBER,
      `/calls/${transferred.data[0]!.id}`,
    );
    const said = detail.transcript.filter((line) => line.speaker === 'customer').at(-1)!.text;
    const word = said
      .split(/\W+/)
      .find((candidate) => candidate.length >= 6)!
      .toLowerCase();
    await page.goto(`/agent/${agentId}/call-logs?tab=transferred`);
    const query = page.getByRole('textbox', { name: 'Search transcripts' });
    await query.fill(word);
    await query.press('Enter');
    await expect.poll(() => search(page).get('q')).toBe(word);
    await expect.poll(() => page.locator('mark').count()).toBeGreaterThan(0);
    expect((await page.locator('mark').first().textContent())?.toLowerCase()).toContain(
      word.slice(0, 4),
    );

    const href = await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href');
    const exportUrl = new URL(href!, baseURL);
    expect(exportUrl.pathname).toBe(`/api/agents/${agentId}/calls/export`);
    expect([...exportUrl.searchParams]).toEqual([
      ['tab', 'transferred'],
      ['q', word],
    ]);
    // A search's total is its own request (decision 072).
    const expected = await apiGetAs<CallLogCount>(
      baseURL,
      DEMO_MEMBER,
      `/agents/${agentId}/calls/count?tab=transferred&q=${encodeURIComponent(word)}`,
    );
    const cookie = await cookieHeader(baseURL, DEMO_MEMBER);
    const csv = await (await fetch(`${baseURL}${href}`, { headers: { cookie } })).text();
    const lines = csv.trim().split('\n');
    expect(expected.total).toBeGreaterThan(0);
    expect(lines).toHaveLength(expected.total + 1);
    await expect.poll(() => pagerText(page)).toContain(`${expected.total} call`);
    expect(lines[0]).toContain('Call ID,Assistant');

    // The call opened from the search marks the searched word in its transcript.
    await page
      .getByRole('link', { name: `Call ${displayCallId(transferred.data[0]!.id)}` })
      .click();
    const transcript = page.getByRole('dialog').getByRole('region', { name: 'Transcript' });
    await expect.poll(() => transcript.locator('mark').count()).toBeGreaterThan(0);
    expect((await transcript.locator('mark').first().textContent())?.toLowerCase()).toContain(
      word.slice(0, 4),
    );
    await page.keyboard.press('Escape');

    // A column the member hides stays hidden when they come back.
    const headers = () => page.getByRole('table', { name: 'Calls' }).getByRole('columnheader');
    await page.getByRole('button', { name: 'Columns' }).click();
    await page.getByRole('checkbox', { name: 'Type' }).click();
    await expect.poll(() => headers().allTextContents()).not.toContain('Type');
    await page.reload();
    await expect.poll(() => headers().count()).toBeGreaterThan(0);
    expect(await headers().allTextContents()).not.toContain('Type');
    expect(await headers().allTextContents()).toContain('Cost');
    expect(e2e.pageErrors).toEqual([]);
  });
});
