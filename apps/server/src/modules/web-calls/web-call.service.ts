import type { WebCallControl } from '@switchboard/shared/call-controls';
import { WEB_CALL_API_BASE, type WebCallConfig } from '@switchboard/shared/web-call';
import { AppError, notFound } from '../../lib/app-error';
import type { AgentScope } from '../agents/agents.repository';
import { platformExchange, type PlatformExchange } from '../../platform/platform-api';
import type { PlatformRuntime } from '../../platform/platform-runtime';
import type { WebCallRequest } from './web-call-request';

/** Where the browser reaches the sandbox platform's web-call rooms: a path on our own origin. */
export const SANDBOX_PASS_THROUGH = '/api/web-call/sandbox';

/** How long the platform may take to create a web call before the browser is told it failed. */
const CREATE_TIMEOUT_MS = 30_000;

/** A platform answer passed on to the browser as it is (status and JSON body). */
export type PassThrough = { status: number; body: unknown };

type Deps = {
  platform: Pick<PlatformRuntime, 'publicKey' | 'sandbox'> & { mode: 'live' | 'sandbox' };
  /** The live platform's API base (VAPI_BASE_URL). */
  liveBaseUrl: string;
  /**
   * Our public origin (PUBLIC_URL), sent as the Origin of the proxied request: the platform
   * may restrict a public key to the origins it is used from, and ours is where users are.
   */
  origin: string | undefined;
  /** Resolves when the agent is in the scope; throws 404 otherwise. */
  requireAgent: (scope: AgentScope, assistantId: string) => Promise<unknown>;
  /**
   * Resolves when the squad or workflow is recorded as the scope's (`platform_resources`; for
   * the operator, recorded at all); throws 404 otherwise.
   */
  requireResource: (
    scope: AgentScope,
    kind: 'squad' | 'workflow',
    platformId: string,
  ) => Promise<unknown>;
};

/**
 * "Talk to agent": the web SDK's `POST /call/web` goes through this proxy in both modes. It
 * admits only the business's own assistant (what the platform cannot do with a public key,
 * which opens every assistant of the account) and an allow-listed body, and sends the request
 * on with the server's own public key; the browser has no key. In sandbox mode it also serves
 * the rooms of the in-process sandbox (which listens on a loopback port the browser cannot,
 * and under our CSP may not, reach).
 */
export class WebCallService {
  constructor(private readonly deps: Deps) {}

  config(): WebCallConfig {
    const { platform } = this.deps;
    return {
      mode: platform.mode,
      enabled: Boolean(platform.publicKey),
      apiBaseUrl: WEB_CALL_API_BASE,
    };
  }

  private sandboxBaseUrl(): string {
    const sandbox = this.deps.platform.sandbox;
    if (!sandbox) {
      throw new AppError(
        'NOT_FOUND',
        'Web calls go to the live voice platform; the sandbox is not running.',
      );
    }
    return sandbox.baseUrl;
  }

  /** The platform's API base: the in-process sandbox, or VAPI_BASE_URL. */
  private platformBaseUrl(): string {
    const { sandbox } = this.deps.platform;
    return (sandbox ? sandbox.baseUrl : this.deps.liveBaseUrl).replace(/\/+$/, '');
  }

  /** The sandbox's room URL as the browser reaches it through the pass-through. */
  private browserRoomUrl(callId: string): string {
    return `${SANDBOX_PASS_THROUGH}/web-call/${encodeURIComponent(callId)}`;
  }

  /**
   * Resolves when what the request starts belongs to the scope; 404 otherwise: an assistant by
   * the agents table, a squad or a workflow by its ownership record (decision 036).
   */
  private async requireOwnTarget(scope: AgentScope, request: WebCallRequest): Promise<void> {
    if (request.squadId !== undefined) {
      await this.deps.requireResource(scope, 'squad', request.squadId);
    }
    if (request.workflowId !== undefined) {
      await this.deps.requireResource(scope, 'workflow', request.workflowId);
    }
    if (request.assistantId !== undefined) await this.deps.requireAgent(scope, request.assistantId);
  }

