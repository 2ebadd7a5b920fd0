// The small world a tool's run step sees, and only it; src/io/node/ is the one real implementation.
// It reports failures as errors with an errno name (`code`), never as sentences: the tools word them.
// File calls are synchronous on purpose: the helper is one short-lived process per tool call, and a
// blocking call is cheaper than a trip through the thread pool.
import type { FileKind } from '../contract/errors.js';
import type { BackgroundProcesses } from './background-types.js';

export type { FileKind };

export interface FileInfo {
  kind: FileKind;
  size: number;
  /** Modification time, milliseconds since the epoch. */
  mtimeMs: number;
}

/** A file opened for reading, never blocking (a FIFO opens and reads as empty instead of waiting). */
export interface OpenFile {
  info(): FileInfo;
  /** Where the open file really is, whatever links led to it (read back from the kernel). */
  realPath(): string;
  /** Read up to `buffer.length` bytes into `buffer`; 0 at the end. */
  read(buffer: Uint8Array): number;
  /** Read up to `length` bytes at `position` into `buffer`. */
  readAt(buffer: Uint8Array, length: number, position: number): number;
  /**
   * The open descriptor, so that a child process can be handed this very file or folder rather than
   * a path that may lead elsewhere by the time the child opens it.
   */
  descriptor(): number;
  close(): void;
}

export interface FileSystem {
  /** The path with every link followed; throws (code ENOENT, ELOOP, …) when it cannot be. */
  realPath(path: string): string;
  /** Information on what `path` names, links followed; null when nothing is there. */
  stat(path: string): FileInfo | null;
  /** Information on `path` itself, a link not followed; null when nothing is there. */
  lstat(path: string): FileInfo | null;
  /** What the link at `path` holds, as written in it (not followed). */
  readLink(path: string): string;
  openRead(path: string): OpenFile;
  /**
   * A regular file's bytes, links followed, never blocking: a folder (EISDIR), FIFO or device
   * (EFTYPE) is an error, and so is a file of more than `maxBytes` (EFBIG).
   */
  readFile(path: string, maxBytes?: number): Uint8Array;
  /**
   * The bytes of the regular file `folder/name` (at most `maxBytes`, else EFBIG), then the file
   * deleted; no link followed on the way, and for a helper started as root only root's own file
   * through folders no other user can change (ENOTROOTS): a request file (src/io/node/request-file.ts).
   */
  takeFile(folder: string, name: string, maxBytes: number): Uint8Array;
  /** Replace `path` whole: written beside it, then renamed over it. */
  writeFileAtomic(path: string, data: string | Uint8Array): void;
  makeFolder(path: string): void;
  /** Remove a file; no error when it is already gone. */
  removeFile(path: string): void;
  /** Remove a folder and everything in it; no error when it is already gone. */
  removeTree(path: string): void;
  listFolder(path: string): string[];
  touch(path: string): void;
}

/**
 * What every tool's run step sees. A tool's own I/O (a shell, ripgrep, SHA-256, git and a harness) is
 * declared in its folder (src/tools/<tool>/io.ts) and handed to its body with this.
 */
export interface Io {
  /** The agent's home: absolute, links resolved. */
  home: string;
  /** The helper's state folder ($GUILDS_RUN_DIR, default /run/guilds). */
  runDir: string;
  /** The agent's environment, as the helper received it. */
  env: Readonly<Record<string, string | undefined>>;
  fs: FileSystem;
  /** Background jobs and the process table: every call's run pruning reads them, shell and shell_status use them. */
  background: BackgroundProcesses;
  now(): number;
  /**
   * A helper that answers many calls: when it last marked each run's folder as used (src/workspace/runs.ts),
   * one map for the process's life. Absent in a cold helper, which marks at every call.
   */
  runUseMarks?: Map<string, number>;
}
