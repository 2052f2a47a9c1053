import type { PhoneNumber } from '@switchboard/shared/phone-numbers';
import type { Tool } from '@switchboard/shared/tools';
import { expect, it } from 'vitest';
import { DEMO_MEMBER, signInAs } from './support/accounts';
import { describeInBrowser } from './support/browser';
import { apiGetAs } from './support/demo-data';

const DENTAL_AGENT = 'Bright Smile Dental Receptionist';

describeInBrowser('platform console: phone numbers and tools', (e2e) => {
  it('the demo member imports a Twilio number and assigns it to the dental agent', async () => {
    const { page, baseURL } = e2e;
    await signInAs(e2e, DEMO_MEMBER);
    await page.goto('/dashboard');
    await page
      .getByRole('navigation', { name: 'Platform' })
      .getByRole('link', { name: 'Phone numbers' })
      .click();
    await expect
      .poll(() => page.getByRole('heading', { name: 'Phone numbers' }).isVisible())
      .toBe(true);
    // The demo business's own number is listed with its agent.
    await expect
      .poll(() => page.getByRole('row').filter({ hasText: '+12125550142' }).textContent())
      .toContain(DENTAL_AGENT);

    await page.getByRole('button', { name: 'Add number' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Add a phone number' });
    await dialog.getByText('Import from Twilio').click();
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Second line');
    await dialog.getByRole('textbox', { name: 'Phone number' }).fill('5125550188');
    await dialog.getByRole('textbox', { name: 'Twilio account SID' }).fill(`AC${'ab'.repeat(16)}`);
    await dialog
      .getByRole('textbox', { name: 'Twilio auth token' })
      .fill('e2e-twilio-auth-token-secret');
    await dialog.getByRole('button', { name: 'Import number' }).click();
    // Not E.164: the shared schema says so under the field, nothing is sent.
    await expect
      .poll(() => dialog.getByText('Enter the number in international format').isVisible())
      .toBe(true);
    await dialog.getByRole('textbox', { name: 'Phone number' }).fill('+15125550188');
    await dialog.getByRole('button', { name: 'Import number' }).click();
    // Nobody would answer it: the dialog asks who does before anything is sent.
    await expect
      .poll(() => dialog.getByText('Choose who answers calls to this number').isVisible())
      .toBe(true);
    await dialog.getByRole('textbox', { name: 'Fallback number' }).fill('+12125550100');
    await dialog.getByRole('button', { name: 'Import number' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);

    const row = page.getByRole('row').filter({ hasText: '+15125550188' });
    await expect.poll(() => row.textContent()).toContain('Nobody: forwarded');
    expect(await page.content()).not.toContain('e2e-twilio-auth-token-secret');

    await row.getByRole('button', { name: 'Edit +15125550188' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit +15125550188' });
    await edit.getByRole('combobox', { name: 'Answered by' }).click();
    await page.getByRole('option', { name: DENTAL_AGENT }).click();
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => edit.isVisible()).toBe(false);
    await expect.poll(() => row.textContent()).toContain(DENTAL_AGENT);

    const { data } = await apiGetAs<{ data: PhoneNumber[] }>(
      baseURL,
      DEMO_MEMBER,
      '/phone-numbers',
    );
    const imported = data.find((phone) => phone.number === '+15125550188');
    expect(imported).toMatchObject({
      provider: 'twilio',
      name: 'Second line',
      agent: { name: DENTAL_AGENT },
      fallbackNumber: '+12125550100',
    });
    expect(e2e.pageErrors).toEqual([]);
  });

  it('the demo member creates a custom tool', async () => {
    const { page, baseURL } = e2e;
    await signInAs(e2e, DEMO_MEMBER);
    await page.goto('/tools');
    await page.getByRole('button', { name: 'Create tool' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Create a tool' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('check_insurance');
    await dialog
      .getByRole('textbox', { name: 'Description' })
      .fill('Checks whether the caller’s dental insurance is accepted');
    await dialog.getByRole('textbox', { name: 'Parameters (JSON Schema)' }).fill('{ not json');
    await dialog
      .getByRole('textbox', { name: 'Server URL' })
      .fill('https://tools.brightsmile.example/insurance');
    await dialog.getByRole('button', { name: 'Create tool' }).click();
    await expect.poll(() => dialog.getByText('Not valid JSON').isVisible()).toBe(true);
    await dialog.getByRole('textbox', { name: 'Parameters (JSON Schema)' }).fill(
      JSON.stringify({
        type: 'object',
        properties: { insurer: { type: 'string' } },
        required: ['insurer'],
      }),
    );
    await dialog.getByRole('button', { name: 'Create tool' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    await expect
      .poll(() => page.getByRole('row').filter({ hasText: 'check_insurance' }).textContent())
      .toContain('tools.brightsmile.example');

    const { data } = await apiGetAs<{ data: Tool[] }>(baseURL, DEMO_MEMBER, '/tools');
    expect(data.find((tool) => tool.name === 'check_insurance')).toMatchObject({
      managed: false,
      serverUrl: 'https://tools.brightsmile.example/insurance',
      parameters: { required: ['insurer'] },
    });
    // The search box's text is the URL's.
    await page.getByRole('textbox', { name: 'Search tools' }).fill('insurance');
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe('insurance');
    expect(e2e.pageErrors).toEqual([]);
  });

  it('on a 390 px phone, the console lists are cards with their actions, nothing scrolls sideways', async () => {
    const { page } = e2e;
    await signInAs(e2e, DEMO_MEMBER);
    await page.setViewportSize({ width: 390, height: 844 });
    for (const [path, label] of [
      ['/phone-numbers', 'Phone numbers'],
      ['/tools', 'Tools'],
    ] as const) {
      await page.goto(path);
      const cards = page.getByRole('list', { name: label }).getByRole('listitem');
      await expect.poll(() => cards.count()).toBeGreaterThan(0);
      expect(await page.locator('table').count()).toBe(0);
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
      ).toBe(true);
    }
    // The phone number's card keeps its actions.
    await page.goto('/phone-numbers');
    const card = page.getByRole('list', { name: 'Phone numbers' }).getByRole('listitem').first();
    await expect.poll(() => card.getByRole('button', { name: /Edit/ }).isVisible()).toBe(true);
    expect(e2e.pageErrors).toEqual([]);
  });
});
