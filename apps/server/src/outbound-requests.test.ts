import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Every place where this server itself opens a connection to a URL, and where that URL comes
// from (decision 054). An address that arrives from outside (a call's payload, a platform
// answer) is fetched only through `platform/recording-fetch.ts`, which resolves the name,
// refuses any private or local address and connects to the checked addresses only; the others
// are the operator's configuration. A new place fails this test until it is added here with
// the origin of its address (and, if that is not configuration, goes through the checked fetch).

const OUTBOUND =
  /\bfetch\(|\b(?:http|https|client)\.request\(|\brequestOnce\(|new ImapFlow\(|createTransport\(|new Redis\(|new WebSocket\(|\b(?:net|tls)\.connect\(|from 'undici'|new VapiClient\(/;

const KNOWN: Record<string, string> = {
  'platform/recording-fetch.ts':
    'recordings and log files from a call or a platform redirect: resolved, every address public, connection pinned (checkRecordingUrl), each redirect checked again',
  'platform/platform-api.ts':
    "the platform API at VAPI_BASE_URL or the in-process sandbox's address (configuration): the generated client's JSON requests and downloads (decision 083); and a call's monitor controlUrl, which live-calls has checked to be on the platform's own domain over https/wss, or the sandbox's address (decision 059), redirects refused",
  'platform/platform-client.ts': 'the platform SDK at VAPI_BASE_URL (configuration)',
  'modules/web-calls/web-call.service.ts':
    "the in-process sandbox's own address (its web-call rooms; POST /call/web goes through platform-api.ts)",
  'modules/mail/mail-transport.ts': 'SMTP_URL (configuration)',
  'modules/notifications/push-delivery.ts':
    "a browser's push service endpoint (a user's subscription): live mode only https on public addresses, resolved and the connection pinned; the sandbox also a local one (decision 060)",
  'modules/inbound-mail/imap-poller.ts': 'IMAP_URL (configuration)',
  'http/rate-limits.ts': 'REDIS_URL (configuration)',
  'modules/live-calls/live-calls.service.ts':
    "a call's monitor listenUrl (the platform's authenticated call payload): followed only when on the platform's own domain over https/wss, or the in-process sandbox's address (decision 059); its controlUrl, checked the same way, is asked through platform-api.ts",
  'modules/integrations/webhook-target.ts':
    "a business's webhook endpoint (the owner's input): live, public HTTPS only, resolved, every address public, connection pinned (checkWebhookTarget), redirects never followed",
};

const root = path.dirname(fileURLToPath(import.meta.url));

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

describe('outbound requests', () => {
  it('are made only where the list above says, each with where its address comes from', () => {
    const found = sourceFiles(root)
      .filter((file) => OUTBOUND.test(fs.readFileSync(file, 'utf8')))
      .map((file) => path.relative(root, file).split(path.sep).join('/'))
      .sort();
    expect(found).toEqual(Object.keys(KNOWN).sort());
  });
});
