import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context';
import { registerDocumentResource, type ResourceItem } from '../http/document-resource';

// The platform console's plain resources, emulated from the document by the generic resource:
// each is what its create body said plus the fields every platform resource has. What is
// particular to one (files' uploads, knowledge bases' files, runs) is added where it is used.

type Item = ResourceItem & Record<string, unknown>;

const PLAIN_RESOURCES: {
  path: string;
  label: string;
  /** What the platform adds to a new item besides the common fields. */
  defaults?: () => Record<string, unknown>;
  checkByDiscriminator?: boolean;
}[] = [
  { path: '/squad', label: 'Squad' },
  { path: '/structured-output', label: 'Structured Output' },
  {
    path: '/campaign',
    label: 'Campaign',
    // A campaign starts scheduled with no calls placed (the sandbox does not dial campaigns).
    defaults: () => ({
      status: 'scheduled',
      calls: {},
      callsCounterScheduled: 0,
      callsCounterQueued: 0,
      callsCounterInProgress: 0,
      callsCounterEndedVoicemail: 0,
      callsCounterEnded: 0,
    }),
  },
  { path: '/session', label: 'Session' },
  { path: '/eval', label: 'Eval' },
  // Agent tests (evals and simulations); runs are simulation-runs.routes.ts.
  { path: '/eval/simulation/personality', label: 'Personality' },
  { path: '/eval/simulation/scenario', label: 'Scenario' },
  { path: '/eval/simulation', label: 'Simulation' },
  {
    path: '/eval/simulation/suite',
    label: 'Simulation suite',
    defaults: () => ({ targetAssignments: [] }),
  },
];

export async function consoleRoutes(
  app: FastifyInstance,
  { catalog, listOrder }: SandboxContext,
): Promise<void> {
  for (const { path, label, defaults, checkByDiscriminator } of PLAIN_RESOURCES) {
    await registerDocumentResource<Item>(app, {
      path,
      label,
      items: catalog.consoleItems(path),
      orgId: catalog.orgId,
      oldestFirst: listOrder === 'oldest-first',
      ...(checkByDiscriminator ? { checkByDiscriminator } : {}),
      create: (body, base) => ({ ...defaults?.(), ...body, ...base }),
    });
  }
}
