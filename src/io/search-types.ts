// Running ripgrep (the code_search op): where it is, and one run of it with its output streamed.
import type { OpenFile } from './types.js';

export interface RipgrepRun {
  /** ripgrep's binary, as found by findRipgrep. */
  binary: string;
  args: readonly string[];
  /** The folder ripgrep runs in: relative paths in its output and its globs start there. */
  cwd: string;
  /**
   * When given, ripgrep starts in this open folder instead of `cwd`'s path, which a link swapped in
   * since the check could lead outside the home.
   */
  folder?: OpenFile;
  /** When given, ripgrep reads this open file as its stdin (name it `-`). */
  input?: OpenFile;
  /** ripgrep is killed after this long, and the run says so. */
  timeoutMs: number;
  /**
   * ripgrep prints at most a line per file searched (files mode): its output may then go to a
   * temporary file, read when it is done, instead of a pipe that wakes the helper at every write.
   */
  outputBoundedByFiles?: boolean;
  /**
   * ripgrep's output has no bound (content mode): it goes to a temporary file, read as it grows, while
   * that stays under `maxBytes`. Past them ripgrep is stopped, `restart` is called (what onStdout was
   * given so far is void), and the search runs again through a pipe with what is left of the time limit.
   * The pieces read from the file are valid only during the onStdout call: a collector copies what it keeps.
   */
  spool?: { maxBytes: number; restart(): void };
  /** Each piece of ripgrep's stdout, in order, as it arrives; nothing of it is kept by the runner. */
  onStdout(chunk: Uint8Array): void;
}

export interface RipgrepExit {
  /** ripgrep's exit code; null when it was killed. */
  exitCode: number | null;
  /** The helper was told to stop (SIGTERM or SIGINT) while ripgrep ran; ripgrep was killed. */
  interruptedBy?: 'SIGTERM' | 'SIGINT';
  /** The start of what ripgrep wrote to stderr (bounded). */
  stderr: string;
  timedOut: boolean;
}

export interface SearchProcesses {
  /**
   * ripgrep's binary, looked for in the documented order: $GUILDS_RG, then `rg` on $PATH, then the
   * binary @vscode/ripgrep ships in a development checkout. Throws a ToolError naming the places
   * looked when there is none.
   */
  findRipgrep(env: Readonly<Record<string, string | undefined>>): string;
  run(run: RipgrepRun): Promise<RipgrepExit>;
}
