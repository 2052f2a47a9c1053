import { buildSandbox } from './app';
import { loadSandboxConfig } from './config';

let config;
try {
  config = loadSandboxConfig();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
const app = buildSandbox(config);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void app.close().then(() => process.exit(0));
  });
}
await app.listen({ port: config.port, host: config.host });
