import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

// The API server (apps/server) listens on 3000 in development; the SPA calls it same-origin
// through this proxy, exactly as it does when the server serves the built app.
const apiTarget = 'http://localhost:3000';

/**
 * Mantine's styles split the way its code is (decision 023). Every Mantine component reads its
 * class names from a `<Name>.module.mjs`, and each of those has a stylesheet of the same name
 * (`@mantine/core/styles/<Name>.css`). Importing the stylesheet from that module puts each
 * component's CSS in the chunk that holds the component, so a route loads only the CSS of the
 * components it renders — in the order Mantine needs, since a component's own imports (the
 * components it builds on) come before its class names. main.tsx imports only the base styles
 * through `virtual:mantine-styles`. In development Mantine is pre-bundled, so this transform
 * never sees its modules: there the virtual module is the whole stylesheet instead.
 */
function mantineStylesPerComponent(): Plugin {
  const virtualId = 'virtual:mantine-styles';
  const resolvedVirtualId = `\0${virtualId}`;
  const coreModule = /[\\/]@mantine[\\/]core[\\/]esm[\\/].*[\\/]([A-Za-z]+)\.module\.mjs$/;
  const packageModule = /[\\/]@mantine[\\/](dates|notifications)[\\/]esm[\\/].*\.module\.mjs$/;
  let building = false;
  return {
    name: 'switchboard:mantine-styles-per-component',
    configResolved(config) {
      building = config.command === 'build';
    },
    resolveId(id) {
      return id === virtualId ? resolvedVirtualId : undefined;
    },
    load(id) {
      if (id !== resolvedVirtualId) return undefined;
      const base = building
        ? ['@mantine/core/styles/baseline.css', '@mantine/core/styles/default-css-variables.css']
        : ['@mantine/core/styles.css', '@mantine/dates/styles.css'];
      const all = building ? [...base, '@mantine/core/styles/global.css'] : base;
      return [...all, '@mantine/notifications/styles.css']
        .filter((file, index, files) => files.indexOf(file) === index)
        .map((file) => `import '${file}';`)
        .join('\n');
    },
    transform(code, id) {
      if (!building) return undefined;
      const component = coreModule.exec(id)?.[1];
      if (component) return { code: `import '@mantine/core/styles/${component}.css';\n${code}` };
      const pkg = packageModule.exec(id)?.[1];
      if (pkg) return { code: `import '@mantine/${pkg}/styles.css';\n${code}` };
      return undefined;
    },
  };
}

/** A build-only plugin that works on the written build, given the folder it was written to. */
function afterBuild(name: string, run: (outDir: string) => Promise<void>): Plugin {
  let outDir = '';
  return {
    name,
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle: () => run(outDir),
  };
}

/**
 * Brotli (quality 11) and gzip (level 9) copies of every text file of the build, next to it
 * (`x.js.br`, `x.js.gz`), made once here rather than on every request: the server's static
 * files plugin sends the copy the browser accepts (decision 023). Files under 1 KB are left
 * alone, as the server leaves small API answers.
 */
function precompress(): Plugin {
  const brotli = promisify(zlib.brotliCompress);
  const gzip = promisify(zlib.gzip);
  const compressible = /\.(?:js|mjs|css|html|svg|json|txt|webmanifest|map)$/;
  return afterBuild('switchboard:precompress', async (outDir) => {
    const files = (await fs.promises.readdir(outDir, { recursive: true, withFileTypes: true }))
      .filter((entry) => entry.isFile() && compressible.test(entry.name))
      .map((entry) => path.join(entry.parentPath, entry.name))
      .filter((file) => !file.includes(`${path.sep}.vite${path.sep}`));
    await Promise.all(
      files.map(async (file) => {
        const bytes = await fs.promises.readFile(file);
        if (bytes.length < 1024) return;
        const [br, gz] = await Promise.all([
          brotli(bytes, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
            },
          }),
          gzip(bytes, { level: 9 }),
        ]);
        await Promise.all([
          fs.promises.writeFile(`${file}.br`, br),
          fs.promises.writeFile(`${file}.gz`, gz),
        ]);
      }),
    );
  });
}

