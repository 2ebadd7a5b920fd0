// Running ripgrep with its output streamed into the tool's sink. This layer owns how the output
// travels (a pipe, a temporary file, a capped spool) and any restart; it throws codes
// (RipgrepError), never sentences.
import { closeSync } from 'node:fs';
import {
  SEARCH_OUTPUT_FILE_CHUNK_BYTES,
  SEARCH_SPOOL_CHECK_INTERVAL_MS,
  SEARCH_SPOOL_FREE_SPACE_FACTOR,
  SEARCH_SPOOL_MAX_BYTES,
  SEARCH_SPOOL_READ_BYTES,
  SEARCH_STDERR_KEEP_BYTES,
} from '../../limits.js';
import { loadChildProcess } from './modules.js';
import { findRipgrepIn } from './search-find.js';
import { openOutputFiles, readBack, readStart, roomInScratchFolder } from './search-scratch.js';
import { RipgrepError, type OutputSink, type RipgrepExit, type RipgrepRun, type SearchProcesses } from '../search-types.js';

export { findRipgrepIn, vscodeRipgrepPackage } from './search-find.js';

type Stop = 'SIGTERM' | 'SIGINT';
type ChildProcess = ReturnType<ReturnType<typeof loadChildProcess>['spawn']>;

type Output =
  | { kind: 'pipes' }
  | { kind: 'files'; stdoutFd: number; stderrFd: number }
  | { kind: 'spool'; stdoutFd: number; stderrFd: number; maxBytes: number };

export interface SearchRunnerLimits {
  /** Content mode's temporary file holds at most this much of ripgrep's output; past it, a pipe. */
  spoolMaxBytes: number;
}

/**
 * ripgrep writing into two temporary files when it can, else into pipes. Its parallel printer writes
 * each file's lines on their own, and through a pipe every write wakes the helper and goes through
 * Node's stream machinery, and ripgrep waits whenever the pipe is full; a file takes them all without
 * anyone waking. Files mode prints a line per file at most: its file is read in one go once ripgrep
 * is done. Content mode's output has no bound, so its file has a cap and is read as it grows
 * (runSpooled).
 */
export function makeSearchProcesses(limits: SearchRunnerLimits): SearchProcesses {
  return {
    findRipgrep: findRipgrepIn,
    run<S extends OutputSink>(run: RipgrepRun<S>): Promise<{ exit: RipgrepExit; sink: S }> {
      if (run.output === 'line-per-file') {
        const files = openOutputFiles();
        if (files !== null) return runOnce(run, { kind: 'files', ...files }) as Promise<{ exit: RipgrepExit; sink: S }>;
      } else if (roomInScratchFolder(SEARCH_SPOOL_FREE_SPACE_FACTOR * limits.spoolMaxBytes)) {
        const files = openOutputFiles();
        if (files !== null) return runSpooled(run, { kind: 'spool', ...files, maxBytes: limits.spoolMaxBytes });
      }
      return runOnce(run, { kind: 'pipes' }) as Promise<{ exit: RipgrepExit; sink: S }>;
    },
  };
}

export const nodeSearchProcesses: SearchProcesses = makeSearchProcesses({ spoolMaxBytes: SEARCH_SPOOL_MAX_BYTES });

/**
 * Content mode: ripgrep writes into a temporary file of bounded size, read every few milliseconds as
 * it grows; when the file cannot hold its output, the search runs again through the pipe into a fresh
 * sink, which gives what it gives without the file. Between the two runs a stop signal is still heard
 * (and ends the search), never left to Node's default of ending the helper without an answer.
 */
async function runSpooled<S extends OutputSink>(run: RipgrepRun<S>, output: Output & { kind: 'spool' }): Promise<{ exit: RipgrepExit; sink: S }> {
  const started = performance.now();
  let heard: Stop | undefined;
  const hear = (signal: Stop): void => {
    heard ??= signal;
  };
  process.on('SIGTERM', hear);
  process.on('SIGINT', hear);
  try {
    const spooled = await runOnce(run, output);
    if (spooled !== null) return spooled;
    if (heard !== undefined) return { exit: { exitCode: null, stderr: '', timedOut: false, interruptedBy: heard }, sink: run.newSink() };
    // One time limit for the whole search, as the result says.
    const timeoutMs = Math.max(0, run.timeoutMs - (performance.now() - started));
    return (await runOnce({ ...run, timeoutMs }, { kind: 'pipes' }))!;
  } finally {
    process.off('SIGTERM', hear);
    process.off('SIGINT', hear);
  }
}

