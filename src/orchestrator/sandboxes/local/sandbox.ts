// A sandbox on the developer's own machine: the bundled helper as a child process, with a home and
// a run folder of its own. The sandboxes (sandboxes/) and helper-bundles.ts are the only files of
// the orchestrator side that touch node: modules.
import { rmSync } from 'node:fs';
import { endOpened, execLocal, openLocal, type OpenedExecs } from './exec.js';
import { BUNDLED_HARNESS_HELPER, BUNDLED_HELPER } from '../../helper-bundles.js';
import { killMarked } from './process-sweep.js';
import type { ExecRequest, ExecResult, OpenedExec, OpenHandlers } from '../../sandbox.js';
import { makeMachineFolders, writeWithoutFollowing, type MachineSandbox } from '../machine.js';
import { execEnvironment, locationUnder, neverStarted } from '../shared.js';
import { countedStart } from '../../telemetry/instruments.js';

export { EXEC_PIPE_DRAIN_MS, EXEC_STDERR_KEEP_BYTES, EXEC_STDOUT_MAX_BYTES } from '../shared.js';
export type { MachineSandbox } from '../machine.js';

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

export class LocalSandbox implements MachineSandbox {
  /** What the telemetry calls it (Sandbox.kind). */
  readonly kind = 'local';
  readonly home: string;
  readonly runDir: string;
  readonly helperCommand: readonly string[];
  readonly harnessCommand: readonly string[];
  /** The scratch folder holding whatever this sandbox made; removed by cleanup(). */
  readonly scratch: string;
  /** The state folder by its physical path, where writeFile starts. */
  private readonly physicalRunDir: string;
  /** Whether the state folder is this sandbox's own, so that nothing started in it outlives cleanup(). */
  private readonly ownRunDir: boolean;

  /** Makes the home and the state folder (in a scratch folder when not given); the sandbox runs nothing until a call. */
  static start(options: LocalSandboxOptions = {}): Promise<LocalSandbox> {
    return countedStart('local', undefined, 'first', async () => new LocalSandbox(options));
  }

  private constructor(options: LocalSandboxOptions = {}) {
    const folders = makeMachineFolders('guilds-code-sandbox-', options);
    this.scratch = folders.scratch;
    this.home = folders.home;
    this.ownRunDir = options.runDir === undefined;
    this.runDir = folders.runDir;
    this.physicalRunDir = folders.physicalRunDir;
    this.helperCommand = options.helperCommand ?? [process.execPath, BUNDLED_HELPER];
    this.harnessCommand = options.harnessCommand ?? [process.execPath, BUNDLED_HARNESS_HELPER];
  }

  private readonly opened: OpenedExecs = new Map();
  private cleanedUp = false;

  async exec({ argv, env, expiration }: ExecRequest): Promise<ExecResult> {
    if (this.cleanedUp) return neverStarted('the sandbox was cleaned up');
    return execLocal({ argv, env: this.environment(env), expiration }, this.home);
  }

  open(argv: readonly string[], env: Readonly<Record<string, string>>, handlers: OpenHandlers): OpenedExec {
    return openLocal(argv, this.environment(env), this.home, handlers, this.opened);
  }

  private environment(env: Readonly<Record<string, string>>): Record<string, string> {
    return execEnvironment(process.env.PATH ?? '/usr/bin:/bin', env, this.home, this.runDir);
  }

  /** The same folder: the local sandbox runs on the host. */
  get hostRunDir(): string {
    return this.runDir;
  }

  /** As bubblewrap's: only into the home or the state folder, and through no link the agent planted there. */
  async writeFile(path: string, bytes: Uint8Array): Promise<void> {
    const location = locationUnder(path, [
      [this.runDir, this.physicalRunDir],
      [this.home, this.home],
    ]);
    if (location === undefined) throw new Error(`${path} is not in the sandbox's home or ${this.runDir}`);
    writeWithoutFollowing(location.base, location.names, bytes);
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
    this.cleanedUp = true;
    if (this.ownRunDir) {
      await killMarked(`GUILDS_RUN_DIR=${this.runDir}`);
    }
    await endOpened(this.opened);
    rmSync(this.scratch, { recursive: true, force: true });
  }
}
