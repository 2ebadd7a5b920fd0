// The temporary files ripgrep's output may go to instead of a pipe.
import { closeSync, fstatSync, readSync, statfsSync } from 'node:fs';
import { openScratchFile, scratchFolder } from '../../../io/node/scratch-file.js';

/** The start of the names of ripgrep's output files while they have one. */
const RG_SCRATCH_NAME = 'guilds-code-rg';

/** Two temporary files for ripgrep's stdout and stderr, or null (the pipes are used then). */
export function openOutputFiles(): { stdoutFd: number; stderrFd: number } | null {
  const stdoutFd = openScratchFile(RG_SCRATCH_NAME);
  const stderrFd = stdoutFd === null ? null : openScratchFile(RG_SCRATCH_NAME);
  if (stdoutFd !== null && stderrFd !== null) return { stdoutFd, stderrFd };
  if (stdoutFd !== null) closeSync(stdoutFd);
  return null;
}

/** Whether the temporary folder has `bytes` free; false when that cannot be told (Node before 18.15). */
export function roomInScratchFolder(bytes: number): boolean {
  if (typeof statfsSync !== 'function') return false;
  try {
    const space = statfsSync(scratchFolder());
    return space.bavail * space.bsize >= bytes;
  } catch {
    return false;
  }
}

/**
 * The file's bytes from `position` to its end as it is now, to `onBytes` in pieces of at most
 * `pieceBytes`; returns the position reached. Each piece is fresh (a collector may keep one), or,
 * with `reused`, read into that buffer and valid only until `onBytes` returns.
 */
export function readBack(fd: number, position: number, onBytes: (bytes: Uint8Array) => void, pieceBytes: number, reused?: Buffer): number {
  for (;;) {
    const left = fstatSync(fd).size - position;
    if (left <= 0) return position;
    const chunk = reused ?? Buffer.allocUnsafe(Math.min(left, pieceBytes));
    const read = readSync(fd, chunk, 0, Math.min(left, chunk.length), position);
    if (read === 0) return position;
    position += read;
    onBytes(read === chunk.length ? chunk : chunk.subarray(0, read));
  }
}

/** The start of a file's bytes, up to `maxBytes`, as UTF-8 text. */
export function readStart(fd: number, maxBytes: number): string {
  const kept = Buffer.allocUnsafe(maxBytes);
  return kept.toString('utf8', 0, readSync(fd, kept, 0, kept.length, 0));
}
