import yauzl from 'yauzl';
import type { KnowledgeFileKind } from '@switchboard/shared/knowledge-bases';

// What an uploaded document is, decided by its bytes: a PDF starts `%PDF-` and ends with its
// `%%EOF` marker; a DOCX is a zip archive whose directory lists `word/document.xml`; plain text
// and Markdown are valid UTF-8 without NUL bytes. The name only tells Markdown from plain text
// (their bytes cannot), and the browser's MIME type is not read at all.

export type SniffedDocument = { kind: KnowledgeFileKind; mimetype: string };

const MIME_TYPES: Record<KnowledgeFileKind, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  text: 'text/plain',
  markdown: 'text/markdown',
};

const ZIP_LOCAL_HEADER = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

function isPdf(bytes: Buffer): boolean {
  if (bytes.subarray(0, 5).toString('latin1') !== '%PDF-') return false;
  // The end-of-file marker sits in the last bytes (trailing whitespace or junk is common).
  return bytes.subarray(Math.max(0, bytes.length - 2048)).includes('%%EOF', 0, 'latin1');
}

/** The zip's directory names `word/document.xml` (read through yauzl, nothing inflated). */
async function isDocx(bytes: Buffer): Promise<boolean> {
  if (!bytes.subarray(0, 4).equals(ZIP_LOCAL_HEADER)) return false;
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.fromBufferPromise(bytes, { lazyEntries: true });
  } catch {
    return false;
  }
  return new Promise<boolean>((resolve) => {
    let found = false;
    zip.on('entry', (entry: yauzl.Entry) => {
      if (entry.fileName === 'word/document.xml') {
        found = true;
        zip.close();
        resolve(true);
        return;
      }
      zip.readEntry();
    });
    zip.on('end', () => resolve(found));
    zip.on('error', () => resolve(false));
    zip.readEntry();
  });
}

function isText(bytes: Buffer): boolean {
  if (bytes.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** The document's kind and MIME type, or undefined when it is none we take. */
export async function sniffDocument(
  bytes: Buffer,
  fileName: string,
): Promise<SniffedDocument | undefined> {
  let kind: KnowledgeFileKind | undefined;
  if (isPdf(bytes)) kind = 'pdf';
  else if (await isDocx(bytes)) kind = 'docx';
  else if (isText(bytes)) kind = /\.(md|markdown)$/i.test(fileName) ? 'markdown' : 'text';
  return kind ? { kind, mimetype: MIME_TYPES[kind] } : undefined;
}

/** The kind a stored MIME type names (files listed back from the platform). */
export function kindOfMimetype(mimetype: string | undefined): KnowledgeFileKind | null {
  const entry = Object.entries(MIME_TYPES).find(([, type]) => type === mimetype);
  return entry ? (entry[0] as KnowledgeFileKind) : null;
}
