// A sandbox on bubblewrap: one container per sandbox, as a platform's container runtime gives one per
// agent. `bwrap` builds it (the home bound at its own path, the system read-only, /run/guilds and
// /tmp its own, namespaces of its own) and keeps it alive with a sleeping first process; each exec
// enters it with nsenter, as `docker exec` enters a container. Background commands a call starts
// live on in the container until cleanup(), as they do in the agent's image; the container dies
// with the process that made it.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readlinkSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  bwrapArguments,
  groupText,
  hostLocation,
  KEEPER_READY_LINE,
  nsenterArguments,
  passwdText,
  SANDBOX_BIN_DIR,
  SANDBOX_PATH,
  SANDBOX_RUN_DIR,
  SANDBOX_UID_WHEN_ROOT,
  type BwrapLayout,
} from './argv.js';
import { findProgram, firstLine, HIDDEN_SYSTEM_FILES, hostPrograms, hostSystem, terminateInside } from './host.js';
import { execLocal, openLocal, type OpenedExecs } from '../local/exec.js';
import { BUNDLED_HARNESS_HELPER, BUNDLED_HELPER } from '../../helper-bundles.js';
import { DEFAULT_HARNESS_COMMAND, DEFAULT_HELPER_COMMAND, type ExecRequest, type ExecResult, type OpenedExec, type OpenHandlers } from '../../sandbox.js';
import { makeMachineFolders, writeWithoutFollowing, type MachineSandbox } from '../machine.js';
import { execEnvironment, neverStarted, RestartGuard } from '../shared.js';
import { countedStart } from '../../telemetry/instruments.js';

export * from './argv.js';
export { HIDDEN_SYSTEM_FILES, SYSTEM_PATHS } from './host.js';
export type { MachineSandbox } from '../machine.js';

/** How long the container may take to start before the sandbox counts as not working. */
export const BWRAP_START_TIMEOUT_MS = 10_000;
/** The probe's one command inside a fresh container. */
export const BWRAP_PROBE_TIMEOUT_MS = 10_000;
/** The helpers as the image starts them, node named whole: the agent's PATH may name other folders. */
export const BWRAP_HELPER_COMMAND: readonly string[] = [`${SANDBOX_BIN_DIR}/node`, DEFAULT_HELPER_COMMAND[1]!];
export const BWRAP_HARNESS_COMMAND: readonly string[] = [`${SANDBOX_BIN_DIR}/node`, DEFAULT_HARNESS_COMMAND[1]!];
const INFO_FD = 3;
/** SIGKILL (9) in /proc's pending-signal masks. */
const SIGKILL_BIT = 1n << 8n;

export interface BwrapSandboxOptions {
  /** The agent's home on the host; made in a scratch folder when absent. */
  home?: string | undefined;
  /** Copied into the home before the container starts (e.g. a repository under repos/<name>). */
  seed?: { from: string; to: string } | undefined;
  /** The host folder shown at /run/guilds; made in the scratch folder when absent. */
  runDir?: string | undefined;
  /** True: the host's network. Default: a network namespace of its own, loopback only. */
  network?: boolean | undefined;
  /** The bundles mounted at /usr/local/bin/guilds-code and guilds-harness: dist/ when absent. */
  helperBundle?: string | undefined;
  harnessBundle?: string | undefined;
  /** More host paths shown read-only at their own path. */
  readOnly?: readonly string[] | undefined;
  /** How the helpers start inside: node on the mounted bundles when absent. */
  helperCommand?: readonly string[] | undefined;
  harnessCommand?: readonly string[] | undefined;
  /** The bwrap and nsenter programs: found on PATH when absent. */
  bwrap?: string | undefined;
  nsenter?: string | undefined;
}

/** What the telemetry calls it (Sandbox.kind). */
export const BWRAP_SANDBOX_KIND = 'bubblewrap';

export class BwrapSandbox implements MachineSandbox {
  readonly kind = BWRAP_SANDBOX_KIND;
  readonly home: string;
  readonly hostRunDir: string;
  readonly runDir = SANDBOX_RUN_DIR;
  readonly helperCommand: readonly string[];
  readonly harnessCommand: readonly string[];
  /** The scratch folder holding whatever this sandbox made; removed by cleanup(). */
  readonly scratch: string;
  readonly network: boolean;
  readonly layout: BwrapLayout;
  private keeper: ChildProcess | undefined;
  /** The host pid of the container's first process, the one nsenter enters. */
  private containerPid = 0;
  /** The host pid of the keeper, the container's one process of its own; 0 when unknown. */
  private keeperPid = 0;
  private running = false;
  private cleanedUp = false;
  /** The container being started again, shared by the calls that found it gone. */
  private readonly restarts = new RestartGuard({ kind: BWRAP_SANDBOX_KIND });
  private bwrap = '';
  /** Settles when the current bwrap has exited. */
  private keeperExited: Promise<void> = Promise.resolve();
  private readonly nsenter: string | undefined;

