/**
 * CSV text → rows of cells, streamed. Every value stays the exact text of the file: no number or
 * date conversion, and a value such as `=SUM(A1)` is a string like any other (it is a contact
 * field, never evaluated).
 *
 * Line endings are normalised to \n before parsing (also inside quoted values), because
 * csv-parse's own line counter drifts on mixed \r\n / \r files and the line numbers in the
 * import report must point at the right line.
 */
import { CsvError, parse } from 'csv-parse';

/**
 * One record. `line` is the 1-based physical line of the file on which the record starts (a
 * quoted value may run over several lines). `error` is set only on a last pseudo-row when the
 * rest of the file could not be parsed (e.g. a quote that is never closed).
 */
export type ParsedRow = { line: number; cells: string[]; error?: string };

export const CSV_DELIMITERS = [',', ';', '\t', '|'] as const;
export type CsvDelimiter = (typeof CSV_DELIMITERS)[number];

/** A single value larger than this is not a contact field: the parser stops there. */
const MAX_RECORD_CHARS = 1_000_000;
const DELIMITER_SAMPLE_RECORDS = 50;

/**
 * The delimiter that splits the first records into the same number (> 1) of columns most often;
 * ties go to the larger column count, then to the order , ; tab |. A file with one column gets ','.
 *
 * @param complete true when `sample` is the whole text (its last line then counts even without \n)
 */
export function detectDelimiter(sample: string, complete = false): CsvDelimiter {
  let best: { delimiter: CsvDelimiter; consistency: number; columns: number } | undefined;
  for (const delimiter of CSV_DELIMITERS) {
    const counts = countFields(sample, delimiter, complete);
    if (counts.length === 0) continue;
    const frequency = new Map<number, number>();
    for (const c of counts) frequency.set(c, (frequency.get(c) ?? 0) + 1);
    let columns = 0;
    let seen = 0;
    for (const [c, n] of frequency) {
      if (n > seen || (n === seen && c > columns)) [columns, seen] = [c, n];
    }
    if (columns < 2) continue;
    const consistency = seen / counts.length;
    if (
      !best ||
      consistency > best.consistency ||
      (consistency === best.consistency && columns > best.columns)
    )
      best = { delimiter, consistency, columns };
  }
  return best?.delimiter ?? ',';
}

/** Field counts of the first non-blank records, with RFC 4180 quoting. */
function countFields(sample: string, delimiter: string, complete: boolean): number[] {
  const counts: number[] = [];
  let fields = 1;
  let inQuotes = false;
  let atFieldStart = true;
  let hasContent = false;
  for (let i = 0; i < sample.length && counts.length < DELIMITER_SAMPLE_RECORDS; i++) {
    const ch = sample[i];
    if (inQuotes) {
      if (ch === '"') {
        if (sample[i + 1] === '"') i++;
        else inQuotes = false;
      }
    } else if (ch === '"' && atFieldStart) {
      inQuotes = true;
      hasContent = true;
      atFieldStart = false;
    } else if (ch === delimiter) {
      fields++;
      hasContent = true;
      atFieldStart = true;
    } else if (ch === '\n' || ch === '\r') {
      if (hasContent) counts.push(fields);
      fields = 1;
      hasContent = false;
      atFieldStart = true;
    } else if (ch !== ' ') {
      hasContent = true;
      atFieldStart = false;
    }
  }
  if (complete && hasContent && !inQuotes && counts.length < DELIMITER_SAMPLE_RECORDS)
    counts.push(fields);
  return counts;
}

/**
 * How many rows `parseCsv` will give after the header, without parsing: records are counted by
 * their line ends outside quoted values (the same quoting as `countFields`), leading blank
 * records and the header left out. Fast enough to run before an import so that its progress
 * can say "of how many"; the import's own count stays the one that is stored.
 */
