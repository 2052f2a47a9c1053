import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { serverBoundaries } from '../eslint.config.js';

const root = `${import.meta.dirname}/..`;
const server = 'apps/server/src';

// Only the server's blocks (no type information): a snippet lints in milliseconds. The imported
// paths are real files, since both rules judge where an import resolves.
const eslint = new ESLint({
  cwd: root,
  overrideConfigFile: true,
  overrideConfig: [{ languageOptions: { parser: tseslint.parser } }, ...serverBoundaries],
});

async function messages(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}/${filePath}` });
  return (result?.messages ?? []).map((message) => `${message.ruleId}: ${message.message}`);
}

const importing = (specifier: string) =>
  `import * as imported from '${specifier}';\nvoid imported;\n`;

const refused = (specifier: string, reason: string) =>
  `import-x/no-restricted-paths: Unexpected path "${specifier}" imported in restricted zone. ${reason}`;
const pluginsReason =
  'plugins/ is the composition root: a module may not import it. What modules share lives in http/, platform/, db/ or lib/.';
const lowerReason =
  'lib/, db/, http/ and platform/ are below every module: they may not import modules/, plugins/ or the composition (app.ts, start-server.ts). Pass what they need in.';
const libReason = 'lib/ is the bottom layer: it may not import db/, http/ or platform/.';

describe('server layers (import-x/no-restricted-paths)', () => {
  it('refuses a module importing plugins/, and lets it import the lower layers', async () => {
    const file = `${server}/modules/calls/snippet.ts`;
    expect(await messages(file, importing('../../plugins/modules.plugin'))).toEqual([
      refused('../../plugins/modules.plugin', pluginsReason),
    ]);
    for (const lower of [
      '../../http/auth',
      '../../platform/platform-client',
      '../../db/client',
      '../../lib/app-error',
      '../agents/agent-scope',
    ])
      expect(await messages(file, importing(lower))).toEqual([]);
  });

  it('refuses the lower layers importing a module, a plugin or the composition', async () => {
    expect(
      await messages(`${server}/http/snippet.ts`, importing('../modules/calls/calls.service')),
    ).toEqual([refused('../modules/calls/calls.service', lowerReason)]);
    expect(
      await messages(`${server}/platform/snippet.ts`, importing('../plugins/jobs.plugin')),
    ).toEqual([refused('../plugins/jobs.plugin', lowerReason)]);
    expect(await messages(`${server}/db/snippet.ts`, importing('../app'))).toEqual([
      refused('../app', lowerReason),
    ]);
  });

  it('refuses lib/ importing the other lower layers', async () => {
    expect(await messages(`${server}/lib/snippet.ts`, importing('../http/answer-cache'))).toEqual([
      refused('../http/answer-cache', libReason),
    ]);
  });

  it('leaves tests free to reach any layer', async () => {
    expect(
      await messages(
        `${server}/http/snippet.int.test.ts`,
        importing('../modules/auth/demo-accounts'),
      ),
    ).toEqual([]);
  });
});

describe('server cycles (local/no-cycle-with-types)', () => {
  // agent-health.ts imports managed-tools.ts for a type only: import-x/no-cycle would let
  // managed-tools.ts import agent-health.ts back, as it once did.
  const file = `${server}/modules/agents/managed-tools.ts`;

  it('refuses a cycle closed by a type import', async () => {
    expect(
      await messages(file, "import type { agentHealth } from './agent-health';\nexport {};\n"),
    ).toEqual([
      `local/no-cycle-with-types: Import cycle (type imports count): ${file} → ${server}/modules/agents/agent-health.ts → ${file}. Move the shared piece down a layer, or pass it in.`,
    ]);
  });

  it('lets a file import what does not import it back', async () => {
    expect(
      await messages(file, "import type { OurServer } from './assistant-settings';\nexport {};\n"),
    ).toEqual([]);
  });
});
