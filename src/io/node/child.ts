// The one way the helper runs a child process it waits for (a shell command, ripgrep) and the one way
// it starts one it does not (a background job's supervisor, the delayed kill of a stopped job).
//
// A waited-for child is supervised: a timer that fires once at its time limit, the call's stop
// (src/io/stop.ts) raced against its exit, and a settle that happens once, however many of the
// child's events, the timer and the stop race to it. How the child is stopped (its process group,
// SIGTERM then SIGKILL; or SIGKILL to it alone) and where its output goes (a file, a pipe) are the
// caller's: the helper only says when.
import type { StdioOptions } from 'node:child_process';
import { listenForStop, stopSignalOf, type Stop, type StopSignal } from '../stop.js';
import { spawnChild, type StartedChild } from './spawn.js';

export type { StopSignal } from '../stop.js';
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
  /** The program enters `cwd` itself (src/io/node/spawn.ts). */
  entersFolderItself?: boolean;
}

export class SupervisedChild {
  readonly process: StartedChild;
  timedOut = false;
  interruptedBy: StopSignal | null = null;
  private settled = false;
  private timer: NodeJS.Timeout | undefined;
  private readonly release: () => void;
  private readonly stopListening: () => void;
  private readonly onAbort = (): void => {
    if (this.settled) return;
    const signal = stopSignalOf(this.callStop);
    this.interruptedBy ??= signal;
    this.stop(signal);
  };

  /**
   * Spawn the child (a failure to spawn is thrown, before any timer or listener exists) and watch
   * it: `stop` is called at `timeoutMs`, and once when the call's stop aborts (at once when it
   * already has), until settled. The call's stop is this child's to answer while it runs.
   */
  constructor(
    start: ChildStart,
    timeoutMs: number,
    private readonly stop: (reason: StopReason) => void,
    private readonly callStop: Stop,
  ) {
    this.process = spawnChild(start.file, start.args, {
      cwd: start.cwd,
      env: start.env,
      stdio: start.stdio,
      detached: start.detached ?? false,
      entersFolderItself: start.entersFolderItself,
    });
    this.timer = setTimeout(() => {
      this.timedOut = true;
      this.stop('timeout');
    }, timeoutMs);
    this.release = callStop.take();
    // A CallStop's listeners are its own, not an AbortSignal's, so NEVER_STOPPED, which every child of
    // a call nobody can cancel listens to at once (a server's concurrent snapshots), has no listener
    // limit to warn about.
    this.stopListening = listenForStop(callStop, this.onAbort);
  }

  /** The child itself has ended: its time limit no longer applies (the call's stop still does). */
  disarmTimer(): void {
    clearTimeout(this.timer);
  }

  /** Stop watching: the timer and the stop's listener go. True only the first time. */
  settle(): boolean {
    if (this.settled) return false;
    this.settled = true;
    clearTimeout(this.timer);
    this.stopListening();
    this.release();
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
  const child = spawnChild(start.file, start.args, { cwd: start.cwd, env: start.env, stdio: start.stdio, detached: true });
  // A failed spawn reports itself as an event after this returns; without a listener it would
  // become an uncaught exception.
  child.on('error', () => undefined);
  child.unref();
  if (child.pid === undefined) throw new Error(`${start.file} could not be started`);
  return child.pid;
}
