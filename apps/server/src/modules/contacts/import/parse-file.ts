/**
 * The one way into an uploaded contact file: sniff it, refuse what cannot be a contact list with
 * a message a person understands, and hand back a stream of rows — header first — whatever the
 * format. Nothing here touches the database, so a refused file changes nothing.
 */
import { isUtf8 } from 'node:buffer';
import { createReadStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { cleanText, mayNeedCleaning } from '../../../lib/control-characters';
import { countCsvRows, parseCsv, detectDelimiter, type CsvDelimiter, type ParsedRow } from './csv';
import { decodeStream, decodeWindows1252, isUtf8Stream, type TextEncodingName } from './decode';
import { IMPORT_MESSAGES, ImportFileError, importFileError } from './import-file-error';
import { PREVIEW_SCAN_ROWS, type Mapping } from '@switchboard/shared/contact-imports';
import { suggestMapping } from './mapping';
import { SNIFF_BYTES, sniffFile } from './sniff';
import { DEFAULT_MAX_UNCOMPRESSED_BYTES, inspectXlsx, readFirstWorksheet } from './xlsx';

export type ContactFileInput = { path: string } | { buffer: Buffer };

export type ContactFileOptions = {
  /** Cap on the upload itself; default 25 MB. */
  maxFileBytes?: number;
  /** Cap on what an XLSX may expand to; default 100 MB. */
  maxUncompressedBytes?: number;
};

export const DEFAULT_MAX_FILE_BYTES = 25 * 1024 * 1024;

/** A CSV file's delimiter and encoding, to write its problem rows back the same way. */
export type CsvFormat = { delimiter: CsvDelimiter; encoding: TextEncodingName };

export type ContactFile = {
  type: 'csv' | 'xlsx';
  format?: CsvFormat;
  /** The header row first, then every row after it (blank ones included, for honest counts). */
  rows: AsyncIterable<ParsedRow>;
  /**
   * How many rows will follow the header, counted without parsing them: for progress (a
   * workbook's count may include rows kept only for formatting before its header).
   */
  countRows?: () => Promise<number>;
};

export type ContactFilePreview = {
  type: 'csv' | 'xlsx';
  format?: CsvFormat;
  headers: string[];
  sample: string[][];
  /** The first non-blank rows, up to the scan size (the sample is the first of them). */
  scanned: string[][];
  suggestedMapping: Mapping;
};

const MB = 1024 * 1024;
const CHUNK_BYTES = 64 * 1024;
const isBlank = (row: ParsedRow) => row.cells.every((cell) => cell.trim() === '');

export async function openContactFile(
  input: ContactFileInput,
  options: ContactFileOptions = {},
): Promise<ContactFile> {
  const maxFileBytes = options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES;
  const size = 'buffer' in input ? input.buffer.length : (await stat(input.path)).size;
  if (size === 0) throw importFileError('empty');
  if (size > maxFileBytes)
    throw new ImportFileError('tooLarge', IMPORT_MESSAGES.tooLarge(Math.round(maxFileBytes / MB)));

  const head = await readHead(input);
  const complete = size <= head.length;
  const sniffed = sniffFile(head, complete);

  let file: ContactFile;
  switch (sniffed.type) {
    case 'unknown':
      throw importFileError(sniffed.problem);
    case 'xlsx': {
      const { dataRows } = await inspectXlsx(
        input,
        options.maxUncompressedBytes ?? DEFAULT_MAX_UNCOMPRESSED_BYTES,
      );
      file = {
        type: 'xlsx',
        rows: readFirstWorksheet(input),
        ...(dataRows === null ? {} : { countRows: () => Promise.resolve(dataRows) }),
      };
      break;
    }
    case 'csv': {
      const encoding = complete
        ? sniffed.encoding
        : await confirmEncoding(input, head, sniffed.encoding);
      const delimiter = detectDelimiter(decodeSample(head, encoding), complete);
      file = {
        type: 'csv',
        format: { delimiter, encoding },
        rows: parseCsv(decodeStream(readChunks(input), encoding), delimiter),
        countRows: () => countCsvRows(decodeStream(readChunks(input), encoding), delimiter),
      };
      break;
    }
  }
  return { ...file, rows: await startAtHeader(file.rows) };
}

/**
 * The header and the first `sampleSize` non-blank rows, for the mapping screen, and the first
 * `scanSize` for its checks (the phone numbers' country, the names' pattern). Reads no further
 * than that. A file with a header and no contact rows is refused here.
 */
export async function previewContactFile(
  input: ContactFileInput,
  options: ContactFileOptions = {},
  sampleSize = 10,
  scanSize = PREVIEW_SCAN_ROWS,
): Promise<ContactFilePreview> {
  const { type, format, rows } = await openContactFile(input, options);
  const iterator = rows[Symbol.asyncIterator]();
  try {
    const header = await iterator.next();
    if (header.done) throw importFileError('empty');
    const headers = header.value.cells.map((cell) => cell.trim());
    const scanned: string[][] = [];
    while (scanned.length < Math.max(sampleSize, scanSize)) {
      const next = await iterator.next();
      if (next.done) break;
      if (next.value.error === undefined && !isBlank(next.value)) scanned.push(next.value.cells);
    }
    if (scanned.length === 0) throw importFileError('headerOnly');
    return {
      type,
      ...(format === undefined ? {} : { format }),
      headers,
      sample: scanned.slice(0, sampleSize),
      scanned,
      suggestedMapping: suggestMapping(headers),
    };
  } finally {
    await iterator.return?.();
  }
}

/**
 * A cell's control characters (a NUL, which PostgreSQL cannot store, or a stray escape) are
 * dropped, by the same rule the API applies to typed text (lib/control-characters.ts).
 */
function withCleanCells(row: ParsedRow): ParsedRow {
  if (!row.cells.some(mayNeedCleaning)) return row;
  return { ...row, cells: row.cells.map(cleanText) };
}

/** Skips leading blank rows; refuses a file that has nothing else. Cleans every cell. */
async function startAtHeader(rows: AsyncIterable<ParsedRow>): Promise<AsyncIterable<ParsedRow>> {
  const iterator = rows[Symbol.asyncIterator]();
  let first = await iterator.next();
  while (!first.done && first.value.error === undefined && isBlank(first.value))
    first = await iterator.next();
  if (first.done) throw importFileError('empty');
  if (first.value.error !== undefined) {
    await iterator.return?.();
    throw new ImportFileError('brokenHeader', IMPORT_MESSAGES.brokenHeader(first.value.line));
  }
  const header = withCleanCells(first.value);
  return {
    async *[Symbol.asyncIterator]() {
      try {
        yield header;
        for (let next = await iterator.next(); !next.done; next = await iterator.next())
          yield withCleanCells(next.value);
      } finally {
        await iterator.return?.();
      }
    },
  };
}

async function readHead(input: ContactFileInput): Promise<Buffer> {
  if ('buffer' in input) return input.buffer.subarray(0, SNIFF_BYTES);
  const handle = await open(input.path, 'r');
  try {
    const buffer = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, SNIFF_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

async function* readChunks(input: ContactFileInput): AsyncGenerator<Buffer> {
  if ('buffer' in input) {
    for (let start = 0; start < input.buffer.length; start += CHUNK_BYTES) {
      // A file in memory never waits for I/O: without a turn of the event loop per chunk,
      // counting a large file's rows would hold every other request until it ends.
      if (start > 0) await new Promise((resolve) => setImmediate(resolve));
      yield input.buffer.subarray(start, start + CHUNK_BYTES);
    }
    return;
  }
  const stream = createReadStream(input.path, { highWaterMark: CHUNK_BYTES });
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) yield chunk;
  } finally {
    stream.destroy();
  }
}

/**
 * The sniffed sample said UTF-8; make sure the rest agrees before any row is read, so a file is
 * never half UTF-8 and half something else. A sample of plain ASCII followed by Latin-1 bytes is
 * Latin-1; real UTF-8 followed by invalid bytes is refused.
 */
async function confirmEncoding(
  input: ContactFileInput,
  head: Buffer,
  encoding: TextEncodingName,
): Promise<TextEncodingName> {
  if (encoding !== 'utf-8') return encoding;
  const valid = 'buffer' in input ? isUtf8(input.buffer) : await isUtf8Stream(readChunks(input));
  if (valid) return encoding;
  if (head.every((b) => b < 0x80)) return 'windows-1252';
  throw importFileError('encoding');
}

function decodeSample(head: Buffer, encoding: TextEncodingName): string {
  if (encoding === 'windows-1252') return decodeWindows1252(head);
  // stream: true leaves out a character cut in half at the end of the sample.
  return new TextDecoder(encoding).decode(head, { stream: true });
}
