import { describe, expect, it } from 'vitest';
import { decodeStream, decodeWindows1252, detectEncoding, isUtf8Stream } from './decode';

async function collect(chunks: Buffer[], encoding: Parameters<typeof decodeStream>[1]) {
  async function* source() {
    yield* chunks;
  }
  let text = '';
  for await (const part of decodeStream(source(), encoding)) text += part;
  return text;
}

describe('detectEncoding', () => {
  it('reads UTF-8 with and without a BOM', () => {
    const text = Buffer.from('name,phone\nZoë,+353871234567\n', 'utf8');
    expect(detectEncoding(text, true)).toEqual({ kind: 'text', encoding: 'utf-8' });
    expect(detectEncoding(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), text]), true)).toEqual({
      kind: 'text',
      encoding: 'utf-8',
    });
  });

  it('takes bytes that are not UTF-8 but look like Western text as windows-1252', () => {
    const latin1 = Buffer.from('name\nMüller\nFrançois\n', 'latin1');
    expect(detectEncoding(latin1, true)).toEqual({ kind: 'text', encoding: 'windows-1252' });
  });

  it('does not hold a multi-byte character cut at the end of a partial sample against UTF-8', () => {
    const cut = Buffer.from('name\nZoë', 'utf8').subarray(0, -1);
    expect(detectEncoding(cut, false)).toEqual({ kind: 'text', encoding: 'utf-8' });
  });

  it('recognises UTF-16 by its BOM', () => {
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('a,b', 'utf16le')]);
    expect(detectEncoding(le, true)).toEqual({ kind: 'text', encoding: 'utf-16le' });
    expect(detectEncoding(Buffer.from([0xfe, 0xff, 0, 0x61]), true)).toEqual({
      kind: 'text',
      encoding: 'utf-16be',
    });
  });

  it('calls UTF-16 without a BOM and Cyrillic windows-1251 a wrong encoding, not binary', () => {
    expect(detectEncoding(Buffer.from('name,phone\nAnn,1\n', 'utf16le'), true)).toEqual({
      kind: 'wrong-encoding',
    });
    // "Иванов Сергей" in windows-1251
    const cyrillic = Buffer.from([
      0xc8, 0xe2, 0xe0, 0xed, 0xee, 0xe2, 0x20, 0xd1, 0xe5, 0xf0, 0xe3, 0xe5, 0xe9, 0x2c, 0x31,
    ]);
    expect(detectEncoding(cyrillic, true)).toEqual({ kind: 'wrong-encoding' });
  });

  it('takes text with a stray NUL as text; NUL-filled bytes stay binary', () => {
    const text = `Name,Phone\n${'Ann Other,+353871234567\n'.repeat(10)}Nu\u0000la,+353871234568\n`;
    expect(detectEncoding(Buffer.from(text), true)).toEqual({ kind: 'text', encoding: 'utf-8' });
    const nuls = Buffer.concat([Buffer.from('Name,Phone\n'), Buffer.alloc(64)]);
    expect(detectEncoding(nuls, true)).toEqual({ kind: 'binary' });
  });

  it('calls random bytes binary', () => {
    const random = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919 + 13) % 256));
    expect(detectEncoding(random, true)).toEqual({ kind: 'binary' });
  });
});

describe('decodeStream', () => {
  it('decodes windows-1252 including the 0x80–0x9F range Node maps to control characters', () => {
    expect(decodeWindows1252(Buffer.from([0x80, 0x20, 0x93, 0x61, 0x94, 0x20, 0xe9]))).toBe(
      '€ “a” é',
    );
  });

  it('keeps a UTF-8 character split across chunks and drops the BOM', async () => {
    const bytes = Buffer.from('\uFEFFname\nZoë Ó Sé\n', 'utf8');
    const chunks = Array.from(bytes, (b) => Buffer.from([b])); // one byte at a time
    expect(await collect(chunks, 'utf-8')).toBe('name\nZoë Ó Sé\n');
  });

  it('decodes UTF-16LE and UTF-16BE with their BOMs', async () => {
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Müller,1', 'utf16le')]);
    expect(await collect([le.subarray(0, 5), le.subarray(5)], 'utf-16le')).toBe('Müller,1');
    const be = Buffer.from(le);
    be.swap16();
    expect(await collect([be], 'utf-16be')).toBe('Müller,1');
  });
});

describe('isUtf8Stream', () => {
  it('finds an invalid byte far from the start', async () => {
    async function* chunks(bad: boolean) {
      yield Buffer.from('a'.repeat(100_000));
      yield Buffer.from(bad ? [0x4d, 0xfc, 0x6c] : [0x4d, 0xc3, 0xbc, 0x6c]);
    }
    expect(await isUtf8Stream(chunks(false))).toBe(true);
    expect(await isUtf8Stream(chunks(true))).toBe(false);
  });
});