/**
 * The pages people open directly (a bookmark, a link in an e-mail or a notification) that are
 * measured faster with their code and data named in index.html (decision 086): the route
 * modules the router loads for them (their scripts and stylesheets are preloaded) and the API
 * answers their first render waits for. `:name` stands for one path segment, as in the router;
 * an API path may use it too. The call log's code is preloaded at a low priority: at the
 * browser's default it queued ahead of the entry's own files over the six connections and the
 * first paint came later (decisions 086, 090); behind them it arrives without waiting for the
 * entry to run (decision 093).
 */
const FIRST_PAGES: {
  path: string;
  modules: string[];
  fetch: string[];
  /**
   * The answers a business's user's first render asks for once its code has run (the screen's
   * and the shell's queries, as the app writes their URLs): named after the code, and only to a
   * business's user, not to the operator, whose screens ask for others (decision 093).
   */
  businessFetch?: string[];
  /** The code's preloads at a low priority, behind the entry's own files (decision 093). */
  codePriority?: 'low';
}[] = [
  {
    path: '/dashboard',
    modules: ['src/app/layouts/app-layout.tsx', 'src/app/routes/dashboard.tsx'],
    fetch: ['/api/auth/me'],
    businessFetch: [
      '/api/statistics/dashboard',
      '/api/agents',
      '/api/campaigns?limit=5',
      '/api/test-runs',
      '/api/platform/status',
      '/api/notifications?limit=20',
      '/api/enquiries/unread-counts',
    ],
  },
  {
    path: '/agent/:agentId/call-logs',
    modules: ['src/app/layouts/app-layout.tsx', 'src/app/routes/agent/call-logs.tsx'],
    codePriority: 'low',
    fetch: ['/api/auth/me', '/api/agents/:agentId'],
    // The first page of calls as the call log asks for it with no filters (callLogQuery in
    // features/call-logs/api/list-call-logs.ts, CALL_LOG_PAGE_SIZE calls).
    businessFetch: [
      '/api/agents/:agentId/calls?tab=all&page=1&limit=50',
      '/api/platform/status',
      '/api/notifications?limit=20',
      '/api/enquiries/unread-counts',
    ],
  },
];

/**
 * `.vite/first-pages.json`, read by the server (apps/server/src/plugins/spa.ts): for each of
 * FIRST_PAGES, the scripts and stylesheets its route modules import that index.html does not
 * already load, and the API answers it waits for. The server names them in the page it sends
 * (`<link rel="modulepreload">`, `rel="preload"`), so the browser asks for them while it reads
 * the page, rather than once the entry script has run and the router has matched the URL, and
 * the session's answer travels beside the code (decision 086).
 */
function firstPagePreloads(): Plugin {
  type ManifestChunk = { file: string; imports?: string[]; css?: string[]; isEntry?: boolean };
  return afterBuild('switchboard:first-page-preloads', async (outDir) => {
    const manifest = JSON.parse(
      await fs.promises.readFile(path.join(outDir, '.vite', 'manifest.json'), 'utf8'),
    ) as Record<string, ManifestChunk>;
    const closure = (keys: string[]) => {
      const seen = new Set<string>();
      const visit = (key: string) => {
        if (seen.has(key)) return;
        const chunk = manifest[key];
        if (!chunk) throw new Error(`first-page preloads: ${key} is not in the build`);
        seen.add(key);
        for (const imported of chunk.imports ?? []) visit(imported);
      };
      keys.forEach(visit);
      return seen;
    };
    const files = (keys: Set<string>) =>
      [...keys].flatMap((key) => [manifest[key]!.file, ...(manifest[key]!.css ?? [])]);
    // What index.html loads already: the entry, its static imports and their stylesheets.
    const entry = Object.keys(manifest).filter((key) => manifest[key]!.isEntry);
    const loaded = new Set(files(closure(entry)));
    const pages = FIRST_PAGES.map((page) => ({
      path: page.path,
      preload: [...new Set(files(closure(page.modules)))]
        .filter((file) => !loaded.has(file))
        .map((file) => `/${file}`),
      fetch: page.fetch,
      ...(page.businessFetch ? { businessFetch: page.businessFetch } : {}),
      ...(page.codePriority ? { codePriority: page.codePriority } : {}),
    }));
    await fs.promises.writeFile(
      path.join(outDir, '.vite', 'first-pages.json'),
      `${JSON.stringify({ pages }, null, 2)}\n`,
    );
  });
}

