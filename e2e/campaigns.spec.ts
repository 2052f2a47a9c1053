/**
 * The demo member imports a small list, runs a campaign on that import with the dental agent
 * and follows it to the end: every number gets its outcome, and the appointment the sandbox's
 * caller booked shows on the campaign and under Appointments. The numbers are chosen by the
 * sandbox's own outcome rule (seed 42) so that one books, one reaches voicemail and one rings out;
 * one more ends in 993, the sandbox's fixed rule for "no answer, then answered and books" (issue
 * 34): the campaign calls it again after the no-answer. The agent's first message uses
 * {{first_name}} and {{last_visit}} (an extra column of the import), and the retried call's
 * transcript says them.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { campaignOutcome } from '../apps/sandbox/src/simulator/campaign-runner';
import { DEMO_MEMBER, signInAs } from './support/accounts';
import { describeInBrowser } from './support/browser';

const SANDBOX_SEED = 42;

function pickNumbers(): { book: string; voicemail: string; noAnswer: string } {
  const found: Partial<Record<'book' | 'voicemail' | 'noAnswer', string>> = {};
  for (let i = 0; i < 5000; i += 1) {
    const number = `+1617555${String(i).padStart(4, '0')}`;
    const outcome = campaignOutcome(SANDBOX_SEED, number);
    if (outcome.scenario === 'book_appointment') found.book ??= number;
    else if (outcome.endedReason === 'voicemail') found.voicemail ??= number;
    else if (outcome.endedReason === 'customer-did-not-answer') found.noAnswer ??= number;
    if (found.book && found.voicemail && found.noAnswer) break;
  }
  if (!found.book || !found.voicemail || !found.noAnswer) throw new Error('no numbers found');
  return found as { book: string; voicemail: string; noAnswer: string };
}

describeInBrowser('campaigns', (e2e) => {
  it('imports a list, runs a campaign on it and sees the appointments it booked', async () => {
    const { page } = e2e;
    const numbers = pickNumbers();
    const fileName = `campaign-list-${Date.now()}.csv`;
    const file = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'sb-e2e-')), fileName);
    await fs.writeFile(
      file,
      [
        'Name,Phone,Email,Last visit',
        `Nora Campaign,${numbers.book},nora.campaign.e2e@example.com,`,
        `Vic Campaign,${numbers.voicemail},vic.campaign.e2e@example.com,`,
        `Ned Campaign,${numbers.noAnswer},ned.campaign.e2e@example.com,`,
        // Ends in 993: no answer on the first call, answered (and books) on the retry.
        'Rita Retry,+16175558993,rita.retry.e2e@example.com,March 2nd',
        // A premium-rate number: left out by the calling rules, as the review says.
        'Pam Premium,+19005550177,pam.premium.e2e@example.com,',
        // Marked do-not-call below: left out too.
        'Dan Donotcall,+16175550311,dan.dnc.e2e@example.com,',
      ].join('\n'),
    );
    await signInAs(e2e, DEMO_MEMBER);

    await page.goto('/contacts');
    await page.getByRole('button', { name: 'Import contacts' }).first().click();
    const importDialog = page.getByRole('dialog', { name: 'Import contacts' });
    await importDialog.locator('input[type=file]').setInputFiles(file);
    await expect.poll(() => importDialog.getByText(fileName).first().isVisible()).toBe(true);
    await importDialog.getByRole('button', { name: /^Import/ }).click();
    await expect
      .poll(() => importDialog.getByText(/created ·/).textContent())
      .toMatch(/^6 created/);
    await importDialog.getByRole('button', { name: 'Done' }).click();

    // The API, from the page (same origin, the session's cookie).
    const api = (url: string, method = 'GET', body?: unknown) =>
      page.evaluate(
        async ({ url, method, body }) => {
          const res = await fetch(url, {
            method,
            headers: body === undefined ? {} : { 'content-type': 'application/json' },
            ...(body === undefined ? {} : { body: JSON.stringify(body) }),
          });
          return (await res.json()) as unknown;
        },
        { url, method, body },
      );
    // Dan is marked do-not-call on his page.
    const found = (await api('/api/contacts?search=dan.dnc.e2e')) as { data: { id: string }[] };
    await page.goto(`/contacts/${found.data[0]!.id}`);
    await page.getByLabel('Do not call').check();
    await expect.poll(() => page.getByLabel('Do not call').isChecked()).toBe(true);
    // The dental agent greets by first name and mentions the last visit.
    const options = (await api('/api/campaigns/options')) as {
      agents: { id: string; name: string }[];
    };
    const dental = options.agents[0]!;
    const current = (await api(`/api/agents/${dental.id}/settings`)) as {
      settings: Record<string, unknown> & { firstMessage: string };
    };
    const greeting =
      'Hello {{first_name}}, this is your dental practice about your visit on {{last_visit}}.';
    await api(`/api/agents/${dental.id}`, 'PATCH', { ...current.settings, firstMessage: greeting });
    // The agent's greeting as it was, whatever happens below (later specs share this server).
    try {
      // The campaign, from the navigation.
      await page.getByRole('link', { name: 'Campaigns' }).first().click();
      await page.getByRole('button', { name: 'New campaign' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'New campaign' });
      await dialog.getByRole('textbox', { name: 'Name' }).fill('E2E recall');
      await dialog.getByRole('combobox', { name: /^Agent/ }).click();
      await page.getByRole('option', { name: dental.name, exact: true }).click();
      await dialog.getByRole('combobox', { name: /^Call from/ }).click();
      await page.getByRole('option').first().click();
      await dialog.getByText('One import').click();
      await dialog.getByRole('combobox', { name: /^Import/ }).click();
      await page
        .getByRole('option', { name: new RegExp(`^${fileName.replace(/\./g, '\\.')}`) })
        .click();
      // Any hour of any day, so the test does not depend on when it runs.
      await dialog.getByLabel('Calling from').fill('00:00');
      await dialog.getByLabel('Calling until').fill('23:59');
      await dialog.getByText('Sat', { exact: true }).click();
      await dialog.getByText('Sun', { exact: true }).click();
      // A no-answer is called again, as soon as the line is free.
      await dialog.getByText('No answer', { exact: true }).click();
      await dialog.getByRole('textbox', { name: /Minutes between calls/ }).fill('0');
      await dialog.getByRole('button', { name: 'Review campaign' }).click();

      // A draft: the review says who is called and who is left out, then Start asks once more.
      await expect
        .poll(() => page.url(), { timeout: 10_000 })
        .toMatch(/\/campaigns\/[0-9a-f-]{36}$/);
      const leftOut = page.getByRole('list', { name: 'Left out' });
      await expect.poll(() => leftOut.textContent()).toContain('Premium-rate number: 1 contact');
      expect(await leftOut.textContent()).toContain('Marked do-not-call: 1 contact');
      // The variables: the agent uses two; only Rita has a last visit.
      await expect.poll(() => page.getByText('{{last_visit}} is missing').isVisible()).toBe(true);
      expect(
        await page.getByText(/3 contacts have no value for \{\{last_visit\}\}/).isVisible(),
      ).toBe(true);
      expect(await page.getByText(/300 calls and 600 minutes a day/).isVisible()).toBe(true);
      const shots = process.env.E2E_SCREENSHOT_DIR;
      if (shots) await page.screenshot({ path: `${shots}/campaign-review.png`, fullPage: true });
      await page.getByRole('button', { name: 'Start campaign' }).click();
      await page
        .getByRole('dialog', { name: 'Start this campaign?' })
        .getByRole('button', { name: 'Call 4 contacts' })
        .click();
      // Paused and resumed on the way.
      await page.getByRole('button', { name: 'Pause' }).click();
      await expect.poll(() => page.getByRole('button', { name: 'Resume' }).isVisible()).toBe(true);
      await page.getByRole('button', { name: 'Resume' }).click();

      // The progress page: every number ends with its outcome; the booking is counted.
      await expect.poll(() => page.getByText('Completed').first().isVisible()).toBe(true);
      const rows = page.getByRole('table', { name: 'Campaign contacts' });
      const rowOf = (name: string) => rows.getByRole('row').filter({ hasText: name });
      await expect.poll(() => rowOf('Nora Campaign').textContent()).toContain('Answered');
      await expect.poll(() => rowOf('Nora Campaign').textContent()).toContain('1 appointment');
      await expect.poll(() => rowOf('Vic Campaign').textContent()).toContain('Voicemail');
      // Ned was called twice (no answer both times): the campaign retried him once.
      await expect.poll(() => rowOf('Ned Campaign').textContent()).toContain('2 · No answer');
      // Rita: no answer, then the retry answered and booked.
      // Polled on the last outcome: the table reads again a moment after the campaign moves,
      // so the first attempt can show while the second still says Calling.
      await expect.poll(() => rowOf('Rita Retry').textContent()).toContain('2 · Answered');
      expect(await rowOf('Rita Retry').textContent()).toContain('1 · No answer');
      expect(await rowOf('Rita Retry').textContent()).toContain('1 appointment');
      // The results count both appointments.
      await expect.poll(() => page.getByText('2 of them retries').isVisible()).toBe(true);
      const appointments = page.getByText('Appointments', { exact: true }).last().locator('..');
      expect(await appointments.textContent()).toContain('2');
      // With E2E_SCREENSHOT_DIR set, a picture of the results for a person to look at.
      if (shots) await page.screenshot({ path: `${shots}/campaign-results.png`, fullPage: true });
      // The retried call says her name and last visit.
      await rowOf('Rita Retry').getByRole('link', { name: 'View call' }).click();
      await expect
        .poll(() =>
          page
            .getByText('Hello Rita, this is your dental practice about your visit on March 2nd.')
            .first()
            .isVisible(),
        )
        .toBe(true);
      await page.goBack();

      // At a phone's width the page fits: the numbers are cards, one a number.
      await page.setViewportSize({ width: 390, height: 844 });
      await expect
        .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
        .toBeLessThanOrEqual(390);
      await page.setViewportSize({ width: 1280, height: 800 });

      // The appointment is the contact's, booked by the agent on that call.
      await rowOf('Nora Campaign').getByRole('link', { name: '1 appointment' }).click();
      await expect
        .poll(() => page.getByRole('heading', { name: 'Nora Campaign' }).isVisible())
        .toBe(true);
      await page.goto('/appointments');
      await expect
        .poll(() => page.getByText('Nora Campaign').first().isVisible(), { timeout: 10_000 })
        .toBe(true);
    } finally {
      await api(`/api/agents/${dental.id}`, 'PATCH', current.settings);
    }
    expect(e2e.pageErrors).toEqual([]);
  });
});
