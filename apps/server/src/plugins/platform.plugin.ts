import type { AddressInfo } from 'node:net';
import fp from 'fastify-plugin';
import {
  DEMO_ADMIN,
  DEMO_PASSWORD,
  DEMO_TEAM_MEMBERS,
  DEMO_TRADES,
  seedDemoAccounts,
  type DemoTrade,
} from '../modules/auth/demo-accounts';
import { afterOrWithin, DEMO_BURST_WAIT_MS, runDemoBurst } from '../platform/demo-burst';
import { startPlatform, type PlatformRuntime } from '../platform/platform-runtime';

declare module 'fastify' {
  interface FastifyInstance {
    platform: PlatformRuntime;
  }
}

/** How a process on this machine (the in-process sandbox) reaches the server we listen on. */
function loopbackBaseUrl(address: string | AddressInfo | null): string {
  if (!address || typeof address === 'string') return 'http://127.0.0.1';
  const anyAddress = address.address === '0.0.0.0' || address.address === '::';
  if (anyAddress || address.family === 'IPv4') {
    return `http://${anyAddress ? '127.0.0.1' : address.address}:${address.port}`;
  }
  return `http://[${address.address}]:${address.port}`;
}

/**
 * The voice platform: the SDK client for a real account, or the embedded sandbox (started here,
 * told our address once we listen). The sandbox's first start seeds the demo sign-ins.
 */
export const platformPlugin = fp(
  async (app) => {
    const { config } = app;
    const runtime = await startPlatform(config, app.log, app.database.db);
    app.decorate('platform', runtime);
    // After the background jobs' (registered later, so stopped first): onClose is LIFO.
    app.addHook('onClose', async () => runtime.close());
    // The sandbox's calls end before our server stops taking their webhooks (preClose).
    app.addHook('preClose', async () => runtime.beforeClose());
    app.addHook('onListen', async () => {
      runtime.onListen(loopbackBaseUrl(app.server.address()));
    });

    // The embedded default's first start gets demo sign-ins; a real platform account never does.
    if (runtime.client.mode !== 'sandbox' || !runtime.sandbox) return;
    const sandbox = runtime.sandbox;
    if (!(await seedDemoAccounts(app.database.db, sandbox.demo.assistants))) return;
    // With live simulated calls on (not in tests), a first burst of calls with tool calls
    // gives the fresh demo enquiries and appointments through the real webhook path. It starts
    // once the first sync has stored the sandbox's history: run beside it, its live calls and
    // webhooks share the one thread and made that sync ~0.5 s later (decision 118).
    if (config.sandbox.simulatorIntervalMs > 0) {
      let closing = false;
      app.addHook('preClose', async () => {
        closing = true;
      });
      app.addHook('onListen', async () => {
        const log = app.log.child({ component: 'demo-burst' });
        void afterOrWithin(app.callSync.afterFirstRun(), DEMO_BURST_WAIT_MS).then(() =>
          closing ? undefined : runDemoBurst(sandbox, log),
        );
      });
    }
    const owners = (Object.keys(DEMO_TRADES) as DemoTrade[]).map((trade) => {
      const { owner, business } = DEMO_TRADES[trade];
      const member = DEMO_TEAM_MEMBERS[trade];
      return `${owner.userName} (${business.name}${member ? `; its member ${member.userName}` : ''})`;
    });
    app.log.info(
      `Demo sign-ins created: ${DEMO_ADMIN.userName} / ${DEMO_ADMIN.password} (admin); ` +
        `${owners.join(', ')} with the password ${DEMO_PASSWORD}.`,
    );
  },
  { name: 'platform', dependencies: ['database'] },
);
