import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import yauzl from 'yauzl';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ParsedRow } from './csv';
import { IMPORT_MESSAGES, ImportFileError } from './import-file-error';
import {
  openContactFile,
  previewContactFile,
  type ContactFileInput,
  type ContactFileOptions,
} from './parse-file';
import { buildZip } from '@switchboard/sandbox/test/documents';
import { buildXlsx } from './test-fixtures';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'contact-import-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function readRows(input: ContactFileInput, options?: ContactFileOptions) {
  const file = await openContactFile(input, options);
  const rows: ParsedRow[] = [];
  for await (const row of file.rows) rows.push(row);
  return { type: file.type, rows };
}

async function refusal(promise: Promise<unknown>): Promise<ImportFileError> {
  const error: unknown = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ImportFileError);
  return error as ImportFileError;
}

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

describe('previewContactFile', () => {
  it('previews a UTF-8 CSV with a BOM, says its format, and suggests a mapping', async () => {
    const csv = Buffer.concat([
      BOM,
      Buffer.from('Name;Phone;Email\r\nZoë Ó Sé;087 123 4567;zoe@example.ie\r\n'),
    ]);
    expect(await previewContactFile({ buffer: csv })).toEqual({
      type: 'csv',
      format: { delimiter: ';', encoding: 'utf-8' },
      headers: ['Name', 'Phone', 'Email'],
      sample: [['Zoë Ó Sé', '087 123 4567', 'zoe@example.ie']],
      scanned: [['Zoë Ó Sé', '087 123 4567', 'zoe@example.ie']],
      suggestedMapping: { name: 0, phone: 1, email: 2 },
    });
  });

  it('decodes a Latin-1 (windows-1252) file', async () => {
    const csv = Buffer.from(
      'Vorname\tNachname\tTelefon\nFrançois\tMüller\t+49 30 123456\n',
      'latin1',
    );
    const preview = await previewContactFile({ buffer: csv });
    expect(preview.sample).toEqual([['François', 'Müller', '+49 30 123456']]);
    expect(preview.suggestedMapping).toEqual({ firstName: 0, lastName: 1, phone: 2 });
  });

  it('decodes UTF-16LE with a BOM (Excel "Unicode text")', async () => {
    const csv = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from('name\tphone\nMüller\t+353871234567\n', 'utf16le'),
    ]);
    expect((await previewContactFile({ buffer: csv })).sample).toEqual([
      ['Müller', '+353871234567'],
    ]);
  });

  it('previews the first worksheet of an xlsx', async () => {
    const buffer = await buildXlsx([
      { rows: [['Full Name', 'Mobile'], ['Ann', 353871234567], [], ['Bob', 353861234567]] },
    ]);
    expect(await previewContactFile({ buffer })).toEqual({
      type: 'xlsx',
      headers: ['Full Name', 'Mobile'],
      sample: [
        ['Ann', '353871234567'],
        ['Bob', '353861234567'],
      ],
      scanned: [
        ['Ann', '353871234567'],
        ['Bob', '353861234567'],
      ],
      suggestedMapping: { name: 0, phone: 1 },
    });
  });

  it('skips blank lines before the header and stops at sampleSize', async () => {
    const lines = ['', ' ', 'email', ...Array.from({ length: 50 }, (_, i) => `p${i}@x.ie`)];
    const preview = await previewContactFile({ buffer: Buffer.from(lines.join('\n')) }, {}, 3);
    expect(preview.headers).toEqual(['email']);
    expect(preview.sample).toEqual([['p0@x.ie'], ['p1@x.ie'], ['p2@x.ie']]);
    // The checks look further: every row here, up to the scan size.
    expect(preview.scanned).toHaveLength(50);
    const few = await previewContactFile({ buffer: Buffer.from(lines.join('\n')) }, {}, 3, 20);
    expect(few.scanned).toHaveLength(20);
  });

  const refused: [string, () => Promise<Buffer> | Buffer, string][] = [
    ['an empty file', () => Buffer.alloc(0), IMPORT_MESSAGES.empty],
    ['blank lines only', () => Buffer.from('\r\n \r\n\r\n'), IMPORT_MESSAGES.empty],
    ['a header-only CSV', () => Buffer.from('name,phone\r\n\r\n'), IMPORT_MESSAGES.headerOnly],
    [
      'a header-only xlsx',
      () => buildXlsx([{ rows: [['name', 'phone']] }]),
      IMPORT_MESSAGES.headerOnly,
    ],
    [
      'garbage binary',
      () => Buffer.from(Array.from({ length: 3000 }, (_, i) => (i * 7919 + 3) % 256)),
      IMPORT_MESSAGES.unsupported,
    ],
    [
      'a PDF',
      () => Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >>\nendobj\n'),
      IMPORT_MESSAGES.unsupported,
    ],
    [
      'a legacy .xls',
      () =>
        Buffer.concat([
          Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
          Buffer.alloc(504),
        ]),
      IMPORT_MESSAGES.legacyXls,
    ],
    [
      'UTF-16 without a BOM',
      () => Buffer.from('name,phone\nAnn,+353871234567\n', 'utf16le'),
      IMPORT_MESSAGES.encoding,
    ],
    [
      'a zip that is not a workbook',
      () => buildZip([{ name: 'word/document.xml', data: Buffer.from('<w/>') }]),
      IMPORT_MESSAGES.notWorkbook,
    ],
    ['an xlsx with no data', () => buildXlsx([{ rows: [] }]), IMPORT_MESSAGES.noSheet],
    [
      'a CSV whose header never closes a quote',
      () => Buffer.from('"name,phone\nAnn,1\n'),
      IMPORT_MESSAGES.brokenHeader(1),
    ],
  ];
  it.each(refused)('refuses %s with a clear message', async (_label, build, message) => {
    expect((await refusal(previewContactFile({ buffer: await build() }))).message).toBe(message);
  });

  it('refuses a file over the size cap, and a zip bomb before inflating it', async () => {
    const big = Buffer.alloc(2 * 1024 * 1024, 'a,b\n');
    const tooLarge = await refusal(
      previewContactFile({ buffer: big }, { maxFileBytes: 1024 * 1024 }),
    );
    expect(tooLarge.message).toBe('The file is larger than 1 MB.');
    expect(tooLarge.statusCode).toBe(413);

    const bomb = buildZip([
      { name: 'xl/workbook.xml', data: Buffer.from('<workbook/>') },
      { name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(1024), declaredSize: 0xffffffff },
    ]);
    const openReadStream = vi.spyOn(yauzl.ZipFile.prototype, 'openReadStream');
    expect((await refusal(previewContactFile({ buffer: bomb }))).problem).toBe('zipBomb');
    expect(openReadStream).not.toHaveBeenCalled(); // refused from the directory, nothing inflated
    openReadStream.mockRestore();
  });

  it('sniffs the content, not the name: a CSV saved as .xlsx is read as CSV', async () => {
    const path = join(dir, 'contacts.xlsx');
    await writeFile(path, 'email\nann@example.ie\n');
    expect((await previewContactFile({ path })).type).toBe('csv');
  });
});

