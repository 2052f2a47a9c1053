import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COMPILE_CACHE_DIR, enableBundleCompileCache } from './compile-cache';

describe('enableBundleCompileCache', () => {
  let bundle: string;
  let entryUrl: string;

  beforeEach(() => {
    bundle = fs.mkdtempSync(path.join(os.tmpdir(), 'switchboard-bundle-'));
    entryUrl = pathToFileURL(path.join(bundle, 'main.js')).href;
  });
  afterEach(() => fs.rmSync(bundle, { recursive: true, force: true }));

  const enabling = () => vi.fn((directory?: string) => ({ directory: directory ?? '/from/env' }));

  it('reads the cache the build made beside the bundle entry', () => {
    fs.mkdirSync(path.join(bundle, COMPILE_CACHE_DIR));
    const enable = enabling();
    expect(enableBundleCompileCache(entryUrl, { enable, env: {} })).toBe(
      path.join(bundle, COMPILE_CACHE_DIR),
    );
    expect(enable).toHaveBeenCalledWith(path.join(bundle, COMPILE_CACHE_DIR));
  });

  it('turns nothing on where the build made no cache (the sources run by tsx)', () => {
    const enable = enabling();
    expect(enableBundleCompileCache(entryUrl, { enable, env: {} })).toBeUndefined();
    expect(enable).not.toHaveBeenCalled();
  });

  it('turns nothing on on a Node.js without the compile cache (20)', () => {
    fs.mkdirSync(path.join(bundle, COMPILE_CACHE_DIR));
    expect(enableBundleCompileCache(entryUrl, { enable: undefined, env: {} })).toBeUndefined();
  });

  it('leaves the directory to NODE_COMPILE_CACHE when it is set', () => {
    fs.mkdirSync(path.join(bundle, COMPILE_CACHE_DIR));
    const enable = enabling();
    expect(
      enableBundleCompileCache(entryUrl, { enable, env: { NODE_COMPILE_CACHE: '/elsewhere' } }),
    ).toBe('/from/env');
    expect(enable).toHaveBeenCalledWith();
  });
});
