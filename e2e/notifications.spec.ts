import { createECDH, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AgentList } from '@switchboard/shared/agents';
import { decrypt } from 'http_ece';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEMO_OWNERS, signInAs } from './support/accounts';
import { describeInBrowser } from './support/browser';
import { apiGetAs } from './support/demo-data';
import { E2E_WEBHOOK_SECRET } from './support/global-setup';

// The bell and browser push, end to end: a caller's enquiry arrives through the platform's
// webhook; the bell shows it; the server encrypts a push to this browser's subscription and
// signs it with its VAPID key; the browser's real service worker shows it.
//
// Headless Chromium offline has no push service (PushManager.subscribe needs Google's), so the
// subscription is the one a browser would make, with keys made here, and its endpoint is a
// push service on this machine. What that service receives is decrypted with the browser's
// keys (as Chromium would) and handed to the registered service worker as a push message
// through DevTools (ServiceWorker.deliverPushMessage).

const OWNER = DEMO_OWNERS[3]!;

type Received = { path: string; encoding: string | undefined; body: Buffer };

let pushService: http.Server;
let pushBase = '';
const received: Received[] = [];

beforeAll(async () => {
  pushService = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        path: request.url ?? '',
        encoding: request.headers['content-encoding'],
        body: Buffer.concat(chunks),
      });
      response.statusCode = 201;
      response.end();
    });
  });
  await new Promise<void>((resolve) => pushService.listen(0, '127.0.0.1', resolve));
  pushBase = `http://127.0.0.1:${(pushService.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => pushService?.close(() => resolve()));
});

describeInBrowser('notifications', { wholeBrowser: true }, (e2e) => {
  it('the bell shows a new enquiry, and the push reaches the service worker', async () => {
    const { page, context, baseURL } = e2e;
    await context.grantPermissions(['notifications'], { origin: baseURL });
    await signInAs(e2e, OWNER);
    await page.goto('/settings?section=notifications');
    await expect
      .poll(() => page.getByRole('switch', { name: 'New enquiry: Browser push' }).isChecked())
      .toBe(true);
    // Chromium can receive push here: the page offers the switch for this browser.
    await expect
      .poll(() => page.getByText('Show notifications on this device').isVisible())
      .toBe(true);

    // The app's service worker, registered as the switch does; then this browser's subscription.
    const cdp = await context.newCDPSession(page);
    const registrationId = new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', (event) => {
        const found = event.registrations.find((r) => r.scopeURL === `${baseURL}/` && !r.isDeleted);
        if (found) resolve(found.registrationId);
      });
    });
    await cdp.send('ServiceWorker.enable');
    await page.evaluate(async () => {
      await navigator.serviceWorker.register('/sw.js', { scope: '/' });
      await navigator.serviceWorker.ready;
    });
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const auth = randomBytes(16).toString('base64url');
    const endpoint = `${pushBase}/push/${randomBytes(8).toString('hex')}`;
    const subscribed = await page.evaluate(
      async (body) => {
        const response = await fetch('/api/notifications/push-subscriptions', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        return response.status;
      },
      { endpoint, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth } },
    );
    expect(subscribed).toBe(201);
    await page.evaluate(() => fetch('/api/notifications/read-all', { method: 'POST' }));
    // The app is closed: no tab shows it while the push arrives; only the service worker runs.
    await page.goto('about:blank');

    // A caller leaves an enquiry: the agent's create_enquiry tool, through the webhook.
    const agents = await apiGetAs<AgentList>(baseURL, OWNER, '/agents');
    const assistantId = agents.data[0]!.id;
    const subject = `Push check ${randomBytes(3).toString('hex')}`;
    const toolCallId = `tc-e2e-push-${Date.now()}`;
    const webhook = await fetch(`${baseURL}/api/platform/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-vapi-secret': E2E_WEBHOOK_SECRET },
      body: JSON.stringify({
        message: {
          type: 'tool-calls',
          toolCallList: [
            {
              id: toolCallId,
              type: 'function',
              function: { name: 'create_enquiry', arguments: { subject, message: 'Leaking tap' } },
            },
          ],
          call: {
            id: `call-${toolCallId}`,
            assistantId,
            type: 'inboundPhoneCall',
            status: 'in-progress',
            createdAt: new Date().toISOString(),
            customer: { number: '+13035550142' },
          },
        },
      }),
    });
    expect(webhook.status).toBe(200);

    // The push service receives it: aes128gcm, readable with the browser's keys.
    await expect.poll(() => received.some((r) => endpoint.endsWith(r.path))).toBe(true);
    const message = received.find((r) => endpoint.endsWith(r.path))!;
    expect(message.encoding).toBe('aes128gcm');
    const plaintext = decrypt(message.body, {
      version: 'aes128gcm',
      privateKey: ecdh,
      authSecret: auth,
    }).toString('utf8');
    const payload = JSON.parse(plaintext) as { title: string; body: string; link: string };
    expect(payload.title).toMatch(/^New enquiry from /);
    expect(payload.body).toContain(subject);

    // Handed to the service worker as the push message: it shows the notification.
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: baseURL,
      registrationId: await registrationId,
      data: plaintext,
    });
    await page.goto('/settings?section=notifications');
    await expect
      .poll(() =>
        page.evaluate(async () => {
          const registration = await navigator.serviceWorker.ready;
          return (await registration.getNotifications()).map((n) => `${n.title} | ${n.body}`);
        }),
      )
      .toContainEqual(`${payload.title} | ${payload.body}`);

    // Back in the app, the bell counts it and lists it; opening it goes to the caller.
    const bell = page.getByRole('button', { name: /^Notifications, \d+ unread$/ });
    await expect.poll(() => bell.isVisible()).toBe(true);
    await bell.click();
    const item = page.getByRole('button', { name: new RegExp(subject) });
    await expect.poll(() => item.isVisible()).toBe(true);
    await item.click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(payload.link);
    expect(e2e.pageErrors).toEqual([]);
  });
});
