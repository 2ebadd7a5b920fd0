// shell's I/O beyond what every tool has (src/io/types.ts): a foreground command run in its own
// process group. Its Node implementation is node-io.ts.
import type { Stop } from '../../io/stop.js';

export interface ShellRun {
  /** Passed to `bash -c`. */
  script: string;
  /** bash's arguments after the script (`$0` first): the script enters `cwd` itself from them (script.ts). */
  scriptArgs: readonly string[];
  /** Absolute folder the command starts in. */
  cwd: string;
  /** The command's whole environment. */
  env: Record<string, string>;
  /** stdout and stderr both go to this file (created or emptied; never through a link). */
  logPath: string;
  /** The call's key (src/io/call-mark.ts), which starts the token every process of the command carries. */
  callKey: string;
  timeoutMs: number;
  /** The call's stop (src/io/stop.ts): the command's group is stopped, its output kept, "interrupted" said. */
  stop: Stop;
  /** Between SIGTERM and SIGKILL, for the whole process group. */
  killGraceMs: number;
}

export interface ShellOutcome {
  /** bash's exit status; 128 + the signal's number when a signal ended it. */
  exitCode: number;
  timedOut: boolean;
  /** The call was stopped (the helper's SIGTERM or SIGINT, a client's cancel) while the command ran. */
  interruptedBy: 'SIGTERM' | 'SIGINT' | null;
  /** The bytes of output: the log's size when the command ended (later writes by processes it left running are not its output). */
  logBytes: number;
}

export interface ShellProcesses {
  /**
   * Run bash in its own process group with stdin from /dev/null and resolve when bash exits.
   * A stopped command's group gets SIGTERM, then SIGKILL after the grace to whatever is left of it.
   * The output is handed to `onOutput` in order, piece by piece, while the command runs; a piece is
   * only lent (its memory is reused), so keep a copy of what must last.
   */
  run(request: ShellRun, onOutput: (bytes: Uint8Array) => void): Promise<ShellOutcome>;
  /** A fast check that bytes are valid UTF-8. */
  isUtf8(bytes: Uint8Array): boolean;
  /** A fast check that bytes are all ASCII; undefined where the runtime has none. */
  isAscii?: (bytes: Uint8Array) => boolean;
}

export interface ShellIo {
  shell: ShellProcesses;
}
