// A sandbox on the developer's own machine: the bundled helper as a child process, with a home and
// a run folder of its own. With bwrap-sandbox.ts, the only files of the orchestrator side that
// touch node: modules.
import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ExecResult, Sandbox } from './sandbox.js';

/** The committed bundle, the file an image ships. */
export const BUNDLED_HELPER = fileURLToPath(new URL('../../dist/guilds-code.js', import.meta.url));
/** The committed code_task helper. */
export const BUNDLED_HARNESS_HELPER = fileURLToPath(new URL('../../dist/guilds-harness.js', import.meta.url));
/** Past this much stdout the rest is dropped: an envelope is far smaller, and memory stays bounded. */
export const LOCAL_STDOUT_MAX_BYTES = 16 * 1_048_576;
/** Only the end of stderr is ever shown. */
export const LOCAL_STDERR_KEEP_BYTES = 65_536;
/**
 * Once the helper has exited, how long its pipes may stay open: a process it left behind holding
 * them must not hold the call.
 */
export const LOCAL_PIPE_DRAIN_MS = 1_000;

const SPAWN_FAILED_EXIT_CODE = 127;

export interface LocalSandboxOptions {
  /** The agent's home; made in a scratch folder when absent. */
  home?: string;
  /** Copied into the home before the first call (e.g. a repository under repos/<name>). */
  seed?: { from: string; to: string };
  /** How to start the helper; `node dist/guilds-code.js` when absent. */
  helperCommand?: readonly string[];
  /** How to start the code_task helper; `node dist/guilds-harness.js` when absent. */
  harnessCommand?: readonly string[];
  /**
   * The helper's state folder ($GUILDS_RUN_DIR: background records, request files); made in the
   * scratch folder when absent. Give a lasting one with a lasting home, so that background
   * commands started in one session can be followed in the next.
   */
  runDir?: string;
}

/** Keeps the last `limit` bytes written. */
class Tail {
  private chunks: Buffer[] = [];
  private size = 0;
  constructor(private readonly limit: number) {}
  push(chunk: Buffer): void {
    this.chunks.push(chunk);
    this.size += chunk.length;
    while (this.size - this.chunks[0]!.length >= this.limit) this.size -= this.chunks.shift()!.length;
  }
  text(): string {
    const all = Buffer.concat(this.chunks);
    return all.subarray(Math.max(0, all.length - this.limit)).toString('utf8');
  }
}

/**
 * Runs argv as its own process group with stdin closed, keeps its stdout (up to
 * LOCAL_STDOUT_MAX_BYTES) and the end of its stderr, and kills the group at `timeoutMs`. Shared by
 * the sandboxes that start a host process per exec.
 */
export function execCollected(
  argv: readonly string[],
  options: { cwd: string; env: Record<string, string>; timeoutMs: number },
): Promise<ExecResult> {
  return new Promise((resolve) => {
    const child = spawn(argv[0]!, argv.slice(1), {
      cwd: options.cwd,
      env: options.env,
      stdio: ['ignore', 'pipe', 'pipe'],
      // Its own process group, so that a stop reaches whatever it started in that group.
      detached: true,
    });
    const stdout: Buffer[] = [];
    let stdoutBytes = 0;
    const stderr = new Tail(LOCAL_STDERR_KEEP_BYTES);
    let timedOut = false;
    let exitCode: number | null = null;
    let spawnError: Error | undefined;
    let settled = false;

    const settle = (): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearTimeout(drain);
      child.stdout.destroy();
      child.stderr.destroy();
      const errorText = spawnError ? `${spawnError.message}\n` : '';
      resolve({ stdout: Buffer.concat(stdout).toString('utf8'), stderr: stderr.text() + errorText, exitCode, timedOut });
    };
    const stopGroup = (): void => {
      try {
        if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    };
    const timer = setTimeout(() => {
      timedOut = true;
      stopGroup();
    }, options.timeoutMs);
    let drain: ReturnType<typeof setTimeout> | undefined;

    child.stdout.on('data', (chunk: Buffer) => {
      if (stdoutBytes >= LOCAL_STDOUT_MAX_BYTES) return;
      stdout.push(chunk);
      stdoutBytes += chunk.length;
    });
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
    child.on('error', (error) => {
      // The helper could not start (ENOENT, EACCES): a shell would say 127, and so does this.
      spawnError = error;
      exitCode = SPAWN_FAILED_EXIT_CODE;
      settle();
    });
    child.on('exit', (code) => {
      exitCode = code;
      drain = setTimeout(settle, LOCAL_PIPE_DRAIN_MS);
    });
    child.on('close', settle);
  });
}

export class LocalSandbox implements Sandbox {
  readonly home: string;
  readonly runDir: string;
  readonly helperCommand: readonly string[];
  readonly harnessCommand: readonly string[];
  /** The scratch folder holding whatever this sandbox made; removed by cleanup(). */
  readonly scratch: string;

  constructor(options: LocalSandboxOptions = {}) {
    this.scratch = realpathSync(mkdtempSync(join(tmpdir(), 'guilds-code-sandbox-')));
    this.home = options.home ?? join(this.scratch, 'home');
    this.runDir = options.runDir ?? join(this.scratch, 'run');
    mkdirSync(this.home, { recursive: true });
    this.home = realpathSync(this.home);
    mkdirSync(join(this.runDir, 'requests'), { recursive: true, mode: 0o700 });
    if (options.seed) cpSync(options.seed.from, join(this.home, options.seed.to), { recursive: true });
    this.helperCommand = options.helperCommand ?? [process.execPath, BUNDLED_HELPER];
    this.harnessCommand = options.harnessCommand ?? [process.execPath, BUNDLED_HARNESS_HELPER];
  }

  exec(argv: readonly string[], env: Readonly<Record<string, string>>, timeoutMs: number): Promise<ExecResult> {
    return execCollected(argv, {
      cwd: this.home,
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...env, HOME: this.home, GUILDS_RUN_DIR: this.runDir },
      timeoutMs,
    });
  }

  /** The same folder: the local sandbox runs on the host. */
  get hostRunDir(): string {
    return this.runDir;
  }

  async writeFile(path: string, bytes: Uint8Array): Promise<void> {
    await writeFile(path, bytes, { mode: 0o600 });
  }

  /** Remove the scratch folder (a home passed in is left alone). */
  cleanup(): void {
    rmSync(this.scratch, { recursive: true, force: true });
  }
}
