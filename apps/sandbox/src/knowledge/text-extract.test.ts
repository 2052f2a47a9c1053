import { describe, expect, it } from 'vitest';
import { buildDocx, buildPdf, buildZip } from '../test/documents';
import { bestMatch, KnowledgeStore, passagesOf } from './knowledge-store';
import { extractText, kindOf } from './text-extract';

describe('the sandbox reads text from uploaded documents', () => {
  it('reads plain text and Markdown as UTF-8', () => {
    const text = Buffer.from('# Opening hours\n\nWe open at 8 am — café upstairs.');
    expect(kindOf(text)).toBe('text');
    expect(extractText(text)).toContain('café upstairs');
  });

  it('reads the paragraphs of a real DOCX', () => {
    const docx = buildDocx(['Opening hours', 'We are open Monday to Friday, 8 am to 6 pm & Sat.']);
    expect(kindOf(docx)).toBe('docx');
    expect(extractText(docx)).toBe(
      'Opening hours\nWe are open Monday to Friday, 8 am to 6 pm & Sat.',
    );
  });

  it('reads the text of a real PDF, plain and deflated', () => {
    for (const compress of [false, true]) {
      const pdf = buildPdf(['Parking (free) behind the shop', 'Dogs welcome'], { compress });
      expect(kindOf(pdf)).toBe('pdf');
      expect(extractText(pdf)).toBe('Parking (free) behind the shop\nDogs welcome');
    }
  });

  it('gives nothing for a zip that is not a Word document, or binary bytes', () => {
    const zip = buildZip([{ name: 'notes.txt', data: Buffer.from('hello') }]);
    expect(kindOf(zip)).toBeUndefined();
    expect(extractText(zip)).toBe('');
    expect(extractText(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2]))).toBe('');
  });
});

describe('answering from passages', () => {
  const text = [
    '# Opening hours',
    'We are open Monday to Friday from 8 am to 6 pm, and Saturday mornings.',
    '',
    '# Parking',
    'Free parking is available behind the shop on Mill Lane.',
    '',
    '# Prices',
    'A standard boiler service costs 95 euro including parts.',
  ].join('\n');

  it('splits text into passages and picks the one sharing the most words', () => {
    const passages = passagesOf(text);
    expect(passages.length).toBeGreaterThanOrEqual(3);
    expect(bestMatch(passages, 'Where can I park?')).toBeUndefined();
    expect(bestMatch(passages, 'Is there parking near you?')).toContain('Mill Lane');
    expect(bestMatch(passages, 'How much is a boiler service?')).toContain('95 euro');
    expect(bestMatch(passages, 'When are you open on Saturday?')).toContain('Saturday mornings');
    expect(bestMatch(passages, 'the and of')).toBeUndefined();
  });

  it('files are processing, then done; a knowledge base answers only from ready files', () => {
    let now = 1_000;
    const store = new KnowledgeStore(500, () => now);
    const at = new Date(now).toISOString();
    const base = { orgId: 'org', createdAt: at, updatedAt: at };
    const file = store.addFile(
      {
        ...base,
        id: 'f1',
        object: 'file',
        status: 'processing',
        name: 'faq.md',
        originalName: 'faq.md',
        bytes: text.length,
        mimetype: 'text/markdown',
      },
      text,
    );
    expect(file.status).toBe('processing');
    const link = store.attach('kb1', file, 'l1');
    expect(link.status).toBe('indexing');
    expect(store.bestPassage(['kb1'], 'boiler service price')).toBeUndefined();
    now += 600;
    expect(store.file('f1')).toMatchObject({ status: 'done', parsedTextBytes: text.length });
    expect(store.filesOf('kb1')[0]).toMatchObject({ status: 'ready' });
    expect(store.bestPassage(['kb1'], 'boiler service price')).toContain('95 euro');
    store.removeFile('f1');
    expect(store.filesOf('kb1')).toEqual([]);
  });

  it('a file without readable text ends failed', () => {
    let now = 0;
    const store = new KnowledgeStore(10, () => now);
    const at = new Date(now).toISOString();
    store.addFile(
      {
        id: 'f2',
        orgId: 'org',
        createdAt: at,
        updatedAt: at,
        object: 'file',
        status: 'processing',
        name: 'scan.pdf',
        originalName: 'scan.pdf',
        bytes: 10,
        mimetype: 'application/pdf',
      },
      '',
    );
    now = 20;
    expect(store.file('f2')?.status).toBe('failed');
  });
});
