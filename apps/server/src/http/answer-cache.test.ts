import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { AnswerCache, acceptedEncoding } from './answer-cache';

describe('the answer cache', () => {
  it('answers an entry only under the stamp it was computed under', () => {
    const cache = new AnswerCache(10_000);
    cache.set('a', 'v1', '{"n":1}');
    expect(cache.get('a', 'v1')?.json).toBe('{"n":1}');
    expect(cache.get('a', 'v2')).toBeUndefined();
    // The next fill replaces it.
    cache.set('a', 'v2', '{"n":2}');
    expect(cache.get('a', 'v1')).toBeUndefined();
    expect(cache.get('a', 'v2')?.json).toBe('{"n":2}');
    expect(cache.size).toBe(1);
  });

  it('keeps its bytes under the cap, the least recently used out first', () => {
    const body = (n: number) => JSON.stringify({ n, pad: 'x'.repeat(990) });
    const cache = new AnswerCache(3_100);
    cache.set('a', 's', body(1));
    cache.set('b', 's', body(2));
    cache.set('c', 's', body(3));
    expect(cache.size).toBe(3);
    cache.get('a', 's'); // a is now the most recently used
    cache.set('d', 's', body(4));
    expect(cache.usedBytes).toBeLessThanOrEqual(3_100);
    expect(cache.get('b', 's')).toBeUndefined();
    expect(cache.get('a', 's')?.json).toBe(body(1));
    expect(cache.get('d', 's')?.json).toBe(body(4));
    // A compressed copy counts too, and may push the oldest out.
    const entry = cache.get('c', 's')!;
    const before = cache.usedBytes;
    const br = cache.compressed(entry, 'br');
    expect(brotliDecompressSync(br).toString()).toBe(body(3));
    expect(gunzipSync(cache.compressed(entry, 'gzip')).toString()).toBe(body(3));
    expect(cache.usedBytes).toBeLessThanOrEqual(Math.max(3_100, before));
    // An answer bigger than the whole cache is sent but not kept.
    const huge = cache.set('huge', 's', 'y'.repeat(5_000));
    expect(huge.json.length).toBe(5_000);
    expect(cache.get('huge', 's')).toBeUndefined();
  });

  it('picks brotli, else gzip, as the client accepts', () => {
    expect(acceptedEncoding(undefined)).toBeNull();
    expect(acceptedEncoding('gzip, deflate, br')).toBe('br');
    expect(acceptedEncoding('gzip')).toBe('gzip');
    expect(acceptedEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(acceptedEncoding('identity')).toBeNull();
    expect(acceptedEncoding('*')).toBe('br');
  });
});
