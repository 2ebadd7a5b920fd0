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
} from '../../../limits.js';
import type { StdioOptions } from 'node:child_process';
import { stopSignalOf } from '../../../io/stop.js';
import { SupervisedChild, type StopReason } from '../../../io/node/child.js';
import { findRipgrepIn } from './find.js';
import { openOutputFiles, readBack, readStart, roomInScratchFolder } from './scratch.js';
import { RipgrepError, type OutputSink, type RipgrepExit, type RipgrepRun, type SearchProcesses } from '../io.js';

export { findRipgrepIn, vscodeRipgrepPackage } from './find.js';


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
 * sink, which gives what it gives without the file. The call's stop is this search's to answer
 * between the two runs too: a stop then ends the search, which answers with nothing found.
 */
async function runSpooled<S extends OutputSink>(run: RipgrepRun<S>, output: Output & { kind: 'spool' }): Promise<{ exit: RipgrepExit; sink: S }> {
  const started = performance.now();
  const release = run.stop.take();
  try {
    const spooled = await runOnce(run, output);
    if (spooled !== null) return spooled;
    if (run.stop.signal.aborted) {
      return { exit: { exitCode: null, stderr: '', timedOut: false, interruptedBy: stopSignalOf(run.stop) }, sink: run.newSink() };
    }
    // One time limit for the whole search, as the result says.
    const timeoutMs = Math.max(0, run.timeoutMs - (performance.now() - started));
    return (await runOnce({ ...run, timeoutMs }, { kind: 'pipes' }))!;
  } finally {
    release();
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

/**
 * One ripgrep process, supervised by the shared helper (its time limit, the call's stop, one
 * settlement); ripgrep is stopped with SIGKILL to it alone, and its output read as it travels.
 */
class RipgrepAttempt {
  private child!: SupervisedChild;
  private stderr = '';
  private stderrBytes = 0;
  private exited = false;
  private failure: unknown = null;
  private overflowed = false;
  private spoolRead = 0;
  private watch: ReturnType<typeof setInterval> | undefined;
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
      const stdio: StdioOptions = output.kind === 'pipes' ? [stdin, 'pipe', 'pipe'] : [stdin, output.stdoutFd, output.stderrFd];
      // Told to stop, the helper stops ripgrep and still answers; otherwise ripgrep would search on alone.
      this.child = new SupervisedChild({ file: run.binary, args: run.args, cwd, stdio }, run.timeoutMs, (reason) => this.stop(reason), run.stop);
    } catch (error) {
      this.closeFiles();
      this.reject(startFailure(run, error));
      return;
    }
    if (output.kind === 'spool') this.watchSpool(output);
    this.child.process.on('error', (error: NodeJS.ErrnoException) =>
      this.settle(() => {
        throw startFailure(run, error);
      }),
    );
    if (output.kind === 'pipes') this.readPipes();
    else this.readFilesAtExit(output);
  }

  private get stopping(): boolean {
    return this.child.timedOut || this.child.interruptedBy !== null;
  }

  private stop(reason: StopReason): void {
    this.kill();
    if (reason === 'timeout' && this.exited && this.output.kind === 'pipes') this.abandonPipes();
  }

  private kill(): void {
    this.child.process.kill('SIGKILL');
  }

  private closeFiles(): void {
    if (this.output.kind === 'pipes') return;
    closeSync(this.output.stdoutFd);
    closeSync(this.output.stderrFd);
  }

  private settle(outcome: () => RipgrepExit | null): void {
    if (!this.child.settle()) return;
    if (this.watch !== undefined) clearInterval(this.watch);
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
    const { stderr } = this;
    const { timedOut, interruptedBy } = this.child;
    return interruptedBy !== null ? { exitCode: null, stderr, timedOut, interruptedBy } : { exitCode: timedOut ? null : code, stderr, timedOut };
  }

  /**
   * 'close' waits for the pipes as well as the process: a child that the binary left behind (a
   * wrapper script's) may hold them open for as long as it likes. Past the limit, once the process
   * itself is gone, its pipes are given up.
   */
  private abandonPipes(): void {
    this.child.process.stdout?.destroy();
    this.child.process.stderr?.destroy();
    this.settle(() => this.exitOf(null));
  }

  /**
   * The spool is read as it grows, so that its lines are taken in while ripgrep searches on, and is
   * given up as soon as it passes its cap; one that ends a little past it between two looks is whole.
   */
  private watchSpool(output: Output & { kind: 'spool' }): void {
    const buffer = Buffer.allocUnsafe(SEARCH_SPOOL_READ_BYTES);
    this.watch = setInterval(() => {
      if (this.exited || this.stopping || this.overflowed || this.failure !== null) return;
      try {
        this.spoolRead = readBack(output.stdoutFd, this.spoolRead, this.feed, SEARCH_OUTPUT_FILE_CHUNK_BYTES, buffer);
      } catch (error) {
        this.failure = error;
        this.kill();
        return;
      }
      if (this.spoolRead <= output.maxBytes) return;
      this.overflowed = true;
      this.kill();
    }, SEARCH_SPOOL_CHECK_INTERVAL_MS);
  }

  /** Temporary files: once ripgrep is gone, its stderr's start and the rest of its stdout. */
  private readFilesAtExit(output: Output & { kind: 'files' | 'spool' }): void {
    const reused = output.kind === 'spool' ? Buffer.allocUnsafe(SEARCH_SPOOL_READ_BYTES) : undefined;
    this.child.process.on('exit', (code, signal) =>
      this.settle(() => {
        this.exited = true;
        this.stderr = readStart(output.stderrFd, SEARCH_STDERR_KEEP_BYTES);
        if (output.kind === 'spool' && !this.stopping && spoolFailed(this.overflowed, code, signal, this.stderr)) return null;
        readBack(output.stdoutFd, this.spoolRead, this.feed, SEARCH_OUTPUT_FILE_CHUNK_BYTES, reused);
        return this.exitOf(code);
      }),
    );
  }

  private readPipes(): void {
    const child = this.child.process;
    child.stdout!.on('data', (chunk: Buffer) => {
      if (this.failure !== null || this.child.isSettled) return;
      try {
        this.feed(chunk);
      } catch (error) {
        this.failure = error;
        this.kill();
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
      if (this.child.timedOut) this.abandonPipes();
    });
    child.on('close', (code) => this.settle(() => this.exitOf(code)));
  }
}
