/**
 * First-load bytes per route, two ways. Not part of `npm test`.
 *
 * Over the wire (the default, the figure the targets are about): the built app on the real
 * server (bench/lib/app-server.ts), each page loaded in Chromium on an empty cache
 * (bench/lib/wire.ts), every response it received summed as Chromium counted it — the
 * compressed body plus the status line and headers — until the network has been idle for
 * 500 ms, so the lazy chunks a screen asks for while it renders are included. Once as the
 * browser asks (brotli, on a localhost or HTTPS origin) and once asking for gzip only (what
 * Chromium asks of a plain-HTTP origin that is not localhost).
 *
 * From the build manifest (`--manifest`, no browser): index.html, the entry chunk and
 * everything it imports statically, and the lazy layout and screen modules the route resolves
 * to (with their static imports and stylesheets), read from the Vite manifest of the last build
 * (apps/web/dist/.vite), each file measured raw, gzip (level 9) and brotli (quality 11), as the
 * build's pre-compressed copies are made: response bodies only, and only the chunks named in
 * ROUTES below (keep them in step with apps/web/src/app/router.tsx).
 *
 *   npm run bench:bundle -- [--build] [--port 4180 | --url http://127.0.0.1:3000] [--manifest] [--json]
 *
 * `--build` runs `npm run build` first.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import zlib from 'node:zlib';
import { firstAgentId, settle, signIn, startServer } from './lib/app-server';
import { loadAverage } from './lib/stats';
import { launchBrowser } from './lib/browser';
import { loadOnce, type WireLoad } from './lib/wire';

type ManifestChunk = {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
};
type Manifest = Record<string, ManifestChunk>;

/** A route with what its first load needs: its layout and its page (paths in apps/web). */
const route = (path: string, layout: 'public' | 'app', page: string) => ({
  path,
  modules: [`src/app/layouts/${layout}-layout.tsx`, `src/app/routes/${page}.tsx`],
});

const ROUTES: { path: string; modules: string[] }[] = [
  route('/', 'public', 'landing'),
  route('/login', 'public', 'login'),
  route('/dashboard', 'app', 'dashboard'),
  route('/agent/:id/call-logs', 'app', 'agent/call-logs'),
  route('/agent/:id', 'app', 'agent/overview'),
  route('/contacts', 'app', 'contacts'),
];

export type Sizes = { raw: number; gzip: number; brotli: number };
export type RouteSizes = { path: string; files: string[]; js: Sizes; css: Sizes; html: Sizes };

const webDir = path.resolve(import.meta.dirname, '../apps/web');
const distDir = path.join(webDir, 'dist');

const sizeCache = new Map<string, Sizes>();
function sizesOf(file: string): Sizes {
  let sizes = sizeCache.get(file);
  if (!sizes) {
    const bytes = fs.readFileSync(path.join(distDir, file));
    sizes = {
      raw: bytes.length,
      gzip: zlib.gzipSync(bytes, { level: 9 }).length,
      brotli: zlib.brotliCompressSync(bytes, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        },
      }).length,
    };
    sizeCache.set(file, sizes);
  }
  return sizes;
}

function sum(files: Iterable<string>): Sizes {
  const total = { raw: 0, gzip: 0, brotli: 0 };
  for (const file of files) {
    const sizes = sizesOf(file);
    total.raw += sizes.raw;
    total.gzip += sizes.gzip;
    total.brotli += sizes.brotli;
  }
  return total;
}

/** The chunks a module needs before it runs: itself and its static imports, transitively. */
function staticClosure(manifest: Manifest, keys: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    if (!manifest[key]) throw new Error(`${key} is not in the build manifest: is ROUTES current?`);
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return seen;
}

