// `npm run admin -- create <userName> [--email <address>]`: the operator's command, run from the
// server bundle (built first when its sources changed). In the image: node apps/server/dist/admin.js.
import { buildServerIfNeeded } from './build-server.mjs';
import { checkNodeVersion, supervise } from './lib.mjs';

checkNodeVersion();
await buildServerIfNeeded();
supervise(process.execPath, [
  '--enable-source-maps',
  'apps/server/dist/admin.js',
  ...process.argv.slice(2),
]);
