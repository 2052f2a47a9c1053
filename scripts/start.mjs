// `npm start`: build the web app and the server when their sources changed, then run the server
// bundle, which serves the API and the built app on http://localhost:3000 (embedded database in
// ./data).
import { buildServerIfNeeded } from './build-server.mjs';
import { buildWebIfNeeded, checkNodeVersion, supervise } from './lib.mjs';

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
supervise(
  process.execPath,
  ['--enable-source-maps', '--max-semi-space-size=2', '--expose-gc', 'apps/server/dist/main.js'],
  {
    env: {
      MALLOC_ARENA_MAX: '2',
      MALLOC_MMAP_THRESHOLD_: '131072',
      MALLOC_TRIM_THRESHOLD_: '131072',
      ...process.env,
    },
  },
);