/**
 * Mantine's core, its hooks and the components nearly every page renders, kept together in one
 * chunk (with their CSS): split per component they came as dozens of sub-kilobyte files, and on
 * HTTP/1.1 each costs a round trip. The rest of Mantine goes with the routes that use it.
 */
const MANTINE_BASE_COMPONENTS = [
  'ActionIcon',
  'Alert',
  'Anchor',
  'Badge',
  'Box',
  'Button',
  'Card',
  'Center',
  'CloseButton',
  'Container',
  'Group',
  // The text input and what it is built of: sign-in, the shell's search and most screens draw
  // one; as two files of their own they were two more requests on those pages (decision 116).
  'Input',
  'InputBase',
  'Loader',
  'Notification',
  'Paper',
  'Portal',
  'SimpleGrid',
  'Stack',
  'Text',
  'TextInput',
  'ThemeIcon',
  'Title',
  'Transition',
  'UnstyledButton',
];
const mantineBase = new RegExp(
  // The icons too: every page draws some (a file of their own was one more request).
  String.raw`node_modules[\/]@tabler[\/]|` +
    String.raw`node_modules[\/]@mantine[\/](hooks|core[\/]esm[\/](core|utils|components[\/](` +
    MANTINE_BASE_COMPONENTS.join('|') +
    String.raw`)))[\/]`,
);

/**
 * The Mantine pieces the signed-in shell and its common screens render (the user menu, popovers
 * and tooltips with their positioning library, the scroll lock, tables, selects, skeletons), in
 * one chunk: split per component they were some twenty files on every signed-in page, each a
 * round trip and ~0.4 KB of headers for a few hundred bytes of code (decision 075). The
 * public pages render none of them, and text inputs (the sign-in form) stay out.
 */
const MANTINE_APP_COMPONENTS = [
  'Breadcrumbs',
  'Combobox',
  'ComboboxPopover',
  'EmptyState',
  'FocusTrap',
  'List',
  'Menu',
  'Overlay',
  'Pagination',
  'Popover',
  'Progress',
  'ScrollArea',
  'Select',
  'Skeleton',
  'Spoiler',
  'Table',
  'Tooltip',
  'VisuallyHidden',
  'Accordion[\\\\/]AccordionChevron',
  'Checkbox[\\\\/]CheckIcon',
  'Radio[\\\\/]RadioIcon',
];
/** Mantine's modules of the components named, and their stylesheets. */
const mantineComponents = (names: string[]) =>
  String.raw`node_modules[\/]@mantine[\/]core[\/]esm[\/]components[\/](` +
  names.join('|') +
  String.raw`)[\/.]|` +
  // Their stylesheets (mantineStylesPerComponent imports one per component): named here, they
  // are one stylesheet with the chunk; left out, each was a file of its own (on every signed-in
  // page ten requests of under 1 KB).
  String.raw`node_modules[\/]@mantine[\/]core[\/]styles[\/](` +
  names.filter((name) => !name.includes('[')).join('|') +
  String.raw`)\.css$`;
const mantineApp = new RegExp(
  String.raw`node_modules[\/](@floating-ui|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-callback-ref|use-sidecar|get-nonce|tslib)[\/]|` +
    mantineComponents(MANTINE_APP_COMPONENTS),
);

/**
 * The Mantine components signed-in screens render beyond the shell's (the call log's tabs,
 * filters and drawer among them), in one chunk with their stylesheets: split per component
 * they were ten files and ten stylesheets on the call log (decision 090). Neither the public
 * pages nor the dashboard render any of them.
 */
const MANTINE_SCREEN_COMPONENTS = [
  'Autocomplete',
  'Checkbox',
  'CheckboxCard',
  'CheckboxIndicator',
  'Chip',
  'CopyButton',
  'DataList',
  'Divider',
  'Drawer',
  'Mark',
  'Modal',
  'ModalBase',
  'NumberInput',
  'Switch',
  'Tabs',
];
const mantineScreens = new RegExp(
  // The number input's formatting library comes with it.
  String.raw`node_modules[\/]react-number-format[\/]|` +
    mantineComponents(MANTINE_SCREEN_COMPONENTS),
);

