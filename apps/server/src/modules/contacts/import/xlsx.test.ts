import { describe, expect, it, vi } from 'vitest';
import yauzl from 'yauzl';
import type { ParsedRow } from './csv';
import { ImportFileError } from './import-file-error';
import { buildZip } from '@switchboard/sandbox/test/documents';
import { buildMinimalXlsx, buildSheetJsXlsx, buildXlsx } from './test-fixtures';
import { inspectXlsx, numberToText, readFirstWorksheet } from './xlsx';

async function readAll(buffer: Buffer) {
  const rows: ParsedRow[] = [];
  for await (const row of readFirstWorksheet({ buffer })) rows.push(row);
  return rows;
}

async function refusal(promise: Promise<unknown>) {
  const error: unknown = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ImportFileError);
  return error as ImportFileError;
}

const WORKBOOK_XML = Buffer.from(
  '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"/>',
);

const SHEETJS_ROWS = [
  ['Name', 'Phone', 'Email', 'Joined'],
  ['Ann Smith', 353871234567, 'ann@example.ie', new Date(Date.UTC(2024, 0, 15))],
  ['Bob', null, 'bob@example.ie'],
  [],
  ['Total', 2],
];

describe('readFirstWorksheet', () => {
  it('gives every cell as text: numeric phones in full, formulas, dates, rich text, links', async () => {
    const buffer = await buildXlsx([
      {
        rows: [
          ['Name', 'Phone', 'Joined', 'Label', 'Site', 'VIP'],
          [
            { richText: [{ text: 'Ann ' }, { text: 'Smith', font: { bold: true } }] },
            353871234567,
            new Date(Date.UTC(2024, 0, 15)),
            { formula: 'A2&"!"', result: 'Ann Smith!' },
            { text: 'example.ie', hyperlink: 'https://example.ie' },
            true,
          ],
          ['=SUM(A1)', 871234567, new Date(Date.UTC(2024, 0, 15, 9, 30)), { formula: 'SUM(1,2)' }],
        ],
      },
    ]);
    const rows = await readAll(buffer);
    expect(rows).toEqual([
      { line: 1, cells: ['Name', 'Phone', 'Joined', 'Label', 'Site', 'VIP'] },
      {
        line: 2,
        cells: ['Ann Smith', '353871234567', '2024-01-15', 'Ann Smith!', 'example.ie', 'TRUE'],
      },
      { line: 3, cells: ['=SUM(A1)', '871234567', '2024-01-15T09:30:00', '=SUM(1,2)'] },
    ]);
  });

  it('keeps row numbers when rows are missing and fills skipped columns with ""', async () => {
    const buffer = await buildXlsx([{ rows: [] }], (workbook) => {
      const sheet = workbook.getWorksheet(1)!;
      sheet.getCell('A3').value = 'Name';
      sheet.getCell('C3').value = 'Email';
      sheet.getCell('A7').value = 'Ann';
      sheet.getCell('C7').value = 'ann@example.ie';
    });
    expect(await readAll(buffer)).toEqual([
      { line: 3, cells: ['Name', '', 'Email'] },
      { line: 7, cells: ['Ann', '', 'ann@example.ie'] },
    ]);
  });

  it('reads the first worksheet with data, skipping an empty one', async () => {
    const buffer = await buildXlsx([
      { name: 'Cover', rows: [] },
      { name: 'Contacts', rows: [['Name'], ['Ann']] },
      { name: 'Other', rows: [['Ignored']] },
    ]);
    expect((await readAll(buffer)).map((r) => r.cells[0])).toEqual(['Name', 'Ann']);
  });

  it.each([
    ['SheetJS, strings in the cells', () => buildSheetJsXlsx(SHEETJS_ROWS)],
    // SheetJS stores the worksheet before the shared strings and the workbook part.
    ['SheetJS, shared strings', () => buildSheetJsXlsx(SHEETJS_ROWS, { sharedStrings: true })],
  ])('reads a workbook written by %s: numbers, dates, blanks, a totals row', async (_w, build) => {
    expect(await readAll(build())).toEqual([
      { line: 1, cells: ['Name', 'Phone', 'Email', 'Joined'] },
      { line: 2, cells: ['Ann Smith', '353871234567', 'ann@example.ie', '2024-01-15'] },
      { line: 3, cells: ['Bob', '', 'bob@example.ie'] },
      { line: 5, cells: ['Total', '2'] },
    ]);
  });

  it('reads a hand-made package: inline strings, no styles, blank rows at the end', async () => {
    const buffer = buildMinimalXlsx([
      ['Name', 'Phone'],
      ['Ann & Co <ltd>', 871234567],
      ['Bob', null],
      [],
      [],
    ]);
    expect(await readAll(buffer)).toEqual([
      { line: 1, cells: ['Name', 'Phone'] },
      { line: 2, cells: ['Ann & Co <ltd>', '871234567'] },
      { line: 3, cells: ['Bob'] },
      { line: 4, cells: [] },
      { line: 5, cells: [] },
    ]);
  });

  it('refuses a workbook whose sheets are all empty', async () => {
    const buffer = await buildXlsx([{ rows: [] }, { rows: [[null, '  ']] }]);
    expect((await refusal(readAll(buffer))).problem).toBe('noSheet');
  });
});

