// The server as plain JavaScript (decision 047): esbuild bundles our own TypeScript (the server,
// the shared package) into apps/server/dist, and the sandbox platform into apps/sandbox/dist.
// Every npm package stays external and is loaded from node_modules as installed, so native
// bindings, WASM files and the packages' own file lookups work as they do under tsx.
//
//   node scripts/build-server.mjs          build both
//   import { buildServerIfNeeded }         build when a source is newer than the bundle
//
// The server reaches the sandbox only through a dynamic import, rewritten here to the sandbox's
// own bundle: a build (or an image) without apps/sandbox/dist has no sandbox and no faker.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { newestMtime, root } from './lib.mjs';

const serverDist = path.join(root, 'apps/server/dist');
const sandboxDist = path.join(root, 'apps/sandbox/dist');

/** What the bundles are made of: a change to any of these makes them stale. */
const serverSources = [
  'apps/server/src',
  'apps/sandbox/src',
  'apps/sandbox/platform',
  'packages/shared/src',
  'package-lock.json',
  'scripts/build-server.mjs',
];

/** Our workspaces are bundled; every other bare import is a package left to node_modules. */
const packagesStayExternal = {
  name: 'packages-stay-external',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@switchboard/sandbox/')) {
        const file = `${args.path.slice('@switchboard/sandbox/'.length)}.js`;
        // From any file in apps/server/dist (entries and chunks share that folder).
        return { path: `../../sandbox/dist/${file}`, external: true };
      }
      if (args.path.startsWith('@switchboard/')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

const common = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  splitting: true,
  sourcemap: true,
  // Stack traces need the mappings only; the image carries no sources to show.
  sourcesContent: false,
  logLevel: 'warning',
  plugins: [packagesStayExternal],
};

export async function buildServer() {
  const { build } = await import('esbuild');
  fs.rmSync(serverDist, { recursive: true, force: true });
  fs.rmSync(sandboxDist, { recursive: true, force: true });
  await Promise.all([
    build({
      ...common,
      entryPoints: {
        main: 'apps/server/src/main.ts',
        admin: 'apps/server/src/cli/admin.ts',
      },
      absWorkingDir: root,
      outdir: serverDist,
    }),
    build({
      ...common,
      entryPoints: {
        sandbox: 'apps/sandbox/src/sandbox.ts',
        main: 'apps/sandbox/src/main.ts',
        'platform-validators-build': 'apps/sandbox/src/platform-validators-build.ts',
      },
      absWorkingDir: root,
      outdir: sandboxDist,
    }),
  ]);
  // The migrations are read beside the module that applies them (db/client.ts), which is
  // bundled into apps/server/dist.
  fs.cpSync(path.join(root, 'apps/server/src/db/migrations'), path.join(serverDist, 'migrations'), {
    recursive: true,
  });
  await Promise.all([writePgliteTemplate(), writePrecompiledValidators()]);
  // Written last: its presence says the build finished.
  fs.writeFileSync(path.join(serverDist, 'BUILT'), `${new Date().toISOString()}\n`);
}

/**
 * The embedded database's first start without initdb and migrations (issue 36 target 5): a
 * PGlite data directory made in memory and migrated now, kept as a tarball beside the bundle's
 * migrations (db/client.ts `pgliteTemplate`). A fresh DATA_DIR is loaded from it; migrations
 * newer than it still run at start.
 */
async function writePgliteTemplate() {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const pglite = await PGlite.create();
  try {
    await migrate(drizzle({ client: pglite }), {
      migrationsFolder: path.join(serverDist, 'migrations'),
    });
    await pglite.exec('checkpoint');
    const dump = await pglite.dumpDataDir('gzip');
    fs.writeFileSync(
      path.join(serverDist, 'pglite-template.tar.gz'),
      Buffer.from(await dump.arrayBuffer()),
    );
  } finally {
    await pglite.close();
  }
}

/**
 * The sandbox's request validators as ajv standalone code (decision 089), made by the bundle's
 * own platform-document module, so the built sandbox compiles none of them at its first
 * requests (the first start's PATCH of the demo assistants compiled seconds of CPU). In a child
 * process: the compile holds ~300 MB, which `npm start`'s supervising process would keep.
 */
async function writePrecompiledValidators() {
  const entry = pathToFileURL(path.join(sandboxDist, 'platform-validators-build.js')).href;
  const script = `const { writePrecompiledValidators } = await import(${JSON.stringify(entry)});
const { skipped } = writePrecompiledValidators(${JSON.stringify(sandboxDist)});
if (skipped.length > 0) console.warn('Not precompiled (ajv cannot compile them): ' + skipped.join(', '));`;
  const { stdout, stderr } = await promisify(execFile)(
    process.execPath,
    ['--input-type=module', '--eval', script],
    { cwd: root },
  );
  process.stdout.write(stdout);
  process.stderr.write(stderr);
}

/** True when the bundle is missing, unfinished or older than any of its sources. */
export function serverBuildIsStale() {
  const marker = path.join(serverDist, 'BUILT');
  if (!fs.existsSync(marker)) return true;
  const builtAt = fs.statSync(marker).mtimeMs;
  return serverSources.some((source) => newestMtime(path.join(root, source)) > builtAt);
}

/** Builds when stale; callers in one process (two test projects' set-ups) share one build. */
export function buildServerIfNeeded() {
  const key = Symbol.for('switchboard.serverBuild');
  globalThis[key] ??= (async () => {
    if (!serverBuildIsStale()) return;
    console.log('Building the server…');
    await buildServer();
  })().finally(() => {
    globalThis[key] = undefined;
  });
  return globalThis[key];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  await buildServer();
  console.log(
    `Server bundle in apps/server/dist, sandbox in apps/sandbox/dist (${Math.round(performance.now() - started)} ms)`,
  );
}
