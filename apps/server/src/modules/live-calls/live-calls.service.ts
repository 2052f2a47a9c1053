import type { FastifyBaseLogger } from 'fastify';
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import { WebSocket } from 'ws';
import { countryCodeOf } from '@switchboard/shared/countries';
import type {
  CallAction,
  LiveCall,
  LiveControl,
  LiveTranscriptLineView,
  TransferTargets,
} from '@switchboard/shared/live-calls';
import { LISTEN_RECORD } from '@switchboard/shared/live-calls';
import type { SessionUser } from '@switchboard/shared/auth';
import type { Db } from '../../db/client';
import type { LiveTranscriptLine } from '../../db/schema';
import { AppError, notFound } from '../../lib/app-error';
import { platformControl, type PlatformControlMessage } from '../../platform/platform-api';
import type { PlatformRuntime } from '../../platform/platform-runtime';
import type { AgentScope } from '../agents/agents.repository';
import type { DialingService } from '../dialing/dialing.service';
import type { LiveBus } from './live-bus';
import {
  appendLiveLine,
  businessOfAssistant,
  businessTransferPhone,
  insertCallAction,
  listCallActions,
  listLiveCalls,
  replaceLiveLines,
  type LiveCallRow,
} from './live-calls.repository';

// Live calls (issue 38, decision 059): the live view fed by the platform's live messages, the
// per-business announcements across instances, the listen relay and the controls.

type Message = Record<string, unknown> & { type: string; call?: Record<string, unknown> };

const ROLE_OF: Record<string, LiveTranscriptLine['role'] | undefined> = {
  bot: 'assistant',
  assistant: 'assistant',
  user: 'caller',
};

function isoOf(value: unknown, fallback: Date): string {
  const ms =
    typeof value === 'number' ? value : typeof value === 'string' ? Date.parse(value) : NaN;
  return new Date(Number.isFinite(ms) ? ms : fallback.getTime()).toISOString();
}

function callTypeOf(type: string | null): LiveCall['callType'] {
  return type === 'inboundPhoneCall'
    ? 'inbound'
    : type === 'outboundPhoneCall'
      ? 'outbound'
      : 'web';
}

/** The platform's message in our call's shape (what the browser gets). */
export function toLiveCall(row: LiveCallRow): LiveCall {
  return {
    id: row.id,
    agent: row.agentId ? { id: row.agentId, name: row.agentName ?? 'Agent' } : null,
    businessName: row.businessName,
    callerNumber: row.customerNumber,
    callType: callTypeOf(row.type),
    status: row.status ?? 'in-progress',
    startedAt: row.startedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    lines: row.lines.map((line): LiveTranscriptLineView => ({
      role: line.role,
      text: line.text,
      at: line.at,
    })),
    canListen: row.listenUrl !== null && row.liveListening,
    canControl: row.controlUrl !== null,
    assistantMuted: row.lastMute === 'mute-assistant',
  };
}

/** What each of our actions asks the platform's controlUrl (the document's ClientInboundMessage). */
function platformMessage(control: LiveControl, number?: string): PlatformControlMessage {
  switch (control.action) {
    case 'say':
      return { type: 'say', content: control.text };
    case 'whisper':
      return {
        type: 'add-message',
        message: { role: 'system', content: control.text },
        triggerResponseEnabled: false,
      };
    case 'mute-assistant':
    case 'unmute-assistant':
      return { type: 'control', control: control.action };
    case 'transfer':
      // control() has matched the number to one of the business's before it asks.
      if (number === undefined) throw new Error('a transfer needs the number it goes to');
      return { type: 'transfer', destination: { type: 'number', number } };
    case 'end-call':
      return { type: 'end-call' };
  }
}

export class LiveCallsService {
  constructor(
    private readonly deps: {
      db: Db;
      bus: LiveBus;
      platform: PlatformRuntime;
      dialing: DialingService;
      log: FastifyBaseLogger;
    },
  ) {}

  private businessOf(scope: AgentScope): string | null {
    return scope.kind === 'business' ? scope.businessId : null;
  }

  async list(scope: AgentScope): Promise<LiveCall[]> {
    return (await listLiveCalls(this.deps.db, this.businessOf(scope))).map(toLiveCall);
  }

