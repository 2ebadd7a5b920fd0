// Where a request file may lie, and what taking one found. Pure: the loader (src/boot/loader.ts) takes
// the file before a helper started as root acts as the agent and hands on what it found; the body
// (src/call/request.ts) words it. Both place the file with requestFilePlace, so neither reads a file the other
// would refuse.
import { baseName, dirName, joinPath, normalizeAbsolute } from '../text/paths.js';
import { DEFAULT_RUN_DIR, RUN_DIR_VARIABLE } from './environment.js';
import { ID_PATTERN, isValidId } from './ids.js';

/** The helper's state folder, as the environment names it. */
export function runDirFrom(env: Readonly<Record<string, string | undefined>>): string {
  return normalizeAbsolute(env[RUN_DIR_VARIABLE] || DEFAULT_RUN_DIR);
}

export function requestsFolderOf(runDir: string): string {
  return joinPath(runDir, 'requests');
}

export const REQUEST_FILE_SUFFIX = '.json';

/**
 * Whether `name` is one that `<run_id>-<call_id>.json` can take for valid ids (`.r1-c1.json` included).
 * Nothing else in the requests folder is a request: a writer's temporary file (`.r1-c1.json.Xa3f9`,
 * `r1-c1.json.tmp`, `r1-c1.json~`) never ends in `.json` after two ids, so it is never read or deleted
 * half-written.
 */
export function isRequestFileName(name: string): boolean {
  if (!name.endsWith(REQUEST_FILE_SUFFIX)) return false;
  const stem = name.slice(0, -REQUEST_FILE_SUFFIX.length);
  if (!ID_PATTERN.test(stem)) return false;
  for (let dash = stem.indexOf('-'); dash !== -1; dash = stem.indexOf('-', dash + 1)) {
    if (isValidId(stem.slice(0, dash)) && isValidId(stem.slice(dash + 1))) return true;
  }
  return false;
}

/**
 * Where the request file `path` lies, or why it is none: a request file is read and then deleted, so
 * only a file directly inside the requests folder, named as a request is (`<run_id>-<call_id>.json`),
 * is one; any other path would let a caller make the helper delete that file, and any other name may
 * be a writer's temporary file.
 */
export function requestFilePlace(runDir: string, path: string): { folder: string; name: string } | { refused: 'outside' | 'misnamed' } {
  const folder = requestsFolderOf(runDir);
  if (path.includes('\0') || normalizeAbsolute(path) !== path || dirName(path) !== folder) return { refused: 'outside' };
  const name = baseName(path);
  return isRequestFileName(name) ? { folder, name } : { refused: 'misnamed' };
}

/**
 * The errno name for a folder or file that is not root's alone, where a helper started as root needs
 * it to be (src/io/node/request-file.ts).
 */
export const NOT_ROOTS_CODE = 'ENOTROOTS';

/** What taking the request file at `path` found: its bytes, or the errno name of why not. */
export type TakenRequestFile = { readonly path: string; readonly bytes: Uint8Array } | { readonly path: string; readonly code: string | undefined };
