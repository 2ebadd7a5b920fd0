// Which repository a task works in (SPEC section 6): the one named, or the git repository holding the
// run's working directory, or the home's only one under repos/. Reads the file system; writes nothing.
import type { FileSystem } from '../../io/types.js';
import { errorCode } from '../../text/errno.js';
import { dirName, isInside, joinPath, resolveShownPath } from '../../text/paths.js';
import { codeTaskErrors } from './format.js';

export const REPOS_FOLDER_NAME = 'repos';

export interface RepoChoice {
  fs: FileSystem;
  /** Absolute, links resolved. */
  home: string;
  /** The run's working directory, absolute. */
  cwd: string;
}

/** A bare name (no slash, no `~`, not `.` or `..`) names a folder under ~/repos/ first. */
function isBareName(given: string): boolean {
  return !given.includes('/') && !given.startsWith('~') && given !== '.' && given !== '..';
}

function exists(fs: FileSystem, path: string): boolean {
  try {
    return fs.lstat(path) !== null;
  } catch {
    return false;
  }
}

/** The folder `path` leads to, links followed, checked to be a folder inside the home. */
function realFolder(choice: RepoChoice, path: string, named: string): string {
  let real: string;
  try {
    real = choice.fs.realPath(path);
  } catch (error) {
    const code = errorCode(error);
    if (code === 'ENOENT' || code === 'ENOTDIR') throw codeTaskErrors.noSuchRepo(named, true);
    throw codeTaskErrors.noSuchRepo(named, false);
  }
  if (!isInside(real, choice.home)) throw codeTaskErrors.repoOutsideHome(named);
  if (choice.fs.stat(real)?.kind !== 'folder') throw codeTaskErrors.repoNotAFolder(named);
  return real;
}

/** The repository a name or path the model gave leads to. */
export function namedRepository(choice: RepoChoice, given: string): string {
  if (given.includes('\0')) throw codeTaskErrors.noSuchRepo('(a path with a NUL byte)', false);
  if (isBareName(given)) {
    const underRepos = joinPath(choice.home, `${REPOS_FOLDER_NAME}/${given}`);
    if (exists(choice.fs, underRepos)) return realFolder(choice, underRepos, `~/${REPOS_FOLDER_NAME}/${given}`);
    const relative = joinPath(choice.cwd, given);
    if (exists(choice.fs, relative)) return realFolder(choice, relative, given);
    throw codeTaskErrors.bareNameMissing(given, relative);
  }
  // Walked as the kernel walks it (a `..` after a link goes up from where the link leads), as file_read does.
  const isRealFolder = (path: string) => choice.fs.lstat(path)?.kind === 'folder';
  return realFolder(choice, resolveShownPath(given, choice.cwd, choice.home, null, isRealFolder), given);
}

/** The git repository (a folder with a `.git`) holding `folder`, up to the home; null when none does. */
export function enclosingRepository(choice: RepoChoice, folder: string): string | null {
  let current: string;
  try {
    current = choice.fs.realPath(folder);
  } catch {
    return null;
  }
  while (isInside(current, choice.home)) {
    if (exists(choice.fs, joinPath(current, '.git'))) return current;
    if (current === choice.home) break;
    current = dirName(current);
  }
  return null;
}

/** The folders under ~/repos/ that lead, links followed, to a folder inside the home; sorted by name. */
export function homeRepositories(choice: RepoChoice): { name: string; real: string }[] {
  const root = joinPath(choice.home, REPOS_FOLDER_NAME);
  let names: string[];
  try {
    names = choice.fs.listFolder(root);
  } catch {
    return [];
  }
  const found: { name: string; real: string }[] = [];
  for (const name of names.sort()) {
    try {
      const real = choice.fs.realPath(joinPath(root, name));
      if (isInside(real, choice.home) && choice.fs.stat(real)?.kind === 'folder') found.push({ name, real });
    } catch {
      // a broken link is no repository
    }
  }
  return found;
}

/** The repository of a task: the one given, else the default of SPEC section 6. */
export function chooseRepository(choice: RepoChoice, given: string | undefined): string {
  if (given !== undefined) return namedRepository(choice, given);
  const enclosing = enclosingRepository(choice, choice.cwd);
  if (enclosing !== null) return enclosing;
  const repositories = homeRepositories(choice);
  if (repositories.length === 1) return repositories[0]!.real;
  throw codeTaskErrors.noDefaultRepo(repositories.map((entry) => entry.name));
}
