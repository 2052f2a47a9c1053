import type { Agent, AgentList } from '@switchboard/shared/agents';
import type { PlatformStatus } from '@switchboard/shared/platform';
import { expect } from 'vitest';
import { DEMO_MEMBER, cookieHeader } from './accounts';

/** GET under /api as the demo member, from the test itself (to compare the screen with it). */
export async function apiGetAsDemo<T>(
  baseURL: string,
  path: string,
): Promise<{ status: number; body: T }> {
  const cookie = await cookieHeader(baseURL, DEMO_MEMBER);
  const response = await fetch(`${baseURL}/api${path}`, { headers: { cookie } });
  return { status: response.status, body: (await response.json()) as T };
}

/** POST under /api as the demo member (from our own origin, as the browser would). */
export async function apiPostAsDemo<T>(baseURL: string, path: string, body: unknown) {
  const cookie = await cookieHeader(baseURL, DEMO_MEMBER);
  const response = await fetch(`${baseURL}/api${path}`, {
    method: 'POST',
    headers: { cookie, origin: baseURL, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status, await response.clone().text()).toBeLessThan(300);
  return (await response.json()) as T;
}

/**
 * The sandbox's demo agents with their calls, once the start-up sync has copied them into the
 * store. Agents other tests create (which have no calls) are left out, so files running side by
 * side do not disturb each other.
 */
export async function demoAgentsWithCalls(baseURL: string): Promise<Agent[]> {
  await expect
    .poll(
      async () => {
        const { body } = await apiGetAsDemo<PlatformStatus>(baseURL, '/platform/status');
        return body.sync.status === 'idle' && body.sync.lastSuccessAt !== null;
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  const { body } = await apiGetAsDemo<AgentList>(baseURL, '/agents');
  const withCalls = body.data.filter((agent) => agent.lastCallAt !== null);
  expect(withCalls).toHaveLength(4);
  return withCalls;
}
