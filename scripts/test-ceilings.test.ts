import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Decision 055: each test project has one set of ceilings (vitest.config.ts) and no test file
// raises its own; nothing asserts how long something took by the test's own stopwatch. This
// reads every test file and names each place that does either.

const root = path.resolve(import.meta.dirname, '..');
type Kind = 'unit' | 'web' | 'int' | 'e2e';

/** The ceilings of vitest.config.ts, per project: a test or hook, and a wait (poll, finder). */
const CEILINGS: Record<Kind, { test: number; wait: number }> = {
  unit: { test: 15_000, wait: 1_000 },
  web: { test: 15_000, wait: 5_000 },
  int: { test: 60_000, wait: 20_000 },
  e2e: { test: 60_000, wait: 20_000 },
};

function kindOf(file: string): Kind {
  if (file.endsWith('.spec.ts')) return 'e2e';
  if (file.endsWith('.int.test.ts')) return 'int';
  return file.endsWith('.tsx') ? 'web' : 'unit';
}

function testFiles(): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name === 'dist') continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.(test|spec)\.tsx?$/.test(entry.name) && full !== import.meta.filename)
        found.push(path.relative(root, full));
    }
  };
  for (const dir of ['apps', 'packages', 'e2e', 'scripts']) walk(path.join(root, dir));
  return found;
}

const milliseconds = (digits: string) => Number(digits.replaceAll('_', ''));

/** Each place in `source` that raises a ceiling or times itself, as "line: what". */
export function findRaises(source: string, kind: Kind): string[] {
  const { test, wait } = CEILINGS[kind];
  const found: string[] = [];
  source.split('\n').forEach((line, index) => {
    const at = `${index + 1}: ${line.trim()}`;
    // `}, 90_000);` closing a test or hook, or `it('…', { timeout: 90_000 }, …)`.
    for (const match of line.matchAll(/\}\s*,\s*(\d[\d_]*)\s*\)/g))
      if (milliseconds(match[1]!) > test) found.push(at);
    for (const match of line.matchAll(/\btimeout:\s*(\d[\d_]*)/g))
      if (milliseconds(match[1]!) > wait) found.push(at);
    if (/(Date|performance)\.now\(\)\s*-\s*\w+\)\s*\.toBeLessThan/.test(line)) found.push(at);
  });
  return found;
}

describe('test ceilings (decision 055)', () => {
  it('finds the ways a file raises a ceiling or times itself', () => {
    const source = [
      "it('a', async () => {",
      '}, 90_000);',
      "it('b', { timeout: 120_000 }, async () => {});",
      'await expect.poll(() => x(), { timeout: 30_000 }).toBe(1);',
      'await expect.poll(() => x(), { timeout: 5_000 }).toBe(1);',
      'expect(Date.now() - startedAt).toBeLessThan(20_000);',
      '}, 10_000);',
    ].join('\n');
    expect(findRaises(source, 'e2e').map((line) => line.split(':')[0])).toEqual([
      '2',
      '3',
      '4',
      '6',
    ]);
    expect(findRaises(source, 'unit').map((line) => line.split(':')[0])).toEqual([
      '2',
      '3',
      '4',
      '5',
      '6',
    ]);
  });

  it('no test file raises its project’s ceilings or asserts on a stopwatch', () => {
    const raises = testFiles().flatMap((file) =>
      findRaises(fs.readFileSync(path.join(root, file), 'utf8'), kindOf(file)).map(
        (line) => `${file}:${line}`,
      ),
    );
    expect(raises).toEqual([]);
  });
});
