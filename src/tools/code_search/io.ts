// code_search's I/O beyond what every tool has (src/io/types.ts): running ripgrep, where it is, and
// one search with its output streamed into a sink. Its Node implementation is node-io.ts.
import type { OpenFile } from '../../io/types.js';
import type { Stop } from '../../io/stop.js';

/** What ripgrep's stdout is fed into: pieces in order, each valid only during the call. */
export interface OutputSink {
  feed(chunk: Uint8Array): void;
}

export interface RipgrepRun<S extends OutputSink> {
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
  /** The call's stop (src/io/stop.ts): ripgrep is killed at once, and the run says it was interrupted. */
  stop: Stop;
  /**
   * How much ripgrep prints: at most a line per file searched (files mode), or without bound (content
   * mode). How the output travels (a pipe or a temporary file) is the runner's choice from this.
   */
  output: 'line-per-file' | 'unbounded';
  /**
   * A sink for the search's output. The runner may start the search over (its temporary file could
   * not hold the output); it then takes a fresh sink, and returns the one that saw the output that stands.
   */
  newSink(): S;
}

export interface RipgrepExit {
  /** ripgrep's exit code; null when it was killed. */
  exitCode: number | null;
  /** The call was stopped (the helper's SIGTERM or SIGINT, a client's cancel) while ripgrep ran; ripgrep was killed. */
  interruptedBy?: 'SIGTERM' | 'SIGINT';
  /** The start of what ripgrep wrote to stderr (bounded). */
  stderr: string;
  timedOut: boolean;
}

/** Why no ripgrep could be used. Codes, never sentences: code_search's format.ts words them. */
export type RipgrepFailure =
  | { code: 'RG_CONFIGURED_NOT_EXECUTABLE'; configured: string }
  | { code: 'RG_NOT_FOUND'; packageName: string; searchedFrom: string }
  | { code: 'RG_CANNOT_START'; binary: string; cause: string };

export class RipgrepError extends Error {
  readonly code: RipgrepFailure['code'];

  constructor(readonly failure: RipgrepFailure) {
    super(failure.code);
    this.name = 'RipgrepError';
    this.code = failure.code;
  }
}

export interface SearchProcesses {
  /**
   * ripgrep's binary, looked for in the documented order: $GUILDS_RG, then `rg` on $PATH, then the
   * binary @vscode/ripgrep ships in a development checkout. Throws a RipgrepError when there is none.
   */
  findRipgrep(env: Readonly<Record<string, string | undefined>>): string;
  /** One search; a RipgrepError when ripgrep cannot start. */
  run<S extends OutputSink>(run: RipgrepRun<S>): Promise<{ exit: RipgrepExit; sink: S }>;
}

export interface CodeSearchIo {
  search: SearchProcesses;
}
