// `npm start`: build the web app and the server when their sources changed, then run the server
// bundle, which serves the API and the built app on http://localhost:3000 (embedded database in
// ./data).
import { buildServerIfNeeded } from './build-server.mjs';
import { buildWebIfNeeded, checkNodeVersion, supervise } from './lib.mjs';
import { SERVER_MALLOC_ENV, SERVER_NODE_OPTIONS } from './server-env.mjs';

checkNodeVersion();
// The two builds write different folders and each leaves part of the two cores idle.
await Promise.all([buildWebIfNeeded(), buildServerIfNeeded()]);
// Memory of the embedded default (issue 36 target 5, bench/README.md "Embedded default"): after
// its first sync the server held 570–690 MB. A young generation of 2 MB semi-spaces (default
// 16 MB) keeps V8's heap near what is live (~150 MB instead of 200–440 MB committed), and glibc's
// malloc, which kept what the first start and sync freed (PGlite's initdb, the sync's pages) in
// its arenas and under its raised mmap threshold, gives it back with large blocks mapped on
// their own and two arenas. Other C libraries ignore these variables; a value already set in the
// environment wins. `--expose-gc` lets the sync collect once after a large run (call-sync.ts).
supervise(process.execPath, [...SERVER_NODE_OPTIONS, 'apps/server/dist/main.js'], {
  env: { ...SERVER_MALLOC_ENV, ...process.env },
});
