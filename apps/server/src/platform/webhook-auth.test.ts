import { describe, expect, it } from 'vitest';
import { checkWebhookAuth, hmacSignature, type WebhookAuthConfig } from './webhook-auth';

const body = '{"message":{"type":"status-update"}}';
const now = Date.parse('2026-11-22T12:00:00.000Z');
const secretHeader: WebhookAuthConfig = {
  mode: 'secret-header',
  secret: 's3cret',
  secretHeader: 'x-vapi-secret',
};
const bearer: WebhookAuthConfig = {
  mode: 'bearer',
  secret: 's3cret',
  secretHeader: 'x-vapi-secret',
};
const hmac: WebhookAuthConfig = { mode: 'hmac', secret: 's3cret', secretHeader: 'x-vapi-secret' };
const signed = (ts: number, payload = body, secret = 's3cret') => ({
  'x-timestamp': String(ts),
  'x-signature': hmacSignature(secret, String(ts), payload),
});

describe('checkWebhookAuth', () => {
  it.each<[string, WebhookAuthConfig, Record<string, string>, string | null]>([
    ['secret header: right', secretHeader, { 'x-vapi-secret': 's3cret' }, null],
    ['secret header: wrong', secretHeader, { 'x-vapi-secret': 's3cret2' }, 'wrong x-vapi-secret'],
    [
      'secret header: prefix of the secret',
      secretHeader,
      { 'x-vapi-secret': 's3cre' },
      'wrong x-vapi-secret',
    ],
    ['secret header: missing', secretHeader, {}, 'missing x-vapi-secret header'],
    [
      'secret header: sent as bearer instead',
      secretHeader,
      { authorization: 'Bearer s3cret' },
      'missing x-vapi-secret header',
    ],
    ['bearer: right', bearer, { authorization: 'Bearer s3cret' }, null],
    ['bearer: lower-case scheme', bearer, { authorization: 'bearer s3cret' }, null],
    ['bearer: wrong', bearer, { authorization: 'Bearer nope' }, 'wrong bearer token'],
    ['bearer: not bearer', bearer, { authorization: 'Basic czNjcmV0' }, 'missing bearer token'],
    ['hmac: right (ms)', hmac, signed(now - 1000), null],
    ['hmac: right (seconds)', hmac, signed(Math.floor(now / 1000)), null],
    [
      'hmac: with sha256= prefix',
      hmac,
      {
        'x-timestamp': String(now),
        'x-signature': `sha256=${hmacSignature('s3cret', String(now), body)}`,
      },
      null,
    ],
    [
      'hmac: other body',
      hmac,
      signed(now, '{"message":{"type":"end-of-call-report"}}'),
      'bad signature',
    ],
    ['hmac: other secret', hmac, signed(now, body, 'other'), 'bad signature'],
    [
      'hmac: replayed 10 minutes later',
      hmac,
      signed(now - 10 * 60_000),
      'timestamp too old or in the future',
    ],
    ['hmac: missing timestamp', hmac, { 'x-signature': 'abc' }, 'missing signature or timestamp'],
    [
      'hmac: timestamp not a number',
      hmac,
      { 'x-signature': 'abc', 'x-timestamp': 'soon' },
      'bad timestamp',
    ],
  ])('%s', (_label, auth, headers, expected) => {
    expect(checkWebhookAuth(auth, headers, body, now)).toBe(expected);
  });

  it('uses the configured header name', () => {
    const custom = { ...secretHeader, secretHeader: 'x-my-secret' };
    expect(checkWebhookAuth(custom, { 'x-my-secret': 's3cret' }, body, now)).toBeNull();
    expect(checkWebhookAuth(custom, { 'x-vapi-secret': 's3cret' }, body, now)).toBe(
      'missing x-my-secret header',
    );
  });
});
