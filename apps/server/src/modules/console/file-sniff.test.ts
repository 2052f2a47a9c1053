import { describe, expect, it } from 'vitest';
import { buildDocx, buildPdf, buildZip } from '@switchboard/sandbox/test/documents';
import { kindOfMimetype, sniffDocument } from './file-sniff';

describe('documents are recognised by their content', () => {
  it('a real PDF is a PDF whatever its name', async () => {
    const pdf = buildPdf(['Opening hours: 8 am to 6 pm']);
    expect(await sniffDocument(pdf, 'hours.pdf')).toEqual({
      kind: 'pdf',
      mimetype: 'application/pdf',
    });
    expect((await sniffDocument(pdf, 'hours.txt'))?.kind).toBe('pdf');
  });

  it('a PDF cut short (no end-of-file marker) is refused', async () => {
    const pdf = buildPdf(['Opening hours']);
    expect(await sniffDocument(pdf.subarray(0, pdf.length - 40), 'hours.pdf')).toBeUndefined();
  });

  it('a real DOCX is a Word document; another zip is not', async () => {
    const docx = buildDocx(['Price list', 'Boiler service: 95 euro']);
    expect(await sniffDocument(docx, 'prices.docx')).toEqual({
      kind: 'docx',
      mimetype: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    });
    const xlsxLike = buildZip([{ name: 'xl/workbook.xml', data: Buffer.from('<workbook/>') }]);
    expect(await sniffDocument(xlsxLike, 'prices.docx')).toBeUndefined();
    // A zip's first bytes with nothing after them.
    expect(await sniffDocument(docx.subarray(0, 40), 'prices.docx')).toBeUndefined();
  });

  it('UTF-8 text is text, Markdown by its name; NULs or invalid UTF-8 are refused', async () => {
    const text = Buffer.from('Café opens at 8 — ask for Siobhán.\n');
    expect(await sniffDocument(text, 'notes.txt')).toEqual({
      kind: 'text',
      mimetype: 'text/plain',
    });
    expect(await sniffDocument(text, 'README.md')).toEqual({
      kind: 'markdown',
      mimetype: 'text/markdown',
    });
    expect(await sniffDocument(Buffer.from('abc\u0000def'), 'notes.txt')).toBeUndefined();
    expect(await sniffDocument(Buffer.from([0x68, 0x69, 0xc3, 0x28]), 'notes.txt')).toBeUndefined();
    // A PNG named like a PDF.
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
    expect(await sniffDocument(png, 'brochure.pdf')).toBeUndefined();
  });

  it('maps stored MIME types back to kinds', () => {
    expect(kindOfMimetype('text/markdown')).toBe('markdown');
    expect(kindOfMimetype('image/png')).toBeNull();
    expect(kindOfMimetype(undefined)).toBeNull();
  });
});