  /** One call in progress in the scope's reach, else 404 (a foreign business's call too). */
  async find(scope: AgentScope, callId: string): Promise<LiveCallRow> {
    const [row] = await listLiveCalls(this.deps.db, this.businessOf(scope), callId);
    if (!row) throw notFound('Call in progress');
    return row;
  }

  /** Who hears about a change: this business's people and the operator. */
  async announce(callId: string, assistantId: string | undefined): Promise<void> {
    const businessId = await businessOfAssistant(this.deps.db, assistantId);
    await this.deps.bus.publish({ businessId, callId });
  }

  /**
   * A server message about a call in progress: live lines kept (conversation-update replaces,
   * transcript appends a final line), and the change announced. Status updates and reports are
   * the call ingest's (CallIngestService.message drops the live lines and announces them).
   */
  async ingest(message: Message): Promise<void> {
    const call = message.call;
    const callId = typeof call?.id === 'string' ? call.id : undefined;
    if (!callId) return;
    const receivedAt = new Date(
      typeof message.timestamp === 'number' ? message.timestamp : Date.now(),
    );
    if (message.type === 'conversation-update' && Array.isArray(message.messages)) {
      const lines = (message.messages as Record<string, unknown>[]).flatMap(
        (item): LiveTranscriptLine[] => {
          const role = ROLE_OF[String(item.role)];
          const text = typeof item.message === 'string' ? item.message.trim() : '';
          return role && text ? [{ role, text, at: isoOf(item.time, receivedAt) }] : [];
        },
      );
      await replaceLiveLines(this.deps.db, callId, lines);
    } else if (message.type === 'transcript' && message.transcriptType === 'final') {
      const role = ROLE_OF[String(message.role)];
      const text = typeof message.transcript === 'string' ? message.transcript.trim() : '';
      if (!role || !text) return;
      await appendLiveLine(this.deps.db, callId, { role, text, at: receivedAt.toISOString() });
    } else {
      return;
    }
    const assistantId = typeof call?.assistantId === 'string' ? call.assistantId : undefined;
    await this.announce(callId, assistantId);
  }

  /** The numbers the scope's calls may be transferred to: the business's own phone. */
  async transferTargets(scope: AgentScope, businessId: string | null): Promise<TransferTargets> {
    const owner = businessId ?? this.businessOf(scope);
    if (!owner) return { numbers: [] };
    const business = await businessTransferPhone(this.deps.db, owner);
    const e164 = this.toE164(business?.phone, business?.country);
    return e164
      ? { numbers: [{ number: e164, label: `${business?.name ?? 'The business'}` }] }
      : { numbers: [] };
  }

  private toE164(phone: string | null | undefined, country: string | undefined) {
    if (!phone) return undefined;
    const parsed = parsePhoneNumberFromString(
      phone,
      countryCodeOf(country) as CountryCode | undefined,
    );
    return parsed?.isValid() ? parsed.number : undefined;
  }

