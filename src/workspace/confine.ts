// Every path the model names, checked against the home with links followed, before and after opening.
import type { FileInfo, Io, OpenFile } from '../io/types.js';
import { LONG_PATH_SHOWN_CHARS, PATH_LINKS_MAX_FOLLOWED, PATH_LOOK_MAX_ATTEMPTS } from '../limits.js';
import {
  kindWords,
  notAFolder,
  notARegularFile,
  outsideHome,
  pathFailure,
  pathHasNul,
  pathIsEmpty,
  workingDirectoryOutsideHome,
  type ToolError,
} from '../contract/errors.js';
import { errorCode } from '../text/errno.js';
import { isInside, normalizeAbsolute, relativePath, resolveShownPath, walkInsideHome, type ConfinedWalk, type PathStep } from '../text/paths.js';

/** What a path is checked with: the world and the run's working directory (a tool's whole context is one). */
export interface PathContext {
  io: Io;
  /** Absolute. */
  cwd: string;
}

export interface ResolvedPath {
  /**
   * The path as named, made absolute: `..` folded where the kernel folds it (not after a link), the
   * home's alias read as the home, other links not followed.
   */
  lexical: string;
  /** The path as the model should see it: relative to the working directory. */
  display: string;
  /**
   * The path as error lines name it: the model's own words, as it wrote them
   * (`../../../../etc/passwd`, `/proc/self/environ`, `~/a.txt`), never a path rewritten from them.
   */
  named: string;
  /** The path with every link followed; inside the home. */
  real: string;
}

/**
 * $HOME as the agent's environment names it, when that is not the home's real path (a link to it, or
 * under one): paths through it are read as paths in the home, so that `~/a.txt` from a working
 * directory the shell entered as `cd ~` shows as `a.txt`.
 */
export function homeAlias(context: PathContext): string | null {
  const named = context.io.env.HOME;
  if (named === undefined || !named.startsWith('/') || named.includes('\0')) return null;
  const alias = normalizeAbsolute(named);
  return alias === context.io.home ? null : alias;
}

/** The working directory as paths are shown from it: through the home's alias, the home's own path. */
function shownWorkingDirectory(context: PathContext, alias: string | null): string {
  if (alias === null) return context.cwd;
  return resolveShownPath('.', context.cwd, context.io.home, alias, () => true);
}

export function displayPath(context: PathContext, absolute: string): string {
  return relativePath(shownWorkingDirectory(context, homeAlias(context)), absolute);
}

function failure(code: string | undefined, named: string): ToolError {
  return pathFailure(code, named, LONG_PATH_SHOWN_CHARS);
}

/**
 * Resolve a path the model gave and make sure it leads, links followed, into the home. Nothing
 * outside the home is looked at on the way (walkInsideHome): a path that leads outside, by its
 * own `..` or through a link, is refused as outside whether or not anything is there.
 */
export function resolveInsideHome(context: PathContext, input: string): ResolvedPath {
  return resolveLooking(context, input).path;
}

/**
 * resolveInsideHome's path, and what the walk's lstat found at its real path when that was the last
 * place it looked (no link, so what a stat of it would say), else null.
 */
function resolveLooking(context: PathContext, input: string): { path: ResolvedPath; realInfo: FileInfo | null } {
  if (input.includes('\0')) throw pathHasNul();
  if (input === '') throw pathIsEmpty();
  const { io } = context;
  const alias = homeAlias(context);
  const cwd = shownWorkingDirectory(context, alias);
  const onTheWay = (folder: string) => isInside(io.home, folder) || (alias !== null && isInside(alias, folder));
  // A `..` is folded lexically only after a real folder inside the home, or one on the way to it.
  const isFolderToFold = (folder: string) => (isInside(folder, io.home) ? isRealFolder(context, folder) : onTheWay(folder));
  const lexical = resolveShownPath(input, cwd, io.home, alias, isFolderToFold);
  const display = relativePath(cwd, lexical);
  const named = input;
  const looked: LastLook = { path: null, info: null };
  const walk = walkLookingInside(context, lexical, alias, named, looked);
  if ('outside' in walk) {
    // No path given and a working directory outside the home: say which folder that is.
    if (input === '.' && lexical === cwd && !isInside(context.cwd, io.home)) {
      throw workingDirectoryOutsideHome(context.cwd);
    }
    throw outsideHome(named);
  }
  if ('errorCode' in walk) throw failure(walk.errorCode, named);
  const real = walk.real;
  // `a.txt/` names a folder, as it does to the shell (`Not a directory`); the folded path lost the slash.
  if (namesAFolder(input) && !isFolder(context, real)) throw notAFolder(named);
  return { path: { lexical, display, named, real }, realInfo: looked.path === real ? looked.info : null };
}

