// The one way the helper runs a child process it waits for (a shell command, ripgrep) and the one way
// it starts one it does not (a background job's supervisor, the delayed kill of a stopped job).
//
// A waited-for child is supervised: a timer that fires once at its time limit, the helper's own stop
// signals (SIGTERM, SIGINT) forwarded to it, and a settle that happens once, however many of the
// child's events, the timer and the signals race to it. How the child is stopped (its process group,
// SIGTERM then SIGKILL; or SIGKILL to it alone) and where its output goes (a file, a pipe) are the
// caller's: the helper only says when.
//
// A child in a process group of its own can also be given a lifeline: a tiny watcher that stops the
// group should the helper die mid-call by any means (SIGKILL from the orchestrator's deadline, the
// OOM killer, a container stop), since Node has no parent-death signal.
import type { ChildProcess, StdioOptions } from 'node:child_process';
import { loadChildProcess } from './modules.js';

export type StopSignal = 'SIGTERM' | 'SIGINT';
/** Why a supervised child is being stopped. */
export type StopReason = 'timeout' | StopSignal;

export interface ChildStart {
  file: string;
  args: readonly string[];
  cwd: string;
  /** The whole environment; the helper's own when absent. */
  env?: Record<string, string>;
  /** stdin, stdout, stderr: 'ignore', 'pipe', or an open descriptor. */
  stdio: StdioOptions;
  /** A session and process group of its own, whose id is the child's pid. */
  detached?: boolean;
  /**
   * With `detached`: should the helper die before the lifeline is released, the child's group gets
   * SIGTERM, then SIGKILL this many milliseconds later.
   */
  lifelineGraceMs?: number;
}

/**
 * The watcher at the far end of a lifeline. It blocks reading the pipe whose only writer is the
 * helper; end of file means the helper is gone (the kernel closes a dead process's descriptors), and
 * the group is stopped. A released lifeline is a watcher killed while it still blocks, so it never
 * acts. POSIX sh (dash where it is /bin/sh) starts in about a millisecond.
 * $1 is the process group, $2 the grace in seconds.
 */
const LIFELINE_SCRIPT = 'read -r _; kill -s TERM -- "-$1" 2>/dev/null || exit 0; sleep "$2"; kill -s KILL -- "-$1" 2>/dev/null; exit 0';

/** Start the watcher of `groupId`; null when it cannot start (the child then runs without one). */
function startLifeline(groupId: number, graceMs: number): ChildProcess | null {
  try {
    const watcher = loadChildProcess().spawn('/bin/sh', ['-c', LIFELINE_SCRIPT, 'guilds-lifeline', String(groupId), String(Math.ceil(graceMs / 1000))], {
      cwd: '/',
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin' },
      // Its own session: a signal to the helper's group does not reach it.
      detached: true,
      stdio: ['pipe', 'ignore', 'ignore'],
    });
    watcher.on('error', () => undefined);
    watcher.stdin?.on('error', () => undefined);
    // Neither the watcher nor the pipe keeps the helper from ending.
    watcher.unref();
    (watcher.stdin as unknown as { unref?: () => void } | null)?.unref?.();
    return watcher.pid === undefined ? null : watcher;
  } catch {
    return null;
  }
}

export class SupervisedChild {
  readonly process: ChildProcess;
  timedOut = false;
  interruptedBy: StopSignal | null = null;
  private settled = false;
  private timer: NodeJS.Timeout | undefined;
  private lifeline: ChildProcess | null = null;
  private readonly onSignal = (signal: StopSignal): void => {
    this.interruptedBy ??= signal;
    this.stop(signal);
  };

  /**
   * Spawn the child (a failure to spawn is thrown, before any timer or listener exists) and watch
   * it: `stop` is called at `timeoutMs` and at each stop signal the helper receives until settled.
   */
  constructor(
    start: ChildStart,
    timeoutMs: number,
    private readonly stop: (reason: StopReason) => void,
  ) {
    this.process = loadChildProcess().spawn(start.file, start.args as string[], {
      cwd: start.cwd,
      env: start.env,
      stdio: start.stdio,
      detached: start.detached ?? false,
    });
    if (start.detached && start.lifelineGraceMs !== undefined && this.process.pid !== undefined) {
      this.lifeline = startLifeline(this.process.pid, start.lifelineGraceMs);
    }
    this.timer = setTimeout(() => {
      this.timedOut = true;
      this.stop('timeout');
    }, timeoutMs);
    process.on('SIGTERM', this.onSignal);
    process.on('SIGINT', this.onSignal);
  }

  /** The child itself has ended: its time limit no longer applies (stop signals still do). */
  disarmTimer(): void {
    clearTimeout(this.timer);
  }

  /**
   * The helper no longer stops the child's group should it die: the child has ended, and what it
   * left running (`server &`) is meant to outlive the call. Once is enough; settle does it too.
   */
  releaseLifeline(): void {
    const watcher = this.lifeline;
    this.lifeline = null;
    // Still our unreaped child while it has neither exited nor been signalled: its pid is its own.
    if (watcher !== null && watcher.exitCode === null && watcher.signalCode === null) watcher.kill('SIGKILL');
  }

  /** Stop watching: the timer, the signal listeners and the lifeline go. True only the first time. */
  settle(): boolean {
    if (this.settled) return false;
    this.settled = true;
    this.releaseLifeline();
    clearTimeout(this.timer);
    process.off('SIGTERM', this.onSignal);
    process.off('SIGINT', this.onSignal);
    return true;
  }

  get isSettled(): boolean {
    return this.settled;
  }
}

/**
 * Start a child that outlives the helper: its own session, never waited for. Returns its pid; throws
 * when it could not be started.
 */
export function startDetached(start: ChildStart): number {
  const child = loadChildProcess().spawn(start.file, start.args as string[], {
    cwd: start.cwd,
    env: start.env,
    stdio: start.stdio,
    detached: true,
  });
  // A failed spawn reports itself as an event after this returns; without a listener it would
  // become an uncaught exception.
  child.on('error', () => undefined);
  child.unref();
  if (child.pid === undefined) throw new Error(`${start.file} could not be started`);
  return child.pid;
}
