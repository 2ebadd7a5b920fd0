// Running git for code_task's snapshots: short commands whose output is read as it comes.

export interface GitRun {
  args: readonly string[];
  cwd: string;
  /** git's whole environment: nothing of the agent's reaches git unless it is listed here. */
  env: Record<string, string>;
  /** git (and whatever it started: a clean filter) is killed after this long. */
  timeoutMs: number;
}

export interface GitOutcome {
  /** null when git was killed. */
  exitCode: number | null;
  timedOut: boolean;
  /** The end of what git wrote to stderr, at most a few KiB. */
  stderrTail: string;
}

export interface GitProcesses {
  /**
   * Run git in its own process group, stdin /dev/null. stdout is handed to `onStdout` piece by piece
   * (a piece is only lent); stderr is kept only at its end. Throws when git cannot be started.
   */
  run(request: GitRun, onStdout: (bytes: Uint8Array) => void): Promise<GitOutcome>;
  /**
   * Copy a file and set the copy's modification time to the original's, rounded down to the second
   * (never later than the original's: see src/tools/code_task/snapshot.ts). false when `from` is missing.
   */
  copyKeepingMtime(from: string, to: string): boolean;
}
