// `npm start`: build the web app and the server when their sources changed, then run the server
// bundle, which serves the API and the built app on http://localhost:3000 (embedded database in
// ./data).
import { buildServerIfNeeded } from './build-server.mjs';
import { buildWebIfNeeded, checkNodeVersion, supervise } from './lib.mjs';

checkNodeVersion();
await buildWebIfNeeded();
await buildServerIfNeeded();
supervise(process.execPath, ['--enable-source-maps', 'apps/server/dist/main.js']);
