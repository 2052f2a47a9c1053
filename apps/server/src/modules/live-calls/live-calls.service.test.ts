import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocketServer } from 'ws';
import type { PlatformRuntime } from '../../platform/platform-runtime';
import type { LiveCallRow } from './live-calls.repository';
import { LiveCallsService } from './live-calls.service';

// The listen relay takes every message of the platform's listen socket as it came: the binary
// ones (the call's PCM) and the text ones (the platform's JSON events, which its docs show on
// that socket), in order, nothing dropped or rewritten.

describe('listen relay', () => {
  let server: WebSocketServer;
  let base: string;
  const authorizations: (string | undefined)[] = [];
  const audio = [Buffer.from([1, 2, 3, 4]), Buffer.from([5, 6])];
  const event = JSON.stringify({ type: 'an-event', detail: 'é' });

  beforeAll(async () => {
    server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    base = `127.0.0.1:${(server.address() as AddressInfo).port}`;
    server.on('connection', (socket, request) => {
      authorizations.push(request.headers.authorization);
      socket.send(audio[0]!, { binary: true });
      socket.send(event, { binary: false });
      socket.send(audio[1]!, { binary: true }, () => socket.close(1000, 'call ended'));
    });
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('passes each message on with its kind, in order, and sends the public key', async () => {
    const live = new LiveCallsService({
      platform: {
        sandbox: { baseUrl: `http://${base}` },
        publicKey: 'the-public-key',
      } as unknown as PlatformRuntime,
      log: console as unknown as FastifyBaseLogger,
    } as unknown as ConstructorParameters<typeof LiveCallsService>[0]);
    const row = {
      id: 'call-1',
      liveListening: true,
      listenUrl: `ws://${base}/monitor/call-1/listen`,
    } as LiveCallRow;
    const got: [string, string][] = [];
    let ended!: () => void;
    const over = new Promise<void>((resolve) => (ended = resolve));
    await live.openListen(
      row,
      (kind, payload) =>
        got.push([kind, kind === 'text' ? payload.toString('utf8') : payload.toString('hex')]),
      () => ended(),
    );
    await over;
    expect(got).toEqual([
      ['audio', '01020304'],
      ['text', event],
      ['audio', '0506'],
    ]);
    expect(authorizations).toEqual(['Bearer the-public-key']);
  });

  it('does not connect to a listen URL that is not the platform’s', async () => {
    const live = new LiveCallsService({
      platform: { sandbox: { baseUrl: 'http://127.0.0.1:1' } } as unknown as PlatformRuntime,
    } as unknown as ConstructorParameters<typeof LiveCallsService>[0]);
    const row = {
      id: 'call-2',
      liveListening: true,
      listenUrl: `ws://${base}/monitor/call-2/listen`,
    } as LiveCallRow;
    await expect(
      live.openListen(
        row,
        () => undefined,
        () => undefined,
      ),
    ).rejects.toMatchObject({
      statusCode: 409,
    });
    expect(authorizations).toHaveLength(1);
  });
});