  /** Builds and starts the container; rejects with bwrap's own words when it cannot run here. */
  static start(options: BwrapSandboxOptions = {}): Promise<BwrapSandbox> {
    return countedStart(BWRAP_SANDBOX_KIND, undefined, 'first', () => BwrapSandbox.startNew(options));
  }

  private static async startNew(options: BwrapSandboxOptions): Promise<BwrapSandbox> {
    const sandbox = new BwrapSandbox(options);
    try {
      const bwrap = options.bwrap ?? findProgram('bwrap');
      if (bwrap === undefined) throw new Error('bubblewrap cannot run here: bwrap is not installed');
      if (sandbox.nsenter === undefined) throw new Error('bubblewrap cannot run here: nsenter is not installed');
      sandbox.bwrap = bwrap;
      await sandbox.startContainer();
    } catch (error) {
      await sandbox.cleanup();
      throw error;
    }
    return sandbox;
  }

  private constructor(options: BwrapSandboxOptions) {
    const folders = makeMachineFolders('guilds-code-bwrap-', options);
    this.scratch = folders.scratch;
    this.home = folders.home;
    this.hostRunDir = folders.physicalRunDir;
    this.network = options.network ?? false;
    this.helperCommand = options.helperCommand ?? BWRAP_HELPER_COMMAND;
    this.harnessCommand = options.harnessCommand ?? BWRAP_HARNESS_COMMAND;
    this.nsenter = options.nsenter ?? findProgram('nsenter');
    const root = process.getuid?.() === 0;
    const uid = root ? SANDBOX_UID_WHEN_ROOT : (process.getuid?.() ?? SANDBOX_UID_WHEN_ROOT);
    const gid = root ? SANDBOX_UID_WHEN_ROOT : (process.getgid?.() ?? SANDBOX_UID_WHEN_ROOT);
    const etc = join(this.scratch, 'etc');
    mkdirSync(etc);
    writeFileSync(join(etc, 'passwd'), passwdText(uid, gid, this.home));
    writeFileSync(join(etc, 'group'), groupText(gid));
    writeFileSync(join(etc, 'empty'), '');
    this.layout = {
      home: this.home,
      runDir: this.hostRunDir,
      system: hostSystem(),
      hiddenFiles: HIDDEN_SYSTEM_FILES.filter((path) => existsSync(path)),
      empty: join(etc, 'empty'),
      passwd: join(etc, 'passwd'),
      group: join(etc, 'group'),
      programs: hostPrograms(options.helperBundle ?? BUNDLED_HELPER, options.harnessBundle ?? BUNDLED_HARNESS_HELPER),
      readOnly: (options.readOnly ?? []).map((path) => realpathSync(path)),
      network: this.network,
      uid,
      gid,
    };
  }

