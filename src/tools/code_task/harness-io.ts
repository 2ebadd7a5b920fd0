// Running a coding-agent harness for code_task, and the few system calls its lock and records need.
import type { Stop } from '../../io/stop.js';

export interface HarnessRun {
  /** The program and its arguments; looked up on the PATH of `env`. */
  argv: readonly string[];
  cwd: string;
  /** The harness's whole environment. */
  env: Record<string, string>;
  /** Written to the harness's stdin, which is then closed. */
  input: Uint8Array;
  /** stdout and stderr both go to this file (created or emptied; never through a link). */
  logPath: string;
  timeoutMs: number;
  /** The call's stop (src/io/stop.ts): the harness's group is stopped as at a timeout. */
  stop: Stop;
  /** Between SIGTERM and SIGKILL, for the whole process group. */
  killGraceMs: number;
  /** The call's key (src/io/call-mark.ts), which starts the token every process of the task carries. */
  callKey: string;
}

export interface HarnessOutcome {
  /** null when a signal ended the harness. */
  exitCode: number | null;
  /** The signal that ended it (SIGKILL, SIGSEGV, …), else null. */
  signal: string | null;
  timedOut: boolean;
  /** The call was stopped while the harness ran. */
  stopped: boolean;
  /** The log's size when the harness and its group were gone. */
  logBytes: number;
}

export interface HarnessProcesses {
  /**
   * Run the harness in its own process group. Its output is handed to `onOutput` in order, piece by
   * piece, while it runs (a piece is only lent). On a timeout or the call's stop, the group
   * gets SIGTERM, then SIGKILL after the grace. When the harness itself exits, whatever it left running
   * in its group is stopped the same way, so a task leaves nothing behind. Rejects when the harness
   * cannot be started.
   */
  run(request: HarnessRun, onOutput: (bytes: Uint8Array) => void): Promise<HarnessOutcome>;
  /** The program's path on `pathVariable` (an executable file), or null. */
  findOnPath(program: string, pathVariable: string | undefined): string | null;
  /** A new random UUID (a session id the caller picks). */
  randomUuid(): string;
  /** This helper's pid and its start time in clock ticks (null without /proc): together they name it for good. */
  self(): { pid: number; startTicks: string | null };
  /** Whether the process that `pid` and `startTicks` named still runs (a reused pid is another process). */
  isRunning(pid: number, startTicks: string | null): boolean;
  /** Create `path` holding `content` whole, or return false when it already exists. Never through a link. */
  createExclusive(path: string, content: string): boolean;
}
