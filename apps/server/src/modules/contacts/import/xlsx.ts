/**
 * XLSX → rows of text cells, streamed, after the zip has been checked for bombs.
 *
 * The check reads the zip's central directory first (no decompression): too many entries, a
 * declared total above the cap, or one entry with an absurd ratio refuse the file at once. Sizes
 * in the directory are only declarations, so a second pass inflates each entry with yauzl —
 * which stops as soon as an entry yields more than it declared — and throws the output away.
 * Only then is the workbook read, from the same central directory (decision 021: exceljs's
 * streaming reader gave up on workbooks whose parts come in another order than its own).
 */
import { SaxesParser } from 'saxes';
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
    if (!('buffer' in input))
      return await yauzl.openPromise(input.path, { lazyEntries: true, autoClose: false });
    // yauzl takes only a Buffer (a Uint8Array from elsewhere is wrapped, not copied).
    const bytes: Uint8Array = input.buffer;
    const buffer = Buffer.isBuffer(bytes)
      ? bytes
      : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    return await yauzl.fromBufferPromise(buffer, { lazyEntries: true });
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

/** Reads one entry of the zip whole, as text (the inspection has bounded every entry's size). */
async function readEntry(zip: ZipFile, entry: Entry): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of (await zip.openReadStreamPromise(entry)) as AsyncIterable<Buffer>)
    chunks.push(chunk);
  return Buffer.concat(chunks).toString('utf8');
}

/** The local name of an element: "x:c" and "c" are the same cell (some writers use a prefix). */
const localName = (name: string) => name.slice(name.indexOf(':') + 1);

type XmlHandlers = {
  open?: (name: string, attributes: Record<string, string>) => void;
  close?: (name: string) => void;
  text?: (text: string) => void;
};

/** Every element of a small part, with its attributes and its text; a missing part is none. */
function parsePart(xml: string, on: XmlHandlers) {
  if (xml === '') return;
  const parser = xmlParser(on);
  parser.write(xml);
  parser.close();
}

/** A SAX parser handing over elements by local name, attributes and text. */
function xmlParser(on: XmlHandlers): SaxesParser {
  const parser = new SaxesParser({ position: false });
  parser.on('opentag', (tag) =>
    on.open?.(localName(tag.name), tag.attributes as Record<string, string>),
  );
  parser.on('closetag', (tag) => on.close?.(localName(tag.name)));
  parser.on('text', (text) => on.text?.(text));
  parser.on('cdata', (text) => on.text?.(text));
  return parser;
}

/**
 * The text of every string in a part made of `<si>` or `<is>` items: the `<t>` runs of each,
 * joined (rich text), leaving out phonetic guides (`<rPh>`).
 */
function readSharedStrings(xml: string): string[] {
  const strings: string[] = [];
  let current: string[] | undefined;
  let inText = false;
  let phonetic = 0;
  parsePart(xml, {
    open: (name) => {
      if (name === 'si') current = [];
      else if (name === 'rPh') phonetic += 1;
      else if (name === 't' && phonetic === 0) inText = true;
    },
    close: (name) => {
      if (name === 'si') strings.push((current ?? []).join(''));
      else if (name === 'rPh') phonetic -= 1;
      else if (name === 't') inText = false;
    },
    text: (text) => {
      if (inText) current?.push(text);
    },
  });
  return strings;
}

/** Built-in number formats that show a date or a time (ECMA-376 §18.8.30). */
const DATE_FORMAT_IDS = new Set([
  14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51,
  52, 53, 54, 55, 56, 57, 58,
]);

