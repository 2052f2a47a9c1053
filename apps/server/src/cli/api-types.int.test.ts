import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, oneDatabase, type DatabaseTarget } from '../test/test-app';
import { API_TYPES_FILE, apiTypesSource } from './api-types';

describe.each(oneDatabase)('the web app’s generated API types on %s', (target: DatabaseTarget) => {
  let ctx: Awaited<ReturnType<typeof buildTestApp>>;

  beforeAll(async () => {
    ctx = await buildTestApp(target);
    await ctx.app.ready();
  });

  afterAll(async () => {
    await ctx?.close();
  });

  it('are what `npm run api:generate` writes from the routes now', async () => {
    const checkedIn = await fs.readFile(API_TYPES_FILE, 'utf8');
    const current = await apiTypesSource(ctx.app);
    // Not toBe: a diff of two 300 KB strings says less than the command that makes them equal.
    expect(
      checkedIn === current,
      'apps/web/src/lib/api/schema.gen.ts is out of date: run `npm run api:generate`',
    ).toBe(true);
  });
});