  /**
   * Checks a monitor URL before we connect to it: the sandbox's own address, or (a real
   * platform) https/wss on the platform's domain. Anything else is not followed.
   */
  private monitorUrlAllowed(raw: string): boolean {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      return false;
    }
    const { sandbox, client } = this.deps.platform;
    if (sandbox) return new URL(sandbox.baseUrl).host === url.host;
    if (url.protocol !== 'https:' && url.protocol !== 'wss:') return false;
    const base = new URL(client.baseUrl).hostname.split('.').slice(-2).join('.');
    return url.hostname === base || url.hostname.endsWith(`.${base}`);
  }

  private authHeaders(): Record<string, string> {
    const key = this.deps.platform.publicKey;
    return key ? { authorization: `Bearer ${key}` } : {};
  }

  /**
   * A control on a call in progress: checked (a transfer goes only to one of the business's
   * numbers its calling rules allow), sent to the call's controlUrl, recorded in the call's
   * history with who did it (also when the platform refused it), announced.
   */
  async control(scope: AgentScope, user: SessionUser, callId: string, control: LiveControl) {
    const row = await this.find(scope, callId);
    if (!row.controlUrl || !this.monitorUrlAllowed(row.controlUrl))
      throw new AppError('CONFLICT', 'This call cannot be controlled from here.');
    let number: string | undefined;
    if (control.action === 'transfer') {
      const targets = await this.transferTargets(scope, row.businessId);
      number = targets.numbers.find(
        (target) => target.number === control.number.replace(/[\s().-]/g, ''),
      )?.number;
      if (!number)
        throw new AppError('VALIDATION_ERROR', 'Choose one of the business’s numbers.', {
          issues: [{ path: ['number'], message: 'Choose one of the business’s numbers' }],
        });
      await this.deps.dialing.requireDialable(row.businessId, [{ number, path: ['number'] }]);
    }
    const detail =
      control.action === 'say' || control.action === 'whisper' ? control.text : (number ?? null);
    let outcome = 'done';
    let failure: AppError | undefined;
    try {
      const response = await platformControl(
        row.controlUrl,
        this.deps.platform.publicKey,
        platformMessage(control, number),
        10_000,
      );
      if (!response.ok) {
        outcome = `refused by the platform (${response.status})`;
        failure =
          response.status === 404
            ? new AppError('CONFLICT', 'The call has already ended.')
            : new AppError('PLATFORM_ERROR', 'The voice platform did not take it.');
      }
    } catch (error) {
      outcome = 'the voice platform did not answer';
      failure = new AppError('PLATFORM_ERROR', 'The voice platform did not answer.', undefined, {
        cause: error,
      });
    }
    await insertCallAction(this.deps.db, {
      callId,
      businessId: row.businessId,
      userId: user.id,
      userLabel: user.name || user.userName,
      action: control.action,
      detail,
      outcome,
    });
    this.deps.log.info(
      { audit: 'live-call-control', callId, userId: user.id, action: control.action, outcome },
      'live call control',
    );
    await this.deps.bus.publish({ businessId: row.businessId, callId });
    if (failure) throw failure;
    return { done: true as const };
  }

  /** A call's history of live actions (the call detail shows it). */
  async history(callId: string): Promise<CallAction[]> {
    const rows = await listCallActions(this.deps.db, callId);
    return rows.map((row) => ({
      action: row.action,
      by: row.userLabel,
      at: row.createdAt.toISOString(),
      detail: row.detail,
      outcome: row.outcome,
    }));
  }

  /**
   * Opens the call's listen socket (our server, never the browser, connects to it; with the
   * public key, which the platform asks for where listenAuthenticationEnabled). Every message
   * the socket sends goes to `onMessage` as it came: binary ones are the platform's raw PCM,
   * text ones its JSON events (the platform's docs show both, decision 059); `onEnd` once when
   * the socket is gone. `row` is the call as the caller already found it in the scope.
   */
  async openListen(
    row: LiveCallRow,
    onMessage: (kind: 'audio' | 'text', payload: Buffer) => void,
    onEnd: () => void,
  ): Promise<{ close: () => void; ended: () => boolean }> {
    if (!row.liveListening)
      throw new AppError('CONFLICT', 'Live listening is turned off for this agent.');
    if (!row.listenUrl || !this.monitorUrlAllowed(row.listenUrl))
      throw new AppError('CONFLICT', 'This call cannot be listened to.');
    const socket = new WebSocket(row.listenUrl, {
      headers: this.authHeaders(),
      maxPayload: LISTEN_RECORD.maxPayload,
    });
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      onEnd();
    };
    // Listened to from the start: the platform may send its first messages with the upgrade's
    // answer, which ws hands on before this function resumes.
    socket.on('message', (data, isBinary) => {
      const bytes = Buffer.isBuffer(data)
        ? data
        : Array.isArray(data)
          ? Buffer.concat(data)
          : Buffer.from(data);
      onMessage(isBinary ? 'audio' : 'text', bytes);
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => {
        socket.on('close', end);
        socket.on('error', end);
        resolve();
      });
      socket.once('unexpected-response', (_request, response) =>
        reject(
          new AppError(
            response.statusCode === 404 ? 'CONFLICT' : 'PLATFORM_ERROR',
            response.statusCode === 404
              ? 'The call has already ended.'
              : 'The voice platform refused to let us listen.',
          ),
        ),
      );
      socket.once('error', (error) =>
        reject(
          new AppError('PLATFORM_ERROR', 'The voice platform did not answer.', undefined, {
            cause: error,
          }),
        ),
      );
    });
    return {
      close: () => {
        socket.close();
        end();
      },
      ended: () => ended,
    };
  }
}