  /**
   * POST /call/web on the platform with the server's public key (never the browser's
   * Authorization), for the scope's own assistant, through the generated platform client
   * (platform-api.ts; the path is its supplement's). Only the allow-listed request
   * (web-call-request.ts) is sent on, never the browser's raw body; the platform's answer comes
   * back as it is.
   */
  async createWebCall(scope: AgentScope, body: WebCallRequest): Promise<PassThrough> {
    const { publicKey, sandbox } = this.deps.platform;
    if (!publicKey) {
      throw new AppError(
        'WEB_CALLS_NOT_CONFIGURED',
        'Web calls are not set up: the server has no VAPI_PUBLIC_KEY.',
      );
    }
    await this.requireOwnTarget(scope, body);
    let response: PlatformExchange;
    try {
      response = await platformExchange(
        { baseUrl: this.platformBaseUrl(), key: publicKey },
        'post',
        '/call/web',
        {
          body,
          headers: this.deps.origin ? { origin: this.deps.origin } : {},
          timeoutMs: CREATE_TIMEOUT_MS,
        },
      );
    } catch (error) {
      throw new AppError(
        'PLATFORM_ERROR',
        'The voice platform could not be reached to start the call; try again.',
        undefined,
        { cause: error },
      );
    }
    let answer: unknown;
    try {
      answer = JSON.parse(response.text);
    } catch {
      throw new AppError(
        'PLATFORM_ERROR',
        `The voice platform answered ${response.status} with something that is not JSON.`,
      );
    }
    if (sandbox && response.ok && isRecord(answer) && typeof answer.id === 'string') {
      const roomUrl = this.browserRoomUrl(answer.id);
      answer.webCallUrl = roomUrl;
      if (isRecord(answer.transport)) answer.transport = { ...answer.transport, callUrl: roomUrl };
    }
    return { status: response.status, body: answer };
  }

  /** The room's state (the call's status), for one of the scope's calls only. */
  async sandboxRoom(scope: AgentScope, callId: string): Promise<PassThrough> {
    const base = this.sandboxBaseUrl();
    const response = await fetch(`${base}/web-call/${encodeURIComponent(callId)}`);
    const room = (await response.json()) as {
      assistantId?: string | null;
      squadId?: string | null;
      workflowId?: string | null;
    };
    if (!response.ok) throw notFound('Web call');
    // The room's owner: the squad or workflow the call runs (a squad call has no assistantId
    // of its own), else its assistant.
    const owned = room.squadId
      ? this.deps.requireResource(scope, 'squad', room.squadId)
      : room.workflowId
        ? this.deps.requireResource(scope, 'workflow', room.workflowId)
        : room.assistantId
          ? this.deps.requireAgent(scope, room.assistantId)
          : scope.kind === 'all'
            ? Promise.resolve()
            : Promise.reject(new Error('no owner'));
    await owned.catch(() => {
      throw notFound('Web call');
    });
    return { status: response.status, body: room };
  }

  /** A line said in the call, for its transcript (the sandbox hears no audio). */
  async sandboxRoomLine(
    scope: AgentScope,
    callId: string,
    line: { role: 'assistant' | 'user'; message: string },
  ): Promise<PassThrough> {
    await this.sandboxRoom(scope, callId);
    const response = await fetch(
      `${this.sandboxBaseUrl()}/web-call/${encodeURIComponent(callId)}/transcript`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(line),
      },
    );
    return { status: response.status, body: await response.json() };
  }

  /**
   * A live call control for the call's assistant, passed on as parsed (only the shapes the web
   * SDK sends). The sandbox acts on it as the platform does (a say that ends the call after it
   * is spoken sets the call's end reason).
   */
  async sandboxRoomControl(
    scope: AgentScope,
    callId: string,
    control: WebCallControl,
  ): Promise<PassThrough> {
    await this.sandboxRoom(scope, callId);
    const response = await fetch(
      `${this.sandboxBaseUrl()}/web-call/${encodeURIComponent(callId)}/control`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(control),
      },
    );
    return { status: response.status, body: await response.json() };
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

function isRecord(value: unknown): value is Record<string, unknown> {
  return !!value && typeof value === 'object' && !Array.isArray(value);
}
