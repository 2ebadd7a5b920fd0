// Starting a child without loading node:child_process, when nothing of it is needed.
//
// node:child_process brings node:net and the stream modules with it: loading them costs more than the
// rest of a shell call's own work (docs/performance.md, "A child without node:child_process"). A
// child whose stdin, stdout and stderr are each ignored or an open descriptor (a shell command
// writing to its log, ripgrep writing to its spool, a background job) needs none of them: Node's own
// process handle, the one node:child_process wraps, starts it and reports its exit. Anything else (a
// pipe), or a Node without that handle, goes through node:child_process as before.
import { EventEmitter } from 'node:events';
import type { ChildProcess, StdioOptions } from 'node:child_process';
import { loadChildProcess, loadUtil } from './modules.js';

/** What the helper uses of a started child, whichever way it was started. */
export type StartedChild = Pick<ChildProcess, 'pid' | 'stdin' | 'stdout' | 'stderr' | 'kill' | 'unref'> & EventEmitter;

export interface SpawnOptions {
  cwd: string;
  /** The whole environment; the helper's own when absent. */
  env?: Record<string, string>;
  stdio: StdioOptions;
  detached: boolean;
}

/** Node's process handle, as node:child_process drives it (lib/internal/child_process.js). */
interface ProcessHandle {
  pid?: number;
  onexit: (exitCode: number, signalCode: string) => void;
  spawn(options: {
    file: string;
    args: string[];
    cwd: string;
    envPairs: string[];
    stdio: ({ type: 'ignore' } | { type: 'fd'; fd: number })[];
    detached: boolean;
    windowsHide: boolean;
    windowsVerbatimArguments: boolean;
  }): number;
  close(): void;
  unref(): void;
}
type ProcessHandleClass = new () => ProcessHandle;

let processHandleClass: ProcessHandleClass | null | undefined;

/** The process handle's class; null when this Node does not offer it (then node:child_process is used). */
function processHandle(): ProcessHandleClass | null {
  if (processHandleClass !== undefined) return processHandleClass;
  processHandleClass = null;
  try {
    const binding = (process as unknown as { binding(name: string): { Process?: unknown } }).binding('process_wrap');
    if (typeof binding.Process === 'function') processHandleClass = binding.Process as ProcessHandleClass;
  } catch {
    // No such binding: node:child_process it is.
  }
  return processHandleClass;
}

type DirectStdio = ({ type: 'ignore' } | { type: 'fd'; fd: number })[];

/** stdin, stdout and stderr as the handle takes them, or null when one of them needs a stream. */
export function directStdio(stdio: StdioOptions): DirectStdio | null {
  const entries = typeof stdio === 'string' ? [stdio, stdio, stdio] : stdio;
  if (entries.length !== 3) return null;
  const direct: DirectStdio = [];
  for (const entry of entries) {
    if (entry === 'ignore') direct.push({ type: 'ignore' });
    else if (typeof entry === 'number' && Number.isInteger(entry) && entry >= 0) direct.push({ type: 'fd', fd: entry });
    else return null;
  }
  return direct;
}

/** `KEY=value` pairs, as the handle takes an environment. */
function environmentPairs(env: Record<string, string> | undefined): string[] {
  const source = env ?? process.env;
  const pairs: string[] = [];
  for (const key of Object.keys(source)) {
    const value = source[key];
    if (value !== undefined) pairs.push(`${key}=${value}`);
  }
  return pairs;
}

/** A child started on Node's process handle: the events and methods node:child_process would give. */
class DirectChild extends EventEmitter {
  readonly stdin = null;
  readonly stdout = null;
  readonly stderr = null;
  pid: number | undefined;
  private handle: ProcessHandle | null;

  constructor(handle: ProcessHandle, file: string, args: readonly string[], options: SpawnOptions, stdio: DirectStdio, envPairs: string[]) {
    super();
    this.handle = handle;
    handle.onexit = (exitCode, signalCode) => {
      handle.close();
      this.handle = null;
      // A negative status is libuv's: the program could not be run (node:child_process does the same).
      if (exitCode < 0) this.emit('error', spawnError(exitCode, file));
      else this.emit('exit', signalCode ? null : exitCode, signalCode || null);
    };
    const status = handle.spawn({
      file,
      args: [file, ...args],
      cwd: options.cwd,
      envPairs,
      stdio,
      detached: options.detached,
      windowsHide: false,
      windowsVerbatimArguments: false,
    });
    if (status !== 0) {
      handle.close();
      this.handle = null;
      // As node:child_process: the failure arrives as an 'error' event, after the caller has listened.
      process.nextTick(() => this.emit('error', spawnError(status, file)));
      return;
    }
    this.pid = handle.pid;
  }

  kill(signal: NodeJS.Signals | number = 'SIGTERM'): boolean {
    // Only while the handle lives: once the child is reaped its pid may be another process's.
    if (this.handle === null || this.pid === undefined) return false;
    try {
      process.kill(this.pid, signal);
      return true;
    } catch {
      return false;
    }
  }

  unref(): void {
    this.handle?.unref();
  }
}

function spawnError(status: number, file: string): NodeJS.ErrnoException {
  let code: string;
  try {
    code = loadUtil().getSystemErrorName(status);
  } catch {
    code = `errno ${status}`;
  }
  const error: NodeJS.ErrnoException = new Error(`spawn ${file} ${code}`);
  error.code = code;
  error.errno = status;
  error.syscall = `spawn ${file}`;
  error.path = file;
  return error;
}

/**
 * Start `file` with `args` on Node's process handle; null when stdio needs a stream, when this Node
 * has no such handle, or when using it would print a deprecation warning.
 */
export function spawnDirect(file: string, args: readonly string[], options: SpawnOptions): StartedChild | null {
  const stdio = directStdio(options.stdio);
  const Handle = stdio === null || pendingDeprecationWarnings() ? null : processHandle();
  if (Handle === null || stdio === null) return null;
  const envPairs = environmentPairs(options.env);
  // The handle would cut a string at a NUL byte; node:child_process refuses it, and so it is left there.
  if ([file, ...args, ...envPairs].some((text) => text.includes('\0'))) return null;
  return new DirectChild(new Handle(), file, args, options, stdio, envPairs) as unknown as StartedChild;
}

/** The same start through node:child_process. */
export function spawnWithChildProcess(file: string, args: readonly string[], options: SpawnOptions): StartedChild {
  return loadChildProcess().spawn(file, args as string[], {
    cwd: options.cwd,
    env: options.env,
    stdio: options.stdio,
    detached: options.detached,
  });
}

/** Start `file` with `args`: on Node's process handle when it can be, through node:child_process otherwise. */
export function spawnChild(file: string, args: readonly string[], options: SpawnOptions): StartedChild {
  return spawnDirect(file, args, options) ?? spawnWithChildProcess(file, args, options);
}

/**
 * process.binding is deprecated in documentation only; Node warns of it on stderr when pending
 * deprecations are shown, and the helper's stderr stays empty.
 */
// Node takes a flag's words joined by - or by _.
const PENDING_DEPRECATION_FLAG = /--pending[-_]deprecation/;

function pendingDeprecationWarnings(): boolean {
  return (
    process.execArgv.some((flag) => PENDING_DEPRECATION_FLAG.test(flag)) ||
    PENDING_DEPRECATION_FLAG.test(process.env.NODE_OPTIONS ?? '') ||
    process.env.NODE_PENDING_DEPRECATION === '1'
  );
}
