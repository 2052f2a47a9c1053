/**
 * XLSX → rows of text cells, streamed, after the zip has been checked for bombs.
 *
 * The check reads the zip's central directory first (no decompression): too many entries, a
 * declared total above the cap, or one entry with an absurd ratio refuse the file at once. Sizes
 * in the directory are only declarations, so a second pass inflates each entry with yauzl —
 * which stops as soon as an entry yields more than it declared — and throws the output away.
 * Only then does exceljs's streaming reader see the file.
 *
 * Known limit: exceljs unzips from the local headers (unzipper), not from the central directory;
 * a forged zip with extra local entries that the directory does not list is not covered by the
 * second pass. The file-size cap bounds the damage.
 */
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { CellValue, Row } from 'exceljs';
import yauzl from 'yauzl';
import type { Entry, ZipFile } from 'yauzl';
import type { ParsedRow } from './csv';
import { IMPORT_MESSAGES, ImportFileError, importFileError } from './import-file-error';

export type XlsxInput = { path: string } | { buffer: Buffer };

export const DEFAULT_MAX_UNCOMPRESSED_BYTES = 100 * 1024 * 1024;
const MAX_ENTRIES = 10_000;
const SUSPICIOUS_RATIO = 200;
const SUSPICIOUS_ENTRY_BYTES = 10 * 1024 * 1024;

const MB = 1024 * 1024;

async function openZip(input: XlsxInput): Promise<ZipFile> {
  try {
    return 'buffer' in input
      ? await yauzl.fromBufferPromise(input.buffer, { lazyEntries: true })
      : await yauzl.openPromise(input.path, { lazyEntries: true });
  } catch {
    throw importFileError('damaged');
  }
}

/** What the inspection saw of a workbook that passed it. */
export type XlsxInspection = {
  /**
   * The rows of the worksheet `readFirstWorksheet` will read, after its header: its `<row>`
   * elements (counted while the zip is inflated anyway), less one. A row kept only for its
   * formatting before the header counts too, so this is for progress, not for the record.
   */
  dataRows: number | null;
};

const WORKSHEET = /^xl\/worksheets\/[^/]+\.xml$/;

/** `<row` elements in a worksheet's XML, and whether any cell has a value, chunk by chunk. */
class RowCounter {
  rows = 0;
  hasValue = false;
  private tail = '';
  add(chunk: Buffer) {
    const text = this.tail + chunk.toString('latin1'); // the markup is ASCII
    // A tag starting in the last four characters is counted with the next chunk, which then
    // shows the character after "<row".
    for (
      let at = text.indexOf('<row');
      at !== -1 && at + 4 < text.length;
      at = text.indexOf('<row', at + 4)
    ) {
      const next = text[at + 4];
      if (next === ' ' || next === '>' || next === '/') this.rows += 1;
    }
    if (!this.hasValue) this.hasValue = /<v>|<v |<is>/.test(text);
    this.tail = text.slice(-4);
  }
}

