import { crc32, deflateRawSync, deflateSync } from 'node:zlib';

// Real documents for tests, built byte by byte: a DOCX (a zip archive with the parts Word
// writes: content types, relationships, `word/document.xml`) and a one-page PDF (objects, a
// content stream showing the lines with Helvetica, an exact cross-reference table, trailer).

export type ZipEntry = {
  name: string;
  data: Buffer;
  /** Store deflated (default) or as is. */
  deflate?: boolean;
  /** Lie in both headers about the uncompressed size (a zip bomb's trick). */
  declaredSize?: number;
};

/**
 * A minimal zip archive of the entries (no data descriptors, no zip64), with a central
 * directory: enough for yauzl, unzipper and the sandbox's own reader.
 */
export function buildZip(entries: readonly ZipEntry[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const deflate = entry.deflate ?? true;
    const stored = deflate ? deflateRawSync(entry.data) : entry.data;
    const crc = crc32(entry.data);
    // A local header's fields after its signature stand again in the central directory's
    // entry, after its "version made by".
    const withSharedFields = (header: Buffer, at: number) => {
      header.writeUInt16LE(20, at); // version needed
      header.writeUInt16LE(0x0800, at + 2); // flags: the name is UTF-8
      header.writeUInt16LE(deflate ? 8 : 0, at + 4); // method
      header.writeUInt16LE(0x21, at + 8); // date: 1980-01-01, time 00:00
      header.writeUInt32LE(crc, at + 10);
      header.writeUInt32LE(stored.length, at + 14);
      header.writeUInt32LE(entry.declaredSize ?? entry.data.length, at + 18);
      header.writeUInt16LE(name.length, at + 22);
      return header;
    };
    const local = withSharedFields(Buffer.alloc(30), 4);
    local.writeUInt32LE(0x04034b50, 0);
    locals.push(local, name, stored);
    const central = withSharedFields(Buffer.alloc(46), 6);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += local.length + name.length + stored.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A Word document with one paragraph per item. */
export function buildDocx(paragraphs: readonly string[]): Buffer {
  const body = paragraphs
    .map((text) => `<w:p><w:r><w:t xml:space="preserve">${escapeXml(text)}</w:t></w:r></w:p>`)
    .join('');
  const xml = (text: string) =>
    Buffer.from(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n${text}`);
  return buildZip([
    {
      name: '[Content_Types].xml',
      data: xml(
        '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
          '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
          '<Default Extension="xml" ContentType="application/xml"/>' +
          '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>' +
          '</Types>',
      ),
    },
    {
      name: '_rels/.rels',
      data: xml(
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
          '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/>' +
          '</Relationships>',
      ),
    },
    {
      name: 'word/document.xml',
      data: xml(
        '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main">' +
          `<w:body>${body}</w:body></w:document>`,
      ),
    },
  ]);
}

const escapePdf = (text: string) => text.replace(/([\\()])/g, '\\$1');

/** A one-page PDF showing the lines; `compress` deflates the content stream (/FlateDecode). */
export function buildPdf(lines: readonly string[], options: { compress?: boolean } = {}): Buffer {
  const content = Buffer.from(
    `BT /F1 12 Tf 72 720 Td 14 TL\n${lines.map((line) => `(${escapePdf(line)}) Tj T*`).join('\n')}\nET\n`,
    'latin1',
  );
  const stream = options.compress ? deflateSync(content) : content;
  const objects = [
    Buffer.from('<< /Type /Catalog /Pages 2 0 R >>'),
    Buffer.from('<< /Type /Pages /Kids [3 0 R] /Count 1 >>'),
    Buffer.from(
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    ),
    Buffer.concat([
      Buffer.from(
        `<< /Length ${stream.length}${options.compress ? ' /Filter /FlateDecode' : ''} >>\nstream\n`,
      ),
      stream,
      Buffer.from('\nendstream'),
    ]),
    Buffer.from('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>'),
  ];
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  const offsets: number[] = [];
  let length = parts[0]!.length;
  objects.forEach((object, index) => {
    offsets.push(length);
    const chunk = Buffer.concat([
      Buffer.from(`${index + 1} 0 obj\n`),
      object,
      Buffer.from('\nendobj\n'),
    ]);
    parts.push(chunk);
    length += chunk.length;
  });
  const xref = [
    'xref',
    `0 ${objects.length + 1}`,
    '0000000000 65535 f ',
    ...offsets.map((at) => `${String(at).padStart(10, '0')} 00000 n `),
    'trailer',
    `<< /Size ${objects.length + 1} /Root 1 0 R >>`,
    'startxref',
    String(length),
    '%%EOF',
    '',
  ].join('\n');
  parts.push(Buffer.from(xref, 'latin1'));
  return Buffer.concat(parts);
}
