import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context';
import {
  registerDocumentResource,
  resourceBadRequest,
  type ResourceItem,
} from '../http/document-resource';
import { CampaignRunner, type CampaignItem } from '../simulator/campaign-runner';

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

const isActive = (item: CampaignItem) =>
  item.status === 'scheduled' || item.status === 'in-progress';

export async function consoleRoutes(
  app: FastifyInstance,
  { catalog, listOrder, simulator, concurrencyHoldMs }: SandboxContext,
): Promise<void> {
  // Campaigns dial: each one places outbound calls within its schedule and concurrency.
  const campaigns = catalog.consoleItems<CampaignItem>('/campaign');
  const runner = new CampaignRunner({
    seed: catalog.seed,
    catalog,
    simulator,
    items: campaigns,
    log: app.log,
    holdMs: concurrencyHoldMs,
  });
  app.addHook('onClose', async () => runner.close());
  await registerDocumentResource<CampaignItem>(
    app,
    { catalog, listOrder },
    {
      path: '/campaign',
      label: 'Campaign',
      items: campaigns,
      create: (body, base) => {
        runner.check(body);
        const item: CampaignItem = {
          ...body,
          ...base,
          status: 'scheduled',
          calls: {},
          callsCounterScheduled: 0,
          callsCounterQueued: 0,
          callsCounterInProgress: 0,
          callsCounterEndedVoicemail: 0,
          callsCounterEnded: 0,
        };
        runner.start(item);
        return item;
      },
      update: (item, changes) => {
        const { status, ...rest } = changes;
        const changed = { ...item, ...rest } as CampaignItem;
        // 'ended' is the V1 alias of 'cancelled' (UpdateCampaignDTO).
        if ((status === 'cancelled' || status === 'ended') && isActive(item)) {
          return runner.cancel(changed);
        }
        return changed;
      },
      remove: (item) => {
        runner.cancel(item);
      },
    },
  );

  // Eval runs (`/eval/run`): their own paths, not an eval's id (`/eval/{id}` answered them before).
  // The sandbox has no model to hold the eval's mock conversation with, so a run it accepts ends
  // at once as an `error` that says so: the shape is the document's, nothing is judged.
  const evals = catalog.consoleItems<Item>('/eval');
  const squads = catalog.consoleItems<Item>('/squad');
  await registerDocumentResource<Item>(
    app,
    { catalog, listOrder },
    {
      path: '/eval/run',
      label: 'Eval Run',
      items: catalog.consoleItems('/eval/run'),
      verify: (body) => {
        const evalId = body.evalId;
        if (typeof evalId === 'string' && !evals.has(evalId))
          resourceBadRequest(`evalId ${evalId} is not an eval of this org`);
        if (evalId === undefined && body.eval === undefined)
          resourceBadRequest('eval or evalId must be given');
        const target = body.target as { assistantId?: unknown; squadId?: unknown } | undefined;
        if (typeof target?.assistantId === 'string' && !catalog.getAssistant(target.assistantId))
          resourceBadRequest(
            `target.assistantId ${target.assistantId} is not an assistant of this org`,
          );
        if (typeof target?.squadId === 'string' && !squads.has(target.squadId))
          resourceBadRequest(`target.squadId ${target.squadId} is not a squad of this org`);
      },
      create: (body, base) => ({
        ...body,
        ...base,
        status: 'ended',
        endedReason: 'error',
        endedMessage: 'The sandbox platform does not run evals (it has no model to converse with).',
        startedAt: base.createdAt,
        endedAt: base.createdAt,
        results: [],
        cost: 0,
        costs: [],
      }),
    },
  );

  for (const { path, label, defaults, checkByDiscriminator } of PLAIN_RESOURCES) {
    await registerDocumentResource<Item>(
      app,
      { catalog, listOrder },
      {
        path,
        label,
        items: catalog.consoleItems(path),
        ...(checkByDiscriminator ? { checkByDiscriminator } : {}),
        create: (body, base) => ({ ...defaults?.(), ...body, ...base }),
      },
    );
  }
}
