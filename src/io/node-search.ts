// Finding ripgrep and running it with its output streamed. The bundle is copied to /usr/local/bin
// without node_modules, so @vscode/ripgrep's own rgPath (fixed at build time) is never used: the
// binary is looked for at run time.
import { accessSync, closeSync, constants, fstatSync, openSync, readSync, statfsSync, statSync, unlinkSync } from 'node:fs';
import { ToolError } from '../contract/legacy-tool-error.js';
import { loadChildProcess } from './node/modules.js';
import { temporaryPathBeside } from './node/process.js';
import type { RipgrepExit, RipgrepRun, SearchProcesses } from './search-types.js';

type Stop = 'SIGTERM' | 'SIGINT';

// Enough of ripgrep's stderr for its one-line reason; the rest is dropped as it comes.
const RIPGREP_STDERR_KEEP_BYTES = 8192;
// ripgrep's output read back from its temporary file in pieces of this size.
const OUTPUT_FILE_CHUNK_BYTES = 1_048_576;
// Content mode's spool is read into one buffer of this size, over and over: fresh memory for each
// piece costs page faults. The string the parse makes of a piece this large goes straight to V8's
// large-object space; a smaller one passes through the young generation, and each 64 KiB piece made
// it collect about twice as often (12 scavenges against 6 or 7 for the 100,000-line search).
const SPOOL_READ_BYTES = 524_288;
// How often what ripgrep has added to content mode's temporary file is read (and its size checked).
const SPOOL_CHECK_INTERVAL_MS = 10;
// The temporary file is used only where this many times its cap is free: the search stays far from
// filling the folder, and a folder that is full does not make every search run twice.
const SPOOL_FREE_SPACE_FACTOR = 2;
const SCRATCH_OPEN_FLAGS = constants.O_RDWR | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW;

