import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Vapi } from '@vapi-ai/server-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { Sandbox } from './sandbox';
import { startTestSandbox } from './test/sandbox';
import { DEFAULT_SERVER_MESSAGES } from '@switchboard/shared/platform';
import { validatorFor } from './platform-document';
import { LISTEN_SAMPLE_RATE, renderSpeech } from './simulator/live-call';

// A live call's monitor as the platform's document defines it (decision 059): calls in progress
// carry monitor.listenUrl and monitor.controlUrl; the listen socket streams the call's audio as
// 16-bit PCM frames in real time; the control endpoint takes the document's ClientInboundMessage
// shapes only, and acts on them; live server messages go only where serverMessages lists them.

const PRIVATE = 'monitor-private-key';
const PUBLIC = 'monitor-public-key';

type Message = { type: string } & Record<string, unknown>;

describe('live call monitor (listenUrl, controlUrl)', () => {
  let sandbox: Sandbox;
  let receiver: Server;
  const received: Message[] = [];
  /** While set, the server answers in-progress status updates only once it settles. */
  let inProgressAnswered: Promise<void> | undefined;

  beforeAll(async () => {
    receiver = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      request.on('end', () => {
        const message = (JSON.parse(body) as { message: Message }).message;
        received.push(message);
        const answer = () =>
          response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
        if (message.type === 'status-update' && message.status === 'in-progress')
          void (inProgressAnswered ?? Promise.resolve()).then(answer);
        else answer();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    sandbox = await startTestSandbox({
      privateKey: PRIVATE,
      publicKey: PUBLIC,
      totalCalls: 20,
      simulator: { stepMs: 10, webCallMs: 120_000 },
    });
    const { port } = receiver.address() as AddressInfo;
    sandbox.setServer({ url: `http://127.0.0.1:${port}/webhook` });
  });
  afterAll(async () => {
    await sandbox.close();
    await new Promise((resolve) => receiver.close(resolve));
  });

  const api = (path: string, init: RequestInit = {}) =>
    fetch(`${sandbox.baseUrl}${path}`, {
      ...init,
      headers: { authorization: `Bearer ${PRIVATE}`, 'content-type': 'application/json' },
    });

  /** Starts a held call and waits for its in-progress status update: the call as it was sent. */
  async function liveCall(assistant = 0) {
    const ended = sandbox.simulateCall({
      assistantId: sandbox.demo.assistantIds[assistant]!,
      type: 'inboundPhoneCall',
      endedReason: 'customer-ended-call',
      tool: 'none',
      holdMs: 120_000,
    });
    let call: Vapi.Call | undefined;
    await expect
      .poll(() => {
        call = received.find(
          (message) =>
            message.type === 'status-update' &&
            message.status === 'in-progress' &&
            !seen.has((message.call as Vapi.Call).id),
        )?.call as Vapi.Call | undefined;
        return call !== undefined;
      })
      .toBe(true);
    seen.add(call!.id);
    return { call: call!, ended };
  }
  const seen = new Set<string>();

  const control = (url: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });

  function listen(url: string, headers: Record<string, string> = {}) {
    const frames: Buffer[] = [];
    const socket = new WebSocket(url, { headers });
    const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
    const refused = new Promise<number>((resolve) =>
      socket.on('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0)),
    );
    socket.on('error', () => undefined);
    socket.on('message', (data, isBinary) => {
      if (isBinary) frames.push(data as Buffer);
    });
    return { socket, frames, closed, refused };
  }

  const loudest = (frames: Buffer[]) => {
    let peak = 0;
    for (const frame of frames)
      for (let n = 0; n < frame.length; n += 2)
        peak = Math.max(peak, Math.abs(frame.readInt16LE(n)));
    return peak;
  };

  it('streams the audio, says a sentence into the transcript, and ends on end-call', async () => {
    // The assistant's serverMessages: the document's default list (no transcript in it).
    const patched = await api(`/assistant/${sandbox.demo.assistantIds[0]!}`, {
      method: 'PATCH',
      body: JSON.stringify({ serverMessages: [...DEFAULT_SERVER_MESSAGES] }),
    });
    expect(patched.status).toBe(200);
    const { call, ended } = await liveCall();
    expect(validatorFor('Call')(call)).toBe(true);
    const { listenUrl, controlUrl } = call.monitor ?? {};
    expect(listenUrl).toMatch(new RegExp(`^ws://127\\.0\\.0\\.1:\\d+/monitor/${call.id}/listen$`));
    expect(controlUrl).toMatch(
      new RegExp(`^http://127\\.0\\.0\\.1:\\d+/monitor/${call.id}/control$`),
    );

    const heard = listen(listenUrl!);
    // 20 ms frames of 16-bit mono PCM at 16 kHz: 640 bytes each, and speech in them.
    await expect.poll(() => heard.frames.length).toBeGreaterThan(25);
    expect(new Set(heard.frames.map((frame) => frame.length))).toEqual(new Set([640]));
    await expect.poll(() => loudest(heard.frames)).toBeGreaterThan(2000);

    // Shapes the document does not define are refused, with the problem named.
    for (const bad of [
      { type: 'dance' },
      { type: 'say', content: 'Hello', volume: 11 },
      { type: 'control', control: 'mute-everyone' },
      { type: 'add-message', message: { role: 'wizard', content: 'x' } },
      [],
    ]) {
      const answer = await control(controlUrl!, bad);
      expect(answer.status).toBe(400);
      expect(((await answer.json()) as { message: unknown }).message).toBeTruthy();
    }

    const sentence = 'Let me check the diary for you, one moment please.';
    expect((await control(controlUrl!, { type: 'say', content: sentence })).status).toBe(200);
    const whisper = { role: 'system', content: 'The caller is a long-standing patient.' };
    expect((await control(controlUrl!, { type: 'add-message', message: whisper })).status).toBe(
      200,
    );
    expect(
      (await control(controlUrl!, { type: 'control', control: 'mute-assistant' })).status,
    ).toBe(200);
    // Live messages go where serverMessages lists them: conversation-update and speech-update
    // are in the document's default list, transcript is not.
    await expect
      .poll(() =>
        received.some(
          (message) =>
            message.type === 'conversation-update' &&
            (message.call as Vapi.Call | undefined)?.id === call.id &&
            JSON.stringify(message.messagesOpenAIFormatted).includes(sentence),
        ),
      )
      .toBe(true);
    expect(
      received.some(
        (message) =>
          message.type === 'speech-update' && (message.call as Vapi.Call)?.id === call.id,
      ),
    ).toBe(true);
    expect(received.some((message) => message.type === 'transcript')).toBe(false);
    for (const message of received.filter((m) => m.type === 'conversation-update'))
      expect(validatorFor('ServerMessageConversationUpdate')(message)).toBe(true);

    expect((await control(controlUrl!, { type: 'end-call' })).status).toBe(200);
    const final = await ended;
    expect(final.endedReason).toBe('assistant-ended-call');
    expect(final.artifact?.transcript).toContain(`AI: ${sentence}`);
    expect(JSON.stringify(final.messages)).toContain(whisper.content);
    expect(await heard.closed).toBe(1000);

    // Over: the control and the listen socket are gone.
    expect((await control(controlUrl!, { type: 'end-call' })).status).toBe(404);
    expect(await listen(listenUrl!).refused).toBe(404);
  });

  it('ends a transferred call as forwarded to the number given', async () => {
    const { call, ended } = await liveCall(1);
    const destination = { type: 'number', number: '+13125550142', description: 'Front desk' };
    const answer = await control(call.monitor!.controlUrl!, {
      type: 'transfer',
      destination,
      content: 'Putting you through now.',
    });
    expect(answer.status).toBe(200);
    const final = await ended;
    expect(final.endedReason).toBe('assistant-forwarded-call');
    expect(final.destination).toMatchObject(destination);
    expect(final.artifact?.transcript).toContain('AI: Putting you through now.');
  });

  it('asks for the public key where monitorPlan turns authentication on; transcript where listed', async () => {
    const assistantId = sandbox.demo.assistantIds[2]!;
    const patched = await api(`/assistant/${assistantId}`, {
      method: 'PATCH',
      body: JSON.stringify({
        monitorPlan: { listenAuthenticationEnabled: true, controlAuthenticationEnabled: true },
        serverMessages: ['status-update', 'end-of-call-report', 'transcript'],
      }),
    });
    expect(patched.status).toBe(200);
    const { call, ended } = await liveCall(2);
    const { listenUrl, controlUrl } = call.monitor!;
    expect(await listen(listenUrl!).refused).toBe(401);
    expect(await listen(listenUrl!, { authorization: `Bearer ${PRIVATE}` }).refused).toBe(401);
    const heard = listen(listenUrl!, { authorization: `Bearer ${PUBLIC}` });
    await expect.poll(() => heard.frames.length).toBeGreaterThan(5);
    expect((await control(controlUrl!, { type: 'end-call' })).status).toBe(401);
    await expect
      .poll(() =>
        received.some(
          (message) => message.type === 'transcript' && (message.call as Vapi.Call)?.id === call.id,
        ),
      )
      .toBe(true);
    expect(
      received.some(
        (message) =>
          message.type === 'conversation-update' && (message.call as Vapi.Call)?.id === call.id,
      ),
    ).toBe(false);
    const transcript = received.find((message) => message.type === 'transcript');
    expect(validatorFor('ServerMessageTranscript')(transcript)).toBe(true);
    const ok = await control(
      controlUrl!,
      { type: 'end-call' },
      { authorization: `Bearer ${PUBLIC}` },
    );
    expect(ok.status).toBe(200);
    expect((await ended).endedReason).toBe('assistant-ended-call');
  });

  it('gives a web call in progress the same monitor: its lines heard and sent live, steered, ended', async () => {
    const assistantId = sandbox.demo.assistantIds[3]!;
    const patched = await api(`/assistant/${assistantId}`, {
      method: 'PATCH',
      body: JSON.stringify({
        monitorPlan: { listenEnabled: true, controlEnabled: true },
        serverMessages: [
          'status-update',
          'end-of-call-report',
          'conversation-update',
          'transcript',
        ],
      }),
    });
    expect(patched.status).toBe(200);
    const created = await fetch(`${sandbox.baseUrl}/call/web`, {
      method: 'POST',
      headers: { authorization: `Bearer ${PUBLIC}`, 'content-type': 'application/json' },
      body: JSON.stringify({ assistantId }),
    });
    expect(created.status).toBe(201);
    const call = (await created.json()) as Vapi.Call & { webCallUrl: string };
    seen.add(call.id);
    // The answer carries the monitor, as a phone call's does.
    const { listenUrl, controlUrl } = call.monitor ?? {};
    expect(listenUrl).toBe(`${sandbox.baseUrl.replace(/^http/, 'ws')}/monitor/${call.id}/listen`);
    expect(controlUrl).toBe(`${sandbox.baseUrl}/monitor/${call.id}/control`);
    const room = async () =>
      ((await (await fetch(call.webCallUrl)).json()) as { status: string }).status;
    await expect.poll(room, { timeout: 3000 }).toBe('in-progress');
    // Same validation as a phone call's control endpoint.
    expect((await control(controlUrl!, { type: 'say', content: 'Hi', volume: 11 })).status).toBe(
      400,
    );

    const heard = listen(listenUrl!);
    await expect.poll(() => heard.frames.length).toBeGreaterThan(5);
    const said = (role: 'assistant' | 'user', message: string) =>
      fetch(`${call.webCallUrl}/transcript`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ role, message }),
      });
    expect((await said('user', 'Can someone look at my boiler today?')).status).toBe(202);
    // The caller's words are heard on the listen socket and sent as live messages.
    await expect.poll(() => loudest(heard.frames)).toBeGreaterThan(2000);
    const liveOf = (type: string) =>
      received.filter(
        (message) =>
          message.type === type && (message.call as Vapi.Call | undefined)?.id === call.id,
      );
    await expect
      .poll(() =>
        liveOf('transcript').some(
          (message) => message.transcript === 'Can someone look at my boiler today?',
        ),
      )
      .toBe(true);
    for (const message of liveOf('transcript'))
      expect(validatorFor('ServerMessageTranscript')(message)).toBe(true);

    const sentence = 'An engineer can be with you by four this afternoon.';
    expect((await control(controlUrl!, { type: 'say', content: sentence })).status).toBe(200);
    // The call's client learns it from its room, to speak it to the caller.
    const roomNow = (await (await fetch(call.webCallUrl)).json()) as { controllerSaid: string[] };
    expect(roomNow.controllerSaid).toEqual([sentence]);
    await expect
      .poll(() =>
        liveOf('conversation-update').some((message) =>
          JSON.stringify(message.messages).includes(sentence),
        ),
      )
      .toBe(true);
    // A muted assistant's line is neither heard nor transcribed.
    expect(
      (await control(controlUrl!, { type: 'control', control: 'mute-assistant' })).status,
    ).toBe(200);
    expect((await said('assistant', 'This line is muted.')).status).toBe(202);

    expect((await control(controlUrl!, { type: 'end-call' })).status).toBe(200);
    await expect.poll(room, { timeout: 3000 }).toBe('ended');
    expect(await heard.closed).toBe(1000);
    const report = await (async () => {
      let found: Message | undefined;
      await expect
        .poll(() => (found = liveOf('end-of-call-report')[0]) !== undefined, { timeout: 3000 })
        .toBe(true);
      return found!;
    })();
    expect(report.endedReason).toBe('assistant-ended-call');
    const transcript = (report.artifact as { transcript?: string }).transcript ?? '';
    expect(transcript).toContain('User: Can someone look at my boiler today?');
    expect(transcript).toContain(`AI: ${sentence}`);
    expect(transcript).not.toContain('This line is muted.');
    expect((await control(controlUrl!, { type: 'end-call' })).status).toBe(404);
  });

  it('answers on the monitor as soon as a call reads in progress, before its server has answered the status update', async () => {
    let answer!: () => void;
    inProgressAnswered = new Promise<void>((resolve) => (answer = resolve));
    try {
      // A web call: its room says in-progress while the status update waits for its server.
      const assistantId = sandbox.demo.assistantIds[3]!;
      const created = await fetch(`${sandbox.baseUrl}/call/web`, {
        method: 'POST',
        headers: { authorization: `Bearer ${PUBLIC}`, 'content-type': 'application/json' },
        body: JSON.stringify({ assistantId }),
      });
      expect(created.status).toBe(201);
      const web = (await created.json()) as Vapi.Call & { webCallUrl: string };
      seen.add(web.id);
      const room = async () =>
        ((await (await fetch(web.webCallUrl)).json()) as { status: string }).status;
      await expect.poll(room, { timeout: 3000 }).toBe('in-progress');
      const unanswered = (id: string) =>
        received.some(
          (message) => message.status === 'in-progress' && (message.call as Vapi.Call).id === id,
        );
      await expect.poll(() => unanswered(web.id)).toBe(true);
      const heard = listen(web.monitor!.listenUrl!);
      const opened = new Promise<boolean>((resolve) => {
        heard.socket.once('open', () => resolve(true));
        void heard.refused.then(() => resolve(false));
      });
      expect(await opened).toBe(true);
      expect(
        (await control(web.monitor!.controlUrl!, { type: 'control', control: 'mute-assistant' }))
          .status,
      ).toBe(200);

      // A phone call: in progress as GET /call/:id reads it.
      const ended = sandbox.simulateCall({
        assistantId: sandbox.demo.assistantIds[0]!,
        type: 'inboundPhoneCall',
        endedReason: 'customer-ended-call',
        tool: 'none',
        holdMs: 120_000,
      });
      let phone: Vapi.Call | undefined;
      await expect
        .poll(() => {
          phone = received.find(
            (message) =>
              message.type === 'status-update' &&
              message.status === 'in-progress' &&
              !seen.has((message.call as Vapi.Call).id),
          )?.call as Vapi.Call | undefined;
          return phone !== undefined;
        })
        .toBe(true);
      seen.add(phone!.id);
      const phoneHeard = listen(phone!.monitor!.listenUrl!);
      await expect.poll(() => phoneHeard.frames.length).toBeGreaterThan(0);
      expect((await control(phone!.monitor!.controlUrl!, { type: 'end-call' })).status).toBe(200);
      expect((await control(web.monitor!.controlUrl!, { type: 'end-call' })).status).toBe(200);
      answer();
      await ended;
      expect(await phoneHeard.closed).toBeGreaterThan(0);
      expect(await heard.closed).toBeGreaterThan(0);
    } finally {
      answer();
      inProgressAnswered = undefined;
    }
  });

  it('transfers a web call as forwarded; a monitorPlan that turns listening off leaves no listenUrl', async () => {
    const assistantId = sandbox.demo.assistantIds[3]!;
    const patched = await api(`/assistant/${assistantId}`, {
      method: 'PATCH',
      body: JSON.stringify({ monitorPlan: { listenEnabled: false, controlEnabled: true } }),
    });
    expect(patched.status).toBe(200);
    const created = await fetch(`${sandbox.baseUrl}/call/web`, {
      method: 'POST',
      headers: { authorization: `Bearer ${PUBLIC}`, 'content-type': 'application/json' },
      body: JSON.stringify({ assistantId }),
    });
    const call = (await created.json()) as Vapi.Call & { webCallUrl: string };
    seen.add(call.id);
    expect(call.monitor?.listenUrl).toBeUndefined();
    const { controlUrl } = call.monitor!;
    await expect
      .poll(
        async () => ((await (await fetch(call.webCallUrl)).json()) as { status: string }).status,
      )
      .toBe('in-progress');
    expect(
      await listen(`${sandbox.baseUrl.replace(/^http/, 'ws')}/monitor/${call.id}/listen`).refused,
    ).toBe(404);
    const destination = { type: 'number', number: '+13125550142' };
    expect(
      (await control(controlUrl!, { type: 'transfer', destination, content: 'One moment.' }))
        .status,
    ).toBe(200);
    let report: Message | undefined;
    await expect
      .poll(
        () =>
          (report = received.find(
            (message) =>
              message.type === 'end-of-call-report' &&
              (message.call as Vapi.Call | undefined)?.id === call.id,
          )) !== undefined,
        { timeout: 5000 },
      )
      .toBe(true);
    expect(report!.endedReason).toBe('assistant-forwarded-call');
    expect(report!.destination).toMatchObject(destination);
  });

  it('says the conversation one line after another: a line starts once the one before is said', async () => {
    const assistantId = sandbox.demo.assistantIds[1]!;
    const patched = await api(`/assistant/${assistantId}`, {
      method: 'PATCH',
      body: JSON.stringify({
        serverMessages: ['status-update', 'end-of-call-report', 'conversation-update'],
      }),
    });
    expect(patched.status).toBe(200);
    const { call, ended } = await liveCall(1);
    type Line = { role: 'bot' | 'user'; message: string; time: number };
    const lines = () =>
      (received
        .filter(
          (message) =>
            message.type === 'conversation-update' && (message.call as Vapi.Call)?.id === call.id,
        )
        .at(-1)?.messages ?? []) as Line[];
    await expect.poll(() => lines().length).toBeGreaterThanOrEqual(2);
    const said = lines();
    for (let n = 1; n < said.length; n += 1) {
      const before = said[n - 1]!;
      // How long the line before takes to say, as its audio on the listen socket.
      const sayingMs =
        (renderSpeech(before.role, before.message).length / LISTEN_SAMPLE_RATE) * 1000;
      // A timer may fire a millisecond early; never a line's length early.
      expect(said[n]!.time - before.time).toBeGreaterThanOrEqual(Math.round(sayingMs) - 2);
    }
    const { controlUrl } = call.monitor!;
    expect((await control(controlUrl!, { type: 'end-call' })).status).toBe(200);
    expect((await ended).endedReason).toBe('assistant-ended-call');
  });
});