/** Throws an ImportFileError unless the zip is an Excel workbook of a sane size. */
export async function inspectXlsx(
  input: XlsxInput,
  maxUncompressedBytes = DEFAULT_MAX_UNCOMPRESSED_BYTES,
): Promise<XlsxInspection> {
  const zipBomb = () =>
    new ImportFileError('zipBomb', IMPORT_MESSAGES.zipBomb(Math.round(maxUncompressedBytes / MB)));

  const zip = await openZip(input);
  const entries: Entry[] = [];
  try {
    if (zip.entryCount > MAX_ENTRIES) throw importFileError('tooManyEntries');
    let declared = 0;
    for await (const entry of zip.eachEntry()) {
      declared += entry.uncompressedSize;
      const ratio = entry.uncompressedSize / Math.max(1, entry.compressedSize);
      if (declared > maxUncompressedBytes) throw zipBomb();
      if (ratio > SUSPICIOUS_RATIO && entry.uncompressedSize > SUSPICIOUS_ENTRY_BYTES)
        throw zipBomb();
      entries.push(entry);
    }
  } catch (error) {
    zip.close();
    if (error instanceof ImportFileError) throw error;
    throw importFileError('damaged');
  }
  if (!entries.some((e) => e.fileName === 'xl/workbook.xml')) {
    zip.close();
    throw importFileError('notWorkbook');
  }

  // The declarations passed; now make sure the data keeps to them (and count the worksheets'
  // rows on the way: the first with a value is the one that will be read).
  const zipForData = await openZip(input);
  let dataRows: number | null = null;
  try {
    for await (const entry of zipForData.eachEntry()) {
      if (entry.fileName.endsWith('/')) continue;
      const stream = await zipForData.openReadStreamPromise(entry);
      const counter = dataRows === null && WORKSHEET.test(entry.fileName) ? new RowCounter() : null;
      // yauzl (validateEntrySizes) errors once an entry inflates past its declared size.
      for await (const chunk of stream as AsyncIterable<Buffer>) counter?.add(chunk);
      if (counter?.hasValue) dataRows = Math.max(0, counter.rows - 1);
    }
  } catch {
    throw zipBomb();
  } finally {
    zipForData.close();
  }
  return { dataRows };
}

/**
 * Rows of the first worksheet that has any data, as text. Worksheets come in the order the zip
 * stores them (sheet1.xml first for files from Excel, LibreOffice and exceljs); empty ones are
 * passed over. Throws ImportFileError('noSheet') when no worksheet has a non-empty cell.
 */
export async function* readFirstWorksheet(input: XlsxInput): AsyncGenerator<ParsedRow> {
  const stream = 'buffer' in input ? Readable.from([input.buffer]) : createReadStream(input.path);
  const workbook = new ExcelJS.stream.xlsx.WorkbookReader(stream, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'cache', // needed to tell dates from numbers
    hyperlinks: 'ignore', // a hyperlink cell then reads as its text
    entries: 'ignore',
  });
  let found = false;
  try {
    for await (const worksheet of workbook) {
      for await (const row of worksheet) {
        const cells = rowToText(row);
        if (!found && cells.every((c) => c.trim() === '')) continue;
        found = true;
        yield { line: row.number, cells };
      }
      if (found) return;
    }
  } catch (error) {
    if (error instanceof ImportFileError) throw error;
    throw importFileError('damaged');
  } finally {
    stream.destroy();
  }
  throw importFileError('noSheet');
}

function rowToText(row: Row): string[] {
  const cells: string[] = [];
  row.eachCell({ includeEmpty: false }, (cell, column) => {
    while (cells.length < column - 1) cells.push('');
    cells[column - 1] = cellToText(cell.value);
  });
  return cells;
}

/**
 * Every cell as the text a person sees, never as a live value: a formula gives its cached result,
 * or — when the file has none — its own text with a leading "=", kept as a string.
 */
export function cellToText(value: CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return numberToText(value);
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return dateToText(value);
  if ('richText' in value) return value.richText.map((run) => run.text ?? '').join('');
  if ('formula' in value || 'sharedFormula' in value) {
    const result: unknown = value.result;
    if (
      result !== undefined &&
      result !== null &&
      !(typeof result === 'number' && Number.isNaN(result))
    )
      return cellToText(result as CellValue);
    return 'formula' in value && value.formula ? `=${value.formula}` : '';
  }
  if ('error' in value) return value.error;
  if ('text' in value) return cellToText(value.text);
  return '';
}

/**
 * Integers in full (a phone saved as the number 353871234567 must not come out as
 * 3.53871234567e+11); other numbers at Excel's 15 significant digits, so 0.1+0.2 reads "0.3".
 */
export function numberToText(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  if (Number.isInteger(n) && Math.abs(n) < 1e21) return n.toFixed(0);
  return String(Number(n.toPrecision(15)));
}

/** A date alone as YYYY-MM-DD; with a time of day as YYYY-MM-DDTHH:mm:ss (Excel has no zone). */
function dateToText(date: Date): string {
  if (Number.isNaN(date.getTime())) return '';
  const iso = date.toISOString();
  return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso.slice(0, 19);
}
