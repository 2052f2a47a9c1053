import type { Catalog } from './demo/catalog';
import type { CallStore } from './calls/call-store';
import type { MaterializeContext } from './calls/materialize';
import type { CallSimulator } from './simulator/simulator';
import type { RecordingLinks } from './recordings/presign';
import type { WebhookCredential } from './simulator/webhooks';

/** What the HTTP routes work with. */
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
  /** The org's webhook credential of that id (a `Server.credentialId` must name one). */
  credential: (id: string) => WebhookCredential | undefined;
}

export type ListOrder = 'newest-first' | 'oldest-first';
