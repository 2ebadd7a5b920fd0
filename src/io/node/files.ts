// Reading a small file whole and writing one atomically: shared by the I/O the tools see
// (src/io/node/core.ts) and the bundle's loader (src/boot/loader.ts), which may not pull in the rest of
// src/io but for src/io/read-end.ts, one pure function that imports nothing.
import { closeSync, constants, fstatSync, linkSync, lstatSync, openSync, readSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { temporaryPathBeside } from './process.js';
import { readReachedEnd } from '../read-end.js';

export const OPEN_READ_FLAGS = constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOCTTY;
const READ_FILE_CHUNK_BYTES = 65_536;

export function codedError(code: string, message: string): Error {
  return Object.assign(new Error(`${code}: ${message}`), { code });
}

/**
 * A regular file's bytes, opened without blocking: a FIFO or a device named where a small state
 * file is expected must not hang the call (a FIFO without a writer) or fill memory (/dev/zero).
 * `extraFlags` adds open flags (O_NOFOLLOW). Past `maxBytes` it throws EFBIG.
 *
 * One buffer, sized by the file: a byte more than it says, so that the read that takes all of it
 * comes back short and is the end, with no read of 0 bytes after it (readReachedEnd). A buffer of
 * READ_FILE_CHUNK_BYTES for every read (two a file) made a warm shell call allocate 128 KiB outside
 * V8's heap to read a 12-byte record.
 */
export function readRegularFile(path: string, maxBytes: number, extraFlags = 0): Uint8Array {
  const fd = openSync(path, OPEN_READ_FLAGS | extraFlags);
  try {
    const stats = fstatSync(fd);
    if (stats.isDirectory()) throw codedError('EISDIR', `${path} is a folder`);
    if (!stats.isFile()) throw codedError('EFTYPE', `${path} is not a regular file`);
    const limit = maxBytes + 1;
    // A /proc file says size 0 and still has content: it is read in chunks, as a file that grew is.
    let buffer: Buffer = Buffer.allocUnsafe(Math.min(stats.size > 0 ? stats.size + 1 : READ_FILE_CHUNK_BYTES, limit));
    let total = 0;
    for (;;) {
      if (total === buffer.length) buffer = grown(buffer, Math.min(total + Math.max(total, READ_FILE_CHUNK_BYTES), limit));
      const room = buffer.length - total;
      const read = readSync(fd, buffer, total, room, null);
      if (read === 0) break;
      total += read;
      if (total > maxBytes) throw codedError('EFBIG', `${path} passes ${maxBytes} bytes`);
      if (readReachedEnd(stats.size, total, read, room)) break;
    }
    return buffer.subarray(0, total);
  } finally {
    closeSync(fd);
  }
}

function grown(buffer: Buffer, bytes: number): Buffer {
  const bigger = Buffer.allocUnsafe(bytes);
  buffer.copy(bigger);
  return bigger;
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
 * module costs every shell call about 2 % of Node's own start (docs/performance.md). A name that is
 * not there is found by an lstat, which says so without the error that a failed unlink throws
 * (Node builds it, stack and all: three times what the lstat costs); a warm shell call clears two
 * such names before its command.
 */
export function removeFileIfPresent(path: string): void {
  if (lstatSync(path, { throwIfNoEntry: false }) === undefined) return;
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
