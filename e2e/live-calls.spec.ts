import { expect, it } from 'vitest';
import type { LiveCallList } from '@switchboard/shared/live-calls';
import { cookieHeader, DEMO_OWNERS, signInAs, type Account } from './support/accounts';
import { describeInBrowser } from './support/browser';

/** The dental practice's front-desk member (README's demo sign-ins). */
const FRONT_DESK: Account = {
  userName: 'frontdesk@brightsmile.example',
  password: 'switchboard-demo',
};

describeInBrowser('live calls (sandbox)', (e2e) => {
  it('watches a call’s transcript grow, listens, says a sentence into it, ends it, and finds it in the call log with what was done', async () => {
    const { page, baseURL } = e2e;
    await signInAs(e2e, FRONT_DESK);
    await page.goto('/live-calls');
    await page.getByRole('button', { name: 'Place a test call' }).click();

    // The test call rings a number. A web call another spec file left on this server may
    // still be live beside it (a closed tab's call ends on 10 s of silence): not this card.
    const card = page.getByRole('region', { name: /^Call with \+/ });
    const transcript = card.getByRole('log', { name: /^Transcript of the call with/ });
    const lines = async () =>
      transcript
        .locator('p')
        .filter({ hasText: /^(Assistant|Caller):/ })
        .count();
    await expect.poll(lines).toBeGreaterThanOrEqual(1);
    const first = await lines();
    await expect.poll(lines).toBeGreaterThan(first);

    // Another business sees nothing of it, and gets 404 for its controls and its audio.
    const headers = { cookie: await cookieHeader(baseURL, DEMO_OWNERS[1]!), origin: baseURL };
    const mine = await page.evaluate<LiveCallList>(async () => {
      const response = await fetch('/api/live-calls');
      return (await response.json()) as LiveCallList;
    });
    const callId = mine.calls.find((call) => call.callType !== 'web')!.id;
    const foreignList = (await (
      await fetch(`${baseURL}/api/live-calls`, { headers })
    ).json()) as LiveCallList;
    expect(foreignList.calls.some((call) => call.id === callId)).toBe(false);
    const foreignControl = await fetch(`${baseURL}/api/live-calls/${callId}/control`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ action: 'end-call' }),
    });
    expect(foreignControl.status).toBe(404);
    expect((await fetch(`${baseURL}/api/live-calls/${callId}/listen`, { headers })).status).toBe(
      404,
    );

    // Listen: the audio arrives and plays through Web Audio.
    await card.getByRole('button', { name: 'Listen' }).click();
    const received = card.getByTestId('audio-received');
    await expect
      .poll(async () => Number(await received.getAttribute('data-bytes')))
      .toBeGreaterThan(6_400);
    // And plays: the frames are handed to the Web Audio clock as they come.
    await expect
      .poll(async () => Number(await received.getAttribute('data-scheduled-seconds')))
      .toBeGreaterThan(0.2);

    const sentence = 'Dr. Patel can see you at four this afternoon.';
    await card.getByLabel('Say as the assistant').fill(sentence);
    await card.getByRole('button', { name: 'Say', exact: true }).click();
    await expect.poll(() => transcript.textContent()).toContain(`Assistant: ${sentence}`);

    await card.getByRole('button', { name: 'End call' }).click();
    const confirm = page.getByRole('dialog', { name: 'End this call?' });
    await confirm.getByRole('button', { name: 'End call' }).click();
    await expect.poll(() => card.count()).toBe(0);
    // The empty state, once such a left-over web call has timed out too.
    await expect.poll(() => page.getByText('No calls in progress').isVisible()).toBe(true);

    // The call log has it, with what was done and by whom.
    await page.goto(`/calls?call=${callId}`);
    const detail = page.getByRole('dialog');
    const stepped = detail.getByRole('region', { name: 'Stepped in during the call' });
    await expect.poll(() => stepped.textContent()).toContain(`Said as the assistant “${sentence}”`);
    expect(await stepped.textContent()).toContain('Ended the call');
    expect(e2e.pageErrors).toEqual([]);
  });
});
