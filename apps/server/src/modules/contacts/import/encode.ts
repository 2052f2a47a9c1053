/**
 * Text back to bytes in the encoding a file came in, so the problem rows of an import open in
 * the same program the file came from and can be imported again as they are.
 */
import { StringDecoder } from 'node:string_decoder';
import { Transform } from 'node:stream';
import { CP1252_HIGH, type TextEncodingName } from './decode';

const ENCODINGS: readonly TextEncodingName[] = ['utf-8', 'windows-1252', 'utf-16le', 'utf-16be'];

/** A stored encoding name, or UTF-8 when there is none (a workbook, or an import from before). */
export function textEncodingOf(name: string | undefined): TextEncodingName {
  return ENCODINGS.find((encoding) => encoding === name) ?? 'utf-8';
}

const BOMS: Record<TextEncodingName, Buffer> = {
  'utf-8': Buffer.from([0xef, 0xbb, 0xbf]),
  'utf-16le': Buffer.from([0xff, 0xfe]),
  'utf-16be': Buffer.from([0xfe, 0xff]),
  'windows-1252': Buffer.alloc(0),
};

/** Windows-1252 bytes; a character the code page lacks becomes "?". */
export function encodeWindows1252(text: string): Buffer {
  const bytes = Buffer.alloc(text.length);
  let length = 0;
  for (const char of text) {
    const code = char.codePointAt(0)!;
    const high = CP1252_HIGH.indexOf(char);
    bytes[length++] =
      code < 0x80 || (code >= 0xa0 && code <= 0xff) ? code : high >= 0 ? 0x80 + high : 0x3f;
  }
  return bytes.subarray(0, length);
}

export function encodeString(text: string, encoding: TextEncodingName): Buffer {
  switch (encoding) {
    case 'utf-8':
      return Buffer.from(text, 'utf8');
    case 'utf-16le':
      return Buffer.from(text, 'utf16le');
    case 'utf-16be':
      return Buffer.from(text, 'utf16le').swap16();
    case 'windows-1252':
      return encodeWindows1252(text);
  }
}

/**
 * A stream of text (strings, or UTF-8 bytes) re-encoded, with the encoding's byte order mark
 * first (UTF-8 too: Excel reads a UTF-8 CSV right only with one).
 */
export function encodeText(encoding: TextEncodingName): Transform {
  const decoder = new StringDecoder('utf8');
  let started = false;
  const encode = (text: string) => {
    const bytes = encodeString(text, encoding);
    if (started) return bytes;
    started = true;
    return Buffer.concat([BOMS[encoding], bytes]);
  };
  return new Transform({
    transform(chunk: Buffer | string, _encoding, done) {
      done(null, encode(typeof chunk === 'string' ? chunk : decoder.write(chunk)));
    },
    flush(done) {
      done(null, encode(decoder.end()));
    },
  });
}