/** The last place a walk looked at that was no link, and what lstat found there. */
interface LastLook {
  path: string | null;
  info: FileInfo | null;
}

/** The walk of walkInsideHome on the file system: what a place inside the home is, and a link's target. */
function walkLookingInside(context: PathContext, lexical: string, alias: string | null, named: string, looked: LastLook): ConfinedWalk {
  const { fs } = context.io;
  const look = (path: string): PathStep => {
    for (let attempt = 1; ; attempt++) {
      try {
        const info = fs.lstat(path);
        if (info === null) return { kind: 'missing' };
        if (info.kind === 'link') return { kind: 'link', target: fs.readLink(path) };
        looked.path = path;
        looked.info = info;
        return { kind: info.kind === 'folder' ? 'folder' : 'other' };
      } catch (error) {
        // EINVAL: the link was replaced by something else between the two looks; look again.
        const code = errorCode(error);
        if (code === 'EINVAL' && attempt < PATH_LOOK_MAX_ATTEMPTS) continue;
        throw failure(code === 'EINVAL' ? 'ENOENT' : code, named);
      }
    }
  };
  return walkInsideHome(lexical, context.io.home, alias, look, PATH_LINKS_MAX_FOLLOWED);
}

/** A path that ends in `/`, `/.` or `/..`: whatever it names must be a folder. */
function namesAFolder(input: string): boolean {
  return input.endsWith('/') || input.endsWith('/.') || input.endsWith('/..');
}

function isFolder(context: PathContext, path: string): boolean {
  try {
    return context.io.fs.stat(path)?.kind === 'folder';
  } catch {
    return false;
  }
}

/** A folder itself, not a link to one; anything that cannot be looked at counts as no folder. */
function isRealFolder(context: PathContext, path: string): boolean {
  try {
    return context.io.fs.lstat(path)?.kind === 'folder';
  } catch {
    return false;
  }
}

/**
 * Open what a resolved path names, file or folder, and check the open one: a link swapped in since
 * the path was resolved cannot lead a child process given this descriptor outside the home.
 */
export function openInsideHome(context: PathContext, path: ResolvedPath): { file: OpenFile; real: string } {
  let file: OpenFile;
  try {
    file = context.io.fs.openRead(path.real);
  } catch (error) {
    throw failure(errorCode(error), path.named);
  }
  try {
    const real = file.realPath();
    if (!isInside(real, context.io.home)) throw outsideHome(path.named);
    return { file, real };
  } catch (error) {
    file.close();
    throw error;
  }
}

/**
 * Open a regular file inside the home. The opened file itself is checked too, so a link swapped
 * between the check and the open cannot hand over a file from outside.
 */
export function openFileInsideHome(context: PathContext, input: string): { file: OpenFile; path: ResolvedPath; info: FileInfo } {
  const { path, realInfo } = resolveLooking(context, input);
  // What the walk found at the real path is what a stat of it would say, a moment earlier; the
  // open file is checked again below either way.
  let before: FileInfo | null = realInfo;
  try {
    before ??= context.io.fs.stat(path.real);
  } catch (error) {
    throw failure(errorCode(error), path.named);
  }
  if (before && before.kind !== 'file') {
    throw notARegularFile(path.named, kindWords(before.kind));
  }
  const { file, real } = openInsideHome(context, path);
  try {
    const info = file.info();
    if (info.kind !== 'file') throw notARegularFile(path.named, kindWords(info.kind));
    return { file, path: { ...path, real }, info };
  } catch (error) {
    file.close();
    throw error;
  }
}
