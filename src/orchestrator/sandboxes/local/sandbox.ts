// A sandbox on the developer's own machine: the bundled helper as a child process, with a home and
// a run folder of its own. With exec.ts and the bubblewrap sandbox's files, the only files of
// the orchestrator side that touch node: modules.
import { cpSync, mkdirSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { endOpened, execLocal, openLocal, type OpenedExecs } from './exec.js';
import { BUNDLED_HARNESS_HELPER, BUNDLED_HELPER } from '../../helper-bundles.js';
import { killMarked } from './process-sweep.js';
import type { ExecResult, OpenedExec, OpenHandlers, Sandbox } from '../../sandbox.js';

export { LOCAL_PIPE_DRAIN_MS, LOCAL_STDERR_KEEP_BYTES, LOCAL_STDOUT_MAX_BYTES } from './exec.js';

export { BUNDLED_HARNESS_HELPER, BUNDLED_HELPER } from '../../helper-bundles.js';

export interface LocalSandboxOptions {
  /** The agent's home; made in a scratch folder when absent. */
  home?: string | undefined;
  /** Copied into the home before the first call (e.g. a repository under repos/<name>). */
  seed?: { from: string; to: string } | undefined;
  /** How to start the helper; `node dist/guilds-code.js` when absent. */
  helperCommand?: readonly string[] | undefined;
  /** How to start the code_task helper; `node dist/guilds-harness.js` when absent. */
  harnessCommand?: readonly string[] | undefined;
  /**
   * The helper's state folder ($GUILDS_RUN_DIR: background records, request files); made in the
   * scratch folder when absent. Give a lasting one with a lasting home, so that background
   * commands started in one session can be followed in the next.
   */
  runDir?: string | undefined;
}

export class LocalSandbox implements Sandbox {
  readonly home: string;
  readonly runDir: string;
  readonly helperCommand: readonly string[];
  readonly harnessCommand: readonly string[];
  /** The scratch folder holding whatever this sandbox made; removed by cleanup(). */
  readonly scratch: string;
  /** Whether the state folder is this sandbox's own, so that nothing started in it outlives cleanup(). */
  private readonly ownRunDir: boolean;

  constructor(options: LocalSandboxOptions = {}) {
    this.scratch = realpathSync(mkdtempSync(join(tmpdir(), 'guilds-code-sandbox-')));
    this.home = options.home ?? join(this.scratch, 'home');
    this.ownRunDir = options.runDir === undefined;
    this.runDir = options.runDir ?? join(this.scratch, 'run');
    mkdirSync(this.home, { recursive: true });
    this.home = realpathSync(this.home);
    mkdirSync(join(this.runDir, 'requests'), { recursive: true, mode: 0o700 });
    if (options.seed) cpSync(options.seed.from, join(this.home, options.seed.to), { recursive: true });
    this.helperCommand = options.helperCommand ?? [process.execPath, BUNDLED_HELPER];
    this.harnessCommand = options.harnessCommand ?? [process.execPath, BUNDLED_HARNESS_HELPER];
  }

  private readonly opened: OpenedExecs = new Map();

  exec(
    argv: readonly string[],
    env: Readonly<Record<string, string>>,
    timeoutMs: number,
    signal?: AbortSignal,
  ): Promise<ExecResult> {
    return execLocal(argv, this.environment(env), this.home, timeoutMs, signal);
  }

  open(argv: readonly string[], env: Readonly<Record<string, string>>, handlers: OpenHandlers): OpenedExec {
    return openLocal(argv, this.environment(env), this.home, handlers, this.opened);
  }

  private environment(env: Readonly<Record<string, string>>): Record<string, string> {
    return { PATH: process.env.PATH ?? '/usr/bin:/bin', ...env, HOME: this.home, GUILDS_RUN_DIR: this.runDir };
  }

  /** The same folder: the local sandbox runs on the host. */
  get hostRunDir(): string {
    return this.runDir;
  }

  async writeFile(path: string, bytes: Uint8Array): Promise<void> {
    await writeFile(path, bytes, { mode: 0o600 });
  }

  /**
   * Ends what the sandbox runs, then removes the scratch folder (a home passed in is left alone).
   * With its own state folder, every process started in the sandbox is killed, as a container's end
   * kills them all: helpers, background commands, whatever they left running. With a state folder
   * passed in, background commands live on for a later sandbox to follow, and the warm helpers are
   * let finish (their stdin ended) before anything is removed: a helper still running writes into
   * the home as it exits.
   */
  async cleanup(): Promise<void> {
    if (this.ownRunDir) {
      await killMarked(`GUILDS_RUN_DIR=${this.runDir}`);
    }
    await endOpened(this.opened);
    rmSync(this.scratch, { recursive: true, force: true });
  }
}
