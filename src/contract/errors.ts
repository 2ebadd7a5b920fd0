// The failures a tool call can answer with. The message is the one line the model reads; the kind is
// for programs (the orchestrator, an MCP client, a platform's UI) that must tell failures apart without
// matching text. Kinds are only ever added, never renamed: they are part of the envelope.
import { ID_MAX_CHARS, QUOTED_NAME_MAX_CHARS } from '../limits.js';
import { firstCodePoints } from '../text/utf8.js';

export const ERROR_KINDS = [
  /** The request or the tool's arguments are not what the contract takes. */
  'invalid_request',
  /** A file, folder, background id or session named in the call does not exist. */
  'not_found',
  /** A path resolves, links followed, outside the home. */
  'outside_home',
  /** A file was wanted and the path names a folder, FIFO, socket or device. */
  'not_a_file',
  /** A folder was wanted (a trailing `/`, a working directory) and the path names something else. */
  'not_a_folder',
  /** A path that cannot be resolved: too many levels of links, too long, a NUL byte, empty. */
  'invalid_path',
  /** ripgrep refused the pattern or the glob. */
  'invalid_pattern',
  /** A program the tool needs is missing or cannot run (ripgrep, bash, the harness). */
  'unavailable',
  /** The resource is in use (a code_task already running in the repository). */
  'busy',
  /** A read or write failed: permission denied, a full or read-only disk, an I/O error. */
  'io',
  /** The helper was told to stop before it could answer. */
  'interrupted',
  /** A fault of the helper itself. */
  'internal',
] as const;

export type ErrorKind = (typeof ERROR_KINDS)[number];

/** A failure the model should read: one line, no stack, and its kind. */
export class ToolError extends Error {
  constructor(
    readonly kind: ErrorKind,
    message: string,
  ) {
    super(message);
    this.name = 'ToolError';
  }
}

// The sentences of failures shared by every tool; a tool's own are in its format.ts.

/** `invalid request: <reason>`: the request itself is not what the contract takes. */
export function invalidRequest(reason: string): ToolError {
  return new ToolError('invalid_request', `invalid request: ${reason}`);
}

/** `<tool>: <reason>`: one of the tool's arguments is not what it takes. */
export function invalidArgument(tool: string, reason: string): ToolError {
  return new ToolError('invalid_request', `${tool}: ${reason}`);
}

/** Told to stop (SIGTERM, SIGINT) before any answer was ready. */
export function interruptedBeforeAnswer(signal: string): ToolError {
  return new ToolError('interrupted', `the helper was interrupted (${signal}) before it could answer`);
}

/** A path that could not be followed or opened, by the errno name of the failure. */
export function pathFailure(code: string | undefined, named: string, longPathShownChars: number): ToolError {
  switch (code) {
    case 'ENOENT':
      return noSuchPath(named);
    // A name that is not a folder, followed by more of the path (`a.txt/b`, `a.txt/../b`): the shell's
    // `Not a directory`.
    case 'ENOTDIR':
      return notAFolder(named);
    case 'ELOOP':
      return new ToolError('invalid_path', `too many levels of links: ${named}`);
    case 'EACCES':
    case 'EPERM':
      return new ToolError('io', `permission denied: ${named}`);
    case 'ENAMETOOLONG':
      return new ToolError('invalid_path', `path too long: ${firstCodePoints(named, longPathShownChars)}…`);
    default:
      return new ToolError('io', `cannot open ${named}: ${code ?? 'unknown error'}`);
  }
}

/** `no such file or folder: <path>`: also a path that was resolved and then was gone. */
export function noSuchPath(named: string): ToolError {
  return new ToolError('not_found', `no such file or folder: ${named}`);
}

export function outsideHome(named: string): ToolError {
  return new ToolError('outside_home', `${named} is outside the home; only paths inside it can be read`);
}

export function workingDirectoryOutsideHome(cwd: string): ToolError {
  return new ToolError('outside_home', `the working directory ${cwd} is outside the home; give a path inside it`);
}

/** What a path names, as the helper's file system reports it (src/io/types.ts). */
export type FileKind = 'file' | 'folder' | 'fifo' | 'socket' | 'device' | 'link' | 'other';

const KIND_WORDS: Record<FileKind, string> = {
  file: 'a file',
  folder: 'a folder',
  fifo: 'a FIFO',
  socket: 'a socket',
  device: 'a device',
  link: 'a link',
  other: 'not a regular file',
};

