import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { decodeWindows1252 } from './decode';
import { encodeText, encodeWindows1252, textEncodingOf } from './encode';

async function encodeAll(chunks: string[], encoding: Parameters<typeof encodeText>[0]) {
  const out: Buffer[] = [];
  for await (const chunk of Readable.from(chunks).pipe(
    encodeText(encoding),
  ) as AsyncIterable<Buffer>)
    out.push(chunk);
  return Buffer.concat(out);
}

describe('encodeText', () => {
  it('writes each encoding with its byte order mark, as the file came', async () => {
    expect([...(await encodeAll(['é'], 'utf-8'))]).toEqual([0xef, 0xbb, 0xbf, 0xc3, 0xa9]);
    expect([...(await encodeAll(['é'], 'utf-16le'))]).toEqual([0xff, 0xfe, 0xe9, 0x00]);
    expect([...(await encodeAll(['é'], 'utf-16be'))]).toEqual([0xfe, 0xff, 0x00, 0xe9]);
    expect([...(await encodeAll(['é', '€'], 'windows-1252'))]).toEqual([0xe9, 0x80]);
  });

  it('round-trips Windows-1252, and writes "?" for what the code page lacks', () => {
    const text = 'Zoë Müller – 5 € “quoted”';
    expect(decodeWindows1252(encodeWindows1252(text))).toBe(text);
    expect(encodeWindows1252('日本').toString('latin1')).toBe('??');
  });

  it('falls back to UTF-8 for an unknown or missing name', () => {
    expect(textEncodingOf(undefined)).toBe('utf-8');
    expect(textEncodingOf('ebcdic')).toBe('utf-8');
    expect(textEncodingOf('utf-16le')).toBe('utf-16le');
  });
});
