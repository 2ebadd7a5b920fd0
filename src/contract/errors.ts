// The failures a tool call can answer with. The message is the one line the model reads; the kind is
// for programs (the orchestrator, an MCP client, a platform's UI) that must tell failures apart without
// matching text. Kinds are only ever added, never renamed: they are part of the envelope.

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
