/**
 * What kind of file an upload is, from its first bytes — never from its name or the browser's
 * content type, both of which the uploader controls.
 */
import { detectEncoding, type TextEncodingName } from './decode';

export type SniffedType = 'xlsx' | 'csv' | 'unknown';

export type SniffResult =
  /** A zip: only a candidate until `inspectXlsx` finds xl/workbook.xml in it. */
  | { type: 'xlsx' }
  | { type: 'csv'; encoding: TextEncodingName }
  | { type: 'unknown'; problem: 'notWorkbook' | 'legacyXls' | 'unsupported' | 'encoding' };

/** How many bytes to hand to `sniffFile`; more only makes the text checks surer. */
export const SNIFF_BYTES = 64 * 1024;

const ZIP = [0x50, 0x4b, 0x03, 0x04];
const EMPTY_ZIP = [0x50, 0x4b, 0x05, 0x06];
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

/** Well-known binary formats, refused even when their first bytes happen to look like text. */
const BINARY_MAGIC: number[][] = [
  [0x25, 0x50, 0x44, 0x46, 0x2d], // %PDF-
  [0x89, 0x50, 0x4e, 0x47], // PNG
  [0x47, 0x49, 0x46, 0x38], // GIF8
  [0xff, 0xd8, 0xff], // JPEG
  [0x7f, 0x45, 0x4c, 0x46], // ELF
  [0x4d, 0x5a], // MZ (Windows executable)
  [0x1f, 0x8b], // gzip
  [0x52, 0x61, 0x72, 0x21], // Rar!
  [0x37, 0x7a, 0xbc, 0xaf], // 7z
  [0x7b, 0x5c, 0x72, 0x74, 0x66], // {\rtf
];

const startsWith = (buf: Buffer, bytes: number[]) =>
  buf.length >= bytes.length && bytes.every((b, i) => buf[i] === b);

/**
 * @param head the first bytes of the file (SNIFF_BYTES is plenty), non-empty
 * @param complete true when `head` is the whole file
 */
export function sniffFile(head: Buffer, complete = false): SniffResult {
  if (startsWith(head, ZIP)) return { type: 'xlsx' };
  if (startsWith(head, EMPTY_ZIP)) return { type: 'unknown', problem: 'notWorkbook' };
  if (startsWith(head, OLE)) return { type: 'unknown', problem: 'legacyXls' };
  if (BINARY_MAGIC.some((magic) => startsWith(head, magic)))
    return { type: 'unknown', problem: 'unsupported' };
  const guess = detectEncoding(head, complete);
  switch (guess.kind) {
    case 'text':
      return { type: 'csv', encoding: guess.encoding };
    case 'wrong-encoding':
      return { type: 'unknown', problem: 'encoding' };
    case 'binary':
      return { type: 'unknown', problem: 'unsupported' };
  }
}

export const sniffFileType = (head: Buffer): SniffedType => sniffFile(head).type;
