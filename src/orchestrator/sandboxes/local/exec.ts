// A helper run as a child process of this one, on this machine: the local sandbox's exec, and the
// MCP server's way to run code_task's helper. Its own process group, so that a stop reaches
// whatever it started in that group.
import { spawn, type ChildProcess } from 'node:child_process';
import { EXEC_PIPE_DRAIN_MS, EXEC_STDERR_KEEP_BYTES, EXEC_STDOUT_MAX_BYTES, ExecOutput, NEVER_STARTED_EXIT_CODE } from '../shared.js';
import type { ExecRequest, ExecResult, OpenedExec, OpenHandlers } from '../../sandbox.js';

/** SIGTERM to the process alone: the helper stops its command's group itself and still answers. */
function terminate(pid: number): void {
  process.kill(pid, 'SIGTERM');
}

/** A signal that may find the process gone. */
function trySignal(send: () => void): void {
  try {
    send();
  } catch {
    // Already gone.
  }
}

/**
 * Run the request's argv with exactly its env in `cwd`, stdin closed: SIGKILL to its group at the
 * request's deadline, and `askToStop` (SIGTERM to the process alone) once its caller aborts.
 */
export async function execLocal({ argv, env, expiration }: ExecRequest, cwd: string, askToStop: (pid: number) => void = terminate): Promise<ExecResult> {
  const child = spawn(argv[0]!, argv.slice(1), {
    cwd,
    env: { ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, so that a stop reaches whatever it started in that group.
    detached: true,
  });
  const output = new ExecOutput(EXEC_STDOUT_MAX_BYTES, EXEC_STDERR_KEEP_BYTES);
  child.stdout.on('data', (chunk: Buffer) => output.addStdout(chunk));
  child.stderr.on('data', (chunk: Buffer) => output.addStderr(chunk));
  const ended = childEnd(child);
  const timedOut = await expiration.follow(ended, {
    timeout: () => trySignal(() => child.pid !== undefined && process.kill(-child.pid, 'SIGKILL')),
    abort: () => trySignal(() => child.pid !== undefined && child.exitCode === null && askToStop(child.pid)),
  });
  const { exitCode, spawnError } = await ended;
  child.stdout.destroy();
  child.stderr.destroy();
  return output.result(exitCode, timedOut, spawnError ? `${spawnError.message}\n` : '');
}

/**
 * The child's end: its exit code once its pipes close, or EXEC_PIPE_DRAIN_MS after it exits if a
 * process it left holds them; a child that could not start (ENOENT, EACCES) ends as a shell says, 127.
 */
function childEnd(child: ChildProcess): Promise<{ exitCode: number | null; spawnError?: Error }> {
  return new Promise((resolve) => {
    let exitCode: number | null = null;
    let drain: ReturnType<typeof setTimeout> | undefined;
    const settle = (spawnError?: Error): void => {
      clearTimeout(drain);
      resolve(spawnError === undefined ? { exitCode } : { exitCode: NEVER_STARTED_EXIT_CODE, spawnError });
    };
    child.on('error', settle);
    child.on('exit', (code) => {
      exitCode = code;
      drain = setTimeout(() => settle(), EXEC_PIPE_DRAIN_MS);
    });
    child.on('close', () => settle());
  });
}

/** Once a sandbox's cleanup has ended a warm helper's stdin, how long it may take to exit before SIGTERM, and then SIGKILL. */
export const OPENED_EXIT_GRACE_MS = 5_000;

/** The warm helpers a sandbox opened and has not seen exit: the promise settles when one has. */
export type OpenedExecs = Map<OpenedExec, { pid: number | undefined; closed: Promise<void> }>;

/**
 * Ends every opened helper's stdin and waits until each has exited (its code cache written, its
 * calls answered), so that a cleanup removes the home only after the last write into it: SIGTERM to
 * one still running after `graceMs` (it stops its calls and answers), SIGKILL to its group after as
 * long again.
 */
export async function endOpened(opened: OpenedExecs, graceMs = OPENED_EXIT_GRACE_MS): Promise<void> {
  const waits = [...opened].map(async ([exec, { pid, closed }]) => {
    exec.end();
    for (const signal of ['SIGTERM', 'SIGKILL'] as const) {
      if (await settlesWithin(closed, graceMs)) return;
      try {
        if (pid !== undefined) process.kill(signal === 'SIGKILL' ? -pid : pid, signal);
      } catch {
        // Already gone.
      }
    }
    await closed;
  });
  await Promise.all(waits);
}

function settlesWithin(promise: Promise<void>, ms: number): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  return Promise.race([promise.then(() => true), late]).finally(() => clearTimeout(timer));
}

/**
 * Start `argv` with exactly `env` in `cwd`, stdin and stdout as pipes, in its own process group, for
 * as long as it runs: the local and bubblewrap sandboxes' `open`. It does not keep this process
 * alive by itself; the calls waiting on it do. `opened` holds the running ones for a cleanup.
 */
export function openLocal(
  argv: readonly string[],
  env: Readonly<Record<string, string>>,
  cwd: string,
  handlers: OpenHandlers,
  opened: OpenedExecs,
): OpenedExec {
  const child = spawn(argv[0]!, argv.slice(1), { cwd, env: { ...env }, stdio: ['pipe', 'pipe', 'ignore'], detached: true });
  let started = false;
  let closed = false;
  const exec: OpenedExec = {
    write: (text) => {
      if (!closed && child.stdin.writable) child.stdin.write(text);
    },
    end: () => {
      if (!closed) child.stdin.end();
    },
  };
  let markClosed: () => void = () => undefined;
  const whenClosed = new Promise<void>((resolve) => (markClosed = resolve));
  const close = (): void => {
    if (closed) return;
    closed = true;
    opened.delete(exec);
    child.stdin.destroy();
    markClosed();
    handlers.closed(started);
  };
  child.on('spawn', () => (started = true));
  // A write into a pipe whose reader is gone (EPIPE): the close says so.
  child.stdin.on('error', () => undefined);
  child.stdout.on('data', (chunk: Buffer) => handlers.stdout(chunk));
  child.on('error', close);
  child.on('close', close);
  child.unref();
  (child.stdout as unknown as { unref?: () => void }).unref?.();
  (child.stdin as unknown as { unref?: () => void }).unref?.();
  opened.set(exec, { pid: child.pid, closed: whenClosed });
  return exec;
}
