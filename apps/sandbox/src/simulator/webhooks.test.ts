import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { readToolReply } from './simulator';
import { credentialHeaders, hmacSignature, serverAuthHeaders } from './webhooks';

describe('a server message is authenticated only as its Server says', () => {
  const body = JSON.stringify({ message: { type: 'status-update' } });
  const url = 'https://example.test/hook';

  it('sends no authentication header for a server with neither headers nor a credential', () => {
    expect(serverAuthHeaders({ url }, undefined, body)).toEqual({});
  });

  it('sends the static headers exactly (names lower-cased)', () => {
    expect(
      serverAuthHeaders(
        { url, headers: { 'X-Vapi-Secret': 's3', 'x-other': 'o' } },
        undefined,
        body,
      ),
    ).toEqual({ 'x-vapi-secret': 's3', 'x-other': 'o' });
  });

  it('sends a bearer credential in Authorization, or its own header without the prefix', () => {
    expect(credentialHeaders({ type: 'bearer', token: 't0k' }, { url, rawBody: body })).toEqual({
      authorization: 'Bearer t0k',
    });
    expect(
      credentialHeaders(
        { type: 'bearer', token: 't0k', headerName: 'X-Key', bearerPrefixEnabled: false },
        { url, rawBody: body },
      ),
    ).toEqual({ 'x-key': 't0k' });
  });

  it('lets a static Authorization header override the credential’s (as the document says)', () => {
    const credential = { id: 'c', authenticationPlan: { type: 'bearer' as const, token: 'cred' } };
    expect(
      serverAuthHeaders({ url, headers: { Authorization: 'Bearer static' } }, credential, body),
    ).toEqual({ authorization: 'Bearer static' });
  });

  it('signs `${timestamp}.${body}` with the HMAC plan (hex), timestamp in epoch ms', () => {
    const headers = credentialHeaders(
      { type: 'hmac', secretKey: 'key', algorithm: 'sha256' },
      { url, rawBody: body },
      1_750_000_000_000,
    );
    const expected = createHmac('sha256', 'key').update(`1750000000000.${body}`).digest('hex');
    expect(headers).toEqual({ 'x-signature': expected, 'x-timestamp': '1750000000000' });
    expect(hmacSignature('key', '1750000000000', body)).toBe(expected);
    const custom = credentialHeaders(
      {
        type: 'hmac',
        secretKey: 'k',
        algorithm: 'sha512',
        signatureHeader: 'X-Sig',
        timestampHeader: 'X-Ts',
        signaturePrefix: 'sha512=',
        payloadFormat: '{method} {url} {body}',
        signatureEncoding: 'base64',
      },
      { url, rawBody: body },
      5,
    );
    expect(custom).toEqual({
      'x-sig': `sha512=${createHmac('sha512', 'k').update(`POST ${url} ${body}`).digest('base64')}`,
      'x-ts': '5',
    });
  });
});

describe('tool-call replies', () => {
  it('reads {results:[{toolCallId, result}]}', () => {
    expect(readToolReply({ results: [{ toolCallId: 'a', result: 'Booked' }] }, 'a')).toEqual({
      result: 'Booked',
      ok: true,
    });
    expect(readToolReply({ results: [{ toolCallId: 'a', result: { ref: 1 } }] }, 'a')).toEqual({
      result: '{"ref":1}',
      ok: true,
    });
    expect(readToolReply({ results: [{ toolCallId: 'a', error: 'No slot' }] }, 'a')).toEqual({
      result: 'No slot',
      ok: false,
    });
    // A single result without a matching id is still the answer.
    expect(readToolReply({ results: [{ result: 'ok' }] }, 'a')).toEqual({ result: 'ok', ok: true });
  });

  it('gives nothing for replies that are not tool results', () => {
    expect(readToolReply('ok', 'a')).toBeUndefined();
    expect(readToolReply({ result: 'x' }, 'a')).toBeUndefined();
    expect(
      readToolReply(
        {
          results: [
            { toolCallId: 'b', result: 'x' },
            { toolCallId: 'c', result: 'y' },
          ],
        },
        'a',
      ),
    ).toBeUndefined();
  });
});
