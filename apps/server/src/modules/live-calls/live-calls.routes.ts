import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  encodeListenRecord,
  LISTEN_RECORD,
  liveCallListSchema,
  liveControlResultSchema,
  liveControlSchema,
  transferTargetsSchema,
} from '@switchboard/shared/live-calls';
import { agentSchema, type Agent } from '@switchboard/shared/agents';
import { errorResponses } from '../../http/error-responses';
import { routeGroup } from '../../http/routes';
import { AppError, notFound } from '../../lib/app-error';
import { readSessionToken, requireUser, type SessionCookie, type SignedIn } from '../../http/auth';
import { perKeyLimit, registerRateLimits, type LimitStore } from '../../http/rate-limits';
import { limitedBy, MINUTE } from '../../http/route-limits';
import { agentScopeOf } from '../agents/agent-scope';
import type { AgentScope } from '../agents/agents.repository';
import type { LiveBus } from './live-bus';
import type { LiveCallsService } from './live-calls.service';

/** Controls per person and minute (each one reaches a caller: a typo loop must not). */
export const LIVE_CONTROL_LIMIT = { max: 20, timeWindow: MINUTE } as const;
/** How often an open stream checks that its session (and role) still stands. */
export const LIVE_SESSION_CHECK_MS = 2_000;
const HEARTBEAT_MS = 15_000;
/**
 * Listen streams open at once (on this instance): per person, and per business whose calls are
 * heard. Each holds a socket to the platform and a stream of audio to a browser.
 */
export const LISTEN_CAPS = { perUser: 3, perBusiness: 10 } as const;
/** Changes that arrive together are sent as one list. */
const COALESCE_MS = 100;

const callParams = z.object({ id: z.string().min(1).max(100) });

/** Whether a signed-in person still reaches this scope (same user, same business or operator). */
function stillAllowed(signedIn: SignedIn | null, userId: string, scope: AgentScope): boolean {
  if (!signedIn || signedIn.user.id !== userId) return false;
  if (scope.kind === 'all') return signedIn.user.role === 'admin';
  return signedIn.user.role !== 'admin' && signedIn.user.business?.id === scope.businessId;
}

