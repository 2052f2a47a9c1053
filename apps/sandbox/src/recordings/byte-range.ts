/**
 * A `Range` request header read as the platform's storage reads it (RFC 9110 §14, as S3 and
 * Google Cloud Storage apply it to an object of `size` bytes):
 *
 * - `bytes=first-last`, `bytes=first-` (to the end) and `bytes=-n` (the last n bytes; more than
 *   the object is the whole object) are one part, answered 206 with `Content-Range`; a last
 *   position past the end is cut to the end.
 * - A range that starts at or past the end, or `bytes=-0`, cannot be satisfied: 416 with
 *   `Content-Range: bytes *\/size`.
 * - Anything else is ignored and the whole object answered (200), as the RFC lets a server do
 *   and as those stores do: another unit, a malformed or reversed range (`bytes=5-3`), and
 *   several ranges at once (neither store answers multipart/byteranges).
 */
export type ByteRange =
  | { kind: 'whole' }
  | { kind: 'part'; start: number; end: number }
  | { kind: 'unsatisfiable' };

const SPEC = /^(\d*)-(\d*)$/;

export function readByteRange(header: string | undefined, size: number): ByteRange {
  if (header === undefined) return { kind: 'whole' };
  const match = /^\s*bytes\s*=\s*(.*?)\s*$/i.exec(header);
  if (!match) return { kind: 'whole' };
  // Empty list items are skipped (RFC 9110 §5.6.1.2).
  const specs = match[1]!
    .split(',')
    .map((spec) => spec.trim())
    .filter((spec) => spec !== '');
  // Several ranges: the whole object, as the stores answer.
  if (specs.length !== 1) return { kind: 'whole' };
  const parts = SPEC.exec(specs[0]!);
  if (!parts) return { kind: 'whole' };
  const [, first, last] = parts;
  if (first === '' && last === '') return { kind: 'whole' };
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'part', start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  if (last !== '' && Number(last) < start) return { kind: 'whole' };
  if (start >= size) return { kind: 'unsatisfiable' };
  const end = last === '' ? size - 1 : Math.min(size - 1, Number(last));
  return { kind: 'part', start, end };
}
