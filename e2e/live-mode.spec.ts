import type { AgentList } from '@switchboard/shared/agents';
import type { AppointmentList } from '@switchboard/shared/appointments';
import type { SessionUser } from '@switchboard/shared/auth';
import type { CallLogPage } from '@switchboard/shared/call-logs';
import type { EnquiryList } from '@switchboard/shared/enquiries';
import type { PlatformStatus } from '@switchboard/shared/platform';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { cookieHeader, signInAs, type Account } from './support/accounts';
import { startWebCall } from './support/web-call';
import { describeInBrowser } from './support/browser';
import { startLiveMode, type LiveMode } from './support/live-mode';

// Live mode end to end: the product started with VAPI_API_KEY against the standalone sandbox
// platform (its own process, reached only over HTTP), driven in Chromium. Agents are made on
// the platform; calls placed with the platform's POST /call reach the product by webhook (no
// sync runs after start) and their tools book and record; a sync backfills a call whose
// webhooks went nowhere; its recording (no public URL: the authenticated download) plays; a
// web call starts through the product's proxy. Everything between the product and the platform
// passes through proxies that check it against the platform's document (the last test).

const OWNER: Account = { userName: 'owner@live-dental.example', password: 'live-dental-2026' };

type PlatformCall = {
  id: string;
  type: string;
  status: string;
  assistantId?: string;
  artifact?: { messages?: unknown[] };
};
type PlatformAssistant = {
  id: string;
  name?: string;
  endCallMessage?: string;
  server?: { url?: string; headers?: Record<string, string>; credentialId?: string };
};

/** With E2E_SCREENSHOT_DIR set, keeps a picture of what the browser showed (for a person to look at). */
async function keepScreenshot(page: Page, name: string): Promise<void> {
  const dir = process.env.E2E_SCREENSHOT_DIR;
  if (dir) await page.screenshot({ path: `${dir}/live-mode-${name}.png`, fullPage: true });
}

