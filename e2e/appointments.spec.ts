import type { Appointment, AppointmentList } from '@switchboard/shared/appointments';
import type { Contact } from '@switchboard/shared/contacts';
import { expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { DEMO_MEMBER, signInAs } from './support/accounts';
import { describeInBrowser } from './support/browser';
import { apiGetAsDemo, apiSendAsDemo } from './support/demo-data';

/** A state-changing API call as the demo member, from the test (same origin, like the app). */

/**
 * Picks a date and time in Mantine's DateTimePicker (which holds the business zone's wall-clock
 * time): up to the decade, the year, the month, the day, then hours and minutes.
 */
async function pickDateTime(
  page: Page,
  input: Locator,
  when: { year: number; month: string; day: number; time: [string, string] },
) {
  await input.click();
  // The dropdown is in a portal; its parts carry the picker's static class names.
  const dropdown = page.locator('body');
  const level = page.locator('.mantine-DateTimePicker-calendarHeaderLevel');
  await level.click();
  await level.click();
  for (let i = 0; i < 3; i += 1) {
    const year = dropdown.getByRole('button', { name: String(when.year), exact: true });
    if (await year.count()) break;
    await page
      .locator('.mantine-DateTimePicker-calendarHeaderControl[data-direction="next"]')
      .click();
  }
  await dropdown.getByRole('button', { name: String(when.year), exact: true }).click();
  await dropdown.getByRole('button', { name: when.month, exact: true }).click();
  await page
    .locator('.mantine-DateTimePicker-day:not([data-outside])')
    .filter({ hasText: new RegExp(`^${when.day}$`) })
    .first()
    .click();
  await dropdown.getByLabel('Hours', { exact: true }).fill(when.time[0]);
  await dropdown.getByLabel('Minutes', { exact: true }).fill(when.time[1]);
  await dropdown.getByRole('button', { name: 'Set the date and time' }).click();
}

describeInBrowser('appointments', (e2e) => {
  it('adds an appointment by hand in the business’s time, reschedules and cancels it', async () => {
    const { page, baseURL } = e2e;
    const contact = await apiSendAsDemo<Contact>(baseURL, 'POST', '/contacts', {
      name: 'Ana Appointment',
      phone: '+1 212 555 0177',
    });
    await signInAs(e2e, DEMO_MEMBER);
    await page.goto('/appointments');
    await page.getByRole('button', { name: 'Add appointment' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add appointment' });
    await dialog.getByRole('combobox', { name: 'Contact' }).fill('Ana Appoint');
    await page.getByRole('option', { name: /Ana Appointment/ }).click();
    await dialog.getByRole('textbox', { name: 'Service' }).fill('E2E cleaning');
    // The demo business is in New York: 09:30 there on 15 January is 14:30 UTC.
    await pickDateTime(
      page,
      dialog.getByRole('button', { name: /^Starts \(America\/New York time\)/ }),
      {
        year: 2031,
        month: 'Jan',
        day: 15,
        time: ['09', '30'],
      },
    );
    await dialog.getByRole('button', { name: 'Add appointment' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);

    const row = page.getByRole('row').filter({ hasText: 'E2E cleaning' });
    await expect.poll(() => row.getByText('Jan 15, 2031, 09:30').isVisible()).toBe(true);
    const stored = await apiGetAsDemo<AppointmentList>(
      baseURL,
      `/appointments?contactId=${contact.id}`,
    );
    expect(stored.body.data.map((a) => a.startsAt)).toEqual(['2031-01-15T14:30:00.000Z']);

    await row.getByRole('button', { name: /^Actions for E2E cleaning/ }).click();
    await page.getByRole('menuitem', { name: 'Reschedule' }).click();
    const reschedule = page.getByRole('dialog', { name: 'Reschedule appointment' });
    await pickDateTime(page, reschedule.getByRole('button', { name: /^New start/ }), {
      year: 2031,
      month: 'Jan',
      day: 16,
      time: ['10', '00'],
    });
    await reschedule.getByRole('button', { name: 'Reschedule' }).click();
    await expect.poll(() => row.getByText('Jan 16, 2031, 10:00').isVisible()).toBe(true);

    await row.getByRole('button', { name: /^Actions for E2E cleaning/ }).click();
    await page.getByRole('menuitem', { name: 'Cancel appointment' }).click();
    await page
      .getByRole('dialog', { name: 'Cancel appointment?' })
      .getByRole('button', { name: 'Cancel appointment' })
      .click();
    await expect.poll(() => row.count()).toBe(0);

    await page.getByRole('tab', { name: 'Cancelled' }).click();
    await expect.poll(() => new URL(page.url()).search).toBe('?tab=cancelled');
    await expect.poll(() => row.getByText('Cancelled').isVisible()).toBe(true);
    expect(e2e.pageErrors).toEqual([]);
  });

  it('pages 10 at a time from page 1, follows meta for next and previous, and resets the page on a new size', async () => {
    const { page, baseURL } = e2e;
    const contact = await apiSendAsDemo<Contact>(baseURL, 'POST', '/contacts', {
      name: 'Pat Paging',
      email: 'pat.paging@example.com',
    });
    for (let n = 0; n < 12; n += 1) {
      await apiSendAsDemo<Appointment>(baseURL, 'POST', '/appointments', {
        contactId: contact.id,
        service: `Paging visit ${String(n + 1).padStart(2, '0')}`,
        startsAt: new Date(Date.UTC(2032, 0, 1 + n, 15)).toISOString(),
      });
    }
    await signInAs(e2e, DEMO_MEMBER);
    await page.goto(`/appointments?contact=${contact.id}`);

    const rows = page.getByRole('row').filter({ hasText: 'Paging visit' });
    await expect.poll(() => rows.count()).toBe(10);
    expect(await page.getByText('1–10 of 12 appointments · page 1 of 2').isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Previous' }).isDisabled()).toBe(true);

    await page.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => rows.count()).toBe(2);
    expect(new URL(page.url()).searchParams.get('page')).toBe('2');
    expect(await page.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);

    await page.getByRole('combobox', { name: 'Rows per page' }).click();
    await page.getByRole('option', { name: '20' }).click();
    await expect.poll(() => rows.count()).toBe(12);
    const url = new URL(page.url());
    expect(url.searchParams.get('limit')).toBe('20');
    expect(url.searchParams.get('page')).toBeNull();

    // Reload keeps the filter and the size.
    await page.reload();
    await expect.poll(() => rows.count()).toBe(12);
    expect(e2e.pageErrors).toEqual([]);
  });
});
