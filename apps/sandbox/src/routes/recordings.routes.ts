import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { SandboxContext } from '../context';
import { checkQuery } from '../http/document-validation';
import { errorBody, notFound } from '../http/errors';
import { parseOrThrow, requireUuid } from '../http/validation';
import { webCallControlSchema } from '@switchboard/shared/call-controls';
import { callLogFile } from '../calls/call-logs';
import type { SandboxCall } from '../calls/materialize';
import { readByteRange } from '../recordings/byte-range';
import { renderRecording, type RecordingTimeline } from '../recordings/wav';

// Recordings, served like files from a storage bucket: no API key (the URL, or its presigned
// signature, is the secret), any origin may play them (CORS + Cross-Origin-Resource-Policy),
// byte ranges for seeking. With public recording URLs off, a file is served only on a valid,
// unexpired presigned link, which the authenticated downloads (GET /call/{id}/mono-recording …,
// private key) hand out as a 302. Also the web-call "room" URL returned by POST /call/web,
// which answers with the call's status.

/** `<id>.wav` (mono), `<id>-stereo.wav`, `<id>-assistant.wav`, `<id>-customer.wav`. */
const FILE = /^([0-9a-f-]{36})(?:-(stereo|assistant|customer))?\.wav$/i;
type Variant = 'stereo' | 'assistant' | 'customer' | undefined;

/** The document's artifact downloads and the file each redirects to (null: never recorded). */
const DOWNLOADS: Record<string, string | null> = {
  'mono-recording': '',
  'stereo-recording': '-stereo',
  'assistant-recording': '-assistant',
  'customer-recording': '-customer',
  // The sandbox records no video (artifactPlan.videoRecordingEnabled is false on its calls).
  'video-recording': null,
};

/** A call is recorded once it ended with someone speaking (as its public URLs say, when on). */
function hasRecording(call: SandboxCall | undefined): call is SandboxCall {
  return call?.status === 'ended' && (call.artifact?.messages?.length ?? 0) > 0;
}

/** The call's speaking turns from its transcript messages, as long as the call lasted. */
function timelineOf(call: SandboxCall, variant: Variant): RecordingTimeline | undefined {
  const started = Date.parse(call.startedAt ?? '');
  const ended = Date.parse(call.endedAt ?? '');
  if (!Number.isFinite(started) || !Number.isFinite(ended) || ended <= started) return undefined;
  type Spoken = { speaker: 0 | 1; start: number; words: number };
  const spoken = (call.artifact?.messages ?? []).flatMap((raw): Spoken[] => {
    const message = raw as { role?: string; message?: string; secondsFromStart?: number };
    if ((message.role !== 'bot' && message.role !== 'user') || !message.message) return [];
    if (typeof message.secondsFromStart !== 'number') return [];
    return [
      {
        speaker: message.role === 'bot' ? 0 : 1,
        start: message.secondsFromStart,
        words: message.message.split(/\s+/).length,
      },
    ];
  });
  const turns = spoken.map((line, n) => {
    const next = spoken[n + 1]?.start ?? Infinity;
    // About 2.5 words a second, never into the next line.
    const end = Math.min(line.start + 0.4 + line.words * 0.4, next - 0.25);
    return { speaker: line.speaker, start: line.start, end: Math.max(end, line.start + 0.3) };
  });
  // One side's recording: only that speaker is heard.
  const heard =
    variant === 'assistant'
      ? turns.filter((turn) => turn.speaker === 0)
      : variant === 'customer'
        ? turns.filter((turn) => turn.speaker === 1)
        : turns;
  return { seconds: (ended - started) / 1000, turns: heard };
}

/** A call's log file exists once it ended, unless `artifactPlan.loggingEnabled` is false. */
function hasLogs(call: SandboxCall | undefined): call is SandboxCall {
  return call?.status === 'ended' && call.assistant?.artifactPlan?.loggingEnabled !== false;
}

/** `<id>-log.jsonl`: a call's log file. */
const LOG_FILE = /^([0-9a-f-]{36})-log\.jsonl$/i;

// A player asks for a file several times (ranges); the last few renderings are kept.
const CACHE_SIZE = 8;

/**
 * The authenticated downloads (private key): 302 to a presigned link to the file, 404 for an
 * unknown call or one with no such recording.
 */
