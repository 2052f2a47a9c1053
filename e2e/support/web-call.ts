import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Starts a web call from the page's "Talk to agent" (or "Talk to squad") panel once its Start
 * call button is enabled; `prepare` fills the panel first. Answers the panel, the response to
 * the POST that created the call and the call's view, by then in call unless `inCall` is false
 * (a real platform's room cannot be joined offline).
 */
export async function startWebCall(
  page: Page,
  options: {
    talkTo?: 'agent' | 'squad';
    prepare?: (panel: Locator) => Promise<unknown>;
    inCall?: boolean;
  } = {},
) {
  const name = `Talk to ${options.talkTo ?? 'agent'}`;
  const panel = page.getByRole('region', { name });
  await expect.poll(() => panel.getByRole('button', { name: 'Start call' }).isEnabled()).toBe(true);
  await options.prepare?.(panel);
  const created = page.waitForResponse(
    (response) =>
      response.url().endsWith('/api/web-call/call/web') && response.request().method() === 'POST',
  );
  await panel.getByRole('button', { name: 'Start call' }).click();
  const response = await created;
  const view = page.getByRole('dialog', { name });
  if (options.inCall !== false) {
    await expect.poll(() => view.getByTestId('call-phase').textContent()).toBe('In call');
  }
  return { panel, response, view };
}
