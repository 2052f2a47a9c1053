import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  checkBasicAuth,
  fromMailgun,
  fromPostmark,
  mailgunSignatureProblem,
  splitAddress,
  stripQuotedReply,
} from './inbound-mail-formats';

const basic = (value: string) => `Basic ${Buffer.from(value).toString('base64')}`;

describe('Postmark basic auth', () => {
  const expected = { user: 'hook', password: 'p:ss' };
  it.each([
    [basic('hook:p:ss'), true],
    [basic('hook:wrong'), false],
    [basic('other:p:ss'), false],
    [basic('hookp:ss'), false],
    ['Bearer abc', false],
    [undefined, false],
  ])('%s → %s', (header, ok) => {
    expect(checkBasicAuth(header, expected)).toBe(ok);
  });
});

describe('Mailgun signature', () => {
  const key = 'signing-key';
  const now = 1_800_000_000_000;
  const sign = (timestamp: string, token: string, k = key) =>
    createHmac('sha256', k)
      .update(timestamp + token)
      .digest('hex');
  const timestamp = String(now / 1000);

  it('accepts a fresh signature made with the key', () => {
    expect(
      mailgunSignatureProblem(
        { timestamp, token: 't1', signature: sign(timestamp, 't1') },
        key,
        now,
      ),
    ).toBeNull();
  });

  it('refuses another key, a stale timestamp and missing fields', () => {
    expect(
      mailgunSignatureProblem(
        { timestamp, token: 't1', signature: sign(timestamp, 't1', 'other') },
        key,
        now,
      ),
    ).toBe('signature does not match');
    const old = String(now / 1000 - 600);
    expect(
      mailgunSignatureProblem({ timestamp: old, token: 't', signature: sign(old, 't') }, key, now),
    ).toMatch(/too old/);
    expect(mailgunSignatureProblem({ timestamp, token: 't' }, key, now)).toMatch(/missing/);
  });
});

describe('message shapes', () => {
  it('reads Postmark’s JSON, preferring its stripped reply and the Message-ID header', () => {
    const mail = fromPostmark({
      FromFull: { Email: 'Ann@Example.com', Name: 'Ann' },
      ToFull: [{ Email: 'reply+abc@in.example' }],
      Subject: 'Re: hello',
      TextBody: 'Yes\n\n> earlier',
      StrippedTextReply: 'Yes',
      MessageID: 'postmark-id',
      Headers: [{ Name: 'Message-ID', Value: '<m1@example.com>' }],
    });
    expect(mail).toEqual({
      channel: 'postmark',
      recipients: ['reply+abc@in.example'],
      fromAddress: 'ann@example.com',
      fromName: 'Ann',
      subject: 'Re: hello',
      body: 'Yes',
      messageId: '<m1@example.com>',
    });
    expect(fromPostmark({ TextBody: 'no sender' })).toBeNull();
    expect(fromPostmark('not an object')).toBeNull();
  });

  it('reads Mailgun’s fields and drops control characters', () => {
    const mail = fromMailgun({
      recipient: 'reply+abc@in.example',
      from: '"Bob B" <bob@example.com>',
      subject: 'Re: x\u0007',
      'body-plain': 'Fine\n\nOn Mon, X wrote:\n> earlier',
      'Message-Id': '<m2@example.com>',
    });
    expect(mail).toMatchObject({
      fromAddress: 'bob@example.com',
      fromName: 'Bob B',
      subject: 'Re: x',
      body: 'Fine',
      messageId: '<m2@example.com>',
    });
  });

  it('splits addresses and strips quoted replies', () => {
    expect(splitAddress('Ann <ANN@x.example>')).toEqual({ address: 'ann@x.example', name: 'Ann' });
    expect(splitAddress('ann@x.example')).toEqual({ address: 'ann@x.example', name: '' });
    expect(stripQuotedReply('Thanks!\n\nOn Tue, Bob <b@x> wrote:\n> hi')).toBe('Thanks!');
    expect(stripQuotedReply('> only a quote')).toBe('> only a quote');
  });
});
