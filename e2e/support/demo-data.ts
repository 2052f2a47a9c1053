import type { Agent, AgentList } from '@switchboard/shared/agents';
import type { PlatformStatus } from '@switchboard/shared/platform';
import { expect } from 'vitest';
import { DEMO_MEMBER, DEMO_OWNERS, cookieHeader, type Account } from './accounts';

/** GET under /api as the demo member, from the test itself (to compare the screen with it). */
export async function apiGetAsDemo<T>(
  baseURL: string,
  path: string,
): Promise<{ status: number; body: T }> {
  const cookie = await cookieHeader(baseURL, DEMO_MEMBER);
  const response = await fetch(`${baseURL}/api${path}`, { headers: { cookie } });
  return { status: response.status, body: (await response.json()) as T };
}

/** POST, PUT, PATCH or DELETE under /api as the demo member (from our own origin, as the browser would). */
export async function apiSendAsDemo<T>(
  baseURL: string,
  method: string,
  path: string,
  body: unknown,
): Promise<T> {
  const cookie = await cookieHeader(baseURL, DEMO_MEMBER);
  const response = await fetch(`${baseURL}/api${path}`, {
    method,
    headers: { cookie, origin: baseURL, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status, await response.clone().text()).toBeLessThan(300);
  return (await response.json()) as T;
}

/** POST under /api as the demo member. */
export function apiPostAsDemo<T>(baseURL: string, path: string, body: unknown): Promise<T> {
  return apiSendAsDemo<T>(baseURL, 'POST', path, body);
}

/** GET under /api as `account`, from the test itself. */
export async function apiGetAs<T>(baseURL: string, account: Account, path: string) {
  const cookie = await cookieHeader(baseURL, account);
  const response = await fetch(`${baseURL}/api${path}`, { headers: { cookie } });
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
}

/**
 * A demo business's sandbox agent with its calls (the dental practice's unless told), once the
 * start-up sync has copied them into the store. Each demo business owns the one demo agent of
 * its trade; agents other tests create (which have no calls) are left out, so files running
 * side by side do not disturb each other.
 */
export async function demoAgentsWithCalls(
  baseURL: string,
  account: Account = DEMO_MEMBER,
): Promise<Agent[]> {
  await expect
    .poll(
      async () => {
        const body = await apiGetAs<PlatformStatus>(baseURL, account, '/platform/status');
        return body.sync.status === 'idle' && body.sync.lastSuccessAt !== null;
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  const body = await apiGetAs<AgentList>(baseURL, account, '/agents');
  // Agents the tests make are named "E2E …"; a test call may give one calls of its own.
  const withCalls = body.data.filter(
    (agent) => agent.lastCallAt !== null && !agent.name.startsWith('E2E '),
  );
  expect(withCalls).toHaveLength(1);
  return withCalls;
}

/** Every demo agent, each read as the owner of its business. */
export async function everyDemoAgentWithCalls(
  baseURL: string,
): Promise<{ account: Account; agent: Agent }[]> {
  const all = [];
  for (const account of DEMO_OWNERS) {
    const [agent] = await demoAgentsWithCalls(baseURL, account);
    all.push({ account, agent: agent! });
  }
  return all;
}