describe('openContactFile', () => {
  it('streams every row of a CSV with line numbers, header first', async () => {
    const { rows } = await readRows({
      buffer: Buffer.from('name|phone\n"Ann\nSmith"|1\n\nBob|2'),
    });
    expect(rows).toEqual([
      { line: 1, cells: ['name', 'phone'] },
      { line: 2, cells: ['Ann\nSmith', '1'] },
      { line: 4, cells: [''] },
      { line: 5, cells: ['Bob', '2'] },
    ]);
  });

  it('reads a file that turns out to be Latin-1 only after the sniffed sample', async () => {
    const path = join(dir, 'late-latin1.csv');
    const padding = Array.from({ length: 3000 }, (_, i) => `Person ${i},p${i}@example.ie`).join(
      '\n',
    );
    await writeFile(
      path,
      Buffer.concat([
        Buffer.from(`name,email\n${padding}\n`),
        Buffer.from('Müller,m@example.ie\n', 'latin1'),
      ]),
    );
    const { rows } = await readRows({ path });
    expect(rows.at(-1)).toEqual({ line: 3002, cells: ['Müller', 'm@example.ie'] });
  });

  // Volume and memory (200,000 lines in bounded heap) are measured by bench/csv-stream.bench.ts.
  it('streams a file from disk across many reads, in order, with its line numbers', async () => {
    const path = join(dir, 'many-chunks.csv');
    const total = 5_000; // ~400 kB: many of the stream's 64 kB reads, a line cut at each edge
    const line = (j: number) =>
      `Person ${j};+3538${String(10_000_000 + j)};p${j}@example.ie;"note; ${j}"`;
    await writeFile(
      path,
      ['Name;Phone;Email;Notes', ...Array.from({ length: total }, (_, j) => line(j))].join('\n'),
    );
    const { rows } = await readRows({ path });
    expect(rows).toHaveLength(total + 1);
    expect(rows.every((row, index) => row.line === index + 1 && row.cells.length === 4)).toBe(true);
    expect(rows.at(-1)).toEqual({
      line: total + 1,
      cells: [
        `Person ${total - 1}`,
        `+3538${10_000_000 + total - 1}`,
        `p${total - 1}@example.ie`,
        `note; ${total - 1}`,
      ],
    });
  });

  it('reads an xlsx from a path', async () => {
    const path = join(dir, 'contacts.bin');
    await writeFile(path, await buildXlsx([{ rows: [['Email'], ['ann@example.ie']] }]));
    expect(await readRows({ path })).toEqual({
      type: 'xlsx',
      rows: [
        { line: 1, cells: ['Email'] },
        { line: 2, cells: ['ann@example.ie'] },
      ],
    });
  });
});

