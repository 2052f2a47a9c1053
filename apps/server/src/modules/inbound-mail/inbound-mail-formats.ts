import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import EmailReplyParser from 'email-reply-parser';
import type { InboundChannel } from '@switchboard/shared/enquiries';
import type { InboundMail } from '../enquiries/enquiries.service';

// The shapes in which mail providers hand over a received message, and how each proves the
// request is theirs (decision 030). Pure functions: the routes and the IMAP poller use them.

/** Equal-time comparison of two strings of any length. */
function safeEqual(a: string, b: string): boolean {
  const da = createHash('sha256').update(a).digest();
  const db = createHash('sha256').update(b).digest();
  return timingSafeEqual(da, db) && a.length === b.length;
}

/**
 * Postmark's inbound webhook carries no signature: its documented protection is HTTP basic
 * authentication in the webhook URL (https://user:password@host/api/inbound-mail/postmark).
 */
export function checkBasicAuth(
  authorization: string | undefined,
  expected: { user: string; password: string },
): boolean {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(authorization ?? '');
  if (!match?.[1]) return false;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return false;
  // Both compared, whatever the first answers: the time taken does not tell which was wrong.
  const userOk = safeEqual(decoded.slice(0, colon), expected.user);
  const passwordOk = safeEqual(decoded.slice(colon + 1), expected.password);
  return userOk && passwordOk;
}

/** How old a Mailgun signature may be (a replayed request beyond it is refused). */
export const MAILGUN_MAX_AGE_SECONDS = 5 * 60;

/**
 * Mailgun signs every forwarded message: `signature` is the HMAC-SHA256, keyed with the
 * account's HTTP webhook signing key, of `timestamp` followed by `token`, in hex.
 */
export function mailgunSignatureProblem(
  fields: { timestamp?: string; token?: string; signature?: string },
  signingKey: string,
  nowMs: number,
): string | null {
  const { timestamp, token, signature } = fields;
  if (!timestamp || !token || !signature) return 'timestamp, token or signature missing';
  const seconds = Number(timestamp);
  if (!Number.isFinite(seconds) || Math.abs(nowMs / 1000 - seconds) > MAILGUN_MAX_AGE_SECONDS) {
    return 'timestamp too old or not a number';
  }
  const expected = createHmac('sha256', signingKey)
    .update(timestamp + token)
    .digest('hex');
  return safeEqual(signature.toLowerCase(), expected) ? null : 'signature does not match';
}

/** The text of a reply without the quoted earlier messages (when the sender's mail quoted them). */
export function stripQuotedReply(text: string): string {
  const stripped = new EmailReplyParser().parseReply(text).trim();
  // A message that is all quote (or that the parser cannot tell apart) is kept whole.
  return stripped === '' ? text.trim() : stripped;
}

// Mail is not typed by people into our forms: control characters (but tab and newlines) are
// dropped, not refused.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;
const clean = (value: unknown): string =>
  typeof value === 'string' ? value.replace(CONTROL, '').trim() : '';

/** "Name <a@b.c>" → { address, name }. */
export function splitAddress(value: string): { address: string; name: string } {
  const match = /^\s*"?([^"<]*?)"?\s*<([^>]+)>\s*$/.exec(value);
  if (match?.[2]) return { address: match[2].trim().toLowerCase(), name: (match[1] ?? '').trim() };
  return { address: value.trim().toLowerCase(), name: '' };
}

/** A stable id for a message that came without a Message-ID header. */
function contentId(channel: InboundChannel, parts: string[]): string {
  return `<${channel}-${createHash('sha256').update(parts.join('\n')).digest('hex').slice(0, 32)}@switchboard.invalid>`;
}

type PostmarkAddress = { Email?: unknown; Name?: unknown };
type PostmarkInbound = {
  From?: unknown;
  FromName?: unknown;
  FromFull?: PostmarkAddress;
  To?: unknown;
  ToFull?: PostmarkAddress[];
  Cc?: unknown;
  CcFull?: PostmarkAddress[];
  OriginalRecipient?: unknown;
  Subject?: unknown;
  MessageID?: unknown;
  TextBody?: unknown;
  StrippedTextReply?: unknown;
  Headers?: { Name?: unknown; Value?: unknown }[];
  Date?: unknown;
};

/**
 * Postmark's inbound JSON: the recipients are OriginalRecipient, ToFull and CcFull; the
 * StrippedTextReply (Postmark's own cut of the quoted part) is preferred over TextBody.
 */
export function fromPostmark(body: unknown): InboundMail | null {
  if (!body || typeof body !== 'object') return null;
  const message = body as PostmarkInbound;
  const recipients = [
    clean(message.OriginalRecipient),
    ...(Array.isArray(message.ToFull) ? message.ToFull : []).map((a) => clean(a?.Email)),
    ...(Array.isArray(message.CcFull) ? message.CcFull : []).map((a) => clean(a?.Email)),
    clean(message.To),
    clean(message.Cc),
  ].filter(Boolean);
  const fromAddress = clean(message.FromFull?.Email) || splitAddress(clean(message.From)).address;
  const fromName = clean(message.FromFull?.Name) || clean(message.FromName);
  const text = clean(message.StrippedTextReply) || stripQuotedReply(clean(message.TextBody));
  if (recipients.length === 0 || !fromAddress) return null;
  const headers = Array.isArray(message.Headers) ? message.Headers : [];
  const headerId = headers.find((h) => clean(h?.Name).toLowerCase() === 'message-id')?.Value;
  const subject = clean(message.Subject);
  return {
    channel: 'postmark',
    recipients,
    fromAddress: fromAddress.toLowerCase(),
    fromName,
    subject,
    body: text,
    messageId:
      clean(headerId) ||
      clean(message.MessageID) ||
      contentId('postmark', [fromAddress, subject, text]),
  };
}

/**
 * Mailgun's routes (forward() to our URL) post form fields: recipient, sender, from, subject,
 * body-plain, stripped-text (Mailgun's cut of the quoted part), Message-Id, and the signature's
 * timestamp, token and signature.
 */
export function fromMailgun(fields: Record<string, string>): InboundMail | null {
  const recipients = [clean(fields.recipient), clean(fields.To), clean(fields.Cc)].filter(Boolean);
  const from = splitAddress(clean(fields.from) || clean(fields.From) || clean(fields.sender));
  if (recipients.length === 0 || !from.address) return null;
  const text = clean(fields['stripped-text']) || stripQuotedReply(clean(fields['body-plain']));
  const subject = clean(fields.subject) || clean(fields.Subject);
  return {
    channel: 'mailgun',
    recipients,
    fromAddress: from.address,
    fromName: from.name,
    subject,
    body: text,
    messageId:
      clean(fields['Message-Id']) ||
      clean(fields['message-id']) ||
      contentId('mailgun', [from.address, subject, text]),
  };
}