/** A custom format shows a date when, outside quotes and brackets, it has d, m, y, h or s. */
const isDateFormatCode = (code: string) =>
  /[dmyhs]/i.test(code.replace(/"[^"]*"|\[[^\]]*\]|\\./g, '')) && !/^general$/i.test(code);

/** Per cell style (`s` attribute): whether it shows a date. */
function readDateStyles(xml: string): boolean[] {
  const customDate = new Map<number, boolean>();
  const styles: boolean[] = [];
  let inCellXfs = false;
  parsePart(xml, {
    open: (name, a) => {
      if (name === 'numFmt')
        customDate.set(Number(a.numFmtId), isDateFormatCode(a.formatCode ?? ''));
      else if (name === 'cellXfs') inCellXfs = true;
      else if (name === 'xf' && inCellXfs) {
        const id = Number(a.numFmtId ?? 0);
        styles.push(customDate.get(id) ?? DATE_FORMAT_IDS.has(id));
      }
    },
    close: (name) => {
      if (name === 'cellXfs') inCellXfs = false;
    },
  });
  return styles;
}

/** The worksheets' parts in the workbook's order (the order of its tabs), and its date system. */
function readSheetOrder(
  workbookXml: string,
  relsXml: string,
): { parts: string[]; date1904: boolean } {
  const targets = new Map<string, string>();
  parsePart(relsXml, {
    open: (name, a) => {
      if (name === 'Relationship' && a.Id && a.Target) targets.set(a.Id, a.Target);
    },
  });
  const parts: string[] = [];
  let date1904 = false;
  parsePart(workbookXml, {
    open: (name, a) => {
      if (name === 'workbookPr') date1904 = a.date1904 === '1' || a.date1904 === 'true';
      if (name !== 'sheet') return;
      const target = targets.get(a['r:id'] ?? a.id ?? '');
      if (target === undefined) return;
      // Relative to xl/, or absolute from the package root.
      parts.push(target.startsWith('/') ? target.slice(1) : `xl/${target.replace(/^\.\//, '')}`);
    },
  });
  return { parts, date1904 };
}

/** "BC12" → 54 (0-based column). */
function columnOf(reference: string): number | undefined {
  const letters = /^[A-Z]+/i.exec(reference)?.[0];
  if (!letters) return undefined;
  let column = 0;
  for (const letter of letters.toUpperCase()) column = column * 26 + letter.charCodeAt(0) - 64;
  return column - 1;
}

type WorkbookParts = { sharedStrings: string[]; dateStyles: boolean[]; date1904: boolean };

/** One cell's value as the text a person sees (see `readFirstWorksheet`). */
function cellText(
  cell: { type: string; style: number; value: string; inline: string; formula: string },
  parts: WorkbookParts,
): string {
  switch (cell.type) {
    case 's':
      return parts.sharedStrings[Number(cell.value)] ?? '';
    case 'inlineStr':
      return cell.inline || cell.value;
    case 'str':
    case 'e':
      return cell.value || (cell.formula ? `=${cell.formula}` : '');
    case 'b':
      return cell.value === '' ? '' : cell.value === '1' ? 'TRUE' : 'FALSE';
    case 'd':
      return dateToText(new Date(cell.value.endsWith('Z') ? cell.value : `${cell.value}Z`));
    default: {
      if (cell.value === '') return cell.formula ? `=${cell.formula}` : '';
      const number = Number(cell.value);
      if (Number.isNaN(number)) return cell.value;
      if (parts.dateStyles[cell.style]) return dateToText(serialToDate(number, parts.date1904));
      return numberToText(number);
    }
  }
}

/** A spreadsheet date serial (days since 1899-12-30, or 1904-01-01) as a date, to the second. */
function serialToDate(serial: number, date1904: boolean): Date {
  const epoch = date1904 ? Date.UTC(1904, 0, 1) : Date.UTC(1899, 11, 30);
  return new Date(epoch + Math.round(serial * 86_400) * 1000);
}

/**
 * A worksheet's rows, streamed: the XML goes through a SAX parser chunk by chunk, and each
 * finished `<row>` comes out as text cells at their column (a skipped cell reads "").
 */
async function* readWorksheetRows(
  chunks: AsyncIterable<Buffer>,
  parts: WorkbookParts,
): AsyncGenerator<ParsedRow> {
  const done: ParsedRow[] = [];
  let row: { line: number; cells: string[] } | undefined;
  let lastLine = 0;
  let cell:
    | {
        type: string;
        style: number;
        value: string;
        inline: string;
        formula: string;
        column: number;
      }
    | undefined;
  let reading: 'v' | 't' | 'f' | undefined;
  let phonetic = 0;
  const parser = xmlParser({
    open: (name, a) => {
      if (name === 'row') {
        const line = a.r === undefined ? lastLine + 1 : Number(a.r);
        row = { line, cells: [] };
        lastLine = line;
      } else if (name === 'c' && row) {
        cell = {
          type: a.t ?? 'n',
          style: Number(a.s ?? 0),
          value: '',
          inline: '',
          formula: '',
          column: (a.r === undefined ? undefined : columnOf(a.r)) ?? row.cells.length,
        };
      } else if (cell) {
        if (name === 'rPh') phonetic += 1;
        else if (name === 'v') reading = 'v';
        else if (name === 'f') reading = 'f';
        else if (name === 't' && phonetic === 0) reading = 't';
      }
    },
    close: (name) => {
      if (name === 'row' && row) {
        done.push(row);
        row = undefined;
      } else if (name === 'c' && cell && row) {
        while (row.cells.length < cell.column) row.cells.push('');
        row.cells[cell.column] = cellText(cell, parts);
        cell = undefined;
      } else if (name === 'rPh') phonetic -= 1;
      else if (name === 'v' || name === 'f' || name === 't') reading = undefined;
    },
    text: (text) => {
      if (!cell || reading === undefined) return;
      if (reading === 'v') cell.value += text;
      else if (reading === 'f') cell.formula += text;
      else cell.inline += text;
    },
  });
  const decoder = new TextDecoder('utf-8');
  for await (const chunk of chunks) {
    parser.write(decoder.decode(chunk, { stream: true }));
    yield* done.splice(0);
  }
  parser.write(decoder.decode());
  parser.close();
  yield* done.splice(0);
}

/**
 * Rows of the first worksheet (in the workbook's tab order) that has any data, as text. Read
 * with yauzl from the zip's central directory and a SAX parser: shared strings and inline
 * strings, rich text, numbers (integers in full), dates (from the cell's number format), booleans,
 * formulas (their cached result; without one, their own text after "=", kept as a string) and
 * error values. Whatever order the parts come in (SheetJS writes the sheets before the shared
 * strings). Empty worksheets are passed over; throws ImportFileError('noSheet') when no worksheet
 * has a non-empty cell.
 */
export async function* readFirstWorksheet(input: XlsxInput): AsyncGenerator<ParsedRow> {
  const zip = await openZip(input);
  try {
    const entries = new Map<string, Entry>();
    for await (const entry of zip.eachEntry()) entries.set(entry.fileName, entry);
    const text = (name: string) => {
      const entry = entries.get(name);
      return entry === undefined ? Promise.resolve('') : readEntry(zip, entry);
    };
    let parts: WorkbookParts;
    let sheets: string[];
    try {
      const order = readSheetOrder(
        await text('xl/workbook.xml'),
        await text('xl/_rels/workbook.xml.rels'),
      );
      parts = {
        sharedStrings: readSharedStrings(await text('xl/sharedStrings.xml')),
        dateStyles: readDateStyles(await text('xl/styles.xml')),
        date1904: order.date1904,
      };
      // Tab order; worksheets the workbook does not name (a hand-made file) come after.
      sheets = [
        ...order.parts,
        ...[...entries.keys()].filter((name) => WORKSHEET.test(name)).sort(),
      ].filter((name, i, all) => entries.has(name) && all.indexOf(name) === i);
    } catch (error) {
      if (error instanceof ImportFileError) throw error;
      throw importFileError('damaged');
    }
    for (const sheet of sheets) {
      let found = false;
      const stream = await zip.openReadStreamPromise(entries.get(sheet)!);
      try {
        for await (const row of readWorksheetRows(stream, parts)) {
          if (!found && row.cells.every((c) => c.trim() === '')) continue;
          found = true;
          yield row;
        }
      } catch (error) {
        if (error instanceof ImportFileError) throw error;
        throw importFileError('damaged');
      } finally {
        stream.destroy();
      }
      if (found) return;
    }
  } finally {
    zip.close();
  }
  throw importFileError('noSheet');
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
