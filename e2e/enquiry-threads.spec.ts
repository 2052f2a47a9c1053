import type { Appointment } from '@switchboard/shared/appointments';
import type { Contact, ContactList } from '@switchboard/shared/contacts';
import type { Enquiry, EnquiryList } from '@switchboard/shared/enquiries';
import { expect, it } from 'vitest';
import { DEMO_MEMBER, signInAs } from './support/accounts';
import { describeInBrowser } from './support/browser';
import { apiGetAsDemo, apiPostAsDemo, demoAgentsWithCalls } from './support/demo-data';
import { E2E_INBOUND, E2E_WEBHOOK_SECRET } from './support/global-setup';

/** A tool call from the platform, as a test call ("Talk to agent") when `test`. */
async function postToolCall(
  baseURL: string,
  name: 'create_enquiry' | 'book_appointment',
  assistantId: string,
  args: Record<string, unknown>,
  test: boolean,
) {
  const id = `e2e-${name}-${Math.random().toString(36).slice(2)}`;
  const response = await fetch(`${baseURL}/api/platform/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-vapi-secret': E2E_WEBHOOK_SECRET },
    body: JSON.stringify({
      message: {
        type: 'tool-calls',
        toolCallList: [{ id, type: 'function', function: { name, arguments: args } }],
        call: {
          id: `call-${id}`,
          assistantId,
          type: 'webCall',
          status: 'in-progress',
          createdAt: new Date().toISOString(),
          ...(test ? { assistantOverrides: { metadata: { switchboardTestCall: true } } } : {}),
        },
      },
    }),
  });
  expect(response.status).toBe(200);
}

describeInBrowser('enquiry threads, test marks and phones', (e2e) => {
  it('opens an enquiry from the inbox expanded; the reply goes out and the customer’s answer shows in the thread', async () => {
    const { page, baseURL } = e2e;
    const [agent] = await demoAgentsWithCalls(baseURL);
    const contact = await apiPostAsDemo<Contact>(baseURL, '/contacts', {
      name: 'Thea Thread',
      email: 'thea.e2e@example.com',
    });
    const enquiry = await apiPostAsDemo<Enquiry>(baseURL, `/contacts/${contact.id}/enquiries`, {
      subject: 'Braces for two (e2e thread)',
      message: 'Is there a family price?',
      agentId: agent!.id,
    });
    expect(enquiry.replyTo).toMatch(/^reply\+[a-f0-9]{32}@in\.switchboard\.test$/);

    await signInAs(e2e, DEMO_MEMBER);
    await page.goto('/enquiries?q=e2e%20thread');
    await page.getByRole('link', { name: 'Braces for two (e2e thread)' }).click();
    await expect.poll(() => page.url(), { timeout: 10_000 }).toContain(`?open=${enquiry.id}`);
    // Landed open (and so read): its actions are on screen without a click.
    await expect
      .poll(() => page.getByRole('button', { name: 'Reply' }).count(), { timeout: 10_000 })
      .toBe(1);

    await page.getByRole('button', { name: 'Reply' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reply by email' });
    await dialog.getByRole('textbox', { name: 'Message' }).fill('Yes: 10% off the second.');
    await dialog.getByRole('button', { name: 'Send reply' }).click();
    await expect.poll(() => dialog.isVisible(), { timeout: 10_000 }).toBe(false);
    await expect
      .poll(() => page.getByText('Yes: 10% off the second.').count(), { timeout: 10_000 })
      .toBe(1);

    // The customer answers to the reply-to address; Postmark posts it to us.
    const answer = await fetch(`${baseURL}/api/inbound-mail/postmark`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Basic ${Buffer.from(`${E2E_INBOUND.user}:${E2E_INBOUND.password}`).toString('base64')}`,
      },
      body: JSON.stringify({
        FromFull: { Email: 'thea.e2e@example.com', Name: 'Thea Thread' },
        ToFull: [{ Email: enquiry.replyTo }],
        OriginalRecipient: enquiry.replyTo,
        Subject: 'Re: Braces for two (e2e thread)',
        TextBody: 'Great, we will book both.\n\n> Yes: 10% off the second.',
        StrippedTextReply: 'Great, we will book both.',
        Headers: [{ Name: 'Message-ID', Value: '<thea-e2e-1@example.com>' }],
      }),
    });
    expect(await answer.json()).toEqual({ stored: true });

    await page.reload();
    await expect.poll(() => page.getByText('Great, we will book both.').count()).toBe(1);
    expect(await page.getByText('Thea Thread answered').count()).toBe(1);
    expect(await page.getByText('Status Pending → Open').count()).toBe(1);
    expect(
      await page.getByText('the customer replied: Email from thea.e2e@example.com').count(),
    ).toBe(1);
    await page.screenshot({ path: '/tmp/h23b-e2e-thread.png', fullPage: true });
    expect(e2e.pageErrors).toEqual([]);
  });

  it('marks what test calls recorded and filters it, on enquiries, contacts and appointments', async () => {
    const { page, baseURL } = e2e;
    const [agent] = await demoAgentsWithCalls(baseURL);
    const startsAt = new Date(Date.now() + 3 * 86_400_000).toISOString();
    await postToolCall(
      baseURL,
      'create_enquiry',
      agent!.id,
      {
        subject: 'Test-call enquiry (e2e)',
        callerName: 'Tess Tester',
        callerEmail: 'tess.e2e@example.com',
      },
      true,
    );
    await postToolCall(
      baseURL,
      'book_appointment',
      agent!.id,
      { service: 'Test-call cleaning (e2e)', startsAt, callerEmail: 'tess.e2e@example.com' },
      true,
    );
    await postToolCall(
      baseURL,
      'create_enquiry',
      agent!.id,
      {
        subject: 'Real-call enquiry (e2e)',
        callerName: 'Rita Real',
        callerEmail: 'rita.e2e@example.com',
      },
      false,
    );
    const { body: onlyTest } = await apiGetAsDemo<ContactList>(
      baseURL,
      '/contacts?test=only&search=tess.e2e',
    );
    expect(onlyTest.data.map((c) => c.email)).toEqual(['tess.e2e@example.com']);

    await signInAs(e2e, DEMO_MEMBER);
    await page.goto('/enquiries?q=(e2e)');
    const testRow = page.getByRole('row').filter({ hasText: 'Test-call enquiry (e2e)' });
    await expect
      .poll(() => testRow.getByText('Test', { exact: true }).count(), { timeout: 10_000 })
      .toBe(1);
    const realRow = page.getByRole('row').filter({ hasText: 'Real-call enquiry (e2e)' });
    expect(await realRow.getByText('Test', { exact: true }).count()).toBe(0);
    await page.getByRole('combobox', { name: 'Test calls' }).click();
    await page.getByRole('option', { name: 'Test only' }).click();
    await expect
      .poll(() => page.getByRole('link', { name: 'Real-call enquiry (e2e)' }).count(), {
        timeout: 10_000,
      })
      .toBe(0);
    expect(await page.getByRole('link', { name: 'Test-call enquiry (e2e)' }).count()).toBe(1);
    expect(page.url()).toContain('test=only');

    await page.goto('/contacts?test=only&search=tess.e2e');
    const contactRow = page.getByRole('row').filter({ hasText: 'Tess Tester' });
    await expect
      .poll(() => contactRow.getByText('Test', { exact: true }).count(), { timeout: 10_000 })
      .toBe(1);

    await page.goto('/appointments?test=only');
    const appointmentRow = page.getByRole('row').filter({ hasText: 'Test-call cleaning (e2e)' });
    await expect
      .poll(() => appointmentRow.getByText('Test', { exact: true }).count(), { timeout: 10_000 })
      .toBe(1);
    const { body: appointments } = await apiGetAsDemo<{ data: Appointment[] }>(
      baseURL,
      '/appointments?test=exclude&limit=100',
    );
    expect(appointments.data.some((a) => a.service === 'Test-call cleaning (e2e)')).toBe(false);
    expect(e2e.pageErrors).toEqual([]);
  });

  it('on a 390 px phone, contacts, enquiries and appointments are stacked cards with folded filters', async () => {
    const { page, baseURL } = e2e;
    await demoAgentsWithCalls(baseURL);
    const { body: enquiries } = await apiGetAsDemo<EnquiryList>(baseURL, '/enquiries');
    expect(enquiries.data.length).toBeGreaterThan(0);
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAs(e2e, DEMO_MEMBER);

    for (const [path, filter] of [
      ['/enquiries', 'Status'],
      ['/contacts', 'Test calls'],
      ['/appointments', 'Agent'],
    ] as const) {
      await page.goto(path);
      await expect.poll(() => page.locator('article').count()).toBeGreaterThan(0);
      expect(await page.locator('table').count()).toBe(0);
      // Filters fold away behind one button.
      expect(await page.getByRole('combobox', { name: filter, exact: true }).isVisible()).toBe(
        false,
      );
      await page.getByRole('button', { name: 'Filters' }).click();
      await expect
        .poll(() => page.getByRole('combobox', { name: filter, exact: true }).isVisible(), {
          timeout: 5_000,
        })
        .toBe(true);
      // Nothing wider than the phone.
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(390);
    }
    expect(e2e.pageErrors).toEqual([]);
  });
});
