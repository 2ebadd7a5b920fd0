// Reading a small file whole and writing one atomically: shared by the I/O the tools see
// (src/io/node/core.ts) and the bundle's loader (src/boot/loader.ts), which may not pull in the rest of src/io.
import { closeSync, constants, fstatSync, linkSync, openSync, readSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { temporaryPathBeside } from './process.js';

export const OPEN_READ_FLAGS = constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOCTTY;
const READ_FILE_CHUNK_BYTES = 65_536;

export function codedError(code: string, message: string): Error {
  return Object.assign(new Error(`${code}: ${message}`), { code });
}

/**
 * A regular file's bytes, opened without blocking: a FIFO or a device named where a small state
 * file is expected must not hang the call (a FIFO without a writer) or fill memory (/dev/zero).
 * `extraFlags` adds open flags (O_NOFOLLOW). Past `maxBytes` it throws EFBIG.
 */
export function readRegularFile(path: string, maxBytes: number, extraFlags = 0): Uint8Array {
  const fd = openSync(path, OPEN_READ_FLAGS | extraFlags);
  try {
    const stats = fstatSync(fd);
    if (stats.isDirectory()) throw codedError('EISDIR', `${path} is a folder`);
    if (!stats.isFile()) throw codedError('EFTYPE', `${path} is not a regular file`);
    const chunks: Buffer[] = [];
    let total = 0;
    // A /proc file says size 0 and still has content, so the size only sizes the first read.
    let chunkBytes = Math.max(READ_FILE_CHUNK_BYTES, stats.size + 1);
    for (;;) {
      const chunk = Buffer.allocUnsafe(Math.min(chunkBytes, maxBytes - total + 1));
      chunkBytes = READ_FILE_CHUNK_BYTES;
      const read = readSync(fd, chunk, 0, chunk.length, null);
      if (read === 0) break;
      total += read;
      if (total > maxBytes) throw codedError('EFBIG', `${path} passes ${maxBytes} bytes`);
      chunks.push(chunk.subarray(0, read));
    }
    return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, total);
  } finally {
    closeSync(fd);
  }
}

/** Written beside under a name of its own, then renamed into place: a reader sees all of it or none. */
export function writeFileAtomic(path: string, data: string | Uint8Array): void {
  const temp = temporaryPathBeside(path);
  try {
    writeFileSync(temp, data, { mode: 0o600 });
    renameSync(temp, path);
  } catch (error) {
    removeFileIfPresent(temp);
    throw error;
  }
}

/**
 * Remove a file; one that is not there is no error. fs.rmSync would do the same, but loading its
 * module costs every shell call about 2 % of Node's own start (docs/performance.md).
 */
export function removeFileIfPresent(path: string): void {
  try {
    unlinkSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

/**
 * Create `path` holding `content` whole, or return false when the name is taken, whoever took it:
 * written beside it, then linked into place, so a reader never sees a half-written file and the claim
 * is atomic (link() fails when the name exists, and never follows a link there).
 */
export function createExclusive(path: string, content: string): boolean {
  const temporary = temporaryPathBeside(path);
  writeFileSync(temporary, content, { mode: 0o600, flag: 'wx' });
  try {
    linkSync(temporary, path);
    return true;
  } catch (error) {
    if ((error as { code?: string }).code === 'EEXIST') return false;
    throw error;
  } finally {
    removeFileIfPresent(temporary);
  }
}
