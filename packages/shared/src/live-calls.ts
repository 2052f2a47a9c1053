import { z } from 'zod';

/**
 * Live calls (issue 38, decision 059): the calls in progress of a business (the operator: of
 * every business), their transcript as it grows, listening in, and stepping in.
 */

export const LIVE_TRANSCRIPT_ROLES = ['assistant', 'caller', 'note'] as const;

export const liveTranscriptLineSchema = z.object({
  role: z.enum(LIVE_TRANSCRIPT_ROLES),
  text: z.string(),
  at: z.iso.datetime(),
});
export type LiveTranscriptLineView = z.infer<typeof liveTranscriptLineSchema>;

export const liveCallSchema = z.object({
  id: z.string(),
  agent: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** The business whose call it is (the operator's screen shows it). */
  businessName: z.string().nullable(),
  /** The caller's number as the platform gave it (null: a call from a browser). */
  callerNumber: z.string().nullable(),
  callType: z.enum(['inbound', 'outbound', 'web']),
  status: z.string(),
  /** When it connected (null while it rings). */
  startedAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
  lines: z.array(liveTranscriptLineSchema),
  /** The platform offers the call's audio and the agent's business allows listening. */
  canListen: z.boolean(),
  /** The platform offers the call's controls. */
  canControl: z.boolean(),
  /** The assistant was muted by someone here, and not unmuted since. */
  assistantMuted: z.boolean(),
});
export type LiveCall = z.infer<typeof liveCallSchema>;

export const liveCallListSchema = z.object({ calls: z.array(liveCallSchema) });
export type LiveCallList = z.infer<typeof liveCallListSchema>;

export const liveControlMessages = {
  text: 'Enter what to say, at most 1000 characters',
  number: 'Choose one of the business’s numbers',
} as const;

const words = z
  .string()
  .trim()
  .min(1, liveControlMessages.text)
  .max(1000, liveControlMessages.text);

/** What a person can do to a call in progress, in our words (the server maps it to the platform's). */
export const liveControlSchema = z.discriminatedUnion(
  'action',
  [
    z.strictObject({ action: z.literal('say'), text: words }),
    z.strictObject({ action: z.literal('whisper'), text: words }),
    z.strictObject({ action: z.literal('mute-assistant') }),
    z.strictObject({ action: z.literal('unmute-assistant') }),
    z.strictObject({
      action: z.literal('transfer'),
      number: z.string().trim().min(1, liveControlMessages.number).max(40),
    }),
    z.strictObject({ action: z.literal('end-call') }),
  ],
  { error: 'action must be say, whisper, mute-assistant, unmute-assistant, transfer or end-call' },
);
export type LiveControl = z.infer<typeof liveControlSchema>;
export type LiveAction = LiveControl['action'];

export const liveControlResultSchema = z.object({ done: z.literal(true) });

/** One thing a person did to a call while it was in progress: its history. */
export const callActionSchema = z.object({
  action: z.string(),
  by: z.string(),
  at: z.iso.datetime(),
  detail: z.string().nullable(),
  outcome: z.string(),
});
export type CallAction = z.infer<typeof callActionSchema>;

/** The history's words for each action. */
export const LIVE_ACTION_WORDS: Record<string, string> = {
  say: 'Said as the assistant',
  whisper: 'Whispered to the assistant',
  'mute-assistant': 'Muted the assistant',
  'unmute-assistant': 'Unmuted the assistant',
  transfer: 'Transferred the call',
  'end-call': 'Ended the call',
};

/** The audio our server relays from a call's listen socket: the platform's raw PCM. */
export const LIVE_AUDIO = { sampleRate: 16_000, channels: 1, bitsPerSample: 16 } as const;

/**
 * How our server relays a call's listen socket (decision 059): every WebSocket message the
 * platform sends, in order, as one record: a kind byte (`audio`: a binary message, the call's
 * PCM; `text`: a text message, its UTF-8 bytes as sent), the payload's length (4 bytes, big
 * endian), then the payload. Nothing is dropped or rewritten.
 */
export const LISTEN_RECORD = {
  contentType: 'application/vnd.switchboard.listen-records',
  audio: 0,
  text: 1,
  headerBytes: 5,
  /** The largest message relayed (a longer one ends the relay: nothing is cut). */
  maxPayload: 1 << 20,
} as const;

export type ListenRecord = { kind: 'audio'; bytes: Uint8Array } | { kind: 'text'; text: string };

/** One record's bytes (the server writes these). */
export function encodeListenRecord(kind: 'audio' | 'text', payload: Uint8Array): Uint8Array {
  const out = new Uint8Array(LISTEN_RECORD.headerBytes + payload.length);
  out[0] = kind === 'audio' ? LISTEN_RECORD.audio : LISTEN_RECORD.text;
  new DataView(out.buffer).setUint32(1, payload.length, false);
  out.set(payload, LISTEN_RECORD.headerBytes);
  return out;
}

/**
 * Reads records from the relay's body as it arrives, in whatever pieces the network cuts it:
 * `push` a piece, get the records it completes. A record of an unknown kind, or longer than
 * `maxPayload`, is a broken stream: it throws.
 */
export class ListenRecordReader {
  private pending = new Uint8Array(0);
  private readonly decoder = new TextDecoder();

  push(piece: Uint8Array): ListenRecord[] {
    const bytes = new Uint8Array(this.pending.length + piece.length);
    bytes.set(this.pending, 0);
    bytes.set(piece, this.pending.length);
    const records: ListenRecord[] = [];
    let at = 0;
    while (bytes.length - at >= LISTEN_RECORD.headerBytes) {
      const kind = bytes[at];
      const length = new DataView(bytes.buffer, bytes.byteOffset + at + 1, 4).getUint32(0, false);
      if (
        (kind !== LISTEN_RECORD.audio && kind !== LISTEN_RECORD.text) ||
        length > LISTEN_RECORD.maxPayload
      )
        throw new Error('Not a listen record stream');
      const end = at + LISTEN_RECORD.headerBytes + length;
      if (end > bytes.length) break;
      const payload = bytes.slice(at + LISTEN_RECORD.headerBytes, end);
      records.push(
        kind === LISTEN_RECORD.audio
          ? { kind: 'audio', bytes: payload }
          : { kind: 'text', text: this.decoder.decode(payload) },
      );
      at = end;
    }
    this.pending = bytes.slice(at);
    return records;
  }
}

/** The business's numbers a call may be transferred to. */
export const transferTargetsSchema = z.object({
  numbers: z.array(z.object({ number: z.string(), label: z.string() })),
});
export type TransferTargets = z.infer<typeof transferTargetsSchema>;
