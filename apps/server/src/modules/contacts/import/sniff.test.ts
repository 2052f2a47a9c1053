import { describe, expect, it } from 'vitest';
import { sniffFile, sniffFileType } from './sniff';

describe('sniffFileType', () => {
  it.each([
    ['a zip (xlsx candidate)', Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00]), 'xlsx'],
    ['CSV text', Buffer.from('name,phone\nAnn,+353871234567\n'), 'csv'],
    ['CSV in Latin-1', Buffer.from('name\nMüller\n', 'latin1'), 'csv'],
    ['a PDF', Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n'), 'unknown'],
    [
      'a PNG',
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]),
      'unknown',
    ],
    ['a GIF', Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1'), 'unknown'],
    ['an ELF binary', Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]), 'unknown'],
    [
      'random bytes',
      Buffer.from(Array.from({ length: 512 }, (_, i) => (i * 151 + 7) % 256)),
      'unknown',
    ],
  ] as const)('%s → %s', (_label, head, expected) => {
    expect(sniffFileType(head)).toBe(expected);
  });

  it('tells an old .xls (OLE) file apart so the message can say what to do', () => {
    const ole = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0]);
    expect(sniffFile(ole)).toEqual({ type: 'unknown', problem: 'legacyXls' });
  });

  it('names the encoding of text and flags text in an encoding it cannot read', () => {
    expect(sniffFile(Buffer.from('a;b\n1;2\n'))).toEqual({ type: 'csv', encoding: 'utf-8' });
    expect(sniffFile(Buffer.from('name,phone\nAnn,1\n', 'utf16le'))).toEqual({
      type: 'unknown',
      problem: 'encoding',
    });
  });
});
