// Taking a request file: its bytes read once and the file deleted, without following a link anywhere.
// The loader takes it (src/boot/loader.ts), before a helper started as root acts as the agent, and a
// body run without the loader through the Io (src/io/node/core.ts).
//
// A helper started as root reads it as root: then the whole path must be out of the agent's hands, at
// every component (docs/reliability.md, "The helper out of the agent's reach"). Each folder is opened
// from the one before through /proc/self/fd with O_NOFOLLOW, from `/` down, and must be root's and
// writable by no one else (sticky, as /run/guilds and /tmp are, counts: another user's entry in it
// is theirs, root's cannot be renamed or removed); the requests folder itself root's alone, and the
// file root's, regular, with no other name (a hard link). Then the agent can neither swap a folder
// for a link nor plant a file, and nothing it owns is ever opened as root.
import { closeSync, constants, fstatSync, openSync, readSync, realpathSync, unlinkSync, type Stats } from 'node:fs';
import { NOT_ROOTS_CODE } from '../../contract/request-file.js';
import { codedError } from './files.js';

const FOLDER_FLAGS = constants.O_RDONLY | constants.O_DIRECTORY | constants.O_NOFOLLOW;
const FILE_FLAGS = constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK | constants.O_NOCTTY;
const ROOT_UID = 0;
const WRITABLE_BY_OTHERS = 0o022;
const STICKY = 0o1000;

function notRoots(path: string): Error {
  return codedError(NOT_ROOTS_CODE, `${path} is not root's alone`);
}

/** A folder on the way to root's requests folder: root's, and writable by no one else unless sticky. */
function rootsOnTheWay(info: Stats): boolean {
  return info.uid === ROOT_UID && ((info.mode & WRITABLE_BY_OTHERS) === 0 || (info.mode & STICKY) !== 0);
}

/**
 * The folder opened with no link on the way: for root, from `/` one component at a time, each checked;
 * otherwise by its physical path (a state folder named through a link works as before: the agent's
 * own helper guards nothing the agent could not reach itself), the folder itself not a link.
 */
function openFolder(folder: string, asRoot: boolean): number {
  if (!asRoot) return openSync(realpathSync.native(folder), FOLDER_FLAGS);
  let fd = openSync('/', FOLDER_FLAGS);
  let path = '';
  try {
    for (const name of folder.split('/')) {
      if (name === '') continue;
      path += `/${name}`;
      let next: number;
      try {
        next = openSync(`/proc/self/fd/${fd}/${name}`, FOLDER_FLAGS);
      } catch (error) {
        // A link or a file where a folder should be: the path is not root's alone.
        const code = (error as NodeJS.ErrnoException).code;
        throw code === 'ELOOP' || code === 'ENOTDIR' ? notRoots(path) : error;
      }
      closeSync(fd);
      fd = next;
      if (!rootsOnTheWay(fstatSync(fd))) throw notRoots(path);
    }
    const info = fstatSync(fd);
    if (info.uid !== ROOT_UID || (info.mode & WRITABLE_BY_OTHERS) !== 0) throw notRoots(folder);
    return fd;
  } catch (error) {
    closeSync(fd);
    throw error;
  }
}

function readWhole(fd: number, info: Stats, maxBytes: number, path: string): Uint8Array {
  if (info.size > maxBytes) throw codedError('EFBIG', `${path} passes ${maxBytes} bytes`);
  const bytes = Buffer.allocUnsafe(info.size + 1);
  let total = 0;
  for (;;) {
    const read = readSync(fd, bytes, total, bytes.length - total, null);
    if (read === 0) break;
    total += read;
    if (total > maxBytes) throw codedError('EFBIG', `${path} passes ${maxBytes} bytes`);
    if (total === bytes.length) throw codedError('EFBIG', `${path} grew while it was read`);
  }
  return bytes.subarray(0, total);
}

/**
 * The bytes of `folder/name`, a regular file of at most `maxBytes`, then the file deleted (also when
 * it is too large; nothing that is not a regular file is deleted). `asRoot`: the process is root and
 * takes only root's own file through root's own folders. Throws with an errno name: ENOENT, ELOOP (a
 * link at the name, or on the way for root), EISDIR, EFTYPE (not a regular file), EFBIG, ENOTROOTS.
 */
export function takeFileWithoutFollowing(folder: string, name: string, maxBytes: number, asRoot: boolean): Uint8Array {
  const folderFd = openFolder(folder, asRoot);
  const path = `${folder}/${name}`;
  const inFolder = `/proc/self/fd/${folderFd}/${name}`;
  try {
    const fd = openSync(inFolder, FILE_FLAGS);
    try {
      const info = fstatSync(fd);
      if (info.isDirectory()) throw codedError('EISDIR', `${path} is a folder`);
      if (!info.isFile()) throw codedError('EFTYPE', `${path} is not a regular file`);
      try {
        if (asRoot && (info.uid !== ROOT_UID || info.nlink !== 1)) throw notRoots(path);
        return readWhole(fd, info, maxBytes, path);
      } finally {
        // Read or refused, a request file is not read twice; one that cannot be deleted stays.
        try {
          unlinkSync(inFolder);
        } catch {
          // left where it is
        }
      }
    } finally {
      closeSync(fd);
    }
  } finally {
    closeSync(folderFd);
  }
}
