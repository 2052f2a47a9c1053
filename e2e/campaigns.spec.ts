/**
 * The demo member imports a small list, runs a campaign on that import with the dental agent
 * and follows it to the end: every number gets its outcome, and the appointment the sandbox's
 * caller booked shows on the campaign and under Appointments. The numbers are chosen by the
 * sandbox's own outcome rule (seed 42) so that one books, one reaches voicemail and one rings out.
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
        'Name,Phone,Email',
        `Nora Campaign,${numbers.book},nora.campaign.e2e@example.com`,
        `Vic Campaign,${numbers.voicemail},vic.campaign.e2e@example.com`,
        `Ned Campaign,${numbers.noAnswer},ned.campaign.e2e@example.com`,
        // A premium-rate number: left out by the calling rules, as the review says.
        'Pam Premium,+19005550177,pam.premium.e2e@example.com',
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
      .toMatch(/^4 created/);
    await importDialog.getByRole('button', { name: 'Done' }).click();

    // The campaign, from the navigation.
    await page.getByRole('link', { name: 'Campaigns' }).first().click();
    await page.getByRole('button', { name: 'New campaign' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New campaign' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('E2E recall');
    await dialog.getByRole('combobox', { name: /^Agent/ }).click();
    await page.getByRole('option').first().click();
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
    await dialog.getByRole('button', { name: 'Review campaign' }).click();

    // A draft: the review says who is called and who is left out, then Start asks once more.
    await expect.poll(() => page.url(), { timeout: 10_000 }).toMatch(/\/campaigns\/[0-9a-f-]{36}$/);
    const leftOut = page.getByRole('list', { name: 'Left out' });
    await expect.poll(() => leftOut.textContent()).toContain('Premium-rate number: 1 contact');
    await page.getByRole('button', { name: 'Start campaign' }).click();
    await page
      .getByRole('dialog', { name: 'Start this campaign?' })
      .getByRole('button', { name: 'Call 3 contacts' })
      .click();

    // The progress page: every number ends with its outcome; the booking is counted.
    await expect.poll(() => page.getByText('Completed').first().isVisible()).toBe(true);
    const rows = page.getByRole('table', { name: 'Campaign contacts' });
    const rowOf = (name: string) => rows.getByRole('row').filter({ hasText: name });
    await expect.poll(() => rowOf('Nora Campaign').textContent()).toContain('Answered');
    await expect.poll(() => rowOf('Nora Campaign').textContent()).toContain('1 appointment');
    expect(await rowOf('Vic Campaign').textContent()).toContain('Voicemail');
    expect(await rowOf('Ned Campaign').textContent()).toContain('No answer');

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
    expect(e2e.pageErrors).toEqual([]);
  });
});
