// import-x/no-cycle skips `import type` (it looks for cycles a program runs into), so a cycle
// closed by a type import passes it: calls → campaigns → contacts → calls did (issue 39). This
// rule counts every import, type-only, re-export and dynamic alike, because a type import ties
// two files together as much as any: neither can move down a layer without the other. Decision 077.
//
// Each file's imports are read with TypeScript's preProcessFile (no type checking) and kept
// while the file's mtime stands; only relative specifiers are followed, and only inside the
// folders the rule is given (`roots`), so packages and other workspaces are left to import-x.
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** @type {Map<string, { mtimeMs: number; imports: string[] }>} */
const importsCache = new Map();

/** The file a relative specifier names (TypeScript's own resolution for our sources), or null. */
function resolveRelative(fromFile, specifier) {
  if (!specifier.startsWith('./') && !specifier.startsWith('../')) return null;
  const base = path.resolve(path.dirname(fromFile), specifier);
  const candidates = [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    base.replace(/\.js$/, '.ts'),
    path.join(base, 'index.ts'),
  ];
  for (const candidate of candidates) {
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // not this one
    }
  }
  return null;
}

/** Every file `file` imports, by relative specifier, whatever kind of import. */
function importsOf(file) {
  let mtimeMs;
  try {
    mtimeMs = statSync(file).mtimeMs;
  } catch {
    return [];
  }
  const cached = importsCache.get(file);
  if (cached && cached.mtimeMs === mtimeMs) return cached.imports;
  const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  const imports = importedFiles
    .map((entry) => resolveRelative(file, entry.fileName))
    .filter((resolved) => resolved !== null);
  importsCache.set(file, { mtimeMs, imports });
  return imports;
}

/** The shortest chain of imports from `start` back to `target` within `inside`, or null. */
function pathBack(start, target, inside) {
  const previous = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const file = queue.shift();
    for (const next of importsOf(file)) {
      if (!inside(next) || previous.has(next)) continue;
      previous.set(next, file);
      if (next === target) {
        const chain = [];
        for (let at = next; at !== null; at = previous.get(at)) chain.unshift(at);
        return chain;
      }
      queue.push(next);
    }
  }
  return null;
}

/** @type {import('eslint').Rule.RuleModule} */
const noCycleWithTypes = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid import cycles, type-only imports included.' },
    schema: [
      {
        type: 'object',
        properties: { roots: { type: 'array', items: { type: 'string' } } },
        required: ['roots'],
        additionalProperties: false,
      },
    ],
    messages: {
      cycle:
        'Import cycle (type imports count): {{chain}}. Move the shared piece down a layer, or pass it in.',
    },
  },
  create(context) {
    const roots = context.options[0].roots.map((root) => path.resolve(context.cwd, root));
    const inside = (file) => roots.some((root) => file.startsWith(root + path.sep));
    const filename = context.physicalFilename;
    if (!inside(filename)) return {};
    const display = (file) => path.relative(context.cwd, file);

    function check(node) {
      const source = node.source;
      if (!source || typeof source.value !== 'string') return;
      const target = resolveRelative(filename, source.value);
      if (target === null || target === filename || !inside(target)) return;
      const chain = pathBack(target, filename, inside);
      if (chain === null) return;
      context.report({
        node: source,
        messageId: 'cycle',
        data: { chain: [filename, ...chain].map(display).join(' → ') },
      });
    }

    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export const localRules = { rules: { 'no-cycle-with-types': noCycleWithTypes } };