/** One run of ripgrep into a fresh sink; null when its output did not fit the spool. */
function runOnce<S extends OutputSink>(run: RipgrepRun<S>, output: Output): Promise<{ exit: RipgrepExit; sink: S } | null> {
  const sink = run.newSink();
  return new Promise((resolve, reject) => {
    new RipgrepAttempt(run, output, sink, (exit) => resolve(exit === null ? null : { exit, sink }), reject).start();
  });
}

function startFailure(run: RipgrepRun<OutputSink>, error: unknown): RipgrepError {
  const failure = error as NodeJS.ErrnoException;
  return new RipgrepError({ code: 'RG_CANNOT_START', binary: run.binary, cause: failure.code ?? failure.message });
}

/**
 * Whether a spooled run's output cannot stand for the search's: it passed the cap, or ripgrep could
 * not write it all. A failed write looks like an unreadable file (ripgrep, told --no-messages, ends
 * with 2 and says nothing; past a file size limit the kernel sends SIGXFSZ), so either runs again
 * through the pipe, which writing cannot fail that way.
 */
function spoolFailed(overflowed: boolean, code: number | null, signal: NodeJS.Signals | null, stderr: string): boolean {
  if (overflowed || signal === 'SIGXFSZ') return true;
  return code === 2 && stderr.trim() === '';
}

/** One ripgrep process: its time limit, the stop signals, its output, and one settlement. */
class RipgrepAttempt {
  private child!: ChildProcess;
  private stderr = '';
  private stderrBytes = 0;
  private timedOut = false;
  private exited = false;
  private settled = false;
  private interruptedBy: Stop | undefined;
  private failure: unknown = null;
  private overflowed = false;
  private spoolRead = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private watch: ReturnType<typeof setInterval> | undefined;
  private readonly onSignal = (signal: Stop): void => {
    this.interruptedBy ??= signal;
    this.child.kill('SIGKILL');
  };
  private readonly feed: (chunk: Uint8Array) => void;

  constructor(
    private readonly run: RipgrepRun<OutputSink>,
    private readonly output: Output,
    sink: OutputSink,
    private readonly resolve: (exit: RipgrepExit | null) => void,
    private readonly reject: (error: unknown) => void,
  ) {
    this.feed = (chunk) => sink.feed(chunk);
  }

  start(): void {
    const { run, output } = this;
    try {
      // The child changes into /proc/self/fd/N before it execs ripgrep: N is still open then (the
      // descriptor closes only on exec), so this is the very folder that was checked.
      const cwd = run.folder ? `/proc/self/fd/${run.folder.descriptor()}` : run.cwd;
      const stdin = run.input ? run.input.descriptor() : 'ignore';
      const stdio = output.kind === 'pipes' ? [stdin, 'pipe', 'pipe'] : [stdin, output.stdoutFd, output.stderrFd];
      this.child = loadChildProcess().spawn(run.binary, run.args as string[], { cwd, stdio: stdio as ['ignore', 'pipe', 'pipe'] });
    } catch (error) {
      this.closeFiles();
      this.reject(startFailure(run, error));
      return;
    }
    this.timer = setTimeout(() => this.onTimeout(), run.timeoutMs);
    // Told to stop, the helper stops ripgrep and still answers; otherwise ripgrep would search on alone.
    process.on('SIGTERM', this.onSignal);
    process.on('SIGINT', this.onSignal);
    if (output.kind === 'spool') this.watchSpool(output);
    this.child.on('error', (error: NodeJS.ErrnoException) =>
      this.settle(() => {
        throw startFailure(run, error);
      }),
    );
    if (output.kind === 'pipes') this.readPipes();
    else this.readFilesAtExit(output);
  }

  private onTimeout(): void {
    this.timedOut = true;
    this.child.kill('SIGKILL');
    if (this.exited && this.output.kind === 'pipes') this.abandonPipes();
  }