/** Polls until `probe` answers something truthy (expect.poll works only inside a test). */
async function until<T>(what: string, probe: () => Promise<T>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describeInBrowser('live mode against the standalone sandbox platform', (e2e) => {
  let live: LiveMode;
  let agentId: string;
  let phoneNumberId: string;
  let startupSync: string | null;

  async function api<T>(
    account: Account,
    path: string,
    init: { method?: string; body?: unknown } = {},
  ) {
    const cookie = await cookieHeader(live.baseURL, account);
    const response = await fetch(`${live.baseURL}/api${path}`, {
      method: init.method ?? 'GET',
      headers: {
        cookie,
        origin: live.baseURL,
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    });
    const text = await response.text();
    expect(response.status, `${path}: ${text}`).toBeLessThan(300);
    return (text ? JSON.parse(text) : undefined) as T;
  }

  async function platformJson<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await live.platform(method, path, body);
    const text = await response.text();
    expect(response.status, `${method} ${path}: ${text}`).toBeLessThan(300);
    return JSON.parse(text) as T;
  }

  /** An outbound call placed on the platform; resolves once the platform says it ended. */
  async function placeCall(assistantId: string, scenario: string, number: string) {
    const call = await platformJson<PlatformCall>('POST', '/call', {
      assistantId,
      phoneNumberId,
      customer: { number },
      assistantOverrides: { metadata: { sandboxScenario: scenario } },
    });
    await expect
      .poll(async () => (await platformJson<PlatformCall>('GET', `/call/${call.id}`)).status, {
        timeout: 15_000,
        interval: 200,
      })
      .toBe('ended');
    return call;
  }

  beforeAll(async () => {
    live = await startLiveMode();
    // The browser contexts describeInBrowser opens use this product, not the suite's server.
    e2e.baseURL = live.baseURL;

    // A business signs up; its set-password link arrives by mail.
    const created = await fetch(`${live.baseURL}/api/auth/create-account`, {
      method: 'POST',
      headers: { origin: live.baseURL, 'content-type': 'application/json' },
      body: JSON.stringify({
        businessName: 'Live Dental',
        email: OWNER.userName,
        pointOfContact: 'Lee Owner',
        country: 'Ireland',
        timezone: 'Europe/Dublin',
      }),
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const token = await until('the set-password mail', async () => {
      const text = live.mail.map((message) => message.text ?? '').join('\n');
      return /set-password\?token=([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? '';
    });
    const set = await fetch(`${live.baseURL}/api/auth/set-password`, {
      method: 'POST',
      headers: { origin: live.baseURL, 'content-type': 'application/json' },
      body: JSON.stringify({ token, password: OWNER.password }),
    });
    expect(set.status, await set.clone().text()).toBe(200);
    expect((await api<{ user: SessionUser }>(OWNER, '/auth/me')).user.business?.name).toBe(
      'Live Dental',
    );

    // The start-up sync has run; no other runs until the test asks for one.
    await until('the start-up sync', async () => {
      const { sync } = await api<PlatformStatus>(OWNER, '/platform/status');
      return sync.status === 'idle' && sync.lastSuccessAt !== null;
    });
    startupSync = (await api<PlatformStatus>(OWNER, '/platform/status')).sync.lastSuccessAt;
    const numbers = await platformJson<{ id: string }[]>('GET', '/phone-number');
    phoneNumberId = numbers[0]!.id;
  });
  afterAll(async () => {
    await live?.stop();
  });

  it('creates and edits an agent on the platform, carrying our webhook address and secret', async () => {
    const { page } = e2e;
    await signInAs(e2e, OWNER);
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Create agent' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Create agent' });
    await dialog.getByLabel('Name').fill('Live Front Desk');
    const created = page.waitForResponse(
      (response) =>
        response.url() === `${live.baseURL}/api/agents` && response.request().method() === 'POST',
    );
    await dialog.getByRole('button', { name: 'Create agent' }).click();
    expect((await created).status()).toBe(201);
    await expect
      .poll(() => page.getByRole('row').filter({ hasText: 'Live Front Desk' }).isVisible())
      .toBe(true);
    const agent = (await api<AgentList>(OWNER, '/agents')).data.find(
      (a) => a.name === 'Live Front Desk',
    );
    agentId = agent!.id;
    const onPlatform = await platformJson<PlatformAssistant>('GET', `/assistant/${agentId}`);
    expect(onPlatform.server?.url).toBe(`${live.baseURL}/api/platform/webhook`);
    expect(Object.keys(onPlatform.server?.headers ?? {})).toEqual(['x-vapi-secret']);

    await page.getByRole('button', { name: 'Settings for Live Front Desk' }).click();
    const settings = page.getByRole('dialog');
    const name = settings.getByLabel('Name');
    await expect.poll(() => name.inputValue()).toBe('Live Front Desk');
    await name.fill('Live Reception');
    await settings.getByLabel('End-call message').fill('Goodbye from live mode!');
    await settings.getByRole('button', { name: 'Save changes' }).click();
    await expect
      .poll(() => page.getByRole('row').filter({ hasText: 'Live Reception' }).isVisible())
      .toBe(true);
    await keepScreenshot(page, 'agents');
    const edited = await platformJson<PlatformAssistant>('GET', `/assistant/${agentId}`);
    expect(edited).toMatchObject({
      name: 'Live Reception',
      endCallMessage: 'Goodbye from live mode!',
    });
    // The save kept our server (and its secret) on the assistant.
    expect(edited.server).toEqual(onPlatform.server);
    expect(e2e.pageErrors, e2e.pageErrors.join('\n')).toEqual([]);
  });

  it('a call placed with POST /call books its appointment by webhook (no sync ran)', async () => {
    const call = await placeCall(agentId, 'book_appointment', '+15551230001');
    let service = '';
    await expect
      .poll(
        async () => {
          const list = await api<AppointmentList>(OWNER, '/appointments?tab=upcoming&limit=50');
          service = list.data.find((a) => a.callId === call.id)?.service ?? '';
          return service;
        },
        { interval: 300 },
      )
      .not.toBe('');
    // The call itself is in the call log, and no sync has run since start: it came by webhook.
    await expect
      .poll(async () => {
        const page = await api<CallLogPage>(OWNER, `/agents/${agentId}/calls?tab=all`);
        return page.data.some((row) => row.id === call.id);
      })
      .toBe(true);
    expect((await api<PlatformStatus>(OWNER, '/platform/status')).sync.lastSuccessAt).toBe(
      startupSync,
    );

    const { page } = e2e;
    await signInAs(e2e, OWNER);
    await page.goto('/appointments');
    await expect
      .poll(() => page.getByRole('row').filter({ hasText: service }).first().isVisible())
      .toBe(true);
    await keepScreenshot(page, 'appointments');
  });

  it('create_enquiry records an enquiry by webhook', async () => {
    const call = await placeCall(agentId, 'create_enquiry', '+15551230002');
    let subject = '';
    await expect
      .poll(
        async () => {
          const list = await api<EnquiryList>(OWNER, '/enquiries?limit=50');
          subject = list.data.find((e) => e.callId === call.id)?.subject ?? '';
          return subject;
        },
        { interval: 300 },
      )
      .not.toBe('');
    const { page } = e2e;
    await signInAs(e2e, OWNER);
    await page.goto('/enquiries');
    await expect.poll(() => page.getByText(subject).first().isVisible()).toBe(true);
    await keepScreenshot(page, 'enquiries');
  });

  it('a sync backfills a call whose webhooks went nowhere, and its recording plays', async () => {
    // Someone points the assistant's server elsewhere on the platform: the call's messages
    // are not delivered to us, so only a sync can bring it.
    const before = await platformJson<PlatformAssistant>('GET', `/assistant/${agentId}`);
    await platformJson('PATCH', `/assistant/${agentId}`, {
      server: { url: 'http://127.0.0.1:9/nowhere' },
    });
    const call = await placeCall(agentId, 'none', '+15551230003');
    await platformJson('PATCH', `/assistant/${agentId}`, { server: before.server });
    const callsPath = `/agents/${agentId}/calls?tab=all`;
    expect((await api<CallLogPage>(OWNER, callsPath)).data.some((r) => r.id === call.id)).toBe(
      false,
    );

    const { page } = e2e;
    await signInAs(e2e, OWNER);
    await page.goto(`/agent/${agentId}/call-logs`);
    const link = page.getByRole('link', { name: `Call ${call.id.slice(0, 8)}…` });
    await expect.poll(() => page.getByRole('button', { name: 'Refresh' }).isEnabled()).toBe(true);
    expect(await link.count()).toBe(0);
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect.poll(() => link.isVisible()).toBe(true);

    // The call has no public recording URL: the product fetches it with its key and streams it.
    const stored = await platformJson<PlatformCall & { artifact?: { recordingUrl?: string } }>(
      'GET',
      `/call/${call.id}`,
    );
    expect(stored.artifact?.recordingUrl).toBeUndefined();
    await link.click();
    const drawer = page.getByRole('dialog');
    const audio = drawer.locator('audio');
    await expect
      .poll(() => audio.evaluate((element) => (element as HTMLAudioElement).duration))
      .toBeGreaterThan(0);
    await audio.evaluate((element) => (element as HTMLAudioElement).play());
    // It plays: the position moves (or a short one has already played to its end).
    await expect
      .poll(() =>
        audio.evaluate((element) => {
          const player = element as HTMLAudioElement;
          return player.ended || player.currentTime > 0.1;
        }),
      )
      .toBe(true);
    expect(await audio.evaluate((element) => (element as HTMLAudioElement).error)).toBeNull();
    await keepScreenshot(page, 'recording');
    expect(e2e.pageErrors, e2e.pageErrors.join('\n')).toEqual([]);
  });

  it('starts a web call through the product’s proxy, with the business’s own agent', async () => {
    const { page } = e2e;
    await signInAs(e2e, OWNER);
    await page.goto(`/agent/${agentId}`);
    const { response } = await startWebCall(page, { inCall: false });
    expect(response.status()).toBe(201);
    const { id } = (await response.json()) as { id: string };
    // The platform has the web call, for this agent. (Joining its room needs Daily's servers,
    // which this offline machine cannot reach: the room is not the subject here.)
    const onPlatform = await platformJson<PlatformCall>('GET', `/call/${id}`);
    expect(onPlatform).toMatchObject({ type: 'webCall', assistantId: agentId });
    await keepScreenshot(page, 'web-call');
    // The browser never held a platform key: the request carried only the SDK's fixed token.
    expect(response.request().headers().authorization).not.toContain('e2e-live');
  });

  it('starts a squad’s web call through the product’s proxy, with the business’s own squad', async () => {
    const { page } = e2e;
    // The squad is made on the platform through the product, of the business's agent.
    const squad = await api<{ id: string }>(OWNER, '/squads', {
      method: 'POST',
      body: { name: 'Live Squad', members: [{ agentId }] },
    });
    const onPlatformSquad = await platformJson<{ members: { assistantId?: string }[] }>(
      'GET',
      `/squad/${squad.id}`,
    );
    expect(onPlatformSquad.members.map((member) => member.assistantId)).toEqual([agentId]);

    await signInAs(e2e, OWNER);
    await page.goto('/squads');
    const row = page.getByRole('row').filter({ hasText: 'Live Squad' });
    await expect.poll(() => row.isVisible()).toBe(true);
    await row.getByRole('button', { name: 'Talk to Live Squad' }).click();
    const { response } = await startWebCall(page, { talkTo: 'squad', inCall: false });
    expect(response.status()).toBe(201);
    expect(JSON.parse(response.request().postData() ?? '{}')).toMatchObject({
      squadId: squad.id,
    });
    const { id } = (await response.json()) as { id: string };
    // The platform runs it as the squad's call (its first member answers; no assistantId).
    const onPlatform = await platformJson<PlatformCall & { squadId?: string }>(
      'GET',
      `/call/${id}`,
    );
    expect(onPlatform).toMatchObject({ type: 'webCall', squadId: squad.id });
    expect(onPlatform.assistantId).toBeUndefined();
    expect(response.request().headers().authorization).not.toContain('e2e-live');
    await keepScreenshot(page, 'squad-call');
  });

  it('an agent made on the platform is found, given to the business by the operator, and its calls arrive by webhook without Repair', async () => {
    // Made on the platform's own console, with only the end-of-call report for its server.
    const found = await platformJson<PlatformAssistant>('POST', '/assistant', {
      name: 'Console Night Line',
      model: {
        provider: 'openai',
        model: 'gpt-4o',
        messages: [{ role: 'system', content: 'You take messages for the practice.' }],
      },
      serverMessages: ['end-of-call-report'],
    });
    // A sync finds it; nobody has it yet.
    const before = (await api<PlatformStatus>(OWNER, '/platform/status')).sync.lastSuccessAt;
    await api(live.operator, '/platform/sync', { method: 'POST' });
    await until('the sync that finds it', async () => {
      const { sync } = await api<PlatformStatus>(OWNER, '/platform/status');
      return sync.status === 'idle' && sync.lastSuccessAt !== before;
    });

    // The operator gives it to the business on Admin → Agents.
    const { page } = e2e;
    await signInAs(e2e, live.operator);
    await page.goto('/admin/agents');
    const picker = page.getByRole('combobox', { name: 'Business for Console Night Line' });
    await picker.click();
    // The assignment answers once the agent is pointed at us on the platform too.
    const assignment = page.waitForResponse(
      (response) =>
        response.request().method() === 'PUT' &&
        /\/api\/admin\/agents\/[^/]+\/business$/.test(response.url()),
    );
    await page.getByRole('option', { name: 'Live Dental' }).click();
    expect((await assignment).status()).toBe(200);
    expect((await api<AgentList>(OWNER, '/agents')).data.map((a) => a.id)).toContain(found.id);
    await keepScreenshot(page, 'assigned');
    // Assigning pointed it at us with our secret and the messages we need.
    const assigned = await platformJson<PlatformAssistant & { serverMessages?: string[] }>(
      'GET',
      `/assistant/${found.id}`,
    );
    expect(assigned.server?.url).toBe(`${live.baseURL}/api/platform/webhook`);
    expect(assigned.serverMessages).toEqual(
      expect.arrayContaining(['end-of-call-report', 'tool-calls', 'status-update']),
    );

    // Its call's enquiry reaches the business by webhook (no sync runs), without Repair.
    const call = await placeCall(found.id, 'create_enquiry', '+15551230007');
    await expect
      .poll(
        async () =>
          (await api<EnquiryList>(OWNER, '/enquiries?limit=50')).data.some(
            (enquiry) => enquiry.callId === call.id,
          ),
        { interval: 300 },
      )
      .toBe(true);
    const log = await api<CallLogPage>(OWNER, `/agents/${found.id}/calls?tab=all`);
    expect(log.data.map((row) => row.id)).toContain(call.id);
  });

  it('deletes the agent on the platform', async () => {
    const { page } = e2e;
    await signInAs(e2e, OWNER);
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Settings for Live Reception' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete agent' }).click();
    await page.getByRole('button', { name: 'Yes, delete agent' }).click();
    await expect
      .poll(() => page.getByRole('row').filter({ hasText: 'Live Reception' }).count())
      .toBe(0);
    expect((await live.platform('GET', `/assistant/${agentId}`)).status).toBe(404);
  });

  it('sent and read only what the platform’s document says: every request, answer and webhook', () => {
    // Counts per resource, in the output for the person reading the run (Round 3 · 4/10).
    console.info(`Platform document check (live mode):\n${live.audit.report()}`);
    expect(live.audit.problems).toEqual([]);
    const total = (map: Map<string, { valid: number }>) =>
      [...map.values()].reduce((sum, counts) => sum + counts.valid, 0);
    expect(total(live.audit.requests)).toBeGreaterThan(5);
    expect(total(live.audit.answers)).toBeGreaterThan(20);
    expect(live.audit.webhooks.get('end-of-call-report')?.valid).toBeGreaterThan(0);
    expect(live.audit.webhooks.get('tool-calls')?.valid).toBeGreaterThan(0);
  });
});
