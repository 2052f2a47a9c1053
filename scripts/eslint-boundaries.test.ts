import { readdirSync } from 'node:fs';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { webBoundaries } from '../eslint.config.js';

const root = `${import.meta.dirname}/..`;
const web = 'apps/web/src';

// Only the boundaries block (no type information): a snippet lints in milliseconds. The imported
// paths are real files, since the rule judges where an import resolves.
const eslint = new ESLint({
  cwd: root,
  overrideConfigFile: true,
  overrideConfig: [{ languageOptions: { parser: tseslint.parser } }, webBoundaries],
});

async function boundaryErrors(filePath: string, specifier: string): Promise<string[]> {
  const [result] = await eslint.lintText(
    `import * as imported from '${specifier}';\nvoid imported;\n`,
    {
      filePath: `${root}/${filePath}`,
    },
  );
  expect(
    result?.messages.filter((message) => message.ruleId !== 'import-x/no-restricted-paths'),
  ).toEqual([]);
  return (result?.messages ?? []).map((message) => message.message);
}

const featureReason = (feature: string) =>
  `features/${feature} may not import another feature: move what both need to components/ or lib/, or compose them in app/.`;
const sharedReason =
  'components/ and lib/ are shared by every feature: they may not import features/ or app/.';
const appReason = 'app/ composes features; a feature may not import app/.';
const refused = (specifier: string, reason: string) =>
  `Unexpected path "${specifier}" imported in restricted zone. ${reason}`;

/** A file of the feature, to import (any file will do: the rule looks at its folder). */
function someFileOf(feature: string): string {
  const folder = `${root}/${web}/features/${feature}`;
  const file = readdirSync(folder, { recursive: true, encoding: 'utf8' }).find((name) =>
    /(?<!\.test)\.tsx?$/.test(name),
  );
  if (!file) throw new Error(`features/${feature} has no source file`);
  return `${feature}/${file.replace(/\.tsx?$/, '')}`;
}

describe('web boundaries (import-x/no-restricted-paths)', () => {
  it('refuses a feature importing another feature', async () => {
    const specifier = '../../agents/api/create-agent';
    expect(
      await boundaryErrors(`${web}/features/squads/components/snippet.tsx`, specifier),
    ).toEqual([refused(specifier, featureReason('squads'))]);
  });

  it('lets a feature import itself, components/ and lib/', async () => {
    const file = `${web}/features/squads/components/snippet.tsx`;
    expect(await boundaryErrors(file, '../api/squads')).toEqual([]);
    expect(await boundaryErrors(file, '../../../lib/api/list-agents')).toEqual([]);
    expect(await boundaryErrors(file, '../../../components/resource-table')).toEqual([]);
  });

  it('covers every feature folder', async () => {
    const features = readdirSync(`${root}/${web}/features`);
    expect(features.length).toBeGreaterThan(10);
    for (const [index, feature] of features.entries()) {
      const specifier = `../${someFileOf(features[(index + 1) % features.length] ?? '')}`;
      expect(await boundaryErrors(`${web}/features/${feature}/snippet.ts`, specifier)).toEqual([
        refused(specifier, featureReason(feature)),
      ]);
    }
  });

  it('refuses components/ and lib/ importing features/ or app/', async () => {
    const fromComponents = '../features/agents/api/create-agent';
    expect(await boundaryErrors(`${web}/components/snippet.tsx`, fromComponents)).toEqual([
      refused(fromComponents, sharedReason),
    ]);
    expect(await boundaryErrors(`${web}/lib/api/snippet.ts`, '../../app/router')).toEqual([
      refused('../../app/router', sharedReason),
    ]);
    expect(await boundaryErrors(`${web}/components/snippet.tsx`, '../lib/api-client')).toEqual([]);
  });

  it('refuses a feature importing app/, and lets app/ compose features', async () => {
    expect(await boundaryErrors(`${web}/features/agents/snippet.ts`, '../../app/router')).toEqual([
      refused('../../app/router', appReason),
    ]);
    const fromApp = '../../features/agents/api/create-agent';
    expect(await boundaryErrors(`${web}/app/layouts/snippet.tsx`, fromApp)).toEqual([]);
  });
});
