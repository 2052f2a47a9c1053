import type { AgentSettingsResponse } from '@switchboard/shared/agents';
import type { TestRun } from '@switchboard/shared/agent-tests';
import { expect, it } from 'vitest';
import { DEMO_MEMBER, signInAs } from './support/accounts';
import { describeInBrowser } from './support/browser';
import { apiGetAs } from './support/demo-data';

const DENTAL_AGENT = 'Bright Smile Dental Receptionist';
const SUITE = 'E2E Saturday bookings';
const PASSING = 'Books the Saturday asked for';
const FAILING = 'Expects a Sunday (deliberately wrong)';

describeInBrowser('agent tests', (e2e) => {
  it('a test suite runs against the dental agent with a pass and a deliberate fail, kept in the history and on the dashboard', async () => {
    const { page, baseURL } = e2e;
    await signInAs(e2e, DEMO_MEMBER);
    await page.goto('/dashboard');
    await page
      .getByRole('navigation', { name: 'Platform' })
      .getByRole('link', { name: 'Agent tests' })
      .click();
    await expect
      .poll(() => page.getByRole('heading', { name: 'Agent tests' }).isVisible())
      .toBe(true);

    await page.getByRole('button', { name: 'New suite' }).first().click();
    const create = page.getByRole('dialog', { name: 'New test suite' });
    await create.getByRole('textbox', { name: 'Name' }).fill(SUITE);
    await create.getByRole('button', { name: 'Create suite' }).click();
    await expect.poll(() => page.getByRole('heading', { name: SUITE }).isVisible()).toBe(true);

    const addTest = async (
      name: string,
      caller: string,
      scenario: string,
      weekday: string,
    ): Promise<void> => {
      await page.getByRole('button', { name: 'Add test' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Add a test' });
      await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
      await dialog.getByRole('combobox', { name: 'Caller' }).click();
      await page.getByRole('option', { name: caller }).click();
      await dialog.getByRole('textbox', { name: /What the caller wants/ }).fill(scenario);
      await dialog.getByRole('combobox', { name: /Booked on/ }).click();
      await page.getByRole('option', { name: weekday, exact: true }).click();
      await dialog.getByRole('button', { name: 'Add test' }).click();
      await expect.poll(() => dialog.isVisible()).toBe(false);
      await expect.poll(() => page.getByRole('row').filter({ hasText: name }).count()).toBe(1);
    };
    await addTest(
      PASSING,
      'Polite caller',
      'You want to book a cleaning on a Saturday morning.',
      'Saturday',
    );
    await addTest(
      FAILING,
      'Impatient caller',
      'You want to book a cleaning on a Saturday.',
      'Sunday',
    );
    expect(await page.getByRole('row').filter({ hasText: FAILING }).textContent()).toContain(
      'book_appointment is called with a time on a Sunday',
    );

    // Other specs may add agents to the demo business: choose the dental one.
    await page.getByRole('combobox', { name: 'Agent' }).click();
    await page.getByRole('option', { name: DENTAL_AGENT }).click();
    await page.getByRole('button', { name: 'Run the tests' }).click();
    await expect.poll(() => page.getByText('1 of 2 passed').isVisible()).toBe(true);
    const passed = page.getByRole('article', { name: PASSING });
    expect(await passed.getByText('Passed').isVisible()).toBe(true);
    expect(await passed.getByLabel(`Transcript of ${PASSING}`).textContent()).toContain(
      "I'd like to book an appointment on a Saturday",
    );
    const failed = page.getByRole('article', { name: FAILING });
    expect(await failed.getByText('Failed').isVisible()).toBe(true);
    expect(
      await failed
        .getByText('book_appointment was called with a time on a Saturday, not a Sunday')
        .isVisible(),
    ).toBe(true);
    await page
      .screenshot({ path: '/tmp/evals/e2e-run.png', fullPage: true })
      .catch(() => undefined);

    // The run is kept: in the suite's history, and as the agent's last run on the dashboard.
    const { data: runs } = await apiGetAs<{ data: TestRun[] }>(baseURL, DEMO_MEMBER, '/test-runs');
    const run = runs.find((r) => r.suiteName === SUITE);
    expect(run).toMatchObject({ agentName: DENTAL_AGENT, status: 'ended' });
    expect(run?.counts).toMatchObject({ total: 2, passed: 1, failed: 1 });
    await page.goto('/dashboard');
    const card = page.getByRole('region', { name: 'Last test run per agent' });
    await expect.poll(() => card.textContent()).toContain(DENTAL_AGENT);
    expect(await card.textContent()).toContain('1 of 2 passed');
    expect(e2e.pageErrors).toEqual([]);
  });

  it('the settings dialog runs the tests on unsaved settings and saves nothing', async () => {
    const { page, baseURL } = e2e;
    await signInAs(e2e, DEMO_MEMBER);
    await page.goto('/dashboard');
    await page.getByRole('button', { name: `Settings for ${DENTAL_AGENT}` }).click();
    const dialog = page.getByRole('dialog', { name: `Settings: ${DENTAL_AGENT}` });
    const prompt = dialog.getByRole('textbox', { name: 'System prompt' });
    await expect.poll(() => prompt.isVisible()).toBe(true);
    const saved = await prompt.inputValue();
    await prompt.fill(`${saved}\nWe are closed on Saturdays.`);
    const panel = dialog.getByRole('region', { name: 'Test these settings' });
    await panel.getByRole('combobox', { name: 'Suite' }).click();
    await page.getByRole('option', { name: SUITE }).click();
    await panel.getByRole('button', { name: 'Run the tests' }).click();
    // Closed on Saturdays, the agent books the Sunday: the two tests swap outcomes.
    await expect.poll(() => panel.getByText('1 of 2 passed').isVisible()).toBe(true);
    const saturday = panel.getByRole('article', { name: PASSING });
    expect(await saturday.getByText('Failed').isVisible()).toBe(true);
    expect(
      await saturday
        .getByText('book_appointment was called with a time on a Sunday, not a Saturday')
        .isVisible(),
    ).toBe(true);
    expect(
      await panel.getByRole('article', { name: FAILING }).getByText('Passed').isVisible(),
    ).toBe(true);
    await page
      .screenshot({ path: '/tmp/evals/e2e-settings.png', fullPage: true })
      .catch(() => undefined);
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    const agents = await apiGetAs<{ data: { id: string; name: string }[] }>(
      baseURL,
      DEMO_MEMBER,
      '/agents',
    );
    const dental = agents.data.find((agent) => agent.name === DENTAL_AGENT)!;
    const after = await apiGetAs<AgentSettingsResponse>(
      baseURL,
      DEMO_MEMBER,
      `/agents/${dental.id}/settings`,
    );
    expect(after.settings.systemPrompt).toBe(saved);
    expect(e2e.pageErrors).toEqual([]);
  });
});
