import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { readToolReply } from './simulator';
import { authHeaders, hmacSignature } from './webhooks';

describe('webhook authentication headers', () => {
  const body = JSON.stringify({ message: { type: 'status-update' } });

  it('sends nothing without configuration', () => {
    expect(authHeaders(undefined, body)).toEqual({});
  });

  it('sends the shared secret in x-vapi-secret, or in a configured header', () => {
    expect(authHeaders({ mode: 'secret-header', secret: 's3' }, body)).toEqual({
      'x-vapi-secret': 's3',
    });
    expect(
      authHeaders({ mode: 'secret-header', secret: 's3', headerName: 'X-Hook-Key' }, body),
    ).toEqual({
      'x-hook-key': 's3',
    });
  });

  it('sends a Bearer token', () => {
    expect(authHeaders({ mode: 'bearer', token: 't0k' }, body)).toEqual({
      authorization: 'Bearer t0k',
    });
  });

  it('signs `${timestamp}.${body}` with HMAC-SHA256 (hex), timestamp in epoch ms', () => {
    const headers = authHeaders({ mode: 'hmac', secret: 'key' }, body, 1_750_000_000_000);
    const expected = createHmac('sha256', 'key').update(`1750000000000.${body}`).digest('hex');
    expect(headers).toEqual({ 'x-signature': expected, 'x-timestamp': '1750000000000' });
    expect(hmacSignature('key', '1750000000000', body)).toBe(expected);
    expect(
      Object.keys(
        authHeaders(
          { mode: 'hmac', secret: 'k', signatureHeader: 'X-Sig', timestampHeader: 'X-Ts' },
          body,
        ),
      ),
    ).toEqual(['x-sig', 'x-ts']);
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
