import type { FastifyBaseLogger } from 'fastify';
import { ImapFlow } from 'imapflow';
import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser';
import type { InboundMail, InboundOutcome } from '../enquiries/enquiries.service';
import { splitAddress, stripQuotedReply } from './inbound-mail-formats';

export type ImapSettings = {
  /** imap://user:password@host:143 or imaps://user:password@host:993 */
  url: string;
  mailbox: string;
  pollSeconds: number;
};

function addresses(value: AddressObject | AddressObject[] | undefined): string[] {
  const list = Array.isArray(value) ? value : value ? [value] : [];
  return list.flatMap((group) => group.value.map((a) => a.address ?? '')).filter(Boolean);
}

function headerText(mail: ParsedMail, name: string): string[] {
  const value = mail.headers.get(name);
  if (typeof value === 'string') return [value];
  if (value && typeof value === 'object' && 'text' in value && typeof value.text === 'string') {
    return [value.text];
  }
  return [];
}

/** A parsed message as the enquiries service takes it (null without a sender or a recipient). */
export function fromParsedMail(mail: ParsedMail): InboundMail | null {
  const recipients = [
    ...addresses(mail.to),
    ...addresses(mail.cc),
    // The envelope's recipient, which a server adds when the address was a Bcc or an alias.
    ...headerText(mail, 'delivered-to'),
    ...headerText(mail, 'x-original-to'),
  ];
  const sender = mail.from?.value[0];
  if (!sender?.address || recipients.length === 0) return null;
  const fromAddress = splitAddress(sender.address).address;
  const subject = mail.subject ?? '';
  const body = stripQuotedReply(mail.text ?? '');
  return {
    channel: 'imap',
    recipients,
    fromAddress,
    fromName: sender.name ?? '',
    subject,
    body,
    messageId:
      mail.messageId ?? `<imap-${fromAddress}-${mail.date?.getTime() ?? 0}@switchboard.invalid>`,
    receivedAt: mail.date && !Number.isNaN(mail.date.getTime()) ? mail.date : undefined,
  };
}

/**
 * Polls a mailbox over IMAP for customers' answers (IMAP_URL): every unseen message is parsed,
 * handed to `receive`, and flagged \Seen once it was dealt with (stored, a repeat, or for no
 * enquiry), so it is read once. A message that failed to be stored stays unseen and is tried
 * at the next poll. Several instances may poll one mailbox: the same message twice is stored
 * once (unique Message-ID per enquiry).
 */
export class ImapPoller {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;

  constructor(
    private readonly deps: {
      settings: ImapSettings;
      receive: (mail: InboundMail) => Promise<InboundOutcome>;
      log: FastifyBaseLogger;
    },
  ) {}

  start() {
    if (this.timer) return;
    this.timer = setInterval(() => void this.pollOnce(), this.deps.settings.pollSeconds * 1000);
    this.timer.unref();
    void this.pollOnce();
  }

  async stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.running?.catch(() => undefined);
  }

  /** One poll; answers how many messages were stored. One at a time. */
  pollOnce(): Promise<number> {
    this.running ??= this.poll()
      .catch((error: unknown) => {
        this.deps.log.warn({ err: error }, 'imap poll failed');
        return 0;
      })
      .finally(() => {
        this.running = undefined;
      });
    return this.running;
  }

  private client(): ImapFlow {
    const url = new URL(this.deps.settings.url);
    const secure = url.protocol === 'imaps:';
    return new ImapFlow({
      host: url.hostname,
      port: url.port ? Number(url.port) : secure ? 993 : 143,
      secure,
      auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) },
      logger: false,
      // A server that hangs must not hold the poll for minutes.
      connectionTimeout: 15_000,
      greetingTimeout: 15_000,
      socketTimeout: 60_000,
    });
  }

  private async poll(): Promise<number> {
    const client = this.client();
    client.on('error', (error: unknown) => this.deps.log.warn({ err: error }, 'imap error'));
    await client.connect();
    let stored = 0;
    try {
      const lock = await client.getMailboxLock(this.deps.settings.mailbox);
      try {
        const unseen = await client.search({ seen: false }, { uid: true });
        for (const uid of unseen || []) {
          const message = await client.fetchOne(String(uid), { source: true }, { uid: true });
          if (!message || !message.source) continue;
          const parsed = await simpleParser(message.source);
          const mail = fromParsedMail(parsed);
          if (mail) {
            const outcome = await this.deps.receive(mail);
            if (outcome.stored) stored += 1;
          }
          await client.messageFlagsAdd(String(uid), ['\\Seen'], { uid: true });
        }
      } finally {
        lock.release();
      }
    } finally {
      await client.logout().catch(() => client.close());
    }
    if (stored > 0) this.deps.log.info({ stored }, 'customer answers taken in over IMAP');
    return stored;
  }
}