/**
 * The signed-in shell (app/layouts/app-layout.tsx) and the small modules it and nearly every
 * signed-in screen share (the session, formatting, query keys, page header, empty and error
 * panels, …) in one chunk: one file each they were some twenty sub-kilobyte requests on every
 * signed-in page, each with its headers (decision 075). What the public pages need of them
 * (the API client, the logo, sign-in's modules) is captured first, as its own chunk, so the
 * landing page does not load the shell.
 */
const webSource = String.raw`apps[\/]web[\/]src[\/]`;
const APP_SHELL_MODULES = [
  'app/layouts/app-layout.tsx',
  'app/layouts/app-navbar.tsx',
  'features/analytics/components/agent-section-links.tsx',
  'features/auth/components/session-gate.tsx',
  'features/auth/components/user-menu.tsx',
  'features/notifications/components/notification-bell.tsx',
  'features/notifications/api/',
  'features/platform/components/platform-badge.tsx',
  'features/platform/api/get-platform-status.ts',
  'features/enquiries/api/get-unread-counts.ts',
  'features/enquiries/api/query-keys.ts',
  'features/agents/api/get-agent.ts',
  'lib/api/list-agents.ts',
  'lib/session-context.ts',
  'lib/use-url-filter.ts',
  'lib/use-is-phone.ts',
  'lib/use-search-params-updater.ts',
  'components/access-denied.tsx',
  'components/data-table.tsx',
  'components/empty-panel.tsx',
  'components/figure.tsx',
  'components/page-header.tsx',
  'components/past-last-page.tsx',
  'components/query-error.tsx',
  'components/table-pagination.tsx',
  'components/table-skeleton.tsx',
  'components/tooltip-on-demand.tsx',
];
const appShell = (id: string) => {
  const file = id.replaceAll('\\', '/');
  if (/packages\/shared\/src\/(countries|fetch-errors|format|page-meta)\.ts$/.test(file)) {
    return true;
  }
  const at = file.indexOf('apps/web/src/');
  if (at < 0) return false;
  const local = file.slice(at + 'apps/web/src/'.length);
  return APP_SHELL_MODULES.some((module) =>
    module.endsWith('/') ? local.startsWith(module) : local === module,
  );
};
const publicShared = new RegExp(
  webSource +
    String.raw`(lib[\/](api-client|redirect-to|form-errors)|components[\/](logo|form-alert|color-scheme-toggle|notice)|features[\/]auth[\/]api[\/])|` +
    String.raw`packages[\/]shared[\/]src[\/](wire-error|error-codes|roles)\.ts$`,
);

/**
 * What the first pages' screens (the dashboard, an agent's call log) share with other signed-in
 * screens, one chunk per first page: their own code (the campaigns' and test runs' pieces, the
 * call drawer, the schemas) and what no vendor chunk holds of Mantine (the date picker and its
 * date library) with its stylesheets. Left to the default splitting, each set of screens
 * sharing a module made a file of its own: the dashboard asked for six files of 1–4 KB beyond
 * its own, the call log for some twenty, each a round trip on one of HTTP/1.1's six
 * connections (decision 090). A screen that shares one of them loads the whole chunk (more
 * bytes for it, in one file). What index.html loads, what a public page reaches and what only
 * the screen itself uses stay where they were; the dashboard comes first, so what it shares
 * with the call log is in its chunk.
 */
const FIRST_PAGE_SCREENS = [
  { screen: 'apps/web/src/app/routes/dashboard.tsx', chunk: 'app-dashboard-shared' },
  { screen: 'apps/web/src/app/routes/agent/call-logs.tsx', chunk: 'app-call-logs-shared' },
];
const publicRoot =
  /apps\/web\/src\/(app\/routes\/(landing|login|create-account|set-password|forgot-password|reset-password|not-found)\.tsx|app\/layouts\/public-layout\.tsx|features\/landing\/)/;
const screenShareable =
  /(apps[\\/]web[\\/]src|packages[\\/]shared[\\/]src|node_modules[\\/](@mantine[\\/](core|dates)|dayjs))[\\/]/;