export async function countCsvRows(
  text: AsyncIterable<string>,
  delimiter: CsvDelimiter,
): Promise<number> {
  let records = 0;
  let headerSeen = false;
  let inQuotes = false;
  let atFieldStart = true;
  let hasContent = false; // a value that is not blank
  let started = false; // any character at all in this record
  const endRecord = () => {
    if (headerSeen) records += 1;
    else if (hasContent) headerSeen = true; // blank records before the header are skipped
    hasContent = false;
    started = false;
    atFieldStart = true;
  };
  let quotePending = false; // a quote inside a quoted value, at the end of a chunk
  for await (const chunk of normalizeLineEndings(text)) {
    for (let i = 0; i < chunk.length; i++) {
      const ch = chunk[i];
      if (quotePending) {
        quotePending = false;
        if (ch === '"') continue; // an escaped quote
        inQuotes = false;
      }
      if (inQuotes) {
        if (ch === '"') {
          if (i + 1 === chunk.length) quotePending = true;
          else if (chunk[i + 1] === '"') i++;
          else inQuotes = false;
        } else if (ch !== ' ' && ch !== '\t' && ch !== '\n') hasContent = true;
        continue;
      }
      if (ch === '\n') {
        endRecord();
        continue;
      }
      started = true;
      if (ch === delimiter) atFieldStart = true;
      else if (ch === '"' && atFieldStart) {
        inQuotes = true;
        atFieldStart = false;
      } else {
        if (ch !== ' ' && ch !== '\t') hasContent = true;
        atFieldStart = false;
      }
    }
  }
  if (started || inQuotes || quotePending) endRecord();
  return records;
}

/** \r\n and lone \r become \n, also when a \r\n pair is split across two chunks. */
export async function* normalizeLineEndings(text: AsyncIterable<string>): AsyncGenerator<string> {
  let pendingCr = false;
  for await (let chunk of text) {
    if (chunk.length === 0) continue;
    if (pendingCr && chunk.startsWith('\n')) chunk = chunk.slice(1);
    pendingCr = chunk.endsWith('\r');
    const out = chunk.replace(/\r\n?/g, '\n');
    if (out) yield out;
  }
}

/**
 * Streams records out of decoded text. Rows with more or fewer values than the header are passed
 * on as they are (relax_column_count): judging them is `toContactRow`'s job, per line.
 */
export async function* parseCsv(
  text: AsyncIterable<string>,
  delimiter: CsvDelimiter,
): AsyncGenerator<ParsedRow> {
  // Records are taken out through on_record rather than by reading the stream: when csv-parse
  // fails at the end of the input (a quote never closed) it destroys itself, and records still
  // waiting in its readable buffer would be lost with it.
  const ready: ParsedRow[] = [];
  let lastLine = 0;
  const parser = parse({
    delimiter,
    record_delimiter: '\n',
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: false,
    max_record_size: MAX_RECORD_CHARS,
    on_record: (record: string[], context) => {
      ready.push({ line: lastLine + 1, cells: record });
      lastLine = context.lines;
      return null; // nothing goes to the readable side
    },
  });
  const failure = new Promise<Error>((resolve) => parser.once('error', resolve));
  const step = (operation: (done: () => void) => void) =>
    Promise.race([new Promise<void>((resolve) => operation(resolve)), failure]);

  try {
    for await (const chunk of normalizeLineEndings(text)) {
      const error = await step((done) => parser.write(chunk, () => done()));
      yield* ready.splice(0);
      if (error) {
        yield errorRow(error, lastLine);
        return;
      }
    }
    const error = await step((done) => {
      parser.once('finish', done);
      parser.end();
    });
    yield* ready.splice(0);
    if (error) yield errorRow(error, lastLine);
  } finally {
    parser.destroy();
  }
}

function errorRow(error: Error, lastLine: number): ParsedRow {
  if (!(error instanceof CsvError)) throw error;
  return { line: lastLine + 1, cells: [], error: describeCsvError(error) };
}

function describeCsvError(error: CsvError): string {
  switch (error.code) {
    case 'CSV_QUOTE_NOT_CLOSED':
      return 'A quoted value starting on this line is never closed, so the rest of the file could not be read.';
    case 'CSV_MAX_RECORD_SIZE':
      return 'This line is too long to be a contact, so the rest of the file could not be read.';
    default:
      return `The rest of the file could not be read: ${error.message}`;
  }
}
