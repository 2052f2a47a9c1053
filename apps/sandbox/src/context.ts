import type { Catalog } from './demo/catalog';
import type { CallStore } from './calls/call-store';
import type { MaterializeContext } from './calls/materialize';
import type { CallSimulator } from './simulator/simulator';
import type { RecordingLinks } from './recordings/presign';

/** What the HTTP routes work with. */
import type { WebhookCredential } from './simulator/webhooks';

export interface SandboxContext {
  privateKey: string;
  publicKey: string;
  catalog: Catalog;
  store: CallStore;
  simulator: CallSimulator;
  materialize: MaterializeContext;
  /** Presigned links the authenticated recording downloads redirect to. */
  recordingLinks: RecordingLinks;
  /** The order GET /call, /assistant and /phone-number answer in (the document states none). */
  listOrder: ListOrder;
  /** Webhook credentials (`provider: webhook`) that a `Server.credentialId` may name. */
  webhookCredentials: Map<string, WebhookCredential>;
  /** How long a campaign holds calls the org's concurrency limit keeps back (ms). */
  concurrencyHoldMs: number;
}

export type ListOrder = 'newest-first' | 'oldest-first';
