import type { WebCallConfig } from '@switchboard/shared/web-call';
import { AppError, notFound } from '../lib/app-error';
import type { AgentScope } from '../modules/agents/agents.repository';
import type { PlatformRuntime } from './platform-runtime';
import type { WebCallRequest } from './web-call-request';

/** Where the browser reaches the sandbox platform's web-call routes: a path on our own origin. */
export const SANDBOX_PASS_THROUGH = '/api/web-call/sandbox';

/** A platform answer passed on to the browser as it is (status and JSON body). */
export type PassThrough = { status: number; body: unknown };

type Deps = {
  platform: Pick<PlatformRuntime, 'publicKey' | 'sandbox'> & { mode: 'live' | 'sandbox' };
  /** The live platform's API base (VAPI_BASE_URL). */
  liveBaseUrl: string;
  /** Resolves when the agent is in the scope; throws 404 otherwise. */
  requireAgent: (scope: AgentScope, assistantId: string) => Promise<unknown>;
};

/**
 * "Talk to agent": what the browser's web SDK needs, and in sandbox mode a same-origin
 * pass-through to the in-process sandbox platform (which listens on a loopback port the
 * browser cannot, and under our CSP may not, reach). The pass-through adds what the real
 * platform does with a public key that we cannot: only the business's own agents.
 */
export class WebCallService {
  constructor(private readonly deps: Deps) {}

  config(): WebCallConfig {
    const { platform } = this.deps;
    if (platform.mode === 'sandbox') {
      return {
        mode: 'sandbox',
        publicKey: platform.publicKey ?? null,
        apiBaseUrl: SANDBOX_PASS_THROUGH,
      };
    }
    return {
      mode: 'live',
      publicKey: platform.publicKey ?? null,
      // The SDK appends "/call/web" to it: a trailing slash would make "//call/web".
      apiBaseUrl: this.deps.liveBaseUrl.replace(/\/+$/, ''),
    };
  }

  private sandboxBaseUrl(): string {
    const sandbox = this.deps.platform.sandbox;
    if (!sandbox) {
      throw new AppError(
        'NOT_FOUND',
        404,
        'Web calls go to the live voice platform; the sandbox is not running.',
      );
    }
    return sandbox.baseUrl;
  }

  /** The sandbox's room URL as the browser reaches it through the pass-through. */
  private browserRoomUrl(callId: string): string {
    return `${SANDBOX_PASS_THROUGH}/web-call/${encodeURIComponent(callId)}`;
  }

  /**
   * Resolves when what the request starts belongs to the scope; 404 otherwise. Only assistants
   * have an owner (the agents table); nothing records whose a squad or workflow is, so no
   * business may start one.
   */
  private async requireOwnTarget(scope: AgentScope, request: WebCallRequest): Promise<void> {
    if (request.squadId !== undefined) throw notFound('Squad');
    if (request.workflowId !== undefined) throw notFound('Workflow');
    if (request.assistantId !== undefined) await this.deps.requireAgent(scope, request.assistantId);
  }

  /**
   * POST /call/web on the sandbox, with the SDK's own Authorization (the public key). Only the
   * allow-listed request (web-call-request.ts) is sent on, never the browser's raw body.
   */
  async createSandboxWebCall(
    scope: AgentScope,
    body: WebCallRequest,
    authorization: string | undefined,
  ): Promise<PassThrough> {
    const base = this.sandboxBaseUrl();
    await this.requireOwnTarget(scope, body);
    const response = await fetch(`${base}/call/web`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(authorization ? { authorization } : {}),
      },
      body: JSON.stringify(body),
    });
    const answer = (await response.json()) as Record<string, unknown>;
    if (response.ok && typeof answer.id === 'string') {
      const roomUrl = this.browserRoomUrl(answer.id);
      answer.webCallUrl = roomUrl;
      if (answer.transport && typeof answer.transport === 'object') {
        answer.transport = { ...answer.transport, callUrl: roomUrl };
      }
    }
    return { status: response.status, body: answer };
  }

  /** The room's state (the call's status), for one of the scope's calls only. */
  async sandboxRoom(scope: AgentScope, callId: string): Promise<PassThrough> {
    const base = this.sandboxBaseUrl();
    const response = await fetch(`${base}/web-call/${encodeURIComponent(callId)}`);
    const room = (await response.json()) as { assistantId?: string | null };
    if (!response.ok) throw notFound('Web call');
    if (!room.assistantId) {
      if (scope.kind !== 'all') throw notFound('Web call');
    } else {
      await this.deps.requireAgent(scope, room.assistantId).catch(() => {
        throw notFound('Web call');
      });
    }
    return { status: response.status, body: room };
  }

  /** The caller left the room: the sandbox ends the call now. */
  async hangUpSandboxRoom(scope: AgentScope, callId: string): Promise<PassThrough> {
    await this.sandboxRoom(scope, callId);
    const response = await fetch(
      `${this.sandboxBaseUrl()}/web-call/${encodeURIComponent(callId)}/hang-up`,
      { method: 'POST' },
    );
    return { status: response.status, body: await response.json() };
  }
}
