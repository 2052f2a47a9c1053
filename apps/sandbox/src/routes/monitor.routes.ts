import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { Vapi } from '@vapi-ai/server-sdk';
import { WebSocketServer } from 'ws';
import type { SandboxContext } from '../context';
import { describeErrors, validatorFor } from '../platform-document';
import { badRequest, errorBody, PlatformError } from '../http/errors';
import type { LiveCall } from '../simulator/live-call';

// A live call's monitor (decision 059), as the platform serves `call.monitor`: the listen
// WebSocket (`…/monitor/{id}/listen`, the call's audio as it happens) and the control endpoint
// (`POST …/monitor/{id}/control`, one of the document's ClientInboundMessage shapes). Neither
// takes the private key: the URL is the secret, unless the assistant's monitorPlan turns on
// authentication, and then `Authorization: Bearer <public key>` is required.

const LISTEN_PATH = /^\/monitor\/([0-9a-f-]{36})\/listen\/?(?:\?.*)?$/i;

/** The document's schema of each control type. */
const CONTROL_SCHEMAS: Record<string, string> = {
  say: 'ClientInboundMessageSay',
  'add-message': 'ClientInboundMessageAddMessage',
  control: 'ClientInboundMessageControl',
  'end-call': 'ClientInboundMessageEndCall',
  transfer: 'ClientInboundMessageTransfer',
  'send-transport-message': 'ClientInboundMessageSendTransportMessage',
};

function bearerMatches(header: string | string[] | undefined, key: string): boolean {
  return typeof header === 'string' && header === `Bearer ${key}`;
}

function refuseUpgrade(socket: Duplex, status: number, text: string) {
  socket.write(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  socket.destroy();
}

/** Checks a control body against the document and carries it out on the live call. */
function applyControl(live: LiveCall, body: unknown): void {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw badRequest('The body must be a JSON object');
  const type = (body as { type?: unknown }).type;
  const schema = typeof type === 'string' ? CONTROL_SCHEMAS[type] : undefined;
  if (!schema)
    throw badRequest(
      `type must be one of the following values: ${Object.keys(CONTROL_SCHEMAS).join(', ')}`,
    );
  const validate = validatorFor(schema, { closed: true });
  if (!validate(body)) throw badRequest(describeErrors(validate.errors));
  switch (type) {
    case 'say': {
      const say = body as Vapi.ClientInboundMessageSay;
      if (typeof say.content !== 'string' || say.content.trim() === '')
        throw badRequest('content must be a non-empty string');
      const ms = live.sayForController(say.content.trim());
      if (say.endCallAfterSpoken)
        setTimeout(() => live.end({ reason: 'assistant-ended-call-after-message-spoken' }), ms);
      return;
    }
    case 'add-message': {
      const { message } = body as Vapi.ClientInboundMessageAddMessage;
      live.addContext('system', message.content ?? '');
      return;
    }
    case 'control': {
      const { control } = body as Vapi.ClientInboundMessageControl;
      if (control === 'mute-assistant') live.assistantMuted = true;
      else if (control === 'unmute-assistant') live.assistantMuted = false;
      else if (control === 'mute-customer') live.customerMuted = true;
      else if (control === 'unmute-customer') live.customerMuted = false;
      else live.sayForController(live.firstMessage);
      return;
    }
    case 'end-call':
      live.end({ reason: 'assistant-ended-call' });
      return;
    case 'transfer': {
      const transfer = body as Vapi.ClientInboundMessageTransfer;
      const destination = transfer.destination;
      if (!destination) throw badRequest('destination must be given');
      const ms = transfer.content ? live.sayForController(transfer.content) : 0;
      const forward = () => live.end({ reason: 'assistant-forwarded-call', destination });
      if (ms > 0) setTimeout(forward, ms);
      else forward();
      return;
    }
    default:
      // A sandbox call has no SIP or Twilio transport to carry a transport message.
      throw badRequest('send-transport-message needs a SIP or Twilio call');
  }
}

export async function monitorRoutes(
  app: FastifyInstance,
  { simulator, publicKey }: SandboxContext,
): Promise<void> {
  const liveCallOf = (id: string) => simulator.liveCall(id.toLowerCase());

  app.post<{ Params: { id: string } }>('/monitor/:id/control', async (request, reply) => {
    const live = liveCallOf(request.params.id);
    if (!live || live.over || live.ending || live.plan.controlEnabled === false)
      throw new PlatformError(404, 'Call not found or not in progress');
    if (
      live.plan.controlAuthenticationEnabled === true &&
      !bearerMatches(request.headers.authorization, publicKey)
    )
      return reply.status(401).send(errorBody(401, 'Unauthorized'));
    applyControl(live, request.body);
    return reply.status(200).send({});
  });

  const sockets = new WebSocketServer({ noServer: true });
  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const match = LISTEN_PATH.exec(request.url ?? '');
    if (!match?.[1]) return refuseUpgrade(socket, 404, 'Not Found');
    const live = liveCallOf(match[1]);
    if (!live || live.over || live.plan.listenEnabled === false)
      return refuseUpgrade(socket, 404, 'Not Found');
    if (
      live.plan.listenAuthenticationEnabled === true &&
      !bearerMatches(request.headers.authorization, publicKey)
    )
      return refuseUpgrade(socket, 401, 'Unauthorized');
    sockets.handleUpgrade(request, socket, head, (ws) => {
      const listener = {
        send: (frame: Buffer) => {
          if (ws.readyState === ws.OPEN) ws.send(frame, { binary: true });
        },
        close: (code?: number, reason?: string) => ws.close(code, reason),
      };
      ws.on('close', () => live.removeListener(listener));
      ws.on('error', () => live.removeListener(listener));
      live.addListener(listener);
    });
  };
  app.server.on('upgrade', onUpgrade);
  app.addHook('onClose', async () => {
    app.server.off('upgrade', onUpgrade);
    for (const client of sockets.clients) client.terminate();
    sockets.close();
  });
}
