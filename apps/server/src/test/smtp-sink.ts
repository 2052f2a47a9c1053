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
 * A real SMTP server on loopback that keeps every message it receives, parsed; with
 * `holdUntil`, a slow one (it accepts a message only once that promise settles).
 */
export function startSmtpSink(port: number, options: { holdUntil?: Promise<unknown> } = {}) {
  const received: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then(async (parsed) => {
          await options.holdUntil;
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