/** What a path names, in the words of the error sentences: `a folder`, `a FIFO`, … */
export function kindWords(kind: FileKind): string {
  return KIND_WORDS[kind];
}

/** A path that goes on (or ends in `/`) after a name that is not a folder. */
export function notAFolder(named: string): ToolError {
  return new ToolError('not_a_folder', `${named} is not a folder`);
}

/** `<path> is a folder, not a regular file`; `kindWords` names what it is (`a folder`, `a FIFO`, …). */
export function notARegularFile(named: string, kindWords: string): ToolError {
  return new ToolError('not_a_file', `${named} is ${kindWords}, not a regular file`);
}

export function pathHasNul(): ToolError {
  return new ToolError('invalid_path', 'the path contains a NUL byte');
}

export function pathIsEmpty(): ToolError {
  return new ToolError('invalid_path', 'the path is empty');
}

export function workingDirectoryNotRecorded(file: string, failure: string): ToolError {
  return new ToolError('io', `cannot record the working directory in ${file}: ${failure}`);
}

// The helper's home (HOME), checked before any request is read.

export function homeNotAbsolute(): ToolError {
  return new ToolError('invalid_request', 'HOME is not set to an absolute path');
}

export function homeMissing(home: string): ToolError {
  return new ToolError('not_found', `the home folder ${home} does not exist`);
}

export function homeNotAFolder(home: string): ToolError {
  return new ToolError('not_a_folder', `the home ${home} is not a folder`);
}

const NAME_PATTERN = new RegExp(`^[A-Za-z0-9_.-]{1,${QUOTED_NAME_MAX_CHARS}}$`);

/**
 * An unknown name is echoed only when it looks like a name: anything else may be a request file's
 * stray content, or a secret, and is not repeated back.
 */
function quotedName(name: string): string {
  return NAME_PATTERN.test(name) ? `'${name}' ` : '';
}

/** What is wrong with a request, after `invalid request: ` (or `<tool>: ` for its arguments). */
export const requestReasons = {
  noArgument: 'no argument (expected base64 JSON or a request file)',
  emptyArgument: 'the argument is empty',
  notBase64: 'the argument is not standard base64',
  notUtf8: 'not UTF-8',
  notJson: 'not JSON',
  notObject: 'not a JSON object',
  unknownOp: (op: string, known: readonly string[]) => `unknown op ${quotedName(op)}(one of ${known.join(', ')})`,
  // A tool of the contract that another helper runs: said plainly, so that a misrouted call is plain.
  runByOtherHelper: (op: string, helper: string, known: readonly string[]) =>
    `${op} is run by ${helper}, not by this helper (it runs ${known.join(', ')})`,
  notString: (field: string) => `${field} must be a string`,
  notId: (field: string) => `${field} must be 1 to ${ID_MAX_CHARS} of A-Z a-z 0-9 _ . - (not . or ..)`,
  hasNul: (field: string) => `${field} contains a NUL byte`,
  notWholeNumber: (field: string) => `${field} must be a whole number`,
  notBoolean: (field: string) => `${field} must be true or false`,
  notJsonObject: (field: string) => `${field} must be a JSON object`,
  notOneOf: (field: string, values: readonly string[]) => `${field} must be ${values.map((v) => `"${v}"`).join(' or ')}`,
  required: (field: string) => `${field} is required`,
  unknownArgument: (name: string, known: readonly string[]) => `unknown argument ${quotedName(name)}(it takes ${known.join(', ')})`,
  requestFileOutside: (folder: string) => `a request file must lie directly in ${folder}/`,
  requestFileMisnamed: (path: string) => `a request file is named <run_id>-<call_id>.json; ${path} is not`,
  noRequestFile: (path: string) => `no request file at ${path}`,
  requestFileNotRegular: (path: string) => `${path} is not a regular file`,
  requestFileTooLarge: (maxBytes: number) => `the request file passes ${maxBytes} bytes`,
  requestFileUnreadable: (path: string, code: string | undefined) => `cannot read ${path}: ${code ?? 'unknown error'}`,
  envName: 'env names a variable by an empty name, or one holding = or a NUL byte',
  envValue: 'env gives a variable a value that is neither a string without a NUL byte nor null',
  envOnlyOverStream: 'env travels in a warm stream\'s line only: a cold request is read from argv, which every process can read',
  requestFileNotRoots: (path: string) =>
    `a helper started as root takes only a request file of root's own, through folders no other user can change; ${path} is not one`,
} as const;