type ChunkingContext = {
  getModuleInfo(id: string): {
    isEntry: boolean;
    importers: readonly string[];
    dynamicImporters: readonly string[];
  } | null;
};
const datesIndex = /node_modules[\\/]@mantine[\\/]dates[\\/]esm[\\/]index\.mjs$/;
function sharedWithFirstPage(id: string, ctx: ChunkingContext): string | null {
  if (!screenShareable.test(id)) return null;
  // The lazily loaded modules (screens, layouts, dialogs) and the entry that reach this one
  // through static imports.
  const roots = new Set<string>();
  const seen = new Set<string>();
  const walk = (moduleId: string) => {
    if (seen.has(moduleId)) return;
    seen.add(moduleId);
    const info = ctx.getModuleInfo(moduleId);
    if (!info) return;
    if (info.isEntry) roots.add('entry');
    if (info.dynamicImporters.length > 0) roots.add(moduleId.replaceAll('\\', '/'));
    // @mantine/dates's index re-exports every picker: through it, any screen with a date input
    // "reaches" the date-time picker too. Its modules are left to the bundler's own splitting,
    // which follows what each screen imports.
    if (datesIndex.test(moduleId) && id !== moduleId) return;
    info.importers.forEach(walk);
  };
  walk(id);
  const reached = [...roots];
  if (reached.length < 2 || roots.has('entry') || reached.some((root) => publicRoot.test(root))) {
    return null;
  }
  const page = FIRST_PAGE_SCREENS.find(({ screen }) =>
    reached.some((root) => root.endsWith(screen)),
  );
  return page?.chunk ?? null;
}

export default defineConfig({
  plugins: [react(), mantineStylesPerComponent(), firstPagePreloads(), precompress()],
  resolve: {
    alias: [
      {
        // The call client @vapi-ai/web drives: real daily-js in live mode, the sandbox's call
        // object in sandbox mode, chosen at run time (features/web-call/call-client, decision 011).
        find: /^@daily-co\/daily-js$/,
        replacement: fileURLToPath(
          new URL('./src/features/web-call/call-client/daily-switch.ts', import.meta.url),
        ),
      },
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: which chunks and stylesheets each route module needs, read by
    // bench/bundle-size.ts. The server does not serve dot-directories.
    manifest: true,
    // Each route module is its own chunk, named after its file (assets/login-<hash>.js, ...).
    // React, the query client, Mantine's base and the icons, which nearly every page runs, are
    // vendor chunks that stay cached across deploys of app code. The rest of Mantine, the forms
    // and the charts are not grouped: each module goes with the routes that use it, so a page
    // loads only its own components (one Mantine chunk held every component and its CSS for
    // every page, one forms chunk came with the landing page; decision 023).
    rolldownOptions: {
      // Rolldown's default moves modules that several lazy routes share into the entry chunk
      // (the entry imports every route, so it is "always loaded first"): the app shell's and
      // the forms' Mantine components ended up on the landing page. Shared modules stay in
      // their own chunks, loaded by the routes that need them.
      experimental: { chunkOptimization: { mergeCommonChunks: false } },
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'vendor-react',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack)[\\/]/,
              priority: 4,
            },
            // zod's schemas and its two small helpers (`iso`, `coerce`) one file, not three.
            { name: 'vendor-zod', test: /node_modules[\\/]zod[\\/]/, priority: 2 },
            { name: 'vendor-mantine-base', test: mantineBase, priority: 2 },
            {
              name: 'app-public',
              test: publicShared,
              priority: 1,
              includeDependenciesRecursively: false,
            },
            {
              name: 'app-shell',
              test: appShell,
              priority: 1,
              includeDependenciesRecursively: false,
            },
            {
              name: 'vendor-mantine-app',
              test: mantineApp,
              priority: 2,
              // Only the modules named: a Select's input stays with the sign-in form's inputs.
              includeDependenciesRecursively: false,
            },
            {
              name: sharedWithFirstPage,
              priority: 0,
              includeDependenciesRecursively: false,
            },
            {
              name: 'vendor-mantine-screens',
              test: mantineScreens,
              priority: 2,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
  preview: {
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
});
