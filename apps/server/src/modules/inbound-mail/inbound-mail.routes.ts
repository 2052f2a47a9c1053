import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import type { EnquiriesService, InboundMail } from '../enquiries/enquiries.service';
import {
  checkBasicAuth,
  fromMailgun,
  fromPostmark,
  mailgunSignatureProblem,
} from './inbound-mail-formats';

const outcomeSchema = z.object({
  stored: z.boolean(),
  /** Why nothing was stored: a repeat of a stored message, or no enquiry has this address. */
  reason: z.enum(['duplicate', 'no-enquiry']).optional(),
});

/** The most fields and the longest field a Mailgun form may carry (attachments are skipped). */
const MAILGUN_FIELDS_MAX = 100;
const MAILGUN_FIELD_BYTES_MAX = 2 * 1024 * 1024;

/**
 * Customers' answers to enquiry replies, posted by mail providers (decision 030):
 * Postmark's inbound webhook (JSON, HTTP basic auth) and Mailgun's routes (form fields,
 * HMAC-signed). Not for browsers: no session and no origin check; each proves itself the
 * provider's way. A provider that is not configured is not found (404). A message for no
 * enquiry is answered 200 (stored false), so the provider does not retry it forever.
 */
export const inboundMailRoutes =
  (deps: {
    enquiries: EnquiriesService;
    postmark: { user: string; password: string } | undefined;
    mailgunSigningKey: string | undefined;
    now?: () => number;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    const config = { access: 'public', allowCrossOrigin: true, cleansOwnText: true } as const;
    const tags = ['inbound-mail'];
    const now = deps.now ?? Date.now;

    // Mailgun posts application/x-www-form-urlencoded (or multipart, below).
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: MAILGUN_FIELD_BYTES_MAX * 4 },
      (_request, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(body as string)));
      },
    );

    const answer = async (mail: InboundMail | null) => {
      if (!mail) {
        throw new AppError('VALIDATION_ERROR', 'The message has no sender or no recipient');
      }
      const outcome = await deps.enquiries.receiveInbound(mail);
      return outcome.stored ? { stored: true } : { stored: false, reason: outcome.reason };
    };

    app.post(
      '/inbound-mail/postmark',
      {
        config,
        schema: {
          tags,
          summary:
            'Postmark inbound webhook: a customer’s answer, filed under the enquiry its reply+<token> address names (HTTP basic auth)',
          body: z.record(z.string(), z.unknown()),
          response: { 200: outcomeSchema },
        },
        preValidation: async (request) => {
          if (!deps.postmark) {
            throw new AppError('NOT_FOUND', 'Inbound mail through Postmark is not configured');
          }
          if (!checkBasicAuth(request.headers.authorization, deps.postmark)) {
            throw new AppError('UNAUTHORIZED', 'The inbound mail could not be authenticated');
          }
        },
      },
      async (request) => answer(fromPostmark(request.body)),
    );

    app.post(
      '/inbound-mail/mailgun',
      {
        config,
        schema: {
          tags,
          summary:
            'Mailgun route (forward): a customer’s answer as form fields, signed with the webhook signing key (timestamp, token, signature)',
          consumes: ['application/x-www-form-urlencoded', 'multipart/form-data'],
          response: { 200: outcomeSchema },
        },
        preValidation: async () => {
          if (!deps.mailgunSigningKey) {
            throw new AppError('NOT_FOUND', 'Inbound mail through Mailgun is not configured');
          }
        },
      },
      async (request) => {
        const signingKey = deps.mailgunSigningKey as string;
        let fields: Record<string, string>;
        if (request.isMultipart()) {
          fields = {};
          try {
            for await (const part of request.parts({
              limits: {
                fields: MAILGUN_FIELDS_MAX,
                fieldSize: MAILGUN_FIELD_BYTES_MAX,
                files: 20,
                fileSize: 10 * 1024 * 1024,
              },
            })) {
              if (part.type === 'file') part.file.resume();
              else if (typeof part.value === 'string') fields[part.fieldname] = part.value;
            }
          } catch {
            throw new AppError('VALIDATION_ERROR', 'The form could not be read');
          }
        } else if (request.body && typeof request.body === 'object') {
          fields = Object.fromEntries(
            Object.entries(request.body as Record<string, unknown>).filter(
              (entry): entry is [string, string] => typeof entry[1] === 'string',
            ),
          );
        } else {
          throw new AppError('VALIDATION_ERROR', 'Expected Mailgun’s form fields');
        }
        const problem = mailgunSignatureProblem(fields, signingKey, now());
        if (problem) {
          request.log.warn({ problem }, 'mailgun inbound refused');
          throw new AppError('UNAUTHORIZED', 'The inbound mail could not be authenticated');
        }
        return answer(fromMailgun(fields));
      },
    );
  };
