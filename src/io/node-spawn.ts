// Starting a process whose output goes to file descriptors, without loading
// node:child_process (about 9 ms of JavaScript at every start that needs it): the process_wrap
// binding's Process does the spawning for child_process too. src/io/node-internal.ts says when the
// binding is used; otherwise child_process starts the process, with the same outcome.
import { loadChildProcess, loadUtil } from './node.js';
import { internalBinding } from './node-internal.js';

export interface ProcessStart {
  file: string;
  args: readonly string[];
  cwd: string;
  /** The whole environment; undefined: the helper's own. */
  env: Record<string, string> | undefined;
  /** stdin is /dev/null. */
  stdoutFd: number;
  stderrFd: number;
  /** In a process group of its own. */
  detached: boolean;
}

export interface Started {
  pid: number | undefined;
  /** Called once: the exit code, or null and the signal's name when a signal ended it. */
  onExit(listener: (code: number | null, signal: NodeJS.Signals | null) => void): void;
  /** A failure to start that is only known after start() returned (child_process reports ENOENT so). */
  onError(listener: (error: Error) => void): void;
}

// The Process handle of the process_wrap binding, as lib/internal/child_process.js drives it.
interface ProcessHandle {
  pid?: number;
  onexit: ((exitCode: number, signalCode: string) => void) | null;
  spawn(options: object): number;
  close(): void;
}
type ProcessHandleConstructor = new () => ProcessHandle;

let processConstructor: ProcessHandleConstructor | null | undefined;

function internalProcess(): ProcessHandleConstructor | null {
  if (processConstructor === undefined) {
    const Process = internalBinding<{ Process?: unknown }>('process_wrap')?.Process;
    processConstructor = typeof Process === 'function' ? (Process as ProcessHandleConstructor) : null;
  }
  return processConstructor;
}

function startThroughBinding(Process: ProcessHandleConstructor, start: ProcessStart): Started {
  const handle = new Process();
  let exitListener: ((code: number | null, signal: NodeJS.Signals | null) => void) | null = null;
  let exited: [number | null, NodeJS.Signals | null] | null = null;
  handle.onexit = (exitCode, signalCode) => {
    handle.close();
    exited = signalCode ? [null, signalCode as NodeJS.Signals] : [exitCode, null];
    exitListener?.(...exited);
  };
  // The options object child_process hands the binding (normalizeSpawnArguments, getValidStdio).
  const error = handle.spawn({
    file: start.file,
    args: [start.file, ...start.args],
    cwd: start.cwd,
    envPairs: Object.entries(start.env ?? process.env)
      .filter((entry): entry is [string, string] => entry[1] !== undefined)
      .map(([name, value]) => `${name}=${value}`),
    stdio: [{ type: 'ignore' }, { type: 'fd', fd: start.stdoutFd }, { type: 'fd', fd: start.stderrFd }],
    detached: start.detached,
    windowsHide: false,
    windowsVerbatimArguments: false,
  });
  if (error !== 0) {
    handle.onexit = null;
    handle.close();
    const code = loadUtil().getSystemErrorName(error);
    throw Object.assign(new Error(`spawn ${start.file} ${code}`), { code, errno: error, syscall: 'spawn' });
  }
  return {
    pid: handle.pid,
    onExit(listener) {
      exitListener = listener;
      if (exited !== null) listener(...exited);
    },
    onError: () => undefined,
  };
}

function startThroughChildProcess(start: ProcessStart): Started {
  const child = loadChildProcess().spawn(start.file, start.args as string[], {
    cwd: start.cwd,
    env: start.env ?? process.env,
    stdio: ['ignore', start.stdoutFd, start.stderrFd],
    detached: start.detached,
  });
  return {
    pid: child.pid,
    onExit: (listener) => void child.once('exit', listener),
    onError: (listener) => void child.once('error', listener),
  };
}

export function startProcess(start: ProcessStart): Started {
  const Process = internalProcess();
  return Process !== null ? startThroughBinding(Process, start) : startThroughChildProcess(start);
}
