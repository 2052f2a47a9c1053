import { expect } from 'vitest';
import { screen } from '@testing-library/react';
import { buildAgent } from '../../../features/analytics/test-factories';
import { buildSessionUser, jsonResponse, stubApi } from '../../../test/fake-api';

/** The agent's own request. */
export const AGENT = 'GET /api/agents/asst_front_desk';

/** The fake API of a screen under /agent/asst_front_desk: the agent, a member signed in. */
export function stubAgentScreenApi(handlers: Parameters<typeof stubApi>[0]) {
  return stubApi(
    { [AGENT]: () => jsonResponse(buildAgent()), ...handlers },
    { session: buildSessionUser() },
  );
}

/** A link outside the app's main navigation (which has a Dashboard link of its own). */
export function breadcrumb(name: string) {
  const main = screen.getByRole('navigation', { name: 'Main' });
  const links = screen.getAllByRole('link', { name }).filter((link) => !main.contains(link));
  expect(links).toHaveLength(1);
  return links[0];
}