export function measureRoutes(): RouteSizes[] {
  const manifestFile = path.join(distDir, '.vite/manifest.json');
  if (!fs.existsSync(manifestFile)) {
    throw new Error(`${manifestFile} is missing: run "npm run build" (or pass --build).`);
  }
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Manifest;
  return ROUTES.map((route) => {
    const chunks = staticClosure(manifest, ['index.html', ...route.modules]);
    const js = new Set<string>();
    const css = new Set<string>();
    for (const key of chunks) {
      const chunk = manifest[key]!;
      if (chunk.file.endsWith('.js')) js.add(chunk.file);
      for (const sheet of chunk.css ?? []) css.add(sheet);
    }
    return {
      path: route.path,
      files: [...js, ...css],
      js: sum(js),
      css: sum(css),
      html: sum(['index.html']),
    };
  });
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

function printManifest(routes: RouteSizes[]) {
  console.log('From the build manifest, response bodies only, KB: raw / gzip -9 / brotli -11\n');
  console.log(
    '| route | JS raw | JS gzip | JS br | CSS raw | CSS gzip | CSS br | JS+CSS+HTML br | files |',
  );
  console.log('| --- | --: | --: | --: | --: | --: | --: | --: | --: |');
  for (const route of routes) {
    const total = route.js.brotli + route.css.brotli + route.html.brotli;
    console.log(
      `| \`${route.path}\` | ${kb(route.js.raw)} | ${kb(route.js.gzip)} | ${kb(route.js.brotli)} | ` +
        `${kb(route.css.raw)} | ${kb(route.css.gzip)} | ${kb(route.css.brotli)} | ${kb(total)} | ` +
        `${route.files.length + 1} |`,
    );
  }
}

type WireRow = { page: string; encoding: string; load: WireLoad };

async function measureWire(options: { url?: string; port?: number }): Promise<WireRow[]> {
  const server = options.url ? undefined : await startServer(options.port);
  const baseUrl = options.url ?? server!.baseUrl;
  const browser = await launchBrowser();
  try {
    const cookie = await signIn(baseUrl);
    const agentId = await firstAgentId(baseUrl, cookie);
    const pages = [
      { page: '/', path: '/', signedIn: false },
      { page: '/login', path: '/login', signedIn: false },
      { page: '/dashboard', path: '/dashboard', signedIn: true },
      { page: '/agent/:id/call-logs', path: `/agent/${agentId}/call-logs`, signedIn: true },
    ];
    await settle(
      baseUrl,
      cookie,
      pages.map((page) => page.path),
    );
    const rows: WireRow[] = [];
    for (const acceptEncoding of [undefined, 'gzip, deflate']) {
      for (const page of pages) {
        const load = await loadOnce(browser, baseUrl, page.path, {
          ...(page.signedIn ? { cookie } : {}),
          ...(acceptEncoding ? { acceptEncoding } : {}),
        });
        rows.push({ page: page.page, encoding: acceptEncoding ? 'gzip' : 'br', load });
      }
    }
    return rows;
  } finally {
    await browser.close();
    await server?.stop();
  }
}

function printWire(rows: WireRow[]) {
  console.log(
    `Over the wire, Chromium on an empty cache, KB (1,024 bytes) with headers; load ${loadAverage()}\n`,
  );
  console.log(
    '| route | asked | JS KB | JS files | of which headers KB | CSS KB | HTML KB | API KB | all KB |',
  );
  console.log('| --- | --- | --: | --: | --: | --: | --: | --: | --: |');
  for (const { page, encoding, load } of rows) {
    const of = (kind: string) => load.files.filter((file) => file.kind === kind);
    const total = (files: WireLoad['files']) => files.reduce((sum, file) => sum + file.bytes, 0);
    const js = of('js');
    console.log(
      `| \`${page}\` | ${encoding} | ${kb(total(js))} | ${js.length} | ` +
        `${kb(js.reduce((sum, file) => sum + file.headerBytes, 0))} | ${kb(total(of('css')))} | ` +
        `${kb(total(of('document')))} | ${kb(total(of('api')))} | ${kb(total(load.files))} |`,
    );
  }
}

async function main() {
  const { values } = parseArgs({
    options: {
      build: { type: 'boolean', default: false },
      json: { type: 'boolean', default: false },
      manifest: { type: 'boolean', default: false },
      port: { type: 'string' },
      url: { type: 'string' },
      files: { type: 'boolean', default: false },
    },
  });
  if (values.build) execFileSync('npm', ['run', 'build'], { cwd: webDir, stdio: 'inherit' });
  const routes = measureRoutes();
  const wire = values.manifest
    ? []
    : await measureWire({
        ...(values.url ? { url: values.url } : {}),
        ...(values.port ? { port: Number(values.port) } : {}),
      });
  if (values.json) {
    console.log(JSON.stringify({ wire, manifest: routes }, null, 2));
    return;
  }
  if (!values.manifest) {
    printWire(wire);
    if (values.files) {
      for (const { page, encoding, load } of wire) {
        console.log(`\n${page} (${encoding}):`);
        for (const file of [...load.files].sort((a, b) => b.bytes - a.bytes)) {
          console.log(
            `  ${kb(file.bytes).padStart(7)} ${file.kind.padEnd(8)} ${file.encoding.padEnd(8)} ${new URL(file.url).pathname}`,
          );
        }
      }
    }
    console.log('');
  }
  printManifest(routes);
}

await main();
