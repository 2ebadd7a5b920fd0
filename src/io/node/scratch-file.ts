// A file of the helper's own in the temporary folder: created, then unlinked at once, so that no name
// leads to it and it goes when the last descriptor does, whatever happens to the helper. ripgrep's
// output goes to two (src/tools/code_search/node/scratch.ts), the group guard's list to one
// (src/io/node/group-guard.ts).
import { closeSync, constants, openSync, unlinkSync } from 'node:fs';
import { temporaryPathBeside } from './process.js';

const SCRATCH_OPEN_FLAGS = constants.O_RDWR | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW;

/** `$TMPDIR` when it names an absolute folder, else `/tmp`. */
export function scratchFolder(): string {
  return process.env.TMPDIR?.startsWith('/') ? process.env.TMPDIR : '/tmp';
}

/**
 * A descriptor, open for reading and writing, of a new file nobody else can open (`name` starts its
 * name, for whoever lists the folder meanwhile); null when `folder` (the temporary folder unless
 * given) does not take one.
 */
export function openScratchFile(name: string, folder: string = scratchFolder()): number | null {
  const path = temporaryPathBeside(`${folder.replace(/\/+$/, '')}/${name}`);
  let fd: number;
  try {
    fd = openSync(path, SCRATCH_OPEN_FLAGS, 0o600);
  } catch {
    return null;
  }
  try {
    unlinkSync(path);
  } catch {
    closeSync(fd);
    return null;
  }
  return fd;
}
