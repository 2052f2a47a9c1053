import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { WEB_CALL_SDK_TOKEN, type WebCallConfig } from '@switchboard/shared/web-call';
import { expect, it } from 'vitest';
import { DEMO_MEMBER, signInAs } from './support/accounts';
import { startWebCall } from './support/web-call';
import { describeInBrowser } from './support/browser';
import { apiGetAsDemo, demoAgentsWithCalls } from './support/demo-data';

const distAssets = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../apps/web/dist/assets',
);

describeInBrowser('talk to agent (sandbox web call)', (e2e) => {
  it('calls the agent in the browser: transcript, volume, mute, message, say, end, then the call log', async () => {
    const { page, baseURL } = e2e;
    const [agent] = await demoAgentsWithCalls(baseURL);
    await signInAs(e2e, DEMO_MEMBER);

    // Everything the browser fetches while on the page: the real daily-js must stay unloaded.
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));

    await page.goto(`/agent/${agent!.id}`);
    const { response: createdResponse, view } = await startWebCall(page, {
      prepare: (panel) => panel.getByLabel('Variable values').fill('customerName=Pat'),
    });
    expect(createdResponse.status()).toBe(201);
    const webCall = (await createdResponse.json()) as { id: string };
    const sent = createdResponse.request().postDataJSON() as {
      assistantId: string;
      assistantOverrides: { variableValues: Record<string, string>; metadata: object };
    };
    expect(sent.assistantId).toBe(agent!.id);
    // The SDK holds no key, only the fixed token our proxy ignores.
    expect(createdResponse.request().headers().authorization).toBe(`Bearer ${WEB_CALL_SDK_TOKEN}`);
    expect(sent.assistantOverrides).toEqual({
      variableValues: { customerName: 'Pat' },
      metadata: { switchboardTestCall: true },
    });

    // The assistant's first message: its volume moves, it speaks, and the transcript shows it.
    const meter = view.getByRole('meter', { name: 'Assistant volume' });
    const levels: number[] = [];
    await expect
      .poll(
        async () => {
          levels.push(Number(await meter.getAttribute('aria-valuenow')));
          return Math.max(...levels);
        },
        { timeout: 10_000, interval: 100 },
      )
      .toBeGreaterThan(20);
    await expect.poll(() => view.getByText('Assistant speaking').isVisible()).toBe(true);
    const transcript = view.getByRole('log', { name: 'Transcript' });
    await expect.poll(() => transcript.textContent()).toMatch(/Assistant:.*\w+/);
    // …and falls quiet again (1 s without sound ends the speech).
    await expect.poll(() => view.getByText('Assistant quiet').isVisible()).toBe(true);
    expect(Number(await meter.getAttribute('aria-valuenow'))).toBeLessThan(5);

    // Mute and unmute the microphone.
    await view.getByRole('button', { name: 'Mute' }).click();
    await expect
      .poll(() => view.getByRole('button', { name: 'Unmute' }).getAttribute('aria-pressed'))
      .toBe('true');
    await view.getByRole('button', { name: 'Unmute' }).click();
    await expect.poll(() => view.getByRole('button', { name: 'Mute' }).isVisible()).toBe(true);

    // A typed message joins the conversation, and the assistant answers it.
    await view.getByLabel('Type a message').fill('I would like a cleaning next Tuesday');
    await view.getByRole('button', { name: 'Send' }).click();
    await expect
      .poll(() => transcript.textContent(), { timeout: 10_000 })
      .toContain('You: I would like a cleaning next Tuesday');
    await expect
      .poll(() => transcript.textContent())
      .toContain('I have noted: I would like a cleaning next Tuesday');

    // Someone steps in from the live calls screen (our control API, the call's monitor): the
    // caller hears the assistant say it, and it is in the transcript once.
    const stepIn = 'A colleague will also call you back today.';
    const stepped = await page.evaluate(
      async ({ id, text }) =>
        (
          await fetch(`/api/live-calls/${id}/control`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ action: 'say', text }),
          })
        ).status,
      { id: webCall.id, text: stepIn },
    );
    expect(stepped).toBe(200);
    await expect
      .poll(() => transcript.textContent(), { timeout: 10_000 })
      .toContain(`Assistant: ${stepIn}`);
    expect((await transcript.textContent())!.split(stepIn)).toHaveLength(2);

    // The assistant says a sentence, then the call ends after it is spoken.
    await view.getByLabel('Make the assistant say').fill('Thanks for calling, goodbye for now.');
    await view.getByLabel('End call after spoken').check();
    await view.getByRole('button', { name: 'Say', exact: true }).click();
    await expect
      .poll(() => transcript.textContent())
      .toContain('Assistant: Thanks for calling, goodbye for now.');
    await expect.poll(() => view.getByTestId('call-phase').textContent()).toBe('Call ended');
    await expect
      .poll(() => view.getByText('Ended: Agent hung up after closing').isVisible())
      .toBe(true);

    // Offline: the real daily-js chunk was never fetched, nor anything off our origin.
    const origin = new URL(baseURL).origin;
    expect(requested.filter((url) => !url.startsWith(origin) && !url.startsWith('data:'))).toEqual(
      [],
    );
    expect(requested.some((url) => /daily-esm/.test(url))).toBe(false);

    // The call reaches the store (webhooks), marked as a test call, and shows in the call logs
    // once test calls are included (they are left out by default, as in the figures).
    await page.keyboard.press('Escape');
    await page.goto(`/agent/${agent!.id}/call-logs?includeTest=1`);
    const link = page.getByRole('link', { name: `Call ${webCall.id.slice(0, 8)}…` });
    await expect.poll(() => link.isVisible()).toBe(true);
    const row = page.getByRole('row').filter({ has: link });
    expect(await row.textContent()).toContain('Test');
    expect(e2e.pageErrors).toEqual([]);
  });

  it('ends a call from the panel, and the config and bundle never carry a platform key', async () => {
    const { page, baseURL } = e2e;
    const [agent] = await demoAgentsWithCalls(baseURL);
    await signInAs(e2e, DEMO_MEMBER);
    await page.goto(`/agent/${agent!.id}`);
    const { view } = await startWebCall(page);
    await view.getByRole('button', { name: 'End call' }).click();
    await expect
      .poll(() => view.getByTestId('call-phase').textContent(), { timeout: 10_000 })
      .toBe('Call ended');
    await expect.poll(() => view.getByText('Ended: Caller hung up').isVisible()).toBe(true);

    const { body } = await apiGetAsDemo<WebCallConfig>(baseURL, '/web-call/config');
    expect(body).toEqual({ mode: 'sandbox', enabled: true, apiBaseUrl: '/api/web-call' });
    // The proxy adds the public key: the browser has neither key.
    expect(JSON.stringify(body)).not.toMatch(/private|public/i);
    // Nothing in the built app names or carries a private platform key.
    for (const file of await fs.readdir(distAssets)) {
      const text = await fs.readFile(path.join(distAssets, file), 'utf8');
      expect(text, file).not.toContain('sandbox-private-');
      expect(text, file).not.toContain('sandbox-public-');
      expect(text, file).not.toContain('VAPI_API_KEY');
    }
    expect(e2e.pageErrors).toEqual([]);
  });
});
