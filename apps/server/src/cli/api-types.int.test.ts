import fs from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { appForSuite, oneDatabase, type DatabaseTarget } from '../test/test-app';
import { API_TYPES_FILE, apiTypesSource } from './api-types';

describe.each(oneDatabase)('the web app’s generated API types on %s', (target: DatabaseTarget) => {
  const ctx = appForSuite(target, {}, async (app) => {
    await app.ready();
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
