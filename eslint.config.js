// One flat config for every workspace: typescript-eslint's recommended rules (its type-aware
// ones run in oxlint, .oxlintrc.json),
// react-hooks and jsx-a11y's recommended rules for the web app, import cycles refused
// everywhere (in the server type imports count too), and the boundaries of the web app
// (decision 042) and of the server's layers (decision 077).
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import { localRules } from './eslint-rules/no-cycle-with-types.js';

// TypeScript files first: the node resolver's defaults know only JavaScript, and an import it
// cannot resolve is silently passed over by no-cycle and no-restricted-paths alike.
const resolver = createNodeResolver({ extensions: ['.ts', '.tsx', '.mjs', '.js', '.json'] });

const webSrc = 'apps/web/src';
const webFeatures = readdirSync(`${import.meta.dirname}/${webSrc}/features`, {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * An import-x/no-restricted-paths block: `zones` (paths from the repository root) over `files`.
 * @param {{ files: string[], ignores?: string[], zones: object[] }} block
 * @returns {import('eslint').Linter.Config}
 */
function restrictedPaths({ zones, ...block }) {
  return {
    ...block,
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [resolver] },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones }],
    },
  };
}

/**
 * The web app's one direction (STYLE "Boundaries in lint", as bulletproof-react does it):
 * app/ composes features; a feature imports no other feature and not app/; components/ and
 * lib/ (shared by all) import neither. One zone per feature folder, read from the disk, so a new
 * feature is covered the day it is made. Paths are from the repository root.
 * @type {import('eslint').Linter.Config}
 */
export const webBoundaries = restrictedPaths({
  files: [`${webSrc}/**/*.{ts,tsx}`],
  zones: [
    ...webFeatures.map((feature) => ({
      target: `${webSrc}/features/${feature}`,
      from: `${webSrc}/features`,
      except: [`./${feature}`],
      message: `features/${feature} may not import another feature: move what both need to components/ or lib/, or compose them in app/.`,
    })),
    {
      target: [`${webSrc}/components`, `${webSrc}/lib`],
      from: [`${webSrc}/features`, `${webSrc}/app`],
      message:
        'components/ and lib/ are shared by every feature: they may not import features/ or app/.',
    },
    {
      target: `${webSrc}/features`,
      from: `${webSrc}/app`,
      message: 'app/ composes features; a feature may not import app/.',
    },
  ],
});

const serverSrc = 'apps/server/src';
const serverLower = ['lib', 'db', 'http', 'platform'].map((dir) => `${serverSrc}/${dir}`);
const serverUpper = [
  `${serverSrc}/modules`,
  `${serverSrc}/plugins`,
  `${serverSrc}/cli`,
  `${serverSrc}/app.ts`,
  `${serverSrc}/start-server.ts`,
  `${serverSrc}/main.ts`,
];

/**
 * The server's one direction (decision 077): app.ts and plugins/ compose; modules/ hold the
 * features; http/ (guards, error answers, rate limits, hooks), platform/ (the voice platform's
 * client), db/ and lib/ are below every module. A module may not import plugins/; the lower
 * layers import no module, no plugin and no composition file; lib/ imports none of the others.
 * Tests and test/ are entries, as the app is, and may reach any layer. Cycles are refused with
 * type imports counted (eslint-rules/no-cycle-with-types.js), over the server and its tests.
 * @type {import('eslint').Linter.Config[]}
 */
export const serverBoundaries = [
  restrictedPaths({
    files: [`${serverSrc}/**/*.ts`],
    ignores: [`${serverSrc}/**/*.test.ts`, `${serverSrc}/test/**`],
    zones: [
      {
        target: `${serverSrc}/modules`,
        from: `${serverSrc}/plugins`,
        message:
          'plugins/ is the composition root: a module may not import it. What modules share lives in http/, platform/, db/ or lib/.',
      },
      {
        target: serverLower,
        from: serverUpper,
        message:
          'lib/, db/, http/ and platform/ are below every module: they may not import modules/, plugins/ or the composition (app.ts, start-server.ts). Pass what they need in.',
      },
      {
        target: `${serverSrc}/lib`,
        from: serverLower.filter((dir) => !dir.endsWith('/lib')),
        message: 'lib/ is the bottom layer: it may not import db/, http/ or platform/.',
      },
    ],
  }),
  {
    files: [`${serverSrc}/**/*.ts`],
    plugins: { local: localRules },
    rules: { 'local/no-cycle-with-types': ['error', { roots: [serverSrc] }] },
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/data/**',
      'apps/server/src/db/migrations/**',
      // Generated from the OpenAPI document (decision 079): typechecked, and kept current by
      // api-types.int.test.ts; the document's `'' | string` unions are its schemas' own words.
      'apps/web/src/lib/api/schema.gen.ts',
      // Generated from the platform's document (decision 083), kept current by
      // cli/platform-types.test.ts.
      'apps/server/src/platform/platform-api.gen.ts',
      'coverage/**',
    ],
  },
  js.configs.recommended,
  // The type-aware rules (recommendedTypeChecked's) run in oxlint's type-aware mode, on the
  // native TypeScript compiler (.oxlintrc.json, decision 087): ESLint parses without types.
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { ...globals.node },
    },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [resolver],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
    languageOptions: {
      globals: { ...globals.browser },
    },
  },
  {
    // One date format in the business's zone (decision 027): dates go through
    // @switchboard/shared/format, never the browser's locale or zone.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'CallExpression[callee.property.name=/^toLocale(Date|Time)String$/]',
          message:
            'Format dates with formatDateTime/formatDate from @switchboard/shared/format, in the business’s time zone.',
        },
        {
          selector: 'CallExpression[callee.property.name="toLocaleString"][arguments.length=0]',
          message:
            'toLocaleString() uses the browser’s locale and zone: use @switchboard/shared/format (dates) or pass "en-US" (numbers).',
        },
        {
          selector:
            'NewExpression[callee.object.name="Intl"][callee.property.name="DateTimeFormat"] > Identifier[name="undefined"]',
          message:
            'A date format in the browser’s locale: use formatDateTime/formatDate from @switchboard/shared/format.',
        },
      ],
    },
  },
  webBoundaries,
  ...serverBoundaries,
  {
    files: ['apps/web/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
  },
  prettier,
);
