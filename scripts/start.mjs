// `npm start`: build the web app when its sources changed, then run the server, which serves
// the API and the built app on http://localhost:3000 (embedded database in ./data).
import { buildWebIfNeeded, checkNodeVersion, supervise } from './lib.mjs';

checkNodeVersion();
await buildWebIfNeeded();
supervise(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts']);
