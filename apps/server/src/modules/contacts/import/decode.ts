/**
 * Text encoding of an uploaded CSV: decided once from the bytes, then applied to the whole stream.
 *
 * Order of evidence: a byte-order mark wins (UTF-8, UTF-16LE/BE); otherwise valid UTF-8 is UTF-8;
 * otherwise bytes that look like Western European text are windows-1252 (the "Latin-1" Excel
 * writes on Windows, a superset of ISO-8859-1's printable range). Anything else is either
 * another encoding (refused with a message asking for UTF-8) or not text at all.
 *
 * windows-1252 is decoded by hand: Node 20's TextDecoder('windows-1252') takes a Latin-1 fast path
 * that maps 0x80–0x9F to C1 control characters instead of € ‚ ƒ „ … † ‡ ˆ ‰ Š ‹ Œ Ž ‘ ’ “ ” • – — ˜ ™
 * š › œ ž Ÿ (checked on v20.20: 0x80 decodes to U+0080, not U+20AC).
 */
import { isUtf8 } from 'node:buffer';

export type TextEncodingName = 'utf-8' | 'windows-1252' | 'utf-16le' | 'utf-16be';

export type EncodingGuess =
  | { kind: 'text'; encoding: TextEncodingName }
  /** Looks like text, but in an encoding we do not read (UTF-16 without BOM, UTF-32, Cyrillic…). */
  | { kind: 'wrong-encoding' }
  | { kind: 'binary' };

const UTF8_BOM = [0xef, 0xbb, 0xbf];

const startsWith = (buf: Buffer, bytes: number[]) =>
  buf.length >= bytes.length && bytes.every((b, i) => buf[i] === b);

/** Bytes windows-1252 leaves undefined: real text never contains them. */
const CP1252_UNDEFINED = new Set([0x81, 0x8d, 0x8f, 0x90, 0x9d]);

/**
 * @param sample the first bytes of the file, or all of it
 * @param complete true when `sample` is the whole file (a multi-byte character cut at the end of a
 *   partial sample is then not held against UTF-8)
 */
export function detectEncoding(sample: Buffer, complete = false): EncodingGuess {
  if (startsWith(sample, [0xff, 0xfe, 0x00, 0x00]) || startsWith(sample, [0x00, 0x00, 0xfe, 0xff]))
    return { kind: 'wrong-encoding' }; // UTF-32
  if (startsWith(sample, [0xff, 0xfe])) return { kind: 'text', encoding: 'utf-16le' };
  if (startsWith(sample, [0xfe, 0xff])) return { kind: 'text', encoding: 'utf-16be' };
  const hasBom = startsWith(sample, UTF8_BOM);
  const body = hasBom ? sample.subarray(3) : sample;

  let nul = 0;
  let evenNul = 0;
  let control = 0;
  for (let i = 0; i < body.length; i++) {
    const b = body[i]!;
    if (b === 0) {
      nul++;
      if (i % 2 === 0) evenNul++;
    } else if ((b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d && b !== 0x0c) || b === 0x7f) {
      // 0x1A is the DOS end-of-file mark some old exporters append: tolerated at the very end.
      if (!(b === 0x1a && i === body.length - 1)) control++;
    }
  }
  if (nul > 0) {
    // ASCII text saved as UTF-16 without a BOM: every other byte is zero.
    const pairs = body.length / 2;
    const oddNul = nul - evenNul;
    if (pairs >= 2 && Math.max(evenNul, oddNul) >= pairs * 0.4 && Math.min(evenNul, oddNul) <= 1)
      return { kind: 'wrong-encoding' };
  }
  // A stray NUL or escape in a text export is tolerated (the cells drop them, parse-file.ts);
  // a binary file has far more than 1%.
  if (nul + control > Math.max(1, body.length * 0.01)) return { kind: 'binary' };

  if (isValidUtf8(body, complete)) return { kind: 'text', encoding: 'utf-8' };
  if (hasBom) return { kind: 'wrong-encoding' };
  return looksLikeLatin1(body)
    ? { kind: 'text', encoding: 'windows-1252' }
    : { kind: 'wrong-encoding' };
}

function isValidUtf8(bytes: Buffer, complete: boolean): boolean {
  if (complete) return isUtf8(bytes);
  try {
    // stream: true forgives a character cut in half at the end of a partial sample.
    new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: true });
    return true;
  } catch {
    return false;
  }
}

/**
 * Western European text has its accented letters alone between ASCII letters ("Müller",
 * "François"). Cyrillic, Greek or CJK text read as bytes has long runs of high bytes instead.
 */
function looksLikeLatin1(bytes: Buffer): boolean {
  let high = 0;
  let inRuns = 0;
  let run = 0;
  const closeRun = () => {
    if (run >= 3) inRuns += run;
    run = 0;
  };
  for (const b of bytes) {
    if (CP1252_UNDEFINED.has(b)) return false;
    if (b >= 0x80) {
      high++;
      run++;
    } else closeRun();
  }
  closeRun();
  return high < 8 || inRuns <= high / 2;
}

/** Whole-file UTF-8 check without holding the file: used when only a sample was sniffed. */
export async function isUtf8Stream(chunks: AsyncIterable<Buffer>): Promise<boolean> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  try {
    for await (const chunk of chunks) decoder.decode(chunk, { stream: true });
    decoder.decode();
    return true;
  } catch {
    return false;
  }
}

export const CP1252_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';

export function decodeWindows1252(bytes: Uint8Array): string {
  let out = '';
  // Chunked so String.fromCharCode never sees too many arguments.
  for (let start = 0; start < bytes.length; start += 8192) {
    const codes = Array.from(bytes.subarray(start, start + 8192), (b) =>
      b >= 0x80 && b <= 0x9f ? CP1252_HIGH.charCodeAt(b - 0x80) : b,
    );
    out += String.fromCharCode(...codes);
  }
  return out;
}

/**
 * Decodes a byte stream chunk by chunk; a character split across chunks is carried over. The BOM
 * is dropped (TextDecoder does it for UTF-8 and UTF-16; windows-1252 has none).
 */
export async function* decodeStream(
  chunks: AsyncIterable<Buffer>,
  encoding: TextEncodingName,
): AsyncGenerator<string> {
  if (encoding === 'windows-1252') {
    for await (const chunk of chunks) yield decodeWindows1252(chunk);
    return;
  }
  const decoder = new TextDecoder(encoding);
  for await (const chunk of chunks) {
    const text = decoder.decode(chunk, { stream: true });
    if (text) yield text;
  }
  const rest = decoder.decode();
  if (rest) yield rest;
}
