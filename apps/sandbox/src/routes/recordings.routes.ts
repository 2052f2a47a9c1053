import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { SandboxContext } from '../context';
import { errorBody } from '../http/errors';
import { parseOrThrow } from '../http/validation';
import type { SandboxCall } from '../calls/materialize';
import { renderRecording, type RecordingTimeline } from '../recordings/wav';

// Recordings, served like files from a storage bucket: no API key (the URL is the secret), any
// origin may play them (CORS + Cross-Origin-Resource-Policy), byte ranges for seeking. Also the
// web-call "room" URL returned by POST /call/web, which answers with the call's status.

const FILE = /^([0-9a-f-]{36})(-stereo)?\.wav$/i;

/** The call's speaking turns from its transcript messages, as long as the call lasted. */
function timelineOf(call: SandboxCall): RecordingTimeline | undefined {
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
  return { seconds: (ended - started) / 1000, turns };
}

// A player asks for a file several times (ranges); the last few renderings are kept.
const CACHE_SIZE = 8;

export async function recordingRoutes(
  app: FastifyInstance,
  { store, simulator }: SandboxContext,
): Promise<void> {
  const rendered = new Map<string, Buffer>();
  app.get<{ Params: { file: string } }>('/recordings/:file', async (request, reply) => {
    const match = FILE.exec(request.params.file);
    const call = match?.[1] ? store.get(match[1].toLowerCase()) : undefined;
    if (!match || !call?.artifact?.recordingUrl) {
      return reply.status(404).send(errorBody(404, 'Recording not found'));
    }
    const key = request.params.file.toLowerCase();
    let wav = rendered.get(key);
    if (!wav) {
      wav = renderRecording(call.id, match[2] ? 2 : 1, timelineOf(call));
      rendered.set(key, wav);
      if (rendered.size > CACHE_SIZE) rendered.delete(rendered.keys().next().value!);
    }
    reply
      .header('content-type', 'audio/wav')
      .header('accept-ranges', 'bytes')
      .header('cache-control', 'public, max-age=86400, immutable')
      .header('cross-origin-resource-policy', 'cross-origin');
    const range = /^bytes=(\d*)-(\d*)$/.exec(request.headers.range ?? '');
    if (range && (range[1] !== '' || range[2] !== '')) {
      const size = wav.length;
      let start = range[1] === '' ? size - Number(range[2]) : Number(range[1]);
      let end = range[1] === '' || range[2] === '' ? size - 1 : Number(range[2]);
      start = Math.max(0, start);
      end = Math.min(size - 1, end);
      if (start > end) {
        return reply
          .status(416)
          .header('content-range', `bytes */${size}`)
          .send(errorBody(416, 'Range Not Satisfiable'));
      }
      return reply
        .status(206)
        .header('content-range', `bytes ${start}-${end}/${size}`)
        .send(wav.subarray(start, end + 1));
    }
    return reply.send(wav);
  });

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
      firstMessage: call.assistant?.firstMessage ?? null,
      endedReason: call.endedReason ?? null,
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
    return reply.status(202).send({ callId: call.id, recorded: true });
  });
}

/** One line said in a web call's room. */
export const webCallLineSchema = z.strictObject({
  role: z.enum(['assistant', 'user']),
  message: z.string().trim().min(1).max(2000),
});
