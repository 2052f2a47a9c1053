import type { CallDetail } from '@switchboard/shared/call-logs';
import type { StructuredOutput } from '@switchboard/shared/structured-outputs';
import { expect, it } from 'vitest';
import { DEMO_MEMBER, signInAs } from './support/accounts';
import { startWebCall } from './support/web-call';
import { describeInBrowser } from './support/browser';
import { apiGetAsDemo, demoAgentsWithCalls } from './support/demo-data';

const OUTPUT_NAME = 'E2E caller details';

describeInBrowser('structured outputs and chat with an agent', (e2e) => {
  it('defines an output, attaches it to the dental agent, and a call shows its result', async () => {
    const { page, baseURL } = e2e;
    const [agent] = await demoAgentsWithCalls(baseURL);
    await signInAs(e2e, DEMO_MEMBER);
    await page.goto('/dashboard');
    await page
      .getByRole('navigation', { name: 'Platform' })
      .getByRole('link', { name: 'Structured outputs' })
      .click();
    await expect
      .poll(() => page.getByRole('heading', { name: 'Structured outputs' }).isVisible())
      .toBe(true);

    await page.getByRole('button', { name: 'Define output' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Define a structured output' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill(OUTPUT_NAME);
    // Typed as JSON in the advanced view (the builder's own path is platform-console's).
    await dialog.getByText('Advanced (JSON)').click();
    await dialog.getByRole('textbox', { name: 'JSON Schema' }).fill(
      JSON.stringify({
        type: 'object',
        properties: {
          callerName: { type: 'string' },
          reason: { type: 'string', enum: ['booking', 'question'] },
        },
        required: ['callerName', 'reason'],
      }),
    );
    await dialog.getByPlaceholder('No agent yet').click();
    await page.getByRole('option', { name: agent!.name }).click();
    await page.keyboard.press('Escape');
    await dialog.getByRole('button', { name: 'Create output' }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);
    const row = page.getByRole('row').filter({ hasText: OUTPUT_NAME });
    await expect.poll(() => row.textContent()).toContain('callerName, reason');
    await expect.poll(() => row.textContent()).toContain(agent!.name);

    // A web call with the agent: the platform extracts the output when it ends.
    await page.goto(`/agent/${agent!.id}`);
    const { panel, response } = await startWebCall(page);
    const webCall = (await response.json()) as { id: string };
    await page.keyboard.press('Escape');
    await panel.getByRole('button', { name: 'End call' }).click();

    // The end-of-call report reaches the store; the call detail shows the result.
    await expect
      .poll(async () => {
        const res = await apiGetAsDemo<CallDetail>(baseURL, `/calls/${webCall.id}`);
        return res.status === 200 ? res.body.structuredOutputs.length : 0;
      })
      .toBe(1);
    await page.goto(`/agent/${agent!.id}/call-logs?includeTest=1&call=${webCall.id}`);
    const detail = page.getByRole('dialog');
    const section = detail.getByRole('region', { name: 'Structured outputs' });
    await expect.poll(() => section.textContent()).toContain(OUTPUT_NAME);
    expect(await section.textContent()).toMatch(/reason(booking|question)/);

    // Left as found: detached from the agent and deleted.
    const { body } = await apiGetAsDemo<{ data: StructuredOutput[] }>(
      baseURL,
      '/structured-outputs',
    );
    const mine = body.data.find((output) => output.name === OUTPUT_NAME)!;
    await page.goto('/structured-outputs');
    await page.getByRole('button', { name: `Delete ${mine.name}` }).click();
    await page.getByRole('button', { name: 'Delete output' }).click();
    await expect.poll(() => page.getByRole('row').filter({ hasText: OUTPUT_NAME }).count()).toBe(0);
    expect(e2e.pageErrors).toEqual([]);
  });

  it('chats two turns with the dental agent and sees the history', async () => {
    const { page, baseURL } = e2e;
    const [agent] = await demoAgentsWithCalls(baseURL);
    await signInAs(e2e, DEMO_MEMBER);
    await page.goto(`/agent/${agent!.id}`);
    const panel = page.getByRole('region', { name: 'Chat with agent' });
    const log = panel.getByRole('log', { name: 'Conversation' });
    const box = panel.getByRole('textbox', { name: 'Message' });

    await box.fill('Hello, are you open on Saturday?');
    await box.press('Enter');
    await expect
      .poll(() => log.textContent())
      .toContain('You said: "Hello, are you open on Saturday?"');
    await box.fill('I would like to book an appointment');
    await panel.getByRole('button', { name: 'Send' }).click();
    await expect.poll(() => log.textContent()).toContain('book_appointment tool');

    const history = panel.getByRole('list', { name: 'Earlier conversations' });
    const item = history.getByRole('button', { name: /Hello, are you open on Saturday\?/ });
    await expect.poll(() => item.textContent()).toMatch(/2 messages$/);

    // After a reload the conversation is read from the platform and can be continued.
    await page.reload();
    await panel.getByRole('list', { name: 'Earlier conversations' }).waitFor();
    await item.click();
    await expect.poll(() => log.textContent()).toContain('I would like to book an appointment');
    await box.fill('Thank you');
    await box.press('Enter');
    await expect.poll(() => item.textContent()).toMatch(/3 messages$/);
    expect(e2e.pageErrors).toEqual([]);
  });
});
