// A sandbox in a container of the sandbox image (SPEC section 7), on the Docker Engine API (Docker
// Engine, runc or gVisor's runsc; Podman untested): one container per agent, each exec one process in it.
//
// The Engine API has no way to signal an exec. Every command therefore starts through `sh -c 'echo
// $$ >&2; exec "$@"'`: its first stderr line is its pid inside the container (the sandbox strips it),
// and a timeout or an abort is a second exec, as the same user, of `kill` on that pid (an exec is its
// own session and group leader in both runtimes, so a timeout's SIGKILL goes to its group, as the
// local sandbox's does). No file, no host pid: it works on a remote Engine and under gVisor alike.
import { randomBytes } from 'node:crypto';
import { posix } from 'node:path';
import { EngineClient, EngineError, engineAddressFrom } from './engine.js';
import { followExec } from './exec.js';
import { DockerOpenExecs, OPEN_WRAPPER } from './open.js';
import { feedExec, REQUEST_ROOT_WRITE_SCRIPT, ROOT_WRITE_SCRIPT, RootTokensFiles, WRITE_SCRIPT } from './write.js';
import { HeldStream } from './held-stream.js';
import { dockerBounds, dockerHostConfig, startFailure, type DockerBounds, type DockerSandboxOptions } from './options.js';
import {
  DEFAULT_HARNESS_COMMAND,
  DEFAULT_HELPER_COMMAND,
  DEFAULT_RUN_DIR,
  execRequest,
  warmStreamArgv,
  type ExecRequest,
  type ExecResult,
  type OpenedExec,
  type OpenHandlers,
  type Sandbox,
} from '../../sandbox.js';
import { execEnvironment, neverStarted, RestartGuard } from '../shared.js';
import { countedStart } from '../../telemetry/instruments.js';

export { DEFAULT_DOCKER_SOCKET, EngineClient, EngineError, engineAddressFrom, type EngineAddress } from './engine.js';
export {
  DOCKER_CPU_PERIOD_US,
  DOCKER_DEFAULT_CPUS,
  DOCKER_DEFAULT_MEMORY_BYTES,
  DOCKER_DEFAULT_PIDS,
  DOCKER_DEFAULT_STATE_TMPFS_BYTES,
  DOCKER_DEFAULT_TMP_BYTES,
  DOCKER_MIN_CPUS,
  DOCKER_TMPFS_OPTIONS,
  LINUX_CAPABILITIES,
  UNLIMITED,
  type Bound,
  type DockerSandboxOptions,
} from './options.js';
export { HeldStream } from './held-stream.js';
// The pool imports this module too: neither uses the other while the modules load.
export { DockerSandboxPool } from './pool.js';
export { DOCKER_POOL_DEFAULT_MAX_STARTING, DOCKER_POOL_KEEPALIVE_MS, DOCKER_POOL_LABEL, DOCKER_POOL_MAX_SIZE, DOCKER_POOL_MAX_STARTING, DOCKER_POOL_PROBE_TIMEOUT_MS, type DockerSandboxPoolOptions } from './pool-options.js';

/** The image's agent: its user, home and PATH (image/Dockerfile). */
export const DOCKER_AGENT_USER = '1000:1000';
/**
 * Who the helpers run as: root, acting as the agent (src/io/node/identity.ts), so that no process of
 * the agent can reach them; every other exec runs as the agent.
 */
export const DOCKER_HELPER_USER = '0:0';
export const DOCKER_AGENT_HOME = '/home/agent';
export const DOCKER_PATH = '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin';
/** How long the container may take to start and run its first command. */
export const DOCKER_START_TIMEOUT_MS = 30_000;
/** The label every container and volume this sandbox makes carries, so that a sweep can find them. */
export const DOCKER_SANDBOX_LABEL = 'io.guilds.code.sandbox';

