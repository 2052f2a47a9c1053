import fs from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import {
  PLATFORM_DOCUMENT_FILE,
  PLATFORM_TYPES_FILE,
  platformSubset,
  platformTypesSource,
} from './platform-types';

describe('the platform client’s generated types', () => {
  it('are what `npm run platform:generate` writes from the platform’s document now', async () => {
    const checkedIn = await fs.readFile(PLATFORM_TYPES_FILE, 'utf8');
    const current = await platformTypesSource(await fs.readFile(PLATFORM_DOCUMENT_FILE, 'utf8'));
    expect(
      checkedIn === current,
      'apps/server/src/platform/platform-api.gen.ts is out of date: run `npm run platform:generate`',
    ).toBe(true);
  });

  it('keep only the paths the server asks and the schemas they reach', async () => {
    const document = JSON.parse(await fs.readFile(PLATFORM_DOCUMENT_FILE, 'utf8')) as Parameters<
      typeof platformSubset
    >[0];
    const subset = platformSubset(document);
    expect(Object.keys(subset.paths)).toEqual([
      '/call/web',
      '/call/{id}/call-logs',
      '/call/{id}/mono-recording',
      '/credential',
      '/credential/{id}',
    ]);
    expect(Object.keys(subset.components.schemas)).toContain('ClientInboundMessage');
    expect(Object.keys(subset.components.schemas)).not.toContain('CreateAssistantDTO');
  });

  it('refuse to supplement a path the document has come to describe', async () => {
    const document = JSON.parse(await fs.readFile(PLATFORM_DOCUMENT_FILE, 'utf8')) as Parameters<
      typeof platformSubset
    >[0];
    document.paths['/credential'] = { post: {} };
    expect(() => platformSubset(document)).toThrow(/in the document now/);
  });
});
