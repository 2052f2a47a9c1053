import { webCallControlSchema } from '@switchboard/shared/call-controls';
import { webCallConfigSchema } from '@switchboard/shared/web-call';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { agentScopeOf } from '../agents/agent-scope';
import { webCallRequestSchema } from './web-call-request';
import type { PassThrough, WebCallService } from './web-call.service';
import { routeGroup } from '../../http/routes';

const roomParams = z.object({ id: z.uuid({ error: 'id must be a UUID' }) });
/** One line said in a sandbox web call (what the browser's call client heard or played). */
const roomLineBody = z.strictObject({
  role: z.enum(['assistant', 'user'], { error: 'role must be assistant or user' }),
  message: z.string().trim().min(1, 'Say something').max(2000, 'A line is at most 2000 characters'),
});

/**
 * GET /api/web-call/config; the proxy the web SDK talks to in both modes (`apiBaseUrl` +
 * "/call/web"); in sandbox mode the sandbox call client's room (its status, hang-up).
 * The proxy answers with the platform's own status and body (the SDK reads them), so a
 * platform refusal keeps the platform's NestJS shape; our own refusals (session, foreign agent)
 * have ours, and so do refusals of what the allow-list does not admit (web-call-request.ts).
 */
export const webCallRoutes =
  (deps: { webCalls: WebCallService }): FastifyPluginAsyncZod =>
  async (app) => {
    const route = routeGroup(app, { tags: ['web-call'], access: 'member' });
    /** A handler that answers with the platform's status and body, as `call` got them. */
    const passedOn =
      <R extends FastifyRequest>(call: (request: R) => Promise<PassThrough>) =>
      async (request: R, reply: FastifyReply) => {
        const answer = await call(request);
        return reply.status(answer.status).send(answer.body);
      };

    route.get(
      '/web-call/config',
      {
        summary:
          "What the browser's call client needs: the platform mode, whether web calls can start, and where the SDK sends POST /call/web",
        response: { 200: webCallConfigSchema },
      },
      async () => deps.webCalls.config(),
    );

    route.post(
      '/web-call/call/web',
      {
        summary:
          "The platform's POST /call/web for the web SDK, in both modes: the business's own assistant only, sent on with the server's public key",
        // Allow-listed: an own assistant with harmless overrides, never inline definitions,
        // servers, credentials or headers (they would hand our webhooks to the caller).
        body: webCallRequestSchema,
      },
      passedOn((request) => deps.webCalls.createWebCall(agentScopeOf(request), request.body)),
    );

    route.get(
      '/web-call/sandbox/web-call/:id',
      {
        summary: "Sandbox mode: a web call's room (the call's status and first message)",
        params: roomParams,
      },
      passedOn((request) => deps.webCalls.sandboxRoom(agentScopeOf(request), request.params.id)),
    );

    route.post(
      '/web-call/sandbox/web-call/:id/hang-up',
      {
        summary: 'Sandbox mode: the caller left the room, so the call ends now',
        params: roomParams,
      },
      passedOn((request) =>
        deps.webCalls.hangUpSandboxRoom(agentScopeOf(request), request.params.id),
      ),
    );

    route.post(
      '/web-call/sandbox/web-call/:id/control',
      {
        summary:
          'Sandbox mode: a live call control for the call’s assistant (the web SDK’s say with endCallAfterSpoken / interruptionsEnabled / interruptAssistantEnabled, control such as say-first-message, end-call), passed on to the sandbox platform',
        params: roomParams,
        body: webCallControlSchema,
      },
      passedOn((request) =>
        deps.webCalls.sandboxRoomControl(agentScopeOf(request), request.params.id, request.body),
      ),
    );

    route.post(
      '/web-call/sandbox/web-call/:id/transcript',
      {
        summary:
          'Sandbox mode: a line said in the call (the caller’s or the simulated assistant’s); the logged transcript is these lines',
        params: roomParams,
        body: roomLineBody,
      },
      passedOn((request) =>
        deps.webCalls.sandboxRoomLine(agentScopeOf(request), request.params.id, request.body),
      ),
    );
  };