const EXEC_WRAPPER = 'echo $$ >&2; exec "$@"';

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export class DockerSandbox implements Sandbox {
  /** What the telemetry calls it, and its container runtime (Sandbox.kind, Sandbox.runtime). */
  readonly kind = 'docker';
  readonly runtime: string;
  readonly engine: EngineClient;
  readonly runDir = DEFAULT_RUN_DIR;
  readonly home = DOCKER_AGENT_HOME;
  readonly helperCommand: readonly string[];
  readonly harnessCommand: readonly string[];
  private id = '';
  /** The volumes this sandbox made (the home, the state folder) and has not removed yet. */
  private readonly madeVolumes: string[] = [];
  private cleanedUp = false;
  private containerRemoved = false;
  /** The removal under way, shared by the cleanups that ask for it meanwhile. */
  private removing: Promise<void> | undefined;
  /** The helper's stream opened ahead of the first call (openAhead), until a runner takes it. */
  private ahead: HeldStream | undefined;
  /** The container being started again, shared by the calls that found it stopped. */
  private readonly restarts: RestartGuard;
  private readonly openExecs: DockerOpenExecs;
  /** Who the helpers' execs run as. */
  private helperUser = DOCKER_AGENT_USER;
  /** Where the helpers' repository tokens are handed over, written as root. */
  private readonly tokens = new RootTokensFiles((folder, name, bytes) => this.writeThrough(ROOT_WRITE_SCRIPT, folder, name, bytes, DOCKER_HELPER_USER));

  /**
   * Starts one container of the image; resolves once a command runs in it. Rejects with one line: a
   * bad option before any Engine call, "docker cannot run here" for an Engine that cannot be reached,
   * an Engine's refusal in its own words (options.ts, startFailure).
   */
  static start(options: DockerSandboxOptions): Promise<DockerSandbox> {
    return countedStart('docker', options.runtime ?? 'runc', 'first', () => DockerSandbox.startNew(options));
  }

  private static async startNew(options: DockerSandboxOptions): Promise<DockerSandbox> {
    let bounds: DockerBounds;
    try {
      bounds = dockerBounds(options);
    } catch (error) {
      throw new Error(startFailure(error));
    }
    const sandbox = new DockerSandbox(options);
    sandbox.helperUser = bounds.helperAsRoot ? DOCKER_HELPER_USER : DOCKER_AGENT_USER;
    try {
      await sandbox.create(options, bounds);
      const probe = await sandbox.exec(execRequest(['true'], {}, DOCKER_START_TIMEOUT_MS));
      if (probe.exitCode !== 0) throw new Error(`the sandbox's container cannot run a command: ${probe.stderr.trim() || `exit status ${probe.exitCode}`}`);
    } catch (error) {
      await sandbox.cleanup();
      throw new Error(startFailure(error));
    }
    return sandbox;
  }

  private constructor(options: DockerSandboxOptions) {
    this.runtime = options.runtime ?? 'runc';
    this.restarts = new RestartGuard(this);
    this.engine = new EngineClient(options.docker ?? engineAddressFrom(process.env));
    this.helperCommand = options.helperCommand ?? DEFAULT_HELPER_COMMAND;
    this.harnessCommand = options.harnessCommand ?? DEFAULT_HARNESS_COMMAND;
    this.openExecs = new DockerOpenExecs(this.engine, () => this.id, async (cmd, env) => {
      const argv = cmd.slice(OPEN_WRAPPER.length);
      return this.createExecRunning(cmd, await this.helperEnvironment(argv, env), true, undefined, this.userFor(argv));
    });
  }

  /** The container's id. */
  get containerId(): string {
    return this.id;
  }

  /** A named volume: the one given, else a new one this sandbox removes at cleanup. */
  private async volume(given: string | undefined, name: string, labels: Readonly<Record<string, string>>): Promise<string> {
    if (given !== undefined) return given;
    await this.engine.call('POST', '/volumes/create', { Name: name, Labels: labels });
    this.madeVolumes.push(name);
    return name;
  }

  private async create(options: DockerSandboxOptions, bounds: DockerBounds): Promise<void> {
    const suffix = randomBytes(6).toString('hex');
    const labels = { ...options.labels, [DOCKER_SANDBOX_LABEL]: '1' };
    const home =
      options.home && 'hostPath' in options.home
        ? { Type: 'bind', Source: options.home.hostPath, Target: DOCKER_AGENT_HOME }
        : { Type: 'volume', Source: await this.volume(options.home?.volume, `guilds-code-home-${suffix}`, labels), Target: DOCKER_AGENT_HOME };
    const mounts: Record<string, unknown>[] = [home];
    const state = options.state ?? { volume: undefined };
    // A new volume takes the image's /run/guilds (the request folder, owned by the agent) at its first mount.
    if (state !== 'tmpfs') mounts.push({ Type: 'volume', Source: await this.volume(state.volume, `guilds-code-run-${suffix}`, labels), Target: DEFAULT_RUN_DIR });
    const hostConfig = dockerHostConfig(bounds, {
      runtime: options.runtime ?? 'runc',
      network: options.network ?? 'none',
      mounts,
      readOnlyRoot: options.readOnlyRoot ?? true,
      stateTmpfs: state === 'tmpfs',
      stateDir: DEFAULT_RUN_DIR,
    });
    const created = await this.engine.call<{ Id: string }>('POST', `/containers/create?name=guilds-code-${suffix}`, {
      Image: options.image,
      // The Engine gives an exec the capabilities of the container's own user whatever user the exec
      // names: a container of the agent's user would start its helpers as root with none, unable to
      // start the agent's processes as the agent. Every exec names its user (userFor).
      User: bounds.helperAsRoot ? DOCKER_HELPER_USER : DOCKER_AGENT_USER,
      WorkingDir: DOCKER_AGENT_HOME,
      Labels: labels,
      HostConfig: hostConfig,
    });
    this.id = created.Id;
    await this.engine.call('POST', `/containers/${this.id}/start`);
  }

  private createExec(
    cmd: readonly string[],
    env: Readonly<Record<string, string>>,
    stdin: boolean,
    answerTimeoutMs?: number,
    user = DOCKER_AGENT_USER,
  ): Promise<{ Id: string }> {
    return this.engine.call<{ Id: string }>('POST', `/containers/${this.id}/exec`, {
      Cmd: cmd,
      // The environment is the exec's own, never in argv, which every process in the container can read.
      Env: Object.entries(env).map(([name, value]) => `${name}=${value}`),
      User: user,
      WorkingDir: DOCKER_AGENT_HOME,
      AttachStdin: stdin,
      AttachStdout: true,
      AttachStderr: true,
      Tty: false,
    }, answerTimeoutMs);
  }

  /**
   * An exec, started again once when the container had stopped (a command can end its first process).
   * With `answerTimeoutMs` (the call's wait), an Engine that answers neither call counts as unreachable.
   */
  private async createExecRunning(
    cmd: readonly string[],
    env: Readonly<Record<string, string>>,
    stdin: boolean,
    answerTimeoutMs?: number,
    user = DOCKER_AGENT_USER,
  ): Promise<{ Id: string }> {
    try {
      return await this.createExec(cmd, env, stdin, answerTimeoutMs, user);
    } catch (error) {
      if (!(error instanceof EngineError) || error.status !== 409 || this.cleanedUp) throw error;
      await this.restarts.restart(() => this.engine.call('POST', `/containers/${this.id}/start`, undefined, answerTimeoutMs).then(() => undefined));
      return this.createExec(cmd, env, stdin, answerTimeoutMs, user);
    }
  }

  /** The environment every exec gets: the image's PATH under the caller's, the home and state folder always the image's. */
  private wholeEnvironment(env: Readonly<Record<string, string>>): Record<string, string> {
    return execEnvironment(DOCKER_PATH, env, DOCKER_AGENT_HOME, DEFAULT_RUN_DIR);
  }

  /**
   * A long-lived exec with stdin (SPEC section 8's warm stream): open.ts. The helper's stream opened
   * ahead is taken when it was opened with the same environment; with another it is ended.
   */
  open(argv: readonly string[], env: Readonly<Record<string, string>>, handlers: OpenHandlers): OpenedExec {
    return this.ahead?.take(argv, handlers) ?? this.openExecs.start(argv, this.wholeEnvironment(env), handlers, this.cleanedUp);
  }

  /**
   * Opens the helper's warm stream now, with `env` (a run's helper environment: `{}` for a
   * CodeToolRun with no environment and no tokens), so that the first call of such a run goes over a
   * helper already started. `ping` on what it returns says when the helper answers
   * (DockerSandboxPool holds one per container it keeps ready).
   */
  openAhead(env: Readonly<Record<string, string>> = {}): HeldStream {
    this.ahead?.end();
    const argv = warmStreamArgv(this.helperCommand);
    const held = new HeldStream(argv, { ...env }, (handlers) => this.openExecs.start(argv, this.wholeEnvironment(env), handlers, this.cleanedUp));
    this.ahead = held;
    return held;
  }

  async exec({ argv, env, expiration }: ExecRequest): Promise<ExecResult> {
    if (this.cleanedUp) return neverStarted('the sandbox was cleaned up');
    let execId: string;
    const user = this.userFor(argv);
    try {
      const whole = await this.helperEnvironment(argv, this.wholeEnvironment(env));
      const answerTimeoutMs = Math.max(0, expiration.deadline - Date.now());
      execId = (await this.createExecRunning(['/bin/sh', '-c', EXEC_WRAPPER, 'sh', ...argv], whole, false, answerTimeoutMs, user)).Id;
    } catch (error) {
      return neverStarted(`the sandbox's container cannot run the command: ${message(error)}`);
    }
    return followExec(this.engine, this.id, execId, (how, target) => this.signalInside(how, target, user), expiration);
  }

  /**
   * A helper run as root gets the repository tokens in a file only root may read, named in its
   * environment, never the tokens themselves (write.ts, RootTokensFiles).
   */
  private async helperEnvironment(argv: readonly string[], env: Readonly<Record<string, string>>): Promise<Record<string, string>> {
    return this.userFor(argv) === DOCKER_HELPER_USER ? this.tokens.handOver(env) : { ...env };
  }

  /**
   * The sandbox's own helpers run as DOCKER_HELPER_USER (unless helperAsRoot is false), started as
   * their command or as their warm stream (node's flags among its words); anything else as the agent.
   */
  private userFor(argv: readonly string[]): string {
    const starts = (command: readonly string[]): boolean => command.length > 0 && command.every((word, index) => argv[index] === word);
    const helper = (command: readonly string[]): boolean => starts(command) || starts(warmStreamArgv(command));
    return helper(this.helperCommand) || helper(this.harnessCommand) ? this.helperUser : DOCKER_AGENT_USER;
  }

  /** The shell's own `kill` (the image needs no procps) on `target` inside, as the exec's own user, not waited for. */
  private async signalInside(how: 'TERM' | 'KILL', target: string, user: string): Promise<void> {
    try {
      const created = await this.createExec(['/bin/sh', '-c', 'kill -s "$1" -- "$2"', 'sh', how, target], { PATH: DOCKER_PATH }, false, undefined, user);
      await this.engine.call('POST', `/exec/${created.Id}/start`, { Detach: true, Tty: false });
    } catch {
      // The container is gone, and the command with it.
    }
  }

  async writeFile(path: string, bytes: Uint8Array): Promise<void> {
    const normal = posix.normalize(path);
    if (!normal.startsWith(`${DOCKER_AGENT_HOME}/`) && !normal.startsWith(`${DEFAULT_RUN_DIR}/`)) {
      throw new Error(`${path} is not in the sandbox's home or ${DEFAULT_RUN_DIR}`);
    }
    const folder = posix.dirname(normal);
    // A request file is written as the helpers run: as root, out of the agent's reach, where they run as root.
    if (folder === `${DEFAULT_RUN_DIR}/requests` && this.helperUser === DOCKER_HELPER_USER) {
      await this.writeThrough(REQUEST_ROOT_WRITE_SCRIPT, folder, posix.basename(normal), bytes, DOCKER_HELPER_USER);
    } else {
      await this.writeThrough(WRITE_SCRIPT, folder, posix.basename(normal), bytes, DOCKER_AGENT_USER);
    }
  }

  /** Writes `bytes` through `script` (folder, name, the bytes on stdin) as `user`; throws with what it said. */
  private async writeThrough(script: string, folder: string, name: string, bytes: Uint8Array, user: string): Promise<void> {
    const path = `${folder}/${name}`;
    const created = await this.createExecRunning(['/bin/sh', '-c', script, 'sh', folder, name], { PATH: DOCKER_PATH }, true, undefined, user);
    await feedExec(this.engine, created.Id, bytes, path);
  }

  /**
   * Removes the container, and the volumes it made. Never rejects: what the Engine could not remove
   * (an Engine gone) is left for the next cleanup() to try again (`removed` says whether any is left);
   * a cleanup asked for while one runs waits for it.
   */
  cleanup(): Promise<void> {
    this.cleanedUp = true;
    this.ahead?.end();
    this.removing ??= this.removeLeft().finally(() => (this.removing = undefined));
    return this.removing;
  }

  /** Whether cleanup() has removed the container and every volume it made. */
  get removed(): boolean {
    return this.cleanedUp && (this.id === '' || this.containerRemoved) && this.madeVolumes.length === 0;
  }

  private async removeLeft(): Promise<void> {
    if (this.id !== '' && !this.containerRemoved) this.containerRemoved = await this.deleted(`/containers/${this.id}?force=true`);
    for (const volume of [...this.madeVolumes]) {
      if (await this.deleted(`/volumes/${volume}`)) this.madeVolumes.splice(this.madeVolumes.indexOf(volume), 1);
    }
  }

  /** DELETE `path`: true once it is gone (a 404 says it was already). */
  private deleted(path: string): Promise<boolean> {
    return this.engine.call('DELETE', path).then(
      () => true,
      (error: unknown) => error instanceof EngineError && error.status === 404,
    );
  }
}
