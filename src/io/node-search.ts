// Finding ripgrep and running it with its output streamed. The bundle is copied to /usr/local/bin
// without node_modules, so @vscode/ripgrep's own rgPath (fixed at build time) is never used: the
// binary is looked for at run time.
import { accessSync, constants, statSync } from 'node:fs';
import { ToolError } from '../protocol/envelope.js';
import { loadChildProcess } from './node.js';
import type { RipgrepExit, RipgrepRun, SearchProcesses } from './search-types.js';

// Enough of ripgrep's stderr for its one-line reason; the rest is dropped as it comes.
const RIPGREP_STDERR_KEEP_BYTES = 8192;

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

function runRipgrep(run: RipgrepRun): Promise<RipgrepExit> {
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
