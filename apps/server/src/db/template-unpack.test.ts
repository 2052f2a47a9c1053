import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { unpackDataDir } from './template-unpack';

/** One ustar entry: a 512-byte header (name split into prefix and name), then the body's blocks. */
function entry(name: string, type: '0' | '5' | '2', body = ''): Buffer {
  const header = Buffer.alloc(512);
  const cut = name.length > 100 ? name.lastIndexOf('/', name.length - 1) : -1;
  header.write(cut === -1 ? name : name.slice(cut + 1), 0, 'utf8');
  if (cut !== -1) header.write(name.slice(0, cut), 345, 'utf8');
  header.write(`${Buffer.byteLength(body).toString(8).padStart(11, '0')}\0`, 124, 'utf8');
  header.write(type, 156, 'latin1');
  header.write('ustar\0', 257, 'latin1');
  const data = Buffer.alloc(Math.ceil(Buffer.byteLength(body) / 512) * 512);
  data.write(body, 'utf8');
  return Buffer.concat([header, data]);
}

const archive = (...entries: Buffer[]) => gzipSync(Buffer.concat([...entries, Buffer.alloc(1024)]));

describe('unpackDataDir', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'unpack-'));
  });
  afterEach(async () => {
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('writes the directories and files of a PGlite dump, long names through their prefix', async () => {
    const deep = `/base/${'d'.repeat(60)}/${'e'.repeat(60)}/1259_fsm`;
    await unpackDataDir(
      archive(
        entry('/base', '5'),
        entry('/base/1', '5'),
        entry('/base/1/1259', '0', 'pages'),
        entry('/base/1/empty', '0'),
        entry(deep, '0', 'free space'),
        entry('/PG_VERSION', '0', '17\n'),
        entry('/postgresql.conf', '0', 'x'.repeat(700)),
      ),
      dir,
      'PG_VERSION',
    );
    expect(await fs.readFile(path.join(dir, 'base/1/1259'), 'utf8')).toBe('pages');
    expect(await fs.readFile(path.join(dir, 'base/1/empty'), 'utf8')).toBe('');
    expect(await fs.readFile(path.join(dir, deep), 'utf8')).toBe('free space');
    expect(await fs.readFile(path.join(dir, 'PG_VERSION'), 'utf8')).toBe('17\n');
    expect(await fs.readFile(path.join(dir, 'postgresql.conf'), 'utf8')).toBe('x'.repeat(700));
    expect((await fs.stat(path.join(dir, 'base/1/1259'))).mode & 0o777).toBe(0o600);
  });

  it('refuses what a data directory does not hold: links, names outside it, no PG_VERSION', async () => {
    await expect(
      unpackDataDir(
        archive(entry('/pg_wal', '2'), entry('/PG_VERSION', '0', '17')),
        dir,
        'PG_VERSION',
      ),
    ).rejects.toThrow('/pg_wal is neither a file nor a directory');
    await expect(
      unpackDataDir(archive(entry('../escape', '0', 'x')), dir, 'PG_VERSION'),
    ).rejects.toThrow('../escape is outside the directory');
    await expect(
      unpackDataDir(archive(entry('/base', '5'), entry('/base/1', '0', 'x')), dir, 'PG_VERSION'),
    ).rejects.toThrow('no PG_VERSION');
    // Without it the directory does not count as a database: the next start unpacks again.
    await expect(fs.access(path.join(dir, 'PG_VERSION'))).rejects.toThrow();
  });
});
