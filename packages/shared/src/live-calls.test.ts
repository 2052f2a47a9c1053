import { describe, expect, it } from 'vitest';
import { encodeListenRecord, LISTEN_RECORD, ListenRecordReader } from './live-calls';

// The listen relay's records (decision 059): every message of the platform's listen socket, in
// order, kind and bytes as sent, however the network cuts the stream.

describe('listen records', () => {
  const audio = new Uint8Array([1, 0, 255, 127, 0, 128]);
  const event = '{"type":"an-event","sampleRate":16000}';
  const stream = new Uint8Array([
    ...encodeListenRecord('audio', audio),
    ...encodeListenRecord('text', new TextEncoder().encode(event)),
    ...encodeListenRecord('audio', new Uint8Array(0)),
  ]);

  it('writes a kind byte, a big-endian length and the payload', () => {
    const record = encodeListenRecord('text', new TextEncoder().encode('hi'));
    expect([...record]).toEqual([LISTEN_RECORD.text, 0, 0, 0, 2, 104, 105]);
  });

  it('reads them back in order whatever the pieces: byte by byte, or all at once', () => {
    const expected = [
      { kind: 'audio', bytes: audio },
      { kind: 'text', text: event },
      { kind: 'audio', bytes: new Uint8Array(0) },
    ];
    expect(new ListenRecordReader().push(stream)).toEqual(expected);
    const reader = new ListenRecordReader();
    const pieces = [...stream].flatMap((byte) => reader.push(new Uint8Array([byte])));
    expect(pieces).toEqual(expected);
  });

  it('refuses a stream that is not records', () => {
    expect(() => new ListenRecordReader().push(new Uint8Array([7, 0, 0, 0, 1, 0]))).toThrow(
      /Not a listen record stream/,
    );
    const tooLong = new Uint8Array([LISTEN_RECORD.audio, 0xff, 0xff, 0xff, 0xff]);
    expect(() => new ListenRecordReader().push(tooLong)).toThrow(/Not a listen record stream/);
  });
});
