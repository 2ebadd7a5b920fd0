// Finding ripgrep and running it with its output streamed. The bundle is copied to /usr/local/bin
// without node_modules, so @vscode/ripgrep's own rgPath (fixed at build time) is never used: the
// binary is looked for at run time.
import { accessSync, closeSync, constants, openSync, readSync, statSync, unlinkSync } from 'node:fs';
import { ToolError } from '../protocol/envelope.js';
import { loadChildProcess } from './node.js';
import { temporaryPathBeside } from './node-process.js';
import type { RipgrepExit, RipgrepRun, SearchProcesses } from './search-types.js';

type Stop = 'SIGTERM' | 'SIGINT';

// Enough of ripgrep's stderr for its one-line reason; the rest is dropped as it comes.
const RIPGREP_STDERR_KEEP_BYTES = 8192;
// ripgrep's output read back from its temporary file in pieces of this size.
const OUTPUT_FILE_CHUNK_BYTES = 1_048_576;
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

/**
 * A file nobody else can open: created, then unlinked at once, so it goes when the last descriptor
 * does, whatever happens to the helper. null when the temporary folder does not take one.
 */
function openScratchFile(): number | null {
  const folder = process.env.TMPDIR?.startsWith('/') ? process.env.TMPDIR : '/tmp';
  const path = temporaryPathBeside(`${folder.replace(/\/+$/, '')}/guilds-code-rg`);
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

/** The file's bytes from its start, to `onBytes` in fresh pieces (a collector may keep one). */
function readBack(fd: number, onBytes: (bytes: Uint8Array) => void): void {
  for (let position = 0; ; ) {
    const chunk = Buffer.allocUnsafe(OUTPUT_FILE_CHUNK_BYTES);
    const read = readSync(fd, chunk, 0, chunk.length, position);
    if (read === 0) return;
    position += read;
    onBytes(chunk.subarray(0, read));
  }
}

function startFailure(run: RipgrepRun, error: unknown): ToolError {
  const failure = error as NodeJS.ErrnoException;
  return new ToolError(`cannot run ripgrep (${run.binary}): ${failure.code ?? failure.message}`);
}

type Output = { kind: 'pipes' } | { kind: 'files'; stdoutFd: number; stderrFd: number };

/**
 * ripgrep writing into two temporary files when its output is bounded by the files searched (files
 * mode), else into pipes. Its parallel printer writes each file's line on its own, and through a pipe
 * every write wakes the helper and goes through Node's stream machinery; a file takes them all without
 * anyone waking, and is read in one go once ripgrep is done. Content mode keeps the pipes: its output
 * has no bound, and a temporary file could fill the disk.
 */
function runRipgrep(run: RipgrepRun): Promise<RipgrepExit> {
  if (run.outputBoundedByFiles === true) {
    const stdoutFd = openScratchFile();
    const stderrFd = stdoutFd === null ? null : openScratchFile();
    if (stdoutFd !== null && stderrFd !== null) return runRipgrepWith(run, { kind: 'files', stdoutFd, stderrFd });
    if (stdoutFd !== null) closeSync(stdoutFd);
  }
  return runRipgrepWith(run, { kind: 'pipes' });
}

function runRipgrepWith(run: RipgrepRun, output: Output): Promise<RipgrepExit> {
  const { spawn } = loadChildProcess();
  return new Promise((resolve, reject) => {
    let stderr = '';
    let stderrBytes = 0;
    let timedOut = false;
    let exited = false;
    let settled = false;
    let interruptedBy: Stop | undefined;
    let failure: unknown = null;
    const closeFiles = (): void => {
      if (output.kind !== 'files') return;
      closeSync(output.stdoutFd);
      closeSync(output.stderrFd);
    };
    let child: ReturnType<typeof spawn>;
    try {
      // The child changes into /proc/self/fd/N before it execs ripgrep: N is still open then (the
      // descriptor closes only on exec), so this is the very folder that was checked.
      const cwd = run.folder ? `/proc/self/fd/${run.folder.descriptor()}` : run.cwd;
      const stdin = run.input ? run.input.descriptor() : 'ignore';
      const stdio = output.kind === 'files' ? [stdin, output.stdoutFd, output.stderrFd] : [stdin, 'pipe', 'pipe'];
      child = spawn(run.binary, run.args as string[], { cwd, stdio: stdio as ['ignore', 'pipe', 'pipe'] });
    } catch (error) {
      closeFiles();
      reject(startFailure(run, error));
      return;
    }
    const settle = (outcome: () => RipgrepExit): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
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
    child.on('error', (error: NodeJS.ErrnoException) =>
      settle(() => {
        throw startFailure(run, error);
      }),
    );

    if (output.kind === 'files') {
      child.on('exit', (code) =>
        settle(() => {
          readBack(output.stdoutFd, run.onStdout);
          const kept = Buffer.allocUnsafe(RIPGREP_STDERR_KEEP_BYTES);
          stderr = kept.toString('utf8', 0, readSync(output.stderrFd, kept, 0, kept.length, 0));
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

export const nodeSearchProcesses: SearchProcesses = {
  findRipgrep: findRipgrepIn,
  run: runRipgrep,
};
