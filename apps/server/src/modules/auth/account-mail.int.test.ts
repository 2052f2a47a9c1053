import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startSmtpSink } from '../../test/smtp-sink';
import { buildTestApp, oneDatabase, nextTestIp, sameOrigin } from '../../test/test-app';

// The newcomer's path with a real mail server: the set-password link travels by SMTP (a sink on
// loopback), and only what arrived in that mail lets the newcomer in.
describe.each(oneDatabase)('a new account by SMTP mail on %s', (target) => {
  let ctx: Awaited<ReturnType<typeof buildTestApp>>;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  beforeAll(async () => {
    const port = await freePort();
    sink = await startSmtpSink(port);
    ctx = await buildTestApp(target, {
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      PUBLIC_URL: 'https://switchboard.example.com',
      SANDBOX_CALLS: '0',
    });
  });
  afterAll(async () => {
    await ctx?.close();
    await sink?.close();
  });

  it('mails the set-password link, which signs the newcomer in to their own business once', async () => {
    const headers = { ...sameOrigin, 'x-forwarded-for': nextTestIp() };
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/create-account',
      headers,
      payload: {
        businessName: 'Harbour Physio',
        email: 'nora@harbour-physio.example',
        pointOfContact: 'Nora Quinn',
        country: 'Ireland',
        timezone: 'Europe/Dublin',
      },
    });
    expect(created.statusCode).toBe(201);
    await ctx.app.mail.processDue();

    const mail = sink.received.find((m) => m.subject?.toLowerCase().includes('password'));
    expect(mail, 'no set-password mail reached the SMTP server').toBeDefined();
    expect(mail?.to && 'text' in mail.to ? mail.to.text : '').toBe('nora@harbour-physio.example');
    const link = /https:\/\/switchboard\.example\.com\/set-password\?token=([\w-]+)/.exec(
      mail?.text ?? '',
    );
    expect(link, mail?.text).not.toBeNull();

    const setPassword = () =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/set-password',
        headers,
        payload: { token: link![1], password: 'harbour-physio-2026' },
      });
    const first = await setPassword();
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      user: {
        userName: 'nora@harbour-physio.example',
        role: 'owner',
        business: { name: 'Harbour Physio', timezone: 'Europe/Dublin' },
      },
    });
    // Single use.
    expect((await setPassword()).statusCode).toBe(400);
  });
});
