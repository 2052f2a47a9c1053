import { expect, it } from 'vitest';
import { DEMO_MEMBER, signInAs } from './support/accounts';
import { startWebCall } from './support/web-call';
import { describeInBrowser } from './support/browser';
import { demoAgentsWithCalls } from './support/demo-data';

describeInBrowser('call controls and platform logs (sandbox)', (e2e) => {
  it('says the first message again, says a sentence that ends the call, and the call’s logs filter by level', async () => {
    const { page, baseURL } = e2e;
    const [agent] = await demoAgentsWithCalls(baseURL);
    await signInAs(e2e, DEMO_MEMBER);
    await page.goto(`/agent/${agent!.id}`);
    const { response, view } = await startWebCall(page);
    const webCall = (await response.json()) as { id: string };
    const transcript = view.getByRole('log', { name: 'Transcript' });
    const assistantLines = async () =>
      ((await transcript.textContent()) ?? '').split('Assistant:').length - 1;
    await expect.poll(assistantLines).toBeGreaterThanOrEqual(1);
    await expect.poll(() => view.getByText('Assistant quiet').isVisible()).toBe(true);
    const before = await assistantLines();

    // The say-first-message control: the room takes it (202) and the assistant says it again.
    const firstControl = page.waitForResponse((response) => response.url().endsWith('/control'));
    await view.getByRole('button', { name: 'Say first message' }).click();
    const firstAnswer = await firstControl;
    expect(firstAnswer.status()).toBe(202);
    expect(firstAnswer.request().postDataJSON()).toEqual({
      type: 'control',
      control: 'say-first-message',
    });
    await expect.poll(assistantLines).toBeGreaterThan(before);

    // say with endCallAfterSpoken (and the two interruption switches) ends the call once said.
    await view.getByLabel('Make the assistant say').fill('That is all for today, goodbye.');
    await view.getByLabel('End call after spoken').check();
    await view.getByLabel('Caller may interrupt it').check();
    await view.getByLabel(/Interrupt the assistant/).check();
    const sayControl = page.waitForResponse((response) => response.url().endsWith('/control'));
    await view.getByRole('button', { name: 'Say', exact: true }).click();
    expect((await sayControl).request().postDataJSON()).toEqual({
      type: 'say',
      message: 'That is all for today, goodbye.',
      endCallAfterSpoken: true,
      interruptionsEnabled: true,
      interruptAssistantEnabled: true,
    });
    await expect.poll(() => view.getByTestId('call-phase').textContent()).toBe('Call ended');
    await expect
      .poll(() => view.getByText('Ended: Agent hung up after closing').isVisible())
      .toBe(true);

    // The stored call ended for that reason, and its platform logs are in the call detail.
    await page.keyboard.press('Escape');
    await page.goto(`/agent/${agent!.id}/call-logs?includeTest=1&call=${webCall.id}`);
    const detail = page.getByRole('dialog');
    await expect
      .poll(() => detail.getByText('assistant-ended-call-after-message-spoken').first().isVisible())
      .toBe(true);
    await detail.getByRole('tab', { name: 'Logs' }).click();
    const logs = detail.getByRole('log', { name: 'Platform logs' });
    await expect
      .poll(() => logs.textContent())
      .toContain('Call ended: assistant-ended-call-after-message-spoken');
    const levels = detail.getByRole('group', { name: 'Log levels' });
    await levels.getByText(/^Checkpoint \(\d+\)$/).click();
    await expect
      .poll(async () => {
        const badges = await logs.getByTestId('platform-log-line').allTextContents();
        return badges.length > 0 && badges.every((line) => line.includes('Checkpoint'));
      })
      .toBe(true);
    expect(await logs.textContent()).not.toContain('Call ended: assistant');
    await page.screenshot({ path: '/tmp/controls/call-logs-tab.png' });
    expect(e2e.pageErrors).toEqual([]);
  });
});