  private closeFiles(): void {
    if (this.output.kind === 'pipes') return;
    closeSync(this.output.stdoutFd);
    closeSync(this.output.stderrFd);
  }

  private settle(outcome: () => RipgrepExit | null): void {
    if (this.settled) return;
    this.settled = true;
    clearTimeout(this.timer);
    if (this.watch !== undefined) clearInterval(this.watch);
    process.off('SIGTERM', this.onSignal);
    process.off('SIGINT', this.onSignal);
    try {
      if (this.failure !== null) throw this.failure;
      this.resolve(outcome());
    } catch (error) {
      this.reject(error);
    } finally {
      this.closeFiles();
    }
  }

  private exitOf(code: number | null): RipgrepExit {
    const { stderr, timedOut, interruptedBy } = this;
    return interruptedBy !== undefined ? { exitCode: null, stderr, timedOut, interruptedBy } : { exitCode: timedOut ? null : code, stderr, timedOut };
  }

  /**
   * 'close' waits for the pipes as well as the process: a child that the binary left behind (a
   * wrapper script's) may hold them open for as long as it likes. Past the limit, once the process
   * itself is gone, its pipes are given up.
   */
  private abandonPipes(): void {
    this.child.stdout?.destroy();
    this.child.stderr?.destroy();
    this.settle(() => this.exitOf(null));
  }

  /**
   * The spool is read as it grows, so that its lines are taken in while ripgrep searches on, and is
   * given up as soon as it passes its cap; one that ends a little past it between two looks is whole.
   */
  private watchSpool(output: Output & { kind: 'spool' }): void {
    const buffer = Buffer.allocUnsafe(SEARCH_SPOOL_READ_BYTES);
    this.watch = setInterval(() => {
      if (this.exited || this.timedOut || this.interruptedBy !== undefined || this.overflowed || this.failure !== null) return;
      try {
        this.spoolRead = readBack(output.stdoutFd, this.spoolRead, this.feed, SEARCH_OUTPUT_FILE_CHUNK_BYTES, buffer);
      } catch (error) {
        this.failure = error;
        this.child.kill('SIGKILL');
        return;
      }
      if (this.spoolRead <= output.maxBytes) return;
      this.overflowed = true;
      this.child.kill('SIGKILL');
    }, SEARCH_SPOOL_CHECK_INTERVAL_MS);
  }

  /** Temporary files: once ripgrep is gone, its stderr's start and the rest of its stdout. */
  private readFilesAtExit(output: Output & { kind: 'files' | 'spool' }): void {
    const reused = output.kind === 'spool' ? Buffer.allocUnsafe(SEARCH_SPOOL_READ_BYTES) : undefined;
    this.child.on('exit', (code, signal) =>
      this.settle(() => {
        this.exited = true;
        this.stderr = readStart(output.stderrFd, SEARCH_STDERR_KEEP_BYTES);
        const stoppedByUs = this.interruptedBy !== undefined || this.timedOut;
        if (output.kind === 'spool' && !stoppedByUs && spoolFailed(this.overflowed, code, signal, this.stderr)) return null;
        readBack(output.stdoutFd, this.spoolRead, this.feed, SEARCH_OUTPUT_FILE_CHUNK_BYTES, reused);
        return this.exitOf(code);
      }),
    );
  }

  private readPipes(): void {
    const child = this.child;
    child.stdout!.on('data', (chunk: Buffer) => {
      if (this.failure !== null || this.settled) return;
      try {
        this.feed(chunk);
      } catch (error) {
        this.failure = error;
        child.kill('SIGKILL');
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => {
      if (this.stderrBytes >= SEARCH_STDERR_KEEP_BYTES) return;
      const kept = chunk.subarray(0, SEARCH_STDERR_KEEP_BYTES - this.stderrBytes);
      this.stderrBytes += kept.length;
      this.stderr += kept.toString('utf8');
    });
    child.on('exit', () => {
      this.exited = true;
      if (this.timedOut) this.abandonPipes();
    });
    child.on('close', (code) => this.settle(() => this.exitOf(code)));
  }
}
