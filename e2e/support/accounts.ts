import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { E2E } from './browser';

export type Account = { userName: string; password: string };

/** Seeded by the server in sandbox mode (see the README's demo sign-ins). */
export const DEMO_ADMIN: Account = { userName: 'admin', password: 'switchboard-admin' };
export const DEMO_MEMBER: Account & { business: string } = {
  userName: 'demo@brightsmile.example',
  password: 'switchboard-demo',
  business: 'Bright Smile Dental',
};
/** Every demo business's owner: one business per trade, each with the agent of its trade. */
export const DEMO_OWNERS: readonly (Account & { business: string })[] = [
  DEMO_MEMBER,
  {
    userName: 'demo@rapidrooter.example',
    password: 'switchboard-demo',
    business: 'Rapid Rooter Plumbing',
  },
  {
    userName: 'demo@trattoriabella.example',
    password: 'switchboard-demo',
    business: 'Trattoria Bella',
  },
  {
    userName: 'demo@northwind.example',
    password: 'switchboard-demo',
    business: 'Northwind Home Goods',
  },
];

type Cookie = { name: string; value: string };
const sessions = new Map<string, Cookie[]>();

/**
 * The session cookies of one API sign-in as `account`, shared by every test of the file.
 * Sign-in attempts are rate-limited per user name (as they should be), so the suite signs in
 * through the form only where the form is what is tested.
 */
async function sessionCookies(baseURL: string, account: Account): Promise<Cookie[]> {
  const known = sessions.get(account.userName);
  if (known) return known;
  const response = await fetch(`${baseURL}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseURL },
    body: JSON.stringify({ userName: account.userName, password: account.password }),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  const cookies = response.headers.getSetCookie().map((header) => {
    const [pair = ''] = header.split(';');
    const separator = pair.indexOf('=');
    return { name: pair.slice(0, separator).trim(), value: pair.slice(separator + 1).trim() };
  });
  expect(cookies.length).toBeGreaterThan(0);
  sessions.set(account.userName, cookies);
  return cookies;
}

/** Drops the file's shared session of `account`, so the next use signs in again. */
export function forgetSession(account: Account) {
  sessions.delete(account.userName);
}

/** Starts the test's browser signed in as `account`, without the sign-in form. */
export async function signInAs(e2e: E2E, account: Account) {
  const cookies = await sessionCookies(e2e.baseURL, account);
  await e2e.context.addCookies(cookies.map((cookie) => ({ ...cookie, url: e2e.baseURL })));
}

/** A Cookie header for calling the API from the test itself as `account`. */
export async function cookieHeader(baseURL: string, account: Account): Promise<string> {
  const cookies = await sessionCookies(baseURL, account);
  return cookies.map((cookie) => `${cookie.name}=${cookie.value}`).join('; ');
}

/** Fills and sends the sign-in form on the current page. */
export async function signInWithForm(page: Page, account: Account) {
  await page.locator('input[name="userName"]').fill(account.userName);
  await page.locator('input[name="password"]').fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Opens the account menu in the app header. */
export async function openUserMenu(page: Page) {
  await page.getByRole('button', { name: /^Account menu for / }).click();
  const menu = page.getByRole('menu');
  await expect.poll(() => menu.isVisible()).toBe(true);
  return menu;
}
