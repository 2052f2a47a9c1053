// `npm test`: unit, component and integration tests, then the end-to-end suite in Chromium
// against the real built server (the web app and the server built first when stale). Extra
// arguments go to Vitest (e.g. `npm test -- --project unit`).
import { buildServerIfNeeded } from './build-server.mjs';
import { buildWebIfNeeded, checkNodeVersion, run } from './lib.mjs';

checkNodeVersion();
// The two builds write different folders and each leaves part of the two cores idle.
await Promise.all([buildWebIfNeeded(), buildServerIfNeeded()]);
try {
  await run('npx', ['vitest', 'run', ...process.argv.slice(2)]);
} catch {
  process.exit(1);
}
