// Every path the model names, checked against the home with links followed, before and after opening.
import { errorCode, type FileInfo, type FileKind, type OpenFile } from '../io/types.js';
import { ToolError } from '../protocol/envelope.js';
import { isInside, relativePath, resolveUserPath } from '../paths.js';
import { firstCodePoints } from '../shape/utf8.js';
import type { Context } from './context.js';

// An over-long path is named by its start: enough to recognise it, never a split character.
const LONG_PATH_SHOWN_CHARS = 200;

export interface ResolvedPath {
  /** The path as named, made absolute, links not followed. */
  lexical: string;
  /** The path as the model should see it: relative to the working directory. */
  display: string;
  /**
   * The path as error lines name it: the model's own words when it gave an absolute or `~` path
   * (`/proc/self/environ`, not `../../../proc/self/environ`), else the relative form.
   */
  named: string;
  /** The path with every link followed; inside the home. */
  real: string;
}

export function displayPath(context: Context, absolute: string): string {
  return relativePath(context.cwd, absolute);
}

function failure(code: string | undefined, display: string): ToolError {
  switch (code) {
    case 'ENOENT':
    case 'ENOTDIR':
      return new ToolError(`no such file or folder: ${display}`);
    case 'ELOOP':
      return new ToolError(`too many levels of links: ${display}`);
    case 'EACCES':
    case 'EPERM':
      return new ToolError(`permission denied: ${display}`);
    case 'ENAMETOOLONG':
      return new ToolError(`path too long: ${firstCodePoints(display, LONG_PATH_SHOWN_CHARS)}…`);
    default:
      return new ToolError(`cannot open ${display}: ${code ?? 'unknown error'}`);
  }
}

function outsideHome(display: string): ToolError {
  return new ToolError(`${display} is outside the home; only paths inside it can be read`);
}

/** Resolve a path the model gave and make sure it leads, links followed, into the home. */
export function resolveInsideHome(context: Context, input: string): ResolvedPath {
  if (input.includes('\0')) throw new ToolError('the path contains a NUL byte');
  if (input === '') throw new ToolError('the path is empty');
  const { io } = context;
  const lexical = resolveUserPath(input, context.cwd, io.home);
  const display = displayPath(context, lexical);
  const named = input.startsWith('/') || input.startsWith('~') ? input : display;
  let real: string;
  try {
    real = io.fs.realPath(lexical);
  } catch (error) {
    throw failure(errorCode(error), named);
  }
  if (!isInside(real, io.home)) {
    // No path given and a working directory outside the home: say which folder that is.
    if (input === '.' && lexical === context.cwd && !isInside(context.cwd, io.home)) {
      throw new ToolError(`the working directory ${context.cwd} is outside the home; give a path inside it`);
    }
    throw outsideHome(named);
  }
  return { lexical, display, named, real };
}

const KIND_NAMES: Record<FileKind, string> = {
  file: 'a file',
  folder: 'a folder',
  fifo: 'a FIFO',
  socket: 'a socket',
  device: 'a device',
  link: 'a link',
  other: 'not a regular file',
};

export function describeKind(kind: FileKind): string {
  return KIND_NAMES[kind];
}

/**
 * Open what a resolved path names, file or folder, and check the open one: a link swapped in since
 * the path was resolved cannot lead a child process given this descriptor outside the home.
 */
export function openInsideHome(context: Context, path: ResolvedPath): { file: OpenFile; real: string } {
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
export function openFileInsideHome(context: Context, input: string): { file: OpenFile; path: ResolvedPath; info: FileInfo } {
  const path = resolveInsideHome(context, input);
  let before: FileInfo | null;
  try {
    before = context.io.fs.stat(path.real);
  } catch (error) {
    throw failure(errorCode(error), path.named);
  }
  if (before && before.kind !== 'file') {
    throw new ToolError(`${path.named} is ${describeKind(before.kind)}, not a regular file`);
  }
  const { file, real } = openInsideHome(context, path);
  try {
    const info = file.info();
    if (info.kind !== 'file') throw new ToolError(`${path.named} is ${describeKind(info.kind)}, not a regular file`);
    return { file, path: { ...path, real }, info };
  } catch (error) {
    file.close();
    throw error;
  }
}
