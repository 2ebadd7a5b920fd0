// Finding ripgrep and running it with its output streamed. The bundle is copied to /usr/local/bin
// without node_modules, so @vscode/ripgrep's own rgPath (fixed at build time) is never used: the
// binary is looked for at run time.
import { accessSync, closeSync, constants, openSync, readSync, statSync, unlinkSync } from 'node:fs';
import { ToolError } from '../protocol/envelope.js';
import { loadChildProcess } from './node.js';
import { temporaryPathBeside } from './node-process.js';
import { startProcess, type Started } from './node-spawn.js';
import type { RipgrepExit, RipgrepRun, SearchProcesses } from './search-types.js';

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

/**
 * ripgrep writing into two temporary files instead of pipes. Its parallel printer writes each file's
 * line on its own, and through a pipe every write wakes the helper and goes through Node's stream
 * machinery; a file takes them all without anyone waking, and is read in one go once ripgrep is
 * done. Without pipes, node:child_process is not needed either (src/io/node-spawn.ts), and the time
 * limit holds whatever ripgrep leaves behind.
 */
function runRipgrepThroughFiles(run: RipgrepRun, stdoutFd: number, stderrFd: number): Promise<RipgrepExit> {
  return new Promise((resolve, reject) => {
    let settled = false;
    let timedOut = false;
    const settle = (outcome: () => RipgrepExit): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      try {
        resolve(outcome());
      } catch (error) {
        reject(error);
      } finally {
        closeSync(stdoutFd);
        closeSync(stderrFd);
      }
    };
    let child: Started;
    try {
      child = startProcess({ file: run.binary, args: run.args, cwd: run.cwd, env: undefined, stdoutFd, stderrFd, detached: false });
    } catch (error) {
      closeSync(stdoutFd);
      closeSync(stderrFd);
      reject(startFailure(run, error));
      return;
    }
    const timer = setTimeout(() => {
      timedOut = true;
      if (child.pid === undefined) return;
      try {
        process.kill(child.pid, 'SIGKILL');
      } catch {
        // Gone meanwhile.
      }
    }, run.timeoutMs);
    child.onError((error) =>
      settle(() => {
        throw startFailure(run, error);
      }),
    );
    child.onExit((code) =>
      settle(() => {
        readBack(stdoutFd, run.onStdout);
        const stderr = Buffer.allocUnsafe(RIPGREP_STDERR_KEEP_BYTES);
        const stderrBytes = readSync(stderrFd, stderr, 0, stderr.length, 0);
        return { exitCode: timedOut ? null : code, stderr: stderr.toString('utf8', 0, stderrBytes), timedOut };
      }),
    );
  });
}

function runRipgrep(run: RipgrepRun): Promise<RipgrepExit> {
  if (run.outputBoundedByFiles === true) {
    const stdoutFd = openScratchFile();
    const stderrFd = stdoutFd === null ? null : openScratchFile();
    if (stdoutFd !== null && stderrFd !== null) return runRipgrepThroughFiles(run, stdoutFd, stderrFd);
    if (stdoutFd !== null) closeSync(stdoutFd);
  }
  return runRipgrepThroughPipes(run);
}

function runRipgrepThroughPipes(run: RipgrepRun): Promise<RipgrepExit> {
  const { spawn } = loadChildProcess();
  return new Promise((resolve, reject) => {
    let stderr = '';
    let stderrBytes = 0;
    let timedOut = false;
    let exited = false;
    let settled = false;
    let child: ReturnType<typeof spawn>;
    try {
      child = spawn(run.binary, run.args as string[], { cwd: run.cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    } catch (error) {
      reject(new ToolError(`cannot run ripgrep (${run.binary}): ${(error as Error).message}`));
      return;
    }
    let failure: unknown = null;
    const finish = (code: number | null): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (failure !== null) reject(failure);
      else resolve({ exitCode: timedOut ? null : code, stderr, timedOut });
    };
    // 'close' waits for the pipes as well as the process: a child that the binary left behind (a
    // wrapper script's) may hold them open for as long as it likes. Past the limit, once the process
    // itself is gone, its pipes are given up.
    const abandonPipes = (): void => {
      child.stdout!.destroy();
      child.stderr!.destroy();
      finish(null);
    };
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
      if (exited) abandonPipes();
    }, run.timeoutMs);
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
    child.on('error', (error: NodeJS.ErrnoException) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      reject(new ToolError(`cannot run ripgrep (${run.binary}): ${error.code ?? error.message}`));
    });
    child.on('exit', () => {
      exited = true;
      if (timedOut) abandonPipes();
    });
    child.on('close', (code) => finish(code));
  });
}

export const nodeSearchProcesses: SearchProcesses = {
  findRipgrep: findRipgrepIn,
  run: runRipgrep,
};
