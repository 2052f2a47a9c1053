import { z } from 'zod';

/**
 * The live call controls the web SDK sends to the assistant during a web call (its
 * `send`/`say`: the call-control messages; the document's ClientInboundMessageSay,
 * …Control, …EndCall). The SDK names say's text `message`, the document `content`: either is
 * taken. In sandbox mode they reach the sandbox platform's room through our server, which
 * passes on only these shapes.
 */
export const webCallControlSchema = z.discriminatedUnion(
  'type',
  [
    z
      .strictObject({
        type: z.literal('say'),
        message: z.string().trim().min(1).max(2000).optional(),
        content: z.string().trim().min(1).max(2000).optional(),
        endCallAfterSpoken: z.boolean().optional(),
        interruptionsEnabled: z.boolean().optional(),
        interruptAssistantEnabled: z.boolean().optional(),
      })
      .refine((say) => say.message !== undefined || say.content !== undefined, {
        message: 'say needs the text to speak (message or content)',
      }),
    z.strictObject({
      type: z.literal('control'),
      control: z.enum([
        'mute-assistant',
        'unmute-assistant',
        'mute-customer',
        'unmute-customer',
        'say-first-message',
      ]),
      videoRecordingStartDelaySeconds: z.number().min(0).max(3600).optional(),
    }),
    z.strictObject({ type: z.literal('end-call') }),
  ],
  { error: 'type must be say, control or end-call' },
);
/** A live call control as sent. */
export type WebCallControl = z.infer<typeof webCallControlSchema>;
