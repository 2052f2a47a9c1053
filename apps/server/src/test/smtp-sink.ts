import net from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * A real SMTP server on loopback that keeps every message it receives, parsed; with `delayMs`,
 * a slow one (it accepts each message that long after receiving it).
 */
export function startSmtpSink(port: number, options: { delayMs?: number } = {}) {
  const received: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then(async (parsed) => {
          if (options.delayMs) await new Promise((r) => setTimeout(r, options.delayMs));
          received.push(parsed);
          callback();
        })
        .catch(callback);
    },
  });
  return new Promise<{ received: ParsedMail[]; close: () => Promise<void> }>((resolve) => {
    server.listen(port, '127.0.0.1', () =>
      resolve({ received, close: () => new Promise((r) => server.close(() => r())) }),
    );
  });
}