/** Live calls: the list, its stream (SSE), listening in, stepping in. */
export const liveCallRoutes =
  (deps: {
    live: LiveCallsService;
    bus: LiveBus;
    limitStore: LimitStore;
    cookie: SessionCookie;
    findSession: (token: string) => Promise<SignedIn | null>;
    /** The agent's live listening switch (AgentsService.setLiveListening). */
    setLiveListening: (scope: AgentScope, agentId: string, enabled: boolean) => Promise<Agent>;
    /** Sandbox only: a caller rings one of the scope's agents, the call held live. */
    placeSandboxCall?:
      | ((scope: AgentScope, agentId: string | undefined) => Promise<void>)
      | undefined;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    const route = routeGroup(app, { tags: ['live-calls'], access: 'member' });
    await registerRateLimits(app, deps.limitStore);
    const perUser = perKeyLimit(app, 'live-control', LIVE_CONTROL_LIMIT, (request) =>
      String(request.user?.id ?? request.ip),
    );

    /** Open streams: ended when the server closes. */
    const open = new Set<() => void>();
    /** Listen streams open now, per person and per business of the call heard. */
    const listening = { users: new Map<string, number>(), businesses: new Map<string, number>() };
    const bump = (counts: Map<string, number>, key: string, by: 1 | -1) => {
      const next = (counts.get(key) ?? 0) + by;
      if (next > 0) counts.set(key, next);
      else counts.delete(key);
    };
    /** Takes a listen place for this person and business (429 when either is full). */
    function reserveListening(userId: string, businessId: string | null): () => void {
      const business = businessId ?? 'none';
      if ((listening.users.get(userId) ?? 0) >= LISTEN_CAPS.perUser)
        throw new AppError(
          'RATE_LIMITED',
          `You are already listening to ${LISTEN_CAPS.perUser} calls. Stop one of them to listen to this one.`,
        );
      if ((listening.businesses.get(business) ?? 0) >= LISTEN_CAPS.perBusiness)
        throw new AppError(
          'RATE_LIMITED',
          `${LISTEN_CAPS.perBusiness} calls of this business are being listened to already. Stop one of them to listen to this one.`,
        );
      bump(listening.users, userId, 1);
      bump(listening.businesses, business, 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        bump(listening.users, userId, -1);
        bump(listening.businesses, business, -1);
      };
    }
    app.addHook('preClose', async () => {
      for (const end of [...open]) end();
    });

    /**
     * A long-lived answer on the raw socket: checked every LIVE_SESSION_CHECK_MS against the
     * session (signed out, expired, role or business changed: it ends), ended with the server.
     */
    function holdOpen(
      request: FastifyRequest,
      reply: FastifyReply,
      scope: AgentScope,
      headers: Record<string, string>,
      onEnd: () => void,
    ): () => void {
      const user = requireUser(request);
      const token = readSessionToken(request, deps.cookie);
      reply.hijack();
      reply.raw.writeHead(200, {
        'cache-control': 'no-store',
        'x-accel-buffering': 'no',
        'x-content-type-options': 'nosniff',
        ...headers,
      });
      let ended = false;
      const end = () => {
        if (ended) return;
        ended = true;
        clearInterval(check);
        open.delete(end);
        onEnd();
        reply.raw.end();
      };
      const check = setInterval(() => {
        void (token ? deps.findSession(token) : Promise.resolve(null))
          .then((signedIn) => {
            if (!stillAllowed(signedIn, user.id, scope)) end();
          })
          .catch(() => end());
      }, LIVE_SESSION_CHECK_MS);
      open.add(end);
      request.raw.on('close', end);
      return end;
    }

    route.get(
      '/live-calls',
      {
        summary:
          "The business's calls in progress (the operator: every business's), newest first, with their transcript so far",
        response: { 200: liveCallListSchema },
      },
      async (request) => ({ calls: await deps.live.list(agentScopeOf(request)) }),
    );

    route.get(
      '/live-calls/stream',
      {
        summary:
          'Server-Sent Events: `calls` with the whole list of calls in progress, again on every change (from any instance); ends when the session does',
      },
      async (request, reply) => {
        const scope = agentScopeOf(request);
        const businessId = scope.kind === 'business' ? scope.businessId : null;
        let timer: NodeJS.Timeout | undefined;
        let sending = false;
        let again = false;
        const send = async () => {
          if (sending) {
            again = true;
            return;
          }
          sending = true;
          try {
            do {
              again = false;
              const calls = await deps.live.list(scope);
              if (!reply.raw.writableEnded)
                reply.raw.write(`event: calls\ndata: ${JSON.stringify({ calls })}\n\n`);
            } while (again);
          } catch (error) {
            request.log.warn({ err: error }, 'live calls stream: reading the list failed');
          } finally {
            sending = false;
          }
        };
        const unsubscribe = deps.bus.subscribe((change) => {
          if (businessId !== null && change.businessId !== businessId) return;
          timer ??= setTimeout(() => {
            timer = undefined;
            void send();
          }, COALESCE_MS);
        });
        const heartbeat = setInterval(() => reply.raw.write(': still here\n\n'), HEARTBEAT_MS);
        holdOpen(
          request,
          reply,
          scope,
          { 'content-type': 'text/event-stream; charset=utf-8' },
          () => {
            unsubscribe();
            clearInterval(heartbeat);
            if (timer) clearTimeout(timer);
          },
        );
        reply.raw.write('retry: 2000\n\n');
        await send();
      },
      { compress: false },
    );

    route.get(
      '/live-calls/:id/listen',
      {
        summary:
          "The call's listen socket relayed as it happens: each of the platform's messages, in order, as a record (kind byte: 0 audio, 1 text; 4-byte big-endian length; the message as sent). Audio is raw 16-bit little-endian PCM, mono, 16 kHz (X-Audio-Format); text is the platform's JSON events. Ends with the call, the session or the person's access; at most 3 at once per person and 10 per business (429)",
        params: callParams,
        response: errorResponses('NOT_FOUND', 'CONFLICT', 'RATE_LIMITED', 'PLATFORM_ERROR'),
      },
      async (request, reply) => {
        const scope = agentScopeOf(request);
        const row = await deps.live.find(scope, request.params.id);
        const release = reserveListening(requireUser(request).id, row.businessId);
        // The answer's end, once it is open (the socket may end before); what the platform
        // sent before the answer's head was written waits for it.
        const stream: { end?: () => void; early?: Uint8Array[] } = { early: [] };
        let listening: Awaited<ReturnType<LiveCallsService['openListen']>>;
        try {
          listening = await deps.live.openListen(
            row,
            (kind, payload) => {
              const record = encodeListenRecord(kind, payload);
              if (stream.early) stream.early.push(record);
              else if (!reply.raw.writableEnded) reply.raw.write(record);
            },
            () => stream.end?.(),
          );
        } catch (error) {
          release();
          throw error;
        }
        const end = holdOpen(
          request,
          reply,
          scope,
          {
            'content-type': LISTEN_RECORD.contentType,
            'x-audio-format': 'pcm_s16le; rate=16000; channels=1',
          },
          () => {
            release();
            listening.close();
          },
        );
        stream.end = end;
        for (const record of stream.early ?? []) reply.raw.write(record);
        stream.early = undefined;
        // The call may have ended while the answer was being set up.
        if (listening.ended()) end();
        request.log.info(
          { audit: 'live-call-listen', callId: request.params.id, userId: request.user?.id },
          'live call listened to',
        );
      },
      { compress: false },
    );

    route.post(
      '/live-calls/:id/control',
      {
        summary:
          'Steps into a call in progress: say (as the assistant), whisper (a note to the assistant), mute-assistant, unmute-assistant, transfer (to a number of the business its calling rules allow) or end-call; limited per person, recorded in the call’s history',
        params: callParams,
        body: liveControlSchema,
        response: {
          200: liveControlResultSchema,
          ...errorResponses('NOT_FOUND', 'CONFLICT', 'RATE_LIMITED', 'PLATFORM_ERROR'),
        },
      },
      async (request) =>
        deps.live.control(
          agentScopeOf(request),
          requireUser(request),
          request.params.id,
          request.body,
        ),
      {
        preHandler: limitedBy(
          [perUser],
          (wait) => `Too many actions on live calls. Please wait ${wait}.`,
        ),
      },
    );

    route.post(
      '/live-calls/sandbox-call',
      {
        summary:
          'Sandbox platform only: a simulated caller rings one of your agents (agentId, else the first) and the call stays in progress to be watched; 404 with a real platform',
        body: z.strictObject({ agentId: z.string().min(1).max(100).optional() }).optional(),
        response: { 202: z.object({ placed: z.literal(true) }), ...errorResponses('NOT_FOUND') },
      },
      async (request) => {
        if (!deps.placeSandboxCall)
          throw notFound('Test calls are only placed by the sandbox platform: this');
        await deps.placeSandboxCall(agentScopeOf(request), request.body?.agentId);
        return { placed: true as const };
      },
    );

    route.put(
      '/agents/:id/live-listening',
      {
        summary:
          "Turns listening to the agent's calls live on or off (its monitorPlan.listenEnabled on the platform too)",
        params: callParams,
        body: z.strictObject({ enabled: z.boolean() }),
        response: { 200: agentSchema, ...errorResponses('NOT_FOUND', 'PLATFORM_ERROR') },
      },
      async (request) => {
        const agent = await deps.setLiveListening(
          agentScopeOf(request),
          request.params.id,
          request.body.enabled,
        );
        request.log.info(
          {
            audit: 'live-listening',
            agentId: request.params.id,
            enabled: request.body.enabled,
            userId: request.user?.id,
          },
          'live listening switched',
        );
        return agent;
      },
    );

    route.get(
      '/live-calls/:id/transfer-targets',
      {
        summary: "The numbers a call in progress may be transferred to (the business's own)",
        params: callParams,
        response: { 200: transferTargetsSchema },
      },
      async (request) => {
        const scope = agentScopeOf(request);
        const row = await deps.live.find(scope, request.params.id);
        return deps.live.transferTargets(scope, row.businessId);
      },
    );
  };
