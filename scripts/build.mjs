// `npm run build`: the web app (Vite, apps/web/dist) and the server and sandbox bundles
// (scripts/build-server.mjs) side by side: they write different folders, and each leaves part
// of the two cores idle.
import { buildServer } from './build-server.mjs';
import { buildWeb } from './lib.mjs';

const started = performance.now();
await Promise.all([buildWeb(), buildServer()]);
console.log(`Built the web app and the server (${Math.round(performance.now() - started)} ms)`);
