import type { AgentList, AgentSettingsResponse } from '@switchboard/shared/agents';
import type { AppointmentList } from '@switchboard/shared/appointments';
import { expect, it } from 'vitest';
import { DEMO_MEMBER, cookieHeader, signInAs } from './support/accounts';
import { describeInBrowser } from './support/browser';
import { apiGetAsDemo, apiPostAsDemo } from './support/demo-data';

describeInBrowser('agents: templates, tools and a booking through the platform tool', (e2e) => {
  it('creates an agent from a template, attaches a transfer tool, and a sandbox call books through its tool ids', async () => {
    const { page, baseURL } = e2e;
    await signInAs(e2e, DEMO_MEMBER);
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Create agent' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Create agent' });
    await dialog.getByRole('radio', { name: /Appointment booking/ }).check();
    await expect
      .poll(() => dialog.getByLabel('First message').inputValue())
      .toContain('book an appointment');
    expect(await dialog.getByRole('switch', { name: /Keypad \(DTMF\)/ }).isChecked()).toBe(true);
    await dialog.getByRole('textbox', { name: /^Name/ }).fill('E2E Booking Line');
    await dialog.getByRole('button', { name: 'Create agent' }).click();
    const row = page.getByRole('row').filter({ hasText: 'E2E Booking Line' });
    await expect.poll(() => row.isVisible()).toBe(true);

    const agent = (await apiGetAsDemo<AgentList>(baseURL, '/agents')).body.data.find(
      (candidate) => candidate.name === 'E2E Booking Line',
    );
    expect(agent).toBeDefined();
    const created = await apiGetAsDemo<AgentSettingsResponse>(
      baseURL,
      `/agents/${agent!.id}/settings`,
    );
    // Switchboard's tools (by id on the platform) and the template's built-ins.
    expect(created.body.tools).toEqual(['create_enquiry', 'book_appointment', 'endCall', 'dtmf']);
    expect(created.body.settings.voiceId).toBe('nova');

    // Attach the transfer tool in the agent's settings.
    await page.getByRole('button', { name: 'Settings for E2E Booking Line' }).click();
    const settings = page.getByRole('dialog');
    await expect
      .poll(() => settings.getByRole('textbox', { name: /^Name/ }).inputValue())
      .toBe('E2E Booking Line');
    await settings.getByRole('switch', { name: /Transfer call/ }).check();
    await settings.getByRole('textbox', { name: /^Number 1/ }).fill('+14155550123');
    await settings.getByRole('textbox', { name: /^Who answers 1/ }).fill('Front desk');
    await settings.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(() => settings.isVisible()).toBe(false);
    const saved = await apiGetAsDemo<AgentSettingsResponse>(
      baseURL,
      `/agents/${agent!.id}/settings`,
    );
    expect(saved.body.settings.tools).toMatchObject({
      endCall: true,
      dtmf: true,
      transferCall: true,
      transferDestinations: [{ number: '+14155550123', description: 'Front desk' }],
    });

    // A call in the sandbox (through our web-call proxy) where the caller books: the platform
    // resolves the agent's tool ids and sends book_appointment to us.
    const call = await apiPostAsDemo<{ id: string }>(baseURL, '/web-call/call/web', {
      assistantId: agent!.id,
      assistantOverrides: { metadata: { sandboxScenario: 'book_appointment' } },
    });
    await expect
      .poll(
        async () =>
          (
            await apiGetAsDemo<AppointmentList>(
              baseURL,
              `/appointments?tab=upcoming&agentId=${agent!.id}`,
            )
          ).body.data.length,
      )
      .toBe(1);
    const cookie = await cookieHeader(baseURL, DEMO_MEMBER);
    await fetch(`${baseURL}/api/web-call/sandbox/web-call/${call.id}/hang-up`, {
      method: 'POST',
      headers: { cookie, origin: baseURL },
    });

    await page.goto(`/appointments?agentId=${agent!.id}`);
    await expect
      .poll(() => page.getByRole('row').filter({ hasText: 'E2E Booking Line' }).count())
      .toBeGreaterThan(0);
    expect(e2e.pageErrors).toEqual([]);
  });
});
