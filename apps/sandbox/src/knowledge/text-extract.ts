import { inflateRawSync, inflateSync } from 'node:zlib';

// The text the sandbox's "platform" reads out of an uploaded file, so an assistant can answer
// from it. Plain text and Markdown are read as UTF-8. A DOCX is a zip: its `word/document.xml`
// is found through the zip's central directory and inflated with node's zlib, and the text of
// its runs kept (one line per paragraph). A PDF's content streams are inflated when they say
// `/FlateDecode` and the strings its text operators show (`(…) Tj`, `[…] TJ`) are kept. This is
// "well enough to show it working": scanned PDFs, custom font encodings and object streams
// give little or nothing (the file then ends `failed`, as the platform's parser would).

export type ExtractedKind = 'pdf' | 'docx' | 'text';

const MAX_ENTRY_BYTES = 20 * 1024 * 1024;

/** The kind the bytes are, by their content (not the name); undefined when none we read. */
export function kindOf(bytes: Buffer): ExtractedKind | undefined {
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
  if (bytes.length >= 4 && bytes.readUInt32LE(0) === 0x04034b50) {
    return zipEntry(bytes, 'word/document.xml') ? 'docx' : undefined;
  }
  if (bytes.includes(0)) return undefined;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return 'text';
  } catch {
    return undefined;
  }
}

/** The file's text, or '' when there is none to read. */
export function extractText(bytes: Buffer): string {
  switch (kindOf(bytes)) {
    case 'text':
      return bytes.toString('utf8');
    case 'docx':
      return docxText(bytes);
    case 'pdf':
      return pdfText(bytes);
    default:
      return '';
  }
}

/** One file's bytes from a zip (stored or deflated), by name; undefined when absent. */
export function zipEntry(zip: Buffer, name: string): Buffer | undefined {
  // End of central directory: the last 22 bytes, or earlier when the zip has a comment.
  let end = -1;
  for (let at = zip.length - 22; at >= Math.max(0, zip.length - 22 - 0xffff); at -= 1) {
    if (zip.readUInt32LE(at) === 0x06054b50) {
      end = at;
      break;
    }
  }
  if (end < 0) return undefined;
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  for (let i = 0; i < count && at + 46 <= zip.length; i += 1) {
    if (zip.readUInt32LE(at) !== 0x02014b50) return undefined;
    const method = zip.readUInt16LE(at + 10);
    const compressed = zip.readUInt32LE(at + 20);
    const size = zip.readUInt32LE(at + 24);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const entryName = zip.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    at += 46 + nameLength + extraLength + commentLength;
    if (entryName !== name) continue;
    if (size > MAX_ENTRY_BYTES || local + 30 > zip.length) return undefined;
    if (zip.readUInt32LE(local) !== 0x04034b50) return undefined;
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const data = zip.subarray(start, start + compressed);
    try {
      if (method === 0) return Buffer.from(data);
      if (method === 8) return inflateRawSync(data, { maxOutputLength: MAX_ENTRY_BYTES });
    } catch {
      return undefined;
    }
    return undefined;
  }
  return undefined;
}

const XML_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
};

function decodeXml(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, entity: string) => {
    if (entity.startsWith('#x') || entity.startsWith('#X'))
      return String.fromCodePoint(parseInt(entity.slice(2), 16));
    if (entity.startsWith('#')) return String.fromCodePoint(Number(entity.slice(1)));
    return XML_ENTITIES[entity] ?? whole;
  });
}

function docxText(zip: Buffer): string {
  const xml = zipEntry(zip, 'word/document.xml')?.toString('utf8') ?? '';
  const paragraphs = xml.split(/<\/w:p>/);
  return paragraphs
    .map((paragraph) =>
      [...paragraph.matchAll(/<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>|<w:tab\/>/g)]
        .map((match) => (match[1] === undefined ? '\t' : decodeXml(match[1])))
        .join(''),
    )
    .filter((line) => line.trim() !== '')
    .join('\n');
}

/** A PDF literal string's bytes: escapes resolved (`\n`, `\(`, octal). */
function pdfLiteral(raw: string): string {
  return raw.replace(/\\(\d{1,3}|.)/gs, (_whole, escape: string) => {
    if (/^\d/.test(escape)) return String.fromCharCode(parseInt(escape, 8));
    return { n: '\n', r: '\r', t: '\t', b: '\b', f: '\f' }[escape] ?? escape;
  });
}

function textOperators(content: string): string {
  const lines: string[] = [];
  let line = '';
  // Strings shown by Tj/'/" and the string parts of TJ arrays; T* / Td / ET end a line.
  const pattern =
    /\((?:\\.|[^\\)])*\)\s*(?:Tj|'|")|\[((?:\((?:\\.|[^\\)])*\)|[^\]])*)\]\s*TJ|(?<![\w*])(?:T\*|Td|TD|ET)(?![\w*])/gs;
  for (const match of content.matchAll(pattern)) {
    const token = match[0];
    if (token.startsWith('(')) {
      line += pdfLiteral(token.slice(1, token.lastIndexOf(')')));
    } else if (token.startsWith('[')) {
      for (const part of (match[1] ?? '').matchAll(/\(((?:\\.|[^\\)])*)\)/gs)) {
        line += pdfLiteral(part[1] ?? '');
      }
    } else if (line.trim() !== '') {
      lines.push(line.trim());
      line = '';
    }
  }
  if (line.trim() !== '') lines.push(line.trim());
  return lines.join('\n');
}

function pdfText(pdf: Buffer): string {
  const source = pdf.toString('latin1');
  const parts: string[] = [];
  const streams = /<<((?:(?!>>\s*stream)[\s\S])*)>>\s*stream\r?\n/g;
  for (const match of source.matchAll(streams)) {
    const dictionary = match[1] ?? '';
    const start = (match.index ?? 0) + match[0].length;
    const end = source.indexOf('endstream', start);
    if (end < 0) break;
    let data: Buffer = pdf.subarray(start, end);
    if (/\/FlateDecode/.test(dictionary)) {
      try {
        data = inflateSync(data, { maxOutputLength: MAX_ENTRY_BYTES });
      } catch {
        continue;
      }
    } else if (/\/Filter/.test(dictionary)) {
      continue;
    }
    const text = textOperators(data.toString('latin1'));
    if (text) parts.push(text);
  }
  return parts.join('\n');
}
