/**
 * First-load bytes per route: what a browser downloads on a first visit to each page before
 * the screen can render — index.html, the entry chunk and everything it imports statically,
 * and the lazy layout and screen modules the route resolves to (with their static imports and
 * stylesheets). Read from the Vite manifest of the last build (apps/web/dist/.vite), each file
 * measured raw, gzip (level 9) and brotli (quality 11), as the build's pre-compressed copies
 * are made. Not part of `npm test`.
 *
 *   npm run bench:bundle -- [--build] [--json]
 *
 * `--build` runs `npm run build` first. The routes' modules are listed in ROUTES below; keep
 * them in step with apps/web/src/app/router.tsx.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import zlib from 'node:zlib';

type ManifestChunk = {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
};
type Manifest = Record<string, ManifestChunk>;

const ROUTES: { path: string; modules: string[] }[] = [
  {
    path: '/',
    modules: ['src/app/layouts/public-layout.tsx', 'src/app/routes/landing.tsx'],
  },
  {
    path: '/login',
    modules: ['src/app/layouts/public-layout.tsx', 'src/app/routes/login.tsx'],
  },
  {
    path: '/dashboard',
    modules: ['src/app/layouts/app-layout.tsx', 'src/app/routes/dashboard.tsx'],
  },
  {
    path: '/agent/:id/call-logs',
    modules: ['src/app/layouts/app-layout.tsx', 'src/app/routes/agent/call-logs.tsx'],
  },
  {
    path: '/agent/:id',
    modules: ['src/app/layouts/app-layout.tsx', 'src/app/routes/agent/overview.tsx'],
  },
  {
    path: '/contacts',
    modules: ['src/app/layouts/app-layout.tsx', 'src/app/routes/contacts.tsx'],
  },
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

function main() {
  const { values } = parseArgs({
    options: { build: { type: 'boolean', default: false }, json: { type: 'boolean' } },
  });
  if (values.build) execFileSync('npm', ['run', 'build'], { cwd: webDir, stdio: 'inherit' });
  const routes = measureRoutes();
  if (values.json) {
    console.log(JSON.stringify(routes, null, 2));
    return;
  }
  console.log('First load per route, KB (1024 bytes): raw / gzip -9 / brotli -11\n');
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

main();
