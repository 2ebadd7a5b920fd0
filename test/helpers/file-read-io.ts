// file_read's run step over a file held in memory: the file handed out in pieces, as a real read may,
// its reads counted, and the I/O of a home whose every path opens it.
import { createHash } from 'node:crypto';
import type { FileInfo, FileSystem, Io, OpenFile } from '../../src/io/types.js';
import type { FileReadIo, Hasher } from '../../src/tools/file_read/io.js';

export interface PiecewiseFile extends OpenFile {
  /** How many reads it has answered, the one of 0 bytes at its end included. */
  readCount(): number;
}

/**
 * `bytes` handed out in pieces of `pieceSizes` in turn, each at most the buffer's room; its size at
 * open says `sizeAtOpen` (a file that grew says less, a /proc file 0).
 */
export function piecewiseFile(bytes: Uint8Array, pieceSizes: readonly number[], sizeAtOpen = bytes.length): PiecewiseFile {
  let position = 0;
  let turn = 0;
  let reads = 0;
  const info: FileInfo = { kind: 'file', size: sizeAtOpen, mtimeMs: 0 };
  return {
    info: () => info,
    realPath: () => '/home/u/f.txt',
    read(buffer) {
      reads++;
      const size = Math.min(buffer.length, pieceSizes[turn++ % pieceSizes.length]!, bytes.length - position);
      buffer.set(bytes.subarray(position, position + size));
      position += size;
      return size;
    },
    readAt: () => {
      throw new Error('not used');
    },
    descriptor: () => {
      throw new Error('not used');
    },
    close: () => {},
    readCount: () => reads,
  };
}

/** The I/O of the home /home/u, where every path is `file`, hashed with node:crypto. */
export function ioWithFile(file: OpenFile): Io & FileReadIo {
  const info = file.info();
  const fs: Partial<FileSystem> = { realPath: (path) => path, stat: () => info, lstat: () => info, openRead: () => file };
  const sha256 = (): Hasher => {
    const hash = createHash('sha256');
    return { update: (chunk) => void hash.update(chunk), hexDigest: () => hash.digest('hex') };
  };
  return { home: '/home/u', runDir: '/run/guilds', env: {}, fs: fs as FileSystem, sha256, now: () => 0 } as unknown as Io & FileReadIo;
}