/** What a squad call's first member says first (a squad call carries no assistant of its own). */
function squadGreeting(catalog: SandboxContext['catalog'], squadId: string | undefined) {
  if (!squadId) return undefined;
  const answer = catalog.squadAnswerer(squadId);
  return 'record' in answer ? answer.record.assistant.firstMessage : undefined;
}

export async function recordingDownloadRoutes(
  app: FastifyInstance,
  { store, recordingLinks, materialize }: SandboxContext,
): Promise<void> {
  // The call's logs: written when the call ends, unless its assistant turned logging off.
  app.get<{ Params: { id: string } }>('/call/:id/call-logs', async (request, reply) => {
    const id = requireUuid(request.params.id);
    checkQuery('GET', '/call/{id}/call-logs', request.query);
    const call = store.get(id);
    if (!call) throw notFound('Call not found');
    if (!hasLogs(call)) throw notFound('Artifact not found');
    return reply
      .status(302)
      .header('location', recordingLinks.link(materialize.publicUrl(), `${id}-log.jsonl`, 'logs'))
      .header('cache-control', 'no-store')
      .send();
  });

  for (const [artifact, suffix] of Object.entries(DOWNLOADS)) {
    const path = `/call/{id}/${artifact}`;
    app.get<{ Params: { id: string } }>(`/call/:id/${artifact}`, async (request, reply) => {
      const id = requireUuid(request.params.id);
      checkQuery('GET', path, request.query);
      const call = store.get(id);
      if (!call) throw notFound('Call not found');
      if (suffix === null || !hasRecording(call)) throw notFound('Recording not found');
      return reply
        .status(302)
        .header('location', recordingLinks.link(materialize.publicUrl(), `${id}${suffix}.wav`))
        .header('cache-control', 'no-store')
        .send();
    });
  }
}

export async function recordingRoutes(
  app: FastifyInstance,
  { store, recordingLinks, materialize, simulator, catalog }: SandboxContext,
): Promise<void> {
  const rendered = new Map<string, Buffer>();
  app.get<{ Params: { file: string }; Querystring: Record<string, unknown> }>(
    '/recordings/:file',
    async (request, reply) => {
      const match = FILE.exec(request.params.file);
      const call = match?.[1] ? store.get(match[1].toLowerCase()) : undefined;
      if (!match || !hasRecording(call)) {
        return reply.status(404).send(errorBody(404, 'Recording not found'));
      }
      const access = recordingLinks.check(request.params.file, request.query);
      if (access === 'expired') {
        return reply.status(403).send(errorBody(403, 'This presigned link has expired'));
      }
      if (access === 'invalid') {
        return reply.status(403).send(errorBody(403, 'This presigned link is not valid'));
      }
      if (access === 'unsigned' && materialize.publicRecordingUrls === false) {
        return reply
          .status(403)
          .send(
            errorBody(
              403,
              'Recordings are private: download one with GET /call/{id}/mono-recording',
            ),
          );
      }
      const key = request.params.file.toLowerCase();
      let wav = rendered.get(key);
      if (!wav) {
        const variant = match[2]?.toLowerCase() as Variant;
        wav = renderRecording(call.id, variant === 'stereo' ? 2 : 1, timelineOf(call, variant));
        rendered.set(key, wav);
        if (rendered.size > CACHE_SIZE) rendered.delete(rendered.keys().next().value!);
      }
      reply
        .header('accept-ranges', 'bytes')
        .header('cache-control', 'public, max-age=86400, immutable')
        .header('cross-origin-resource-policy', 'cross-origin');
      const range = readByteRange(request.headers.range, wav.length);
      if (range.kind === 'unsatisfiable') {
        return reply
          .status(416)
          .type('application/json; charset=utf-8')
          .header('content-range', `bytes */${wav.length}`)
          .send(errorBody(416, 'The requested range is not satisfiable'));
      }
      reply.type('audio/wav');
      if (range.kind === 'part') {
        return reply
          .status(206)
          .header('content-range', `bytes ${range.start}-${range.end}/${wav.length}`)
          .send(wav.subarray(range.start, range.end + 1));
      }
      return reply.send(wav);
    },
  );

  // A call's log file, on a presigned link only (calls carry no public log URL).
  app.get<{ Params: { file: string }; Querystring: Record<string, unknown> }>(
    '/logs/:file',
    async (request, reply) => {
      const match = LOG_FILE.exec(request.params.file);
      const call = match?.[1] ? store.get(match[1].toLowerCase()) : undefined;
      if (!match || !hasLogs(call)) return reply.status(404).send(errorBody(404, 'Not Found'));
      const access = recordingLinks.check(request.params.file, request.query);
      if (access !== 'valid') {
        const why =
          access === 'expired'
            ? 'This presigned link has expired'
            : 'Call logs are private: download them with GET /call/{id}/call-logs';
        return reply.status(403).send(errorBody(403, why));
      }
      return reply
        .header('content-type', 'application/x-ndjson; charset=utf-8')
        .header('cache-control', 'private, no-store')
        .send(callLogFile(call));
    },
  );

  app.get<{ Params: { id: string } }>('/web-call/:id', async (request, reply) => {
    const call = store.get(request.params.id);
    if (!call || call.type !== 'webCall')
      return reply.status(404).send(errorBody(404, 'Web call not found'));
    // The client asking is the client still there (Daily's presence): a call whose client
    // stops asking goes silent and times out.
    simulator.touchWebCall(call.id);
    return {
      callId: call.id,
      status: call.status,
      assistantId: call.assistantId ?? null,
      squadId: call.squadId ?? null,
      workflowId: call.workflowId ?? null,
      firstMessage: call.assistant?.firstMessage ?? squadGreeting(catalog, call.squadId) ?? null,
      endedReason: call.endedReason ?? null,
      // What someone made the assistant say through the call's monitor (controlUrl), in order:
      // the client says what it has not said yet, as the platform's bot speaks it to the caller.
      controllerSaid: simulator.controllerLines(call.id),
    };
  });
}

