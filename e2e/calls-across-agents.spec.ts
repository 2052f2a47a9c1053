import type { AgentAnalytics } from '@switchboard/shared/analytics';
import type { CallDetail, CallLogCount, CallLogPage } from '@switchboard/shared/call-logs';
import { addDays, todayIn } from '@switchboard/shared/date-range';
import type { Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { DEMO_MEMBER, signInAs } from './support/accounts';
import { startWebCall } from './support/web-call';
import { describeInBrowser, type E2E } from './support/browser';
import { apiGetAsDemo, apiPostAsDemo, demoAgentsWithCalls } from './support/demo-data';

// Issue 23, items 1–4 and the phone layout: one call log across agents at /calls, the filters
// (as you type, end reason, type, duration, cost, copy id, jump to a page), the range and the
// test-call switch following between an agent's screens, and test calls kept apart (the log and
// the overview agree; closing the tab ends the call; a vanished client is never a long pass; the
// logged transcript is what was said).

const search = (page: Page) => new URL(page.url()).searchParams;
const pagerText = (page: Page) =>
  page.getByRole('navigation', { name: 'Call log pages' }).locator('p').first().textContent();
const bodyRows = (page: Page) => page.locator('table tbody tr:has(a[href*="call="])');

/** Starts a test call in the sandbox as "Talk to agent" does, through our proxy. */
async function startTestCall(baseURL: string, agentId: string): Promise<string> {
  const call = await apiPostAsDemo<{ id: string }>(baseURL, '/web-call/call/web', {
    assistantId: agentId,
    assistantOverrides: { metadata: { switchboardTestCall: true } },
  });
  return call.id;
}

async function waitForStoredEnd(baseURL: string, callId: string) {
  await expect
    .poll(
      async () => {
        const { status, body } = await apiGetAsDemo<CallDetail>(baseURL, `/calls/${callId}`);
        return status === 200 && !body.row.inProgress && body.summary !== null;
      },
      { interval: 250 },
    )
    .toBe(true);
  return (await apiGetAsDemo<CallDetail>(baseURL, `/calls/${callId}`)).body;
}

/** Opens an agent's overview and starts a call from the Talk to agent panel. */
async function startCallInBrowser(page: Page, agentId: string): Promise<string> {
  await page.goto(`/agent/${agentId}`);
  const { response } = await startWebCall(page);
  const { id } = (await response.json()) as { id: string };
  return id;
}

async function phonePage(e2e: E2E): Promise<Page> {
  const page = await e2e.context.newPage();
  await page.setViewportSize({ width: 390, height: 844 });
  return page;
}

describeInBrowser('calls across agents', (e2e) => {
  it('lists every agent’s calls at /calls, from the navigation, narrowed by agent and by the new filters', async () => {
    const { page, context, baseURL } = e2e;
    const agents = await demoAgentsWithCalls(baseURL);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
    await signInAs(e2e, DEMO_MEMBER);
    await page.goto('/dashboard');
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Calls', exact: true })
      .click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/calls');

    const all = (await apiGetAsDemo<CallLogPage>(baseURL, '/calls')).body;
    await expect.poll(() => pagerText(page)).toContain(`${all.meta.total} calls · page 1 of`);
    // The first page's rows are drawn a few at a time (DataTable's rowsPerTask): all 50 come.
    await expect.poll(() => bodyRows(page).count()).toBe(50);
    // The agent column names the business's agents (each demo business has one; the
    // business-wide merge of several agents is pinned by calls.business.int.test.ts).
    const agentNames = await bodyRows(page).locator('td:nth-child(2)').allTextContents();
    expect(new Set(agentNames)).toEqual(new Set(agents.map((agent) => agent.name)));
    // The page size stays 50 and the total is every agent's (test calls left out).
    let perAgent = 0;
    for (const agent of agents) {
      perAgent += (await apiGetAsDemo<CallLogPage>(baseURL, `/agents/${agent.id}/calls`)).body.meta
        .total;
    }
    expect(all.meta.total).toBe(perAgent);

    // One agent.
    const agent = agents[0]!;
    await page.getByRole('combobox', { name: 'Agent' }).click();
    await page.getByRole('option', { name: agent.name }).click();
    await expect.poll(() => search(page).get('agentId')).toBe(agent.id);
    const oneAgent = (await apiGetAsDemo<CallLogPage>(baseURL, `/agents/${agent.id}/calls`)).body;
    await expect.poll(() => pagerText(page)).toContain(`${oneAgent.meta.total} calls`);

    // The phone filter applies as you type (no Enter), after a short pause.
    const number = oneAgent.data.find((row) => row.customerPhone.startsWith('+'))!.customerPhone;
    const digits = number.replace(/\D/g, '').slice(1, 7);
    await page.getByRole('textbox', { name: 'Phone number' }).pressSequentially(digits, {
      delay: 30,
    });
    await expect.poll(() => search(page).get('phone'), { timeout: 5000 }).toBe(digits);
    // A filter the rollups cannot total is counted on its own request (decision 072).
    const byPhone = (
      await apiGetAsDemo<CallLogCount>(
        baseURL,
        `/calls/count?agentId=${agent.id}&phone=${encodeURIComponent(digits)}`,
      )
    ).body;
    await expect.poll(() => pagerText(page)).toContain(`${byPhone.total} call`);
    await page.getByRole('button', { name: 'Clear phone number' }).click();
    await expect.poll(() => search(page).get('phone')).toBeNull();

    // End reason, call type, duration and cost, each in the URL and as the API counts them.
    const endReason = page.getByRole('combobox', { name: 'Ended reason' });
    await endReason.fill('silence-timed-out');
    await endReason.press('Enter');
    await expect.poll(() => search(page).get('endReason')).toBe('silence-timed-out');
    await expect
      .poll(async () => new Set(await bodyRows(page).locator('td:nth-child(5)').allTextContents()))
      .toEqual(new Set(['Silence']));
    await page.getByRole('button', { name: 'Clear ended reason' }).click();
    await expect.poll(() => search(page).get('endReason')).toBeNull();

    await page.getByRole('combobox', { name: 'Call type' }).click();
    await page.getByRole('option', { name: 'Outbound' }).click();
    await expect.poll(() => search(page).get('callType')).toBe('outbound');
    await expect
      .poll(async () => new Set(await bodyRows(page).locator('td:nth-child(4)').allTextContents()))
      .toEqual(new Set(['Outbound']));

    await page.getByRole('textbox', { name: 'Minimum duration (seconds)' }).fill('120');
    await page.getByRole('textbox', { name: 'Maximum cost (USD)' }).fill('2');
    await expect.poll(() => search(page).get('minDuration'), { timeout: 5000 }).toBe('120');
    await expect.poll(() => search(page).get('maxCost'), { timeout: 5000 }).toBe('2');
    const narrowed = (
      await apiGetAsDemo<CallLogCount>(
        baseURL,
        `/calls/count?agentId=${agent.id}&callType=outbound&minDuration=120&maxCost=2`,
      )
    ).body;
    await expect
      .poll(() => pagerText(page))
      .toContain(`${narrowed.total} ${narrowed.total === 1 ? 'call' : 'calls'}`);
    // A minimum above the maximum is refused on the spot, and not applied.
    await page.getByRole('textbox', { name: 'Minimum cost (USD)' }).fill('5');
    await page.getByRole('textbox', { name: 'Minimum cost (USD)' }).press('Enter');
    await expect
      .poll(() => page.getByText('The minimum is above the maximum').isVisible())
      .toBe(true);
    expect(search(page).get('minCost')).toBeNull();

    // Reset clears them; then copy a call's id, with feedback.
    await page.getByRole('button', { name: 'Reset' }).click();
    await expect.poll(() => search(page).toString()).toBe('');
    await expect.poll(() => pagerText(page)).toContain(`${all.meta.total} calls · page 1 of`);
    const firstRow = bodyRows(page).first();
    const callId = (await firstRow.getAttribute('data-call-id'))!;
    await firstRow.getByRole('button', { name: 'Copy the call ID' }).click();
    await expect
      .poll(() => firstRow.getByRole('button', { name: 'Call ID copied' }).isVisible())
      .toBe(true);
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(callId);

    // Jump to a page.
    await page.getByRole('textbox', { name: 'Go to page' }).fill('3');
    await page.getByRole('button', { name: 'Go', exact: true }).click();
    await expect.poll(() => search(page).get('page')).toBe('3');
    await expect.poll(() => pagerText(page)).toContain('page 3 of');
    await page.getByRole('textbox', { name: 'Go to page' }).fill('99999');
    await page.getByRole('button', { name: 'Go', exact: true }).click();
    await expect.poll(() => page.getByText(/Pick a page from 1 to \d+/).isVisible()).toBe(true);
    expect(search(page).get('page')).toBe('3');

    // The server refuses a bad filter with a reason (never a 5xx).
    const bad = await apiGetAsDemo<{ error: { message: string } }>(baseURL, '/calls?minCost=-1');
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain('Enter an amount in dollars');
    expect(e2e.pageErrors.filter((error) => !error.includes('400'))).toEqual([]);
  });

  it('carries the range and the test-call switch between Overview, Statistics and Call logs, whose counts agree', async () => {
    const { page, baseURL } = e2e;
    const agent = (await demoAgentsWithCalls(baseURL))[0]!;
    // A test call today, ended, so the two sides have something to disagree about.
    const testCall = await startTestCall(baseURL, agent.id);
    await apiPostAsDemo(baseURL, `/web-call/sandbox/web-call/${testCall}/hang-up`, {});
    await waitForStoredEnd(baseURL, testCall);

    // The last 7 days, today included (calls on every one of them, a test call today).
    const today = todayIn(agent.timeZone);
    const from = addDays(today, -6);
    await signInAs(e2e, DEMO_MEMBER);
    await page.goto(`/agent/${agent.id}?from=${from}&to=${today}`);
    const sections = page.getByRole('navigation', { name: 'Agent sections' });
    await sections.getByRole('link', { name: 'Statistics' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/agent/${agent.id}/statistics`);
    expect(search(page).get('from')).toBe(from);
    expect(search(page).get('to')).toBe(today);
    await sections.getByRole('link', { name: 'Call logs' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/agent/${agent.id}/call-logs`);
    expect(search(page).get('from')).toBe(from);
    expect(search(page).get('to')).toBe(today);

    const overview = async (includeTest: boolean) =>
      (
        await apiGetAsDemo<AgentAnalytics>(
          baseURL,
          `/agents/${agent.id}/analytics?from=${from}&to=${today}&includeTest=${includeTest ? 1 : 0}`,
        )
      ).body.summary.numberOfCalls;
    const withoutTests = await overview(false);
    const withTests = await overview(true);
    expect(withTests).toBeGreaterThan(withoutTests);
    // The call log counts what the overview counts: test calls left out by default…
    await expect.poll(() => pagerText(page)).toContain(`${withoutTests} calls`);
    // …and in when the one switch is on.
    // A click, not check(): the switch follows the URL, so it shows on only once the
    // navigation the click starts has rendered (check() reads it back at once).
    const includeSwitch = page.getByRole('switch', { name: 'Include test calls' });
    await includeSwitch.click();
    await expect.poll(() => search(page).get('includeTest')).toBe('1');
    await expect.poll(() => includeSwitch.isChecked()).toBe(true);
    await expect.poll(() => pagerText(page)).toContain(`${withTests} calls`);
    const testRow = page.getByRole('row').filter({
      has: page.getByRole('link', { name: `Call ${testCall.slice(0, 8)}…` }),
    });
    expect(await testRow.textContent()).toContain('Test');

    // Back to the overview: the same day and the switch still on.
    await sections.getByRole('link', { name: 'Overview' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/agent/${agent.id}`);
    expect(search(page).get('from')).toBe(from);
    expect(search(page).get('includeTest')).toBe('1');
    expect(await page.getByRole('switch', { name: 'Include test calls' }).isChecked()).toBe(true);
    expect(e2e.pageErrors).toEqual([]);
  });

  it('shows a running test call as In progress; closing the tab ends it, logged with what was said', async () => {
    const { page, context, baseURL } = e2e;
    const [agent] = await demoAgentsWithCalls(baseURL);
    await signInAs(e2e, DEMO_MEMBER);
    const callId = await startCallInBrowser(page, agent!.id);
    const view = page.getByRole('dialog', { name: 'Talk to agent' });
    const transcript = view.getByRole('log', { name: 'Transcript' });
    // The assistant's whole answer is reported to the sandbox once it is spoken to the end
    // (the screen shows it growing word by word before that).
    const answerReported = page.waitForResponse(
      (response) =>
        response.url().endsWith(`/transcript`) &&
        (response.request().postData() ?? '').includes('I have noted: Please book me'),
    );
    await view.getByLabel('Type a message').fill('Please book me a check-up on Friday');
    await view.getByRole('button', { name: 'Send' }).click();

    // Another tab, opened while the assistant speaks (its greeting, then its answer, in real
    // time): the call log shows the call running.
    const other = await context.newPage();
    const row = other.getByRole('row').filter({
      has: other.getByRole('link', { name: `Call ${callId.slice(0, 8)}…` }),
    });
    const shownRunning = async () => {
      await other.goto(`/calls?includeTest=1&agentId=${agent!.id}`);
      await expect.poll(() => row.textContent()).toContain('In progress');
      expect(await row.textContent()).not.toContain('Fail');
    };
    const answered = async () => {
      await expect
        .poll(() => transcript.textContent())
        .toContain('I have noted: Please book me a check-up on Friday');
      expect((await answerReported).ok()).toBe(true);
    };
    await Promise.all([answered(), shownRunning()]);

    // Closing the tab ends the call at once: the caller left (a call that waited for silence
    // would end as silence-timed-out instead).
    await page.close({ runBeforeUnload: true });
    const detail = await waitForStoredEnd(baseURL, callId);
    expect(detail.row.endReason).toBe('customer-ended-call');
    expect(detail.durationSeconds!).toBeLessThan(120);
    // The logged transcript is this conversation, not a made-up one.
    const lines = detail.transcript.map((line) => `${line.speaker}: ${line.text}`);
    expect(lines).toContain('customer: Please book me a check-up on Friday');
    expect(lines.some((line) => line.includes('I have noted: Please book me a check-up'))).toBe(
      true,
    );
    expect(lines.filter((line) => line.startsWith('customer:'))).toEqual([
      'customer: Please book me a check-up on Friday',
    ]);
    await other.reload();
    await expect.poll(() => row.textContent(), { timeout: 10_000 }).not.toContain('In progress');
  });

  it('never logs a call whose browser vanished as a long pass: it times out on silence', async () => {
    const { page, baseURL } = e2e;
    const [agent] = await demoAgentsWithCalls(baseURL);
    await signInAs(e2e, DEMO_MEMBER);
    const callId = await startCallInBrowser(page, agent!.id);
    // The browser drops off the network without leaving (no pagehide, no hang-up).
    await page.route('**/api/web-call/**', (route) => route.abort());
    // The e2e servers end a silent call after 10 s (SANDBOX_WEB_CALL_SILENCE_SECONDS).
    const detail = await waitForStoredEnd(baseURL, callId);
    expect(detail.row.endReason).toBe('silence-timed-out');
    expect(detail.row.successEvaluation).toBe('fail');
    expect(detail.durationSeconds!).toBeLessThan(90);
  });

  it('keeps a transferred call’s row as tall as its neighbours (the badge sits under the reason)', async () => {
    const { page } = e2e;
    await signInAs(e2e, DEMO_MEMBER);
    await page.goto('/calls?tab=transferred');
    const rows = bodyRows(page);
    await expect.poll(() => rows.count()).toBeGreaterThan(0);
    const row = rows.filter({ hasText: 'Transferred' }).first();
    const box = await row.boundingBox();
    // Two lines of agent name and a badge: well under 150 px. Beside the reason, the badge
    // squeezed "assistant-forwarded-call" to a letter a line (over 400 px).
    expect(box!.height).toBeLessThan(150);
    expect(e2e.pageErrors).toEqual([]);
  });

  it('turns the call log into cards on a phone, with the filters folded away', async () => {
    const { baseURL } = e2e;
    const [agent] = await demoAgentsWithCalls(baseURL);
    await signInAs(e2e, DEMO_MEMBER);
    const page = await phonePage(e2e);
    await page.goto(`/agent/${agent!.id}/call-logs`);
    const cards = page.getByRole('list', { name: 'Calls' }).getByRole('listitem');
    await expect.poll(() => cards.count()).toBe(50);
    expect(await page.locator('table').count()).toBe(0);
    // No sideways scrolling of the page.
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);
    // A card far below the screen is not drawn until it nears it (decision 111); the first is.
    // What is skipped is the card's contents (the card keeps its box, for the scrollbar).
    const skipped = (card: Locator) =>
      card
        .locator(':scope > * > *')
        .first()
        .evaluate((element) => !element.checkVisibility({ contentVisibilityAuto: true }));
    expect(await skipped(cards.first())).toBe(false);
    expect(await skipped(cards.last())).toBe(true);
    await cards.last().scrollIntoViewIfNeeded();
    await expect.poll(() => skipped(cards.last())).toBe(false);
    await page.evaluate(() => window.scrollTo(0, 0));
    const phone = page.getByRole('textbox', { name: 'Phone number' });
    expect(await phone.isVisible()).toBe(false);
    // The folded filters are drawn when first opened, and the date picker's code is fetched
    // then, not with the first screen (decision 107).
    const datePickerCode = () =>
      page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .some((entry) => /\/assets\/DatePicker[^/]*\.js$/.test(entry.name)),
      );
    expect(await datePickerCode()).toBe(false);
    await page.getByRole('button', { name: 'Filters' }).click();
    await expect.poll(() => phone.isVisible()).toBe(true);
    await expect.poll(() => page.getByRole('button', { name: 'From' }).isVisible()).toBe(true);
    expect(await datePickerCode()).toBe(true);
    await phone.fill('555');
    await expect.poll(() => search(page).get('phone'), { timeout: 5000 }).toBe('555');
    // A card opens its call.
    await cards.first().getByRole('link').first().click();
    await expect.poll(() => search(page).get('call')).not.toBeNull();
    await page.close();
  });
});