  private startContainer(): Promise<void> {
    return new Promise((resolve, reject) => {
      const keeper = spawn(this.bwrap, bwrapArguments(this.layout, INFO_FD), {
        cwd: '/',
        env: {},
        stdio: ['pipe', 'pipe', 'pipe', 'pipe'],
      });
      this.keeper = keeper;
      // A bwrap that could not start at all emits 'error' and never 'exit'.
      this.keeperExited = new Promise((settle) => {
        keeper.once('exit', () => settle());
        keeper.once('error', () => settle());
      });
      let stdout = '';
      let stderr = '';
      let info = '';
      let done = false;
      const fail = (why: string): void => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        reject(new Error(`bubblewrap cannot run here: ${why}`));
      };
      const timer = setTimeout(() => fail(`the container did not start within ${BWRAP_START_TIMEOUT_MS} ms`), BWRAP_START_TIMEOUT_MS);
      const check = (): void => {
        if (done || !stdout.includes(`${KEEPER_READY_LINE}\n`)) return;
        const match = /"child-pid":\s*(\d+)/.exec(info);
        if (!match) return;
        done = true;
        clearTimeout(timer);
        this.containerPid = Number(match[1]);
        this.keeperPid = this.findKeeper();
        this.running = true;
        resolve();
      };
      keeper.stdout!.on('data', (chunk: Buffer) => {
        stdout += chunk.toString('utf8');
        check();
      });
      keeper.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
      (keeper.stdio[INFO_FD] as NodeJS.ReadableStream).on('data', (chunk: Buffer) => {
        info += chunk.toString('utf8');
        check();
      });
      keeper.on('error', (error) => fail(error.message));
      keeper.on('exit', (code, signal) => {
        if (this.keeper === keeper) this.running = false;
        fail(firstLine(stderr) || `bwrap ended (${signal ?? `exit status ${code}`}) before the container was ready`);
      });
    });
  }

  async exec({ argv, env, expiration }: ExecRequest): Promise<ExecResult> {
    // A command can end the container (`kill -KILL -1` reaches its first process): the next call
    // starts it again, over the same home and run folder.
    if (this.running && !this.containerAlive()) await this.keeperExited;
    if (!this.running && !this.cleanedUp) {
      try {
        await this.restarts.restart(() => this.startContainer());
      } catch (error) {
        return neverStarted(error instanceof Error ? error.message : String(error));
      }
    }
    if (!this.running || this.nsenter === undefined) return neverStarted('the sandbox is not running');
    // The environment travels as nsenter's own, never in argv, which any host process can read.
    const whole = execEnvironment(SANDBOX_PATH, env, this.home, SANDBOX_RUN_DIR);
    const command = [this.nsenter, ...nsenterArguments(this.containerPid, this.network, argv)];
    return execLocal({ argv: command, env: whole, expiration }, '/', terminateInside);
  }

  private readonly opened: OpenedExecs = new Map();

  /**
   * The warm helper through nsenter, as exec runs a command. Only into a running container: one that
   * must start again first is reported closed before it ran, and the call is served cold (its exec
   * starts the container); the next call opens the stream.
   */
  open(argv: readonly string[], env: Readonly<Record<string, string>>, handlers: OpenHandlers): OpenedExec {
    if (!this.running || this.nsenter === undefined || !this.containerAlive()) {
      queueMicrotask(() => handlers.closed(false));
      return { write: () => undefined, end: () => undefined };
    }
    const whole = execEnvironment(SANDBOX_PATH, env, this.home, SANDBOX_RUN_DIR);
    return openLocal([this.nsenter, ...nsenterArguments(this.containerPid, this.network, argv)], whole, '/', handlers, this.opened);
  }

  /**
   * Whether the container still runs: its keeper is not gone, a zombie, or about to die (a SIGKILL
   * pending: the kill that ended the last call may not have been acted on yet). A dying keeper
   * means the container is ending, its first process about to follow.
   */
  private containerAlive(): boolean {
    try {
      if (this.keeperPid === 0) return readlinkSync(`/proc/${this.containerPid}/ns/pid`) !== '';
      const status = readFileSync(`/proc/${this.keeperPid}/status`, 'utf8');
      if (/^State:\s+[ZX]/m.test(status)) return false;
      return ![...status.matchAll(/^(?:SigPnd|ShdPnd):\s+([0-9a-f]+)$/gm)].some((pending) => (BigInt(`0x${pending[1]}`) & SIGKILL_BIT) !== 0n);
    } catch {
      return false;
    }
  }

  /** The keeper's host pid: the only child of the container's first process once it is ready. */
  private findKeeper(): number {
    try {
      return Number(readFileSync(`/proc/${this.containerPid}/task/${this.containerPid}/children`, 'utf8').trim().split(' ')[0]) || 0;
    } catch {
      return 0;
    }
  }

  async writeFile(path: string, bytes: Uint8Array): Promise<void> {
    const location = hostLocation(path, this.home, this.hostRunDir);
    if (location === undefined) throw new Error(`${path} is not in the sandbox's home or ${SANDBOX_RUN_DIR}`);
    writeWithoutFollowing(location.base, location.names, bytes);
  }

  /** The host pid of the container's first process; every process of the container is in its pid namespace. */
  get pid(): number {
    return this.containerPid;
  }

  /**
   * Kills the container, every process in it with it, and removes the scratch folder once bwrap has
   * exited: by then no process of the container is left to write into the home.
   */
  async cleanup(): Promise<void> {
    // The container's first process is killed by its host pid (the kernel then kills every process
    // of its pid namespace), and the keeper's stdin is closed. While bwrap has not exited, that pid
    // is the container's (alive, or a zombie bwrap has not reaped), never another process's.
    const keeper = this.keeper;
    if (keeper?.pid !== undefined && keeper.exitCode === null && keeper.signalCode === null) {
      try {
        if (this.containerPid > 0) process.kill(this.containerPid, 'SIGKILL');
      } catch {
        // Already gone; bwrap is about to exit.
      }
      keeper.stdin?.destroy();
      keeper.kill('SIGKILL');
    }
    this.running = false;
    this.cleanedUp = true;
    await this.keeperExited;
    rmSync(this.scratch, { recursive: true, force: true, maxRetries: 3 });
  }
}