// Hanging up the room: the browser's call client leaves, so the call ends now (as the platform
// ends a web call when its caller leaves the Daily room). No key, like the room URL itself.
export async function webCallRoomRoutes(
  app: FastifyInstance,
  { store, simulator }: SandboxContext,
): Promise<void> {
  app.post<{ Params: { id: string } }>('/web-call/:id/hang-up', async (request, reply) => {
    const call = store.get(request.params.id);
    if (!call || call.type !== 'webCall')
      return reply.status(404).send(errorBody(404, 'Web call not found'));
    const ended = simulator.hangUpWebCall(call.id);
    return reply.status(202).send({ callId: call.id, hungUp: ended });
  });

  // A live call control, as the bot hears it from the call client: checked as the platform
  // checks it; a say that ends the call after it is spoken ends it with that reason.
  app.post<{ Params: { id: string } }>('/web-call/:id/control', async (request, reply) => {
    const call = store.get(request.params.id);
    if (!call || call.type !== 'webCall')
      return reply.status(404).send(errorBody(404, 'Web call not found'));
    const control = parseOrThrow(webCallControlSchema, request.body ?? {});
    if (!simulator.controlWebCall(call.id, control)) {
      return reply.status(409).send(errorBody(409, 'The call has ended'));
    }
    return reply.status(202).send({ callId: call.id, accepted: control.type });
  });

  // What was said in the room, as the browser's call client reports it: the caller's words and
  // the simulated assistant's (the sandbox hears no audio). The call's transcript is these lines.
  app.post<{ Params: { id: string } }>('/web-call/:id/transcript', async (request, reply) => {
    const call = store.get(request.params.id);
    if (!call || call.type !== 'webCall')
      return reply.status(404).send(errorBody(404, 'Web call not found'));
    const line = parseOrThrow(webCallLineSchema, request.body ?? {});
    const recorded = simulator.recordWebCallLine(
      call.id,
      line.role === 'assistant' ? 'bot' : 'user',
      line.message,
    );
    if (!recorded) return reply.status(409).send(errorBody(409, 'The call has ended'));
    // A caller's question is answered from the assistant's knowledge bases, when it has some
    // (the client says the answer; without one it answers as before).
    const answer =
      line.role === 'user' ? await simulator.knowledgeReply(call.id, line.message) : undefined;
    return reply
      .status(202)
      .send({ callId: call.id, recorded: true, ...(answer ? { reply: answer } : {}) });
  });
}

/** One line said in a web call's room. */
export const webCallLineSchema = z.strictObject({
  role: z.enum(['assistant', 'user']),
  message: z.string().trim().min(1).max(2000),
});