describe('numberToText', () => {
  it('writes numbers without exponent or float noise', () => {
    expect(numberToText(353871234567)).toBe('353871234567');
    expect(numberToText(4.4e15)).toBe('4400000000000000');
    expect(numberToText(0.1 + 0.2)).toBe('0.3');
    expect(numberToText(-12.5)).toBe('-12.5');
  });
});

describe('inspectXlsx', () => {
  it('accepts a real workbook, and counts the rows after its header', async () => {
    await expect(
      inspectXlsx({ buffer: await buildXlsx([{ rows: [['a'], ['b'], ['c']] }]) }),
    ).resolves.toEqual({ dataRows: 2 });
    await expect(inspectXlsx({ buffer: await buildXlsx([{ rows: [] }]) })).resolves.toEqual({
      dataRows: null,
    });
  });

  it('refuses a zip bomb from its directory alone, before inflating anything', async () => {
    // 2 GB of zeros declared for the sheet; the data really is a few kB.
    const bomb = buildZip([
      { name: 'xl/workbook.xml', data: WORKBOOK_XML },
      {
        name: 'xl/worksheets/sheet1.xml',
        data: Buffer.alloc(64 * 1024),
        declaredSize: 2 * 1024 * 1024 * 1024,
      },
    ]);
    const openReadStream = vi.spyOn(yauzl.ZipFile.prototype, 'openReadStream');
    const error = await refusal(inspectXlsx({ buffer: bomb }));
    expect(error.problem).toBe('zipBomb');
    expect(error.message).toMatch(/more than the allowed size \(100 MB/);
    expect(openReadStream).not.toHaveBeenCalled(); // no entry was inflated
    openReadStream.mockRestore();
  });

  it('refuses a workbook whose declared total passes a lower cap', async () => {
    const buffer = await buildXlsx([{ rows: [['x'.repeat(5000)]] }]);
    expect((await refusal(inspectXlsx({ buffer }, 1000))).problem).toBe('zipBomb');
  });

  it('refuses an entry that inflates to more than it declared', async () => {
    const liar = buildZip([
      { name: 'xl/workbook.xml', data: WORKBOOK_XML },
      { name: 'xl/sharedStrings.xml', data: Buffer.alloc(8 * 1024 * 1024), declaredSize: 1000 },
    ]);
    expect((await refusal(inspectXlsx({ buffer: liar }))).problem).toBe('zipBomb');
  });

  it('refuses a zip that is not a workbook, and bytes that are not a zip', async () => {
    const notWorkbook = buildZip([{ name: 'photo.txt', data: Buffer.from('hello') }]);
    expect((await refusal(inspectXlsx({ buffer: notWorkbook }))).message).toBe(
      'This zip file is not an Excel workbook.',
    );
    const truncated = buildZip([{ name: 'xl/workbook.xml', data: WORKBOOK_XML }]).subarray(0, 40);
    expect((await refusal(inspectXlsx({ buffer: truncated }))).problem).toBe('damaged');
  });
});
