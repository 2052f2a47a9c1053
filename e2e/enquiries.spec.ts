import type { Contact } from '@switchboard/shared/contacts';
import type { EmailLogList, Enquiry } from '@switchboard/shared/enquiries';
import { expect, it } from 'vitest';
import { DEMO_ADMIN, DEMO_MEMBER, signInAs } from './support/accounts';
import { describeInBrowser } from './support/browser';
import { apiGetAsDemo, apiPostAsDemo, demoAgentsWithCalls } from './support/demo-data';

describeInBrowser('enquiries', (e2e) => {
  it('from an agent’s enquiry to a delivered reply in its email log and the local mailbox', async () => {
    const { page, baseURL } = e2e;
    const [agent] = await demoAgentsWithCalls(baseURL);
    const contact = await apiPostAsDemo<Contact>(baseURL, '/contacts', {
      name: 'Enid Quirke',
      email: 'enid.e2e@example.com',
    });
    const enquiry = await apiPostAsDemo<Enquiry>(baseURL, `/contacts/${contact.id}/enquiries`, {
      subject: 'Whitening price (e2e)',
      message: 'How much is teeth whitening?\n<i>two lines</i>',
      agentId: agent!.id,
    });

    await signInAs(e2e, DEMO_MEMBER);
    await page.goto(`/agent/${agent!.id}/enquiries/${contact.id}`);
    const item = page.getByRole('button', { name: 'Whitening price (e2e) (unread)' });
    await item.click();
    // Opening it read it.
    await expect
      .poll(
        () => page.getByRole('button', { name: 'Whitening price (e2e)', exact: true }).count(),
        {
          timeout: 10_000,
        },
      )
      .toBe(1);
    expect(await page.getByText('<i>two lines</i>').count()).toBe(1);

    await page.getByRole('button', { name: 'Reply' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reply by email' });
    await dialog
      .getByRole('textbox', { name: 'Message' })
      .fill('Hello Enid,\nIt is $199.\n<b>Bright Smile</b>');
    // A double click sends one email.
    await dialog.getByRole('button', { name: 'Send reply' }).dblclick();
    await expect.poll(() => dialog.isVisible(), { timeout: 10_000 }).toBe(false);

    await page.getByRole('link', { name: /^Email log/ }).click();
    await expect.poll(() => page.url(), { timeout: 10_000 }).toContain(`/email-logs/${enquiry.id}`);
    // The email log's own row first: until its screen has loaded, the enquiry's screen (whose
    // thread also says "Sent") can still be showing.
    await expect
      .poll(() => page.getByRole('cell', { name: 'enid.e2e@example.com' }).count())
      .toBe(1);
    expect(await page.getByText('Sent', { exact: true }).count()).toBe(1);
    expect(await page.getByText('Re: Whitening price (e2e)').count()).toBe(1);

    const { body: logs } = await apiGetAsDemo<EmailLogList>(
      baseURL,
      `/email-logs/enquiry/${enquiry.id}`,
    );
    expect(logs.meta.total).toBe(1);
    expect(logs.data[0]).toMatchObject({ status: 'sent', attempts: 1, lastError: null });

    // The local mailbox (the embedded default's mail) holds it, as written.
    await e2e.context.clearCookies();
    await signInAs(e2e, DEMO_ADMIN);
    await page.goto('/admin/mail');
    await expect.poll(() => page.getByText('Re: Whitening price (e2e)').count()).toBeGreaterThan(0);
    expect(e2e.pageErrors).toEqual([]);
  });
});