describe('countRows (XLSX)', () => {
  const readCount = async (buffer: Buffer) => {
    const file = await openContactFile({ buffer });
    let read = -1; // the header is not a row
    for await (const row of file.rows) {
      void row;
      read += 1;
    }
    return { read, counted: await file.countRows!() };
  };

  it('counts the rows of the worksheet that is read, past an empty one', async () => {
    // (exceljs writes no element for the empty row: neither the count nor the reader sees it)
    const buffer = await buildXlsx([
      { name: 'Empty', rows: [] },
      {
        name: 'People',
        rows: [['Name', 'Phone'], ['Ann', '0871234567'], [], ['Bob', '0871234568']],
      },
    ]);
    expect(await readCount(buffer)).toEqual({ read: 2, counted: 2 });
  });

  it('counts a large worksheet across the inflated chunks', async () => {
    const rows: string[][] = [['Name', 'Phone']];
    for (let i = 0; i < 20_000; i++) rows.push([`Person ${i}`, `087${String(i).padStart(7, '0')}`]);
    const { read, counted } = await readCount(await buildXlsx([{ rows }]));
    expect(read).toBe(20_000);
    expect(counted).toBe(20_000);
  });
});

describe('countRows (CSV)', () => {
  // The count an import's progress is shown against must be the number of rows it then reads.
  it.each([
    ['a plain file', 'Name,Phone\nAnn,1\nBob,2\n'],
    ['no newline at the end', 'Name,Phone\nAnn,1\nBob,2'],
    ['blank lines inside and at the end', 'Name,Phone\nAnn,1\n\n,,\nBob,2\n\n\n'],
    ['blank lines before the header', '\n , \n\nName,Phone\nAnn,1\n'],
    [
      'quoted line breaks and quotes',
      'Name,Notes\n"Ann","one\ntwo"\n"B ""x"" c","3\r\n4"\nEnd,"a,b"\n',
    ],
    ['a quote inside a value', 'Name,Notes\nAnn 5" tall,x\nBob,"y"\n'],
    ['Windows line ends', 'Name,Phone\r\nAnn,1\r\n\r\nBob,2\r\n'],
    ['old Mac line ends', 'Name,Phone\rAnn,1\rBob,2\r'],
    ['tabs', 'Name\tPhone\nAnn\t1\n\t\nBob\t2\n'],
    ['a quote never closed', 'Name,Notes\nAnn,1\nBob,"open\nCarl,3\n'],
    ['a header only', 'Name,Phone\n'],
    ['a BOM', '\uFEFFName;Phone\nAnn;1\n'],
  ])('counts the rows of %s as the parser reads them', async (_, text) => {
    const buffer = Buffer.from(text);
    const file = await openContactFile({ buffer });
    let read = -1; // the header is not a row
    for await (const row of file.rows) {
      void row;
      read += 1;
    }
    expect(await file.countRows!()).toBe(read);
  });

  it('counts a large file the same way, across chunk boundaries', async () => {
    const lines = ['Name,Phone,Notes'];
    for (let i = 0; i < 30_000; i++)
      lines.push(
        i % 97 === 0 ? `"Person ${i}","087 ${i}","line one\nline ""two"""` : `P ${i},${i},`,
      );
    const file = await openContactFile({ buffer: Buffer.from(lines.join('\r\n')) });
    let read = -1;
    for await (const row of file.rows) {
      void row;
      read += 1;
    }
    expect(read).toBe(30_000);
    expect(await file.countRows!()).toBe(30_000);
  });
});