function isExecutableFile(path: string): boolean {
  try {
    if (!statSync(path).isFile()) return false;
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The file this code runs from: the bundle in dist/, or the source module under the test runner. */
function ownFile(): string {
  if (typeof __filename === 'string') return __filename;
  return new URL(import.meta.url).pathname;
}

function parentFolder(path: string): string {
  const cut = path.lastIndexOf('/');
  return cut <= 0 ? '/' : path.slice(0, cut);
}

/** The package name @vscode/ripgrep installs its binary from on this machine. */
export function vscodeRipgrepPackage(): string {
  return `@vscode/ripgrep-${process.platform}-${process.arch}`;
}

/** Where a development checkout holds ripgrep: node_modules beside the running file or above it. */
function developmentRipgrep(): { found: string | null; from: string } {
  const start = parentFolder(ownFile());
  const relative = `node_modules/${vscodeRipgrepPackage()}/bin/rg`;
  for (let folder = start; ; folder = parentFolder(folder)) {
    const candidate = `${folder === '/' ? '' : folder}/${relative}`;
    if (isExecutableFile(candidate)) return { found: candidate, from: start };
    if (folder === '/') return { found: null, from: start };
  }
}

export function findRipgrepIn(env: Readonly<Record<string, string | undefined>>): string {
  const configured = env.GUILDS_RG;
  if (configured) {
    // An explicit choice that does not work is reported, not silently replaced by another ripgrep.
    if (configured.startsWith('/') && isExecutableFile(configured)) return configured;
    throw new ToolError(`ripgrep not found: GUILDS_RG=${configured} is not an executable file (an absolute path)`);
  }
  for (const folder of (env.PATH ?? '').split(':')) {
    if (!folder.startsWith('/')) continue;
    const candidate = `${folder}/rg`;
    if (isExecutableFile(candidate)) return candidate;
  }
  const development = developmentRipgrep();
  if (development.found) return development.found;
  throw new ToolError(
    `ripgrep not found: GUILDS_RG is not set, there is no rg on PATH, and no node_modules/${vscodeRipgrepPackage()}/bin/rg in ${development.from} or above it`,
  );
}

function scratchFolder(): string {
  return process.env.TMPDIR?.startsWith('/') ? process.env.TMPDIR : '/tmp';
}

/**
 * A file nobody else can open: created, then unlinked at once, so it goes when the last descriptor
 * does, whatever happens to the helper. null when the temporary folder does not take one.
 */
function openScratchFile(): number | null {
  const path = temporaryPathBeside(`${scratchFolder().replace(/\/+$/, '')}/guilds-code-rg`);
  let fd: number;
  try {
    fd = openSync(path, SCRATCH_OPEN_FLAGS, 0o600);
  } catch {
    return null;
  }
  try {
    unlinkSync(path);
  } catch {
    closeSync(fd);
    return null;
  }
  return fd;
}

/**
 * The file's bytes from `position` to its end as it is now, to `onBytes` in pieces; returns the
 * position reached. Each piece is fresh (a collector may keep one), or, with `reused`, read into that
 * buffer and valid only until `onBytes` returns.
 */
function readBack(fd: number, position: number, onBytes: (bytes: Uint8Array) => void, reused?: Buffer): number {
  for (;;) {
    const left = fstatSync(fd).size - position;
    if (left <= 0) return position;
    const chunk = reused ?? Buffer.allocUnsafe(Math.min(left, OUTPUT_FILE_CHUNK_BYTES));
    const read = readSync(fd, chunk, 0, Math.min(left, chunk.length), position);
    if (read === 0) return position;
    position += read;
    onBytes(read === chunk.length ? chunk : chunk.subarray(0, read));
  }
}

function startFailure(run: RipgrepRun, error: unknown): ToolError {
  const failure = error as NodeJS.ErrnoException;
  return new ToolError(`cannot run ripgrep (${run.binary}): ${failure.code ?? failure.message}`);
}

/** Whether the temporary folder has `bytes` free; false when that cannot be told (Node before 18.15). */
function roomInScratchFolder(bytes: number): boolean {
  if (typeof statfsSync !== 'function') return false;
  try {
    const space = statfsSync(scratchFolder());
    return space.bavail * space.bsize >= bytes;
  } catch {
    return false;
  }
}

type Output =
  | { kind: 'pipes' }
  | { kind: 'files'; stdoutFd: number; stderrFd: number }
  | { kind: 'spool'; stdoutFd: number; stderrFd: number; maxBytes: number };

/** Two temporary files for ripgrep's stdout and stderr, or null (the pipes are used then). */
function openOutputFiles(): { stdoutFd: number; stderrFd: number } | null {
  const stdoutFd = openScratchFile();
  const stderrFd = stdoutFd === null ? null : openScratchFile();
  if (stdoutFd !== null && stderrFd !== null) return { stdoutFd, stderrFd };
  if (stdoutFd !== null) closeSync(stdoutFd);
  return null;
}

/**
 * ripgrep writing into two temporary files when it can, else into pipes. Its parallel printer writes
 * each file's lines on their own, and through a pipe every write wakes the helper and goes through
 * Node's stream machinery, and ripgrep waits whenever the pipe is full; a file takes them all without
 * anyone waking. Files mode prints a line per file at most: its file is read in one go once ripgrep
 * is done. Content mode's output has no bound, so its file has a cap and is read as it grows
 * (runSpooled).
 */
function runRipgrep(run: RipgrepRun): Promise<RipgrepExit> {
  if (run.outputBoundedByFiles === true) {
    const files = openOutputFiles();
    if (files !== null) return runRipgrepWith(run, { kind: 'files', ...files }) as Promise<RipgrepExit>;
  } else if (run.spool !== undefined && roomInScratchFolder(SPOOL_FREE_SPACE_FACTOR * run.spool.maxBytes)) {
    const files = openOutputFiles();
    if (files !== null) return runSpooled(run, { kind: 'spool', ...files, maxBytes: run.spool.maxBytes });
  }
  return runRipgrepWith(run, { kind: 'pipes' }) as Promise<RipgrepExit>;
}

/**
 * Content mode: ripgrep writes into a temporary file of bounded size, read every few milliseconds as
 * it grows; when the file cannot hold its output, the search runs again through the pipe, which gives
 * what it gives without the file. Between the two runs a stop signal is still heard (and ends the
 * search), never left to Node's default of ending the helper without an answer.
 */
async function runSpooled(run: RipgrepRun, output: Output & { kind: 'spool' }): Promise<RipgrepExit> {
  const started = performance.now();
  let heard: Stop | undefined;
  const hear = (signal: Stop): void => {
    heard ??= signal;
  };
  process.on('SIGTERM', hear);
  process.on('SIGINT', hear);
  try {
    const spooled = await runRipgrepWith(run, output);
    if (spooled !== null) return spooled;
    if (heard !== undefined) return { exitCode: null, stderr: '', timedOut: false, interruptedBy: heard };
    run.spool!.restart();
    // One time limit for the whole search, as the result says.
    const timeoutMs = Math.max(0, run.timeoutMs - (performance.now() - started));
    return (await runRipgrepWith({ ...run, timeoutMs }, { kind: 'pipes' }))!;
  } finally {
    process.off('SIGTERM', hear);
    process.off('SIGINT', hear);
  }
}

/** ripgrep's end; null when its output did not fit the spool and the search must run again. */
function runRipgrepWith(run: RipgrepRun, output: Output): Promise<RipgrepExit | null> {
  const { spawn } = loadChildProcess();
  return new Promise((resolve, reject) => {
    let stderr = '';
    let stderrBytes = 0;
    let timedOut = false;
    let exited = false;
    let settled = false;
    let interruptedBy: Stop | undefined;
    let failure: unknown = null;
    let overflowed = false;
    const closeFiles = (): void => {
      if (output.kind === 'pipes') return;
      closeSync(output.stdoutFd);
      closeSync(output.stderrFd);
    };
    let child: ReturnType<typeof spawn>;
    try {
      // The child changes into /proc/self/fd/N before it execs ripgrep: N is still open then (the
      // descriptor closes only on exec), so this is the very folder that was checked.
      const cwd = run.folder ? `/proc/self/fd/${run.folder.descriptor()}` : run.cwd;
      const stdin = run.input ? run.input.descriptor() : 'ignore';
      const stdio = output.kind === 'pipes' ? [stdin, 'pipe', 'pipe'] : [stdin, output.stdoutFd, output.stderrFd];
      child = spawn(run.binary, run.args as string[], { cwd, stdio: stdio as ['ignore', 'pipe', 'pipe'] });
    } catch (error) {
      closeFiles();
      reject(startFailure(run, error));
      return;
    }
    const settle = (outcome: () => RipgrepExit | null): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (watch !== undefined) clearInterval(watch);
      process.off('SIGTERM', onSignal);
      process.off('SIGINT', onSignal);
      try {
        if (failure !== null) throw failure;
        resolve(outcome());
      } catch (error) {
        reject(error);
      } finally {
        closeFiles();
      }
    };
    const exitOf = (code: number | null): RipgrepExit =>
      interruptedBy !== undefined
        ? { exitCode: null, stderr, timedOut, interruptedBy }
        : { exitCode: timedOut ? null : code, stderr, timedOut };
    // 'close' waits for the pipes as well as the process: a child that the binary left behind (a
    // wrapper script's) may hold them open for as long as it likes. Past the limit, once the process
    // itself is gone, its pipes are given up.
    const abandonPipes = (): void => {
      child.stdout?.destroy();
      child.stderr?.destroy();
      settle(() => exitOf(null));
    };
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
      if (exited && output.kind === 'pipes') abandonPipes();
    }, run.timeoutMs);
    // Told to stop, the helper stops ripgrep and still answers; otherwise ripgrep would search on alone.
    const onSignal = (signal: Stop): void => {
      interruptedBy ??= signal;
      child.kill('SIGKILL');
    };
    process.on('SIGTERM', onSignal);
    process.on('SIGINT', onSignal);
    // The spool is read as it grows, so that its lines are taken in while ripgrep searches on, and is
    // given up as soon as it passes its cap; one that ends a little past it between two looks is whole.
    let spoolRead = 0;
    const spoolBuffer = output.kind === 'spool' ? Buffer.allocUnsafe(SPOOL_READ_BYTES) : undefined;
    const watch =
      output.kind === 'spool'
        ? setInterval(() => {
            if (exited || timedOut || interruptedBy !== undefined || overflowed || failure !== null) return;
            try {
              spoolRead = readBack(output.stdoutFd, spoolRead, run.onStdout, spoolBuffer);
            } catch (error) {
              failure = error;
              child.kill('SIGKILL');
              return;
            }
            if (spoolRead <= output.maxBytes) return;
            overflowed = true;
            child.kill('SIGKILL');
          }, SPOOL_CHECK_INTERVAL_MS)
        : undefined;
    child.on('error', (error: NodeJS.ErrnoException) =>
      settle(() => {
        throw startFailure(run, error);
      }),
    );

    if (output.kind !== 'pipes') {
      child.on('exit', (code, signal) =>
        settle(() => {
          exited = true;
          const kept = Buffer.allocUnsafe(RIPGREP_STDERR_KEEP_BYTES);
          stderr = kept.toString('utf8', 0, readSync(output.stderrFd, kept, 0, kept.length, 0));
          if (output.kind === 'spool' && interruptedBy === undefined && !timedOut && spoolFailed(overflowed, code, signal, stderr)) {
            return null;
          }
          readBack(output.stdoutFd, spoolRead, run.onStdout, spoolBuffer);
          return exitOf(code);
        }),
      );
      return;
    }

    child.stdout!.on('data', (chunk: Buffer) => {
      if (failure !== null || settled) return;
      try {
        run.onStdout(chunk);
      } catch (error) {
        failure = error;
        child.kill('SIGKILL');
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => {
      if (stderrBytes >= RIPGREP_STDERR_KEEP_BYTES) return;
      const kept = chunk.subarray(0, RIPGREP_STDERR_KEEP_BYTES - stderrBytes);
      stderrBytes += kept.length;
      stderr += kept.toString('utf8');
    });
    child.on('exit', () => {
      exited = true;
      if (timedOut) abandonPipes();
    });
    child.on('close', (code) => settle(() => exitOf(code)));
  });
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

export const nodeSearchProcesses: SearchProcesses = {
  findRipgrep: findRipgrepIn,
  run: runRipgrep,
};
