import type { KnowledgeBase } from '@switchboard/shared/knowledge-bases';
import type { PhoneNumber } from '@switchboard/shared/phone-numbers';
import type { StructuredOutput } from '@switchboard/shared/structured-outputs';
import type { Tool } from '@switchboard/shared/tools';
import { expect, it } from 'vitest';
import { DEMO_MEMBER, signInAs } from './support/accounts';
import { describeInBrowser } from './support/browser';
import { apiGetAs } from './support/demo-data';

const DENTAL_AGENT = 'Bright Smile Dental Receptionist';
const OUTPUT = 'E2E appointment request';
const BASE = 'E2E dialog upload';

describeInBrowser(
  'platform console: phone numbers, tools, structured outputs, knowledge bases',
  (e2e) => {
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
      await dialog
        .getByRole('textbox', { name: 'Twilio account SID' })
        .fill(`AC${'ab'.repeat(16)}`);
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

    it('the demo member creates a custom tool with two parameters built as fields', async () => {
      const { page, baseURL } = e2e;
      await signInAs(e2e, DEMO_MEMBER);
      await page.goto('/tools');
      await page.getByRole('button', { name: 'Create tool' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Create a tool' });
      await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill('check_insurance');
      await dialog
        .getByRole('textbox', { name: 'Description', exact: true })
        .fill('Checks whether the caller’s dental insurance is accepted');
      await dialog
        .getByRole('textbox', { name: 'Server URL' })
        .fill('https://tools.brightsmile.example/insurance');

      // Two parameters, typed fields: the new one's name has the focus.
      const parameters = dialog.getByRole('group', { name: 'Parameters', exact: true });
      await parameters.getByRole('button', { name: 'Add parameter' }).click();
      await page.keyboard.type('insurer');
      const insurer = parameters.getByRole('group', { name: 'Parameter insurer' });
      await insurer
        .getByRole('textbox', { name: 'Description', exact: true })
        .fill('The insurance company on the card');
      await insurer.getByRole('checkbox', { name: 'Required' }).check();
      const allowed = insurer.getByRole('combobox', { name: 'Allowed values' });
      for (const value of ['Delta Dental', 'Cigna']) {
        await allowed.fill(value);
        await allowed.press('Enter');
      }
      await parameters.getByRole('button', { name: 'Add parameter' }).click();
      await page.keyboard.type('family_members');
      const members = parameters.getByRole('group', { name: 'Parameter family_members' });
      await members
        .getByRole('combobox', { name: 'Type', exact: true })
        .selectOption({ label: 'Whole number' });
      // Moved first with the keyboard.
      await members.getByRole('button', { name: 'Move family_members up' }).press('Enter');

      const expected = {
        type: 'object',
        properties: {
          family_members: { type: 'integer' },
          insurer: {
            type: 'string',
            description: 'The insurance company on the card',
            enum: ['Delta Dental', 'Cigna'],
          },
        },
        required: ['insurer'],
      };
      // The advanced view shows the same schema, and the fields come back from it.
      await dialog.getByText('Advanced (JSON)').click();
      const json = dialog.getByRole('textbox', { name: 'JSON Schema' });
      expect(JSON.parse(await json.inputValue())).toEqual(expected);
      await dialog.getByText('Fields', { exact: true }).click();
      await expect
        .poll(() => parameters.getByRole('group', { name: /^Parameter / }).count())
        .toBe(2);

      await dialog.getByRole('button', { name: 'Create tool' }).click();
      await expect.poll(() => dialog.isVisible()).toBe(false);
      await expect
        .poll(() => page.getByRole('row').filter({ hasText: 'check_insurance' }).textContent())
        .toContain('tools.brightsmile.example');

      const { data } = await apiGetAs<{ data: Tool[] }>(baseURL, DEMO_MEMBER, '/tools');
      const tool = data.find((candidate) => candidate.name === 'check_insurance');
      expect(tool).toMatchObject({
        managed: false,
        serverUrl: 'https://tools.brightsmile.example/insurance',
      });
      expect(tool?.parameters).toEqual(expected);
      // The search box's text is the URL's.
      await page.getByRole('textbox', { name: 'Search tools' }).fill('insurance');
      await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe('insurance');
      expect(e2e.pageErrors).toEqual([]);
    });

    it('the demo member defines a structured output as fields; attached to no agent, it is flagged', async () => {
      const { page, baseURL } = e2e;
      await signInAs(e2e, DEMO_MEMBER);
      await page.goto('/structured-outputs');
      await page.getByRole('button', { name: 'Define output' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Define a structured output' });
      await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(OUTPUT);
      const fields = dialog.getByRole('group', { name: 'Fields to extract' });
      await fields.getByRole('button', { name: 'Add field' }).click();
      await page.keyboard.type('patientName');
      await fields
        .getByRole('group', { name: 'Field patientName' })
        .getByRole('checkbox', { name: 'Required' })
        .check();
      await fields.getByRole('button', { name: 'Add field' }).click();
      await page.keyboard.type('preferredDays');
      const days = fields.getByRole('group', { name: 'Field preferredDays' });
      await days
        .getByRole('combobox', { name: 'Type', exact: true })
        .selectOption({ label: 'List' });
      await days
        .getByRole('combobox', { name: 'Kind of text of each item' })
        .selectOption({ label: 'Date' });
      // No agent chosen: the form says it extracts nothing before it is saved…
      await expect.poll(() => dialog.getByText('Not used by any agent').isVisible()).toBe(true);
      await dialog.getByRole('button', { name: 'Create output' }).click();
      await expect.poll(() => dialog.isVisible()).toBe(false);
      // …the saved notice warns, and the list flags it.
      await expect
        .poll(() =>
          page.getByText('Structured output created, but not used by any agent').isVisible(),
        )
        .toBe(true);
      const row = page.getByRole('row').filter({ hasText: OUTPUT });
      await expect
        .poll(() => row.textContent())
        .toContain('Not used by any agent — extracts nothing');
      await expect.poll(() => row.textContent()).toContain('patientName, preferredDays');

      const { data } = await apiGetAs<{ data: StructuredOutput[] }>(
        baseURL,
        DEMO_MEMBER,
        '/structured-outputs',
      );
      expect(data.find((output) => output.name === OUTPUT)).toMatchObject({
        agentIds: [],
        schema: {
          type: 'object',
          properties: {
            patientName: { type: 'string' },
            preferredDays: { type: 'array', items: { type: 'string', format: 'date' } },
          },
          required: ['patientName'],
        },
      });

      // Left as found.
      await row.getByRole('button', { name: `Delete ${OUTPUT}` }).click();
      await page.getByRole('button', { name: 'Delete output' }).click();
      await expect.poll(() => row.count()).toBe(0);
      expect(e2e.pageErrors).toEqual([]);
    });

    it('the demo member uploads a document inside the new knowledge base dialog and builds the base from it', async () => {
      const { page, baseURL } = e2e;
      await signInAs(e2e, DEMO_MEMBER);
      await page.goto('/knowledge-bases');
      await page.getByRole('button', { name: 'New knowledge base' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'New knowledge base' });
      await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(BASE);
      await dialog.getByLabel('Upload documents for this knowledge base').setInputFiles({
        name: 'dialog-hours.md',
        mimeType: 'text/markdown',
        buffer: Buffer.from('# Opening hours\nMonday to Friday, 8 am to 6 pm.\n'),
      });
      // Uploaded in the dialog, listed and ticked there.
      const checkbox = dialog.getByRole('checkbox', { name: 'dialog-hours.md' });
      await expect.poll(() => checkbox.isChecked()).toBe(true);
      await dialog.getByRole('button', { name: 'Create knowledge base' }).click();
      await expect.poll(() => dialog.isVisible()).toBe(false);
      const card = page
        .getByRole('list', { name: 'Knowledge bases' })
        .getByRole('listitem')
        .filter({ hasText: BASE });
      await expect.poll(() => card.count()).toBe(1);
      const { data } = await apiGetAs<{ data: KnowledgeBase[] }>(
        baseURL,
        DEMO_MEMBER,
        '/knowledge-bases',
      );
      expect(data.find((base) => base.name === BASE)?.files.map((file) => file.name)).toEqual([
        'dialog-hours.md',
      ]);
      // Left as found.
      await card.getByRole('button', { name: `Delete ${BASE}` }).click();
      await page.getByRole('button', { name: 'Delete knowledge base' }).click();
      await expect.poll(() => card.count()).toBe(0);
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
  },
);
