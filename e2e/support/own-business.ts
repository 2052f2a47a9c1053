import { expect } from 'vitest';
import { cookieHeader, DEMO_ADMIN, forgetSession } from './accounts';
import type { E2E } from './browser';

// A business of a test's own, created through the API (its owner's password set from the mailed
// link), for specs that must leave the demo businesses as the other specs expect them.

type Mail = { toAddress: string; textBody: string };

/** Calls the API from the test itself; answers the status, the JSON body and a new session cookie. */
export async function api<T>(
  baseURL: string,
  path: string,
  init: { method?: string; body?: unknown; cookie?: string } = {},
): Promise<{ status: number; body: T; cookie: string | undefined }> {
  const response = await fetch(`${baseURL}/api${path}`, {
    method: init.method ?? 'GET',
    headers: {
      origin: baseURL,
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.cookie ? { cookie: init.cookie } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  return {
    status: response.status,
    body: (text ? JSON.parse(text) : undefined) as T,
    cookie: response.headers.getSetCookie()[0]?.split(';')[0],
  };
}

/** The newest link to `page` mailed to `to`, once the mail worker has delivered it. */
export async function mailedLink(baseURL: string, to: string, page: string): Promise<string> {
  const pattern = new RegExp(`https?://[^\\s]+/${page}\\?token=[\\w-]+`);
  let link: string | undefined;
  // What the mailbox last answered when it was not a list, for the failure message.
  let refused: string | undefined;
  await expect
    .poll(
      async () => {
        const admin = await cookieHeader(baseURL, DEMO_ADMIN);
        const { status, body } = await api<{ data?: Mail[] }>(baseURL, '/admin/mail?limit=100', {
          cookie: admin,
        });
        if (status !== 200 || !body?.data) {
          refused = `${status} ${JSON.stringify(body)}`;
          // An ended operator session is signed in again (and said), never read as no mail.
          if (status === 401) forgetSession(DEMO_ADMIN);
          return refused;
        }
        const mail = body.data.find(
          (m) => m.toAddress.toLowerCase() === to.toLowerCase() && pattern.test(m.textBody),
        );
        link = mail ? pattern.exec(mail.textBody)?.[0] : undefined;
        return link === undefined ? 'no such mail yet' : 'found';
      },
      // Enqueuing a message wakes the mail worker, so it is usually delivered within a
      // fraction of a second: asked every 100 ms rather than 500 ms (nine links in a run).
      { interval: 100 },
    )
    .toBe('found');
  if (refused) console.warn(`the mailbox once answered ${refused}`);
  return new URL(link!).pathname + new URL(link!).search;
}

/**
 * A new business whose owner has set a password: `{name} {label}-{time}`, its owner
 * `owner-{label}-{time}@{emailDomain}`. Answers the owner's API cookie.
 */
export async function createOwner(
  baseURL: string,
  business: {
    name: string;
    label?: string;
    emailDomain: string;
    pointOfContact: string;
    timezone: string;
  },
) {
  const time = Date.now().toString(36);
  const suffix = business.label ? `${business.label}-${time}` : time;
  const email = `owner-${suffix}@${business.emailDomain}`;
  const businessName = `${business.name} ${suffix}`;
  const created = await api(baseURL, '/auth/create-account', {
    method: 'POST',
    body: {
      businessName,
      email,
      pointOfContact: business.pointOfContact,
      country: 'Ireland',
      timezone: business.timezone,
    },
  });
  expect(created.status).toBe(201);
  const path = await mailedLink(baseURL, email, 'set-password');
  const token = new URLSearchParams(path.split('?')[1]).get('token');
  const password = 'owner-password-1';
  const set = await api(baseURL, '/auth/set-password', {
    method: 'POST',
    body: { token, password },
  });
  expect(set.status).toBe(200);
  return { email, password, businessName, cookie: set.cookie! };
}

/**
 * Signs the test's browser in with an owner's API session (the one setting the password
 * opened) and opens `path`.
 */
export async function openSignedIn(e2e: E2E, cookie: string, path: string) {
  const [name, value] = cookie.split('=') as [string, string];
  await e2e.context.addCookies([{ name, value, url: e2e.baseURL }]);
  await e2e.page.goto(path);
}
