import { loadSandboxConfig } from './config';
import { createSandbox, type SandboxOptions } from './sandbox';

// Standalone sandbox platform: `npm start -w apps/sandbox`.

let options: SandboxOptions;
try {
  options = loadSandboxConfig();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}

const sandbox = await createSandbox(options);
sandbox.app.log.info(
  {
    baseUrl: sandbox.baseUrl,
    assistants: sandbox.demo.assistantIds,
    calls: sandbox.demo.totalCalls,
    simulatorIntervalMs: options.simulator?.intervalMs ?? 0,
    serverUrl: options.server?.url ?? null,
  },
  `Sandbox voice platform listening at ${sandbox.baseUrl} (private key: VAPI_API_KEY, public key: VAPI_PUBLIC_KEY)`,
);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void sandbox.close().then(() => process.exit(0));
  });
}
