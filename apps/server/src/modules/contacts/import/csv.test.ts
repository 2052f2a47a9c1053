import { describe, expect, it } from 'vitest';
import { detectDelimiter, normalizeLineEndings, parseCsv, type CsvDelimiter } from './csv';

async function* chunksOf(text: string, size = 7) {
  for (let i = 0; i < text.length; i += size) yield text.slice(i, i + size);
}

async function parseAll(text: string, delimiter: CsvDelimiter = ',', chunkSize = 7) {
  const rows = [];
  for await (const row of parseCsv(chunksOf(text, chunkSize), delimiter)) rows.push(row);
  return rows;
}

describe('detectDelimiter', () => {
  it.each([
    ['comma', 'name,phone,email\nAnn,1,a@x.ie\nBob,2,b@x.ie\n', ','],
    ['semicolon (European Excel)', 'Name;Telefon;Notiz\nAnn;1;a, b\nBob;2;c\n', ';'],
    ['tab', 'name\tphone\nAnn, Jr\t1\nBob\t2\n', '\t'],
    ['pipe', 'name|phone|email\nAnn|1|a@x.ie\n', '|'],
    ['one column', 'email\na@x.ie\nb@x.ie\n', ','],
  ] as const)('%s', (_label, sample, expected) => {
    expect(detectDelimiter(sample, true)).toBe(expected);
  });

  it('is not fooled by delimiters inside quoted values', () => {
    const sample = 'name;phone\n"Smith, Ann; Dr";1\n"Bob, Jr";2\n"Cy, X";3\n';
    expect(detectDelimiter(sample, true)).toBe(';');
  });
});

describe('normalizeLineEndings', () => {
  it('turns \\r\\n split across chunks and lone \\r into \\n', async () => {
    async function* parts() {
      yield 'a\r';
      yield '\nb\rc\r\n';
    }
    let out = '';
    for await (const part of normalizeLineEndings(parts())) out += part;
    expect(out).toBe('a\nb\nc\n');
  });
});

describe('parseCsv', () => {
  it('keeps quoted delimiters and newlines in values, with the line each record starts on', async () => {
    const text = [
      'name,phone,notes',
      '"Smith, Ann",+353871234567,"line one',
      'line two, still notes"',
      '',
      'Bob,+353861234567,"He said ""hi"""',
      'Cy,+353851234567,last',
    ].join('\r\n');
    const rows = await parseAll(text);
    expect(rows).toEqual([
      { line: 1, cells: ['name', 'phone', 'notes'] },
      { line: 2, cells: ['Smith, Ann', '+353871234567', 'line one\nline two, still notes'] },
      { line: 4, cells: [''] },
      { line: 5, cells: ['Bob', '+353861234567', 'He said "hi"'] },
      { line: 6, cells: ['Cy', '+353851234567', 'last'] },
    ]);
  });

  it('keeps every value as text: no number conversion, formulas not evaluated', async () => {
    const rows = await parseAll('name;phone;n\n=SUM(A1);00353871234567;1e5\n', ';');
    expect(rows[1]!.cells).toEqual(['=SUM(A1)', '00353871234567', '1e5']);
  });

  it('passes on rows with too few or too many values instead of failing the file', async () => {
    const rows = await parseAll('a\tb\tc\n1\n1\t2\t3\t4\n', '\t');
    expect(rows.map((r) => r.cells.length)).toEqual([3, 1, 4]);
  });

  it('reads a pipe-delimited file', async () => {
    const rows = await parseAll('name|phone\nAnn|1\n', '|');
    expect(rows[1]).toEqual({ line: 2, cells: ['Ann', '1'] });
  });

  it('reports a quote never closed as a last error row at the line where it starts', async () => {
    const rows = await parseAll('name,phone\nAnn,1\n"Bob,2\nCy,3\n');
    expect(rows).toHaveLength(3);
    expect(rows[2]).toMatchObject({ line: 3, cells: [] });
    expect(rows[2]!.error).toMatch(/never closed/);
  });
});
