// The sandboxes the orchestrator's end-to-end tests run through: the local one always, bubblewrap's
// when bwrap works on this machine, and a container of the sandbox image under runc and under gVisor
// when docker does (else their tests are skipped, the reason in their name).
import { chownSync, mkdirSync, readdirSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { BwrapSandbox, type BwrapSandboxOptions } from '../../src/orchestrator/sandboxes/bwrap/sandbox.js';
import { DOCKER_AGENT_HOME, type DockerSandbox } from '../../src/orchestrator/sandboxes/docker/sandbox.js';
import { LocalSandbox } from '../../src/orchestrator/sandboxes/local/sandbox.js';
import { execRequest, type ExecRequest, type ExecResult, type OpenedExec, type OpenHandlers, type Sandbox } from '../../src/orchestrator/sandbox.js';
import { AGENT_UID, agentFolder, asRootInside, dockerUnavailable, startDocker } from './docker.js';
import { BUNDLE, BUNDLE_NODE, HARNESS_BUNDLE } from './paths.js';

export interface TestSandbox extends Sandbox {
  /** The agent's home on the host, where a test writes files for the agent. */
  readonly home: string;
  /** The same home as the agent sees it (the helper's paths start with it). */
  readonly agentHome: string;
  readonly runDir: string;
  /** The host folder holding whatever the sandbox made. */
  readonly scratch: string;
  /** The names in the helper's request folder. */
  requestFiles(): Promise<string[]>;
  /** SIGKILL to a process inside, as the platform (or the kernel's OOM killer) sends it: as root in a container. */
  killInside(pid: number): Promise<void>;
  cleanup(): Promise<void>;
}

export interface SandboxOptions {
  home?: string;
  /** How the helper starts, as a command line inside the sandbox. */
  helperCommand?: readonly string[];
  network?: boolean;
}

export interface SandboxKind {
  name: 'local' | 'bubblewrap' | 'docker' | 'docker-gvisor';
  /** Whether the calls go over the sandbox's warm stream (CodeToolRun's `warm`), else one cold helper each. */
  warm: boolean;
  /** Why this machine cannot run it; undefined when it can. */
  unavailable: string | undefined;
  make(options?: SandboxOptions): Promise<TestSandbox>;
  /** What the sandbox says when the helper's program does not exist. */
  missingProgram(path: string): string;
}

async function bwrapUnavailable(): Promise<string | undefined> {
  if (process.env.GUILDS_BWRAP === 'skip') return 'GUILDS_BWRAP=skip';
  let sandbox: BwrapSandbox;
  try {
    sandbox = await BwrapSandbox.start();
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
  try {
    const probe = await sandbox.exec(execRequest(['true'], {}, 10_000));
    return probe.exitCode === 0 ? undefined : `bubblewrap cannot run here: ${probe.stderr.trim()}`;
  } finally {
    await sandbox.cleanup();
  }
}

/** A machine sandbox (home and run folder on the host, at the same paths inside) as the suite uses it. */
function onMachine<T extends LocalSandbox | BwrapSandbox>(sandbox: T): T & TestSandbox {
  return Object.assign(sandbox, {
    agentHome: sandbox.home,
    requestFiles: async () => readdirSync(join(sandbox.hostRunDir, 'requests')),
    killInside: async (pid: number) => {
      const result = await sandbox.exec(execRequest(['kill', '-KILL', String(pid)], {}, 10_000));
      if (result.exitCode !== 0) throw new Error(`kill ${pid}: ${result.stderr.trim()}`);
    },
  }) as T & TestSandbox;
}

/** A container of the test image, its home a host folder the agent owns, bind-mounted at /home/agent. */
class DockerTestSandbox implements TestSandbox {
  readonly agentHome = DOCKER_AGENT_HOME;
  readonly runDir: string;
  readonly helperCommand: readonly string[];
  readonly harnessCommand: readonly string[];
  constructor(
    readonly docker: DockerSandbox,
    readonly scratch: string,
    readonly home: string,
    private readonly ownHome: boolean,
  ) {
    this.runDir = docker.runDir;
    this.helperCommand = docker.helperCommand;
    this.harnessCommand = docker.harnessCommand;
  }
  exec(request: ExecRequest): Promise<ExecResult> {
    return this.docker.exec(request);
  }
  writeFile(path: string, bytes: Uint8Array): Promise<void> {
    return this.docker.writeFile(path, bytes);
  }
  open(argv: readonly string[], env: Readonly<Record<string, string>>, handlers: OpenHandlers): OpenedExec {
    return this.docker.open(argv, env, handlers);
  }
  /** As root: the request folder of a helper started as root is root's alone. */
  async requestFiles(): Promise<string[]> {
    const listed = asRootInside(this.docker.containerId, `node -e "console.log(JSON.stringify(require('fs').readdirSync('${this.runDir}/requests')))"`);
    return JSON.parse(listed) as string[];
  }
  async killInside(pid: number): Promise<void> {
    asRootInside(this.docker.containerId, `kill -KILL ${pid}`);
  }
  async cleanup(): Promise<void> {
    await this.docker.cleanup();
    // Files the agent made are the agent's; the scratch folder goes whole, a home passed in stays.
    rmSync(this.ownHome ? this.scratch : join(this.scratch, 'none'), { recursive: true, force: true });
  }
}

function dockerKind(name: 'docker' | 'docker-gvisor', runtime: 'runc' | 'runsc'): SandboxKind {
  return {
    name,
    warm: false,
    unavailable: dockerUnavailable(runtime),
    async make(options = {}) {
      const scratch = agentFolder(`guilds-code-${name}-`);
      const home = options.home ?? join(scratch, 'home');
      mkdirSync(home, { recursive: true });
      chownSync(home, AGENT_UID, AGENT_UID);
      const docker = await startDocker({
        runtime,
        home: { hostPath: home },
        network: options.network ? 'host' : 'none',
        ...(options.helperCommand ? { helperCommand: options.helperCommand } : {}),
      });
      return new DockerTestSandbox(docker, scratch, home, options.home === undefined);
    },
    missingProgram: (path) => `sh: 1: exec: ${path}: not found`,
  };
}

export const LOCAL: SandboxKind = {
  name: 'local',
  warm: false,
  unavailable: undefined,
  make: async (options = {}) =>
    onMachine(await LocalSandbox.start({ helperCommand: [BUNDLE_NODE, BUNDLE], harnessCommand: [BUNDLE_NODE, HARNESS_BUNDLE], ...options })),
  missingProgram: (path) => `spawn ${path} ENOENT`,
};

export const BUBBLEWRAP: SandboxKind = {
  name: 'bubblewrap',
  warm: false,
  unavailable: await bwrapUnavailable(),
  make: async (options: BwrapSandboxOptions = {}) => onMachine(await BwrapSandbox.start(options)),
  missingProgram: (path) => `nsenter: failed to execute ${path}: No such file or directory`,
};

export const DOCKER = dockerKind('docker', 'runc');
export const DOCKER_GVISOR = dockerKind('docker-gvisor', 'runsc');

// A container runs the image's own Node whatever line starts vitest's workers: the Node-line projects
// (GUILDS_TEST_NODE) leave the docker kinds to the development Node's. Every kind runs cold and over
// its warm stream (SPEC section 8).
export const SANDBOX_KINDS: readonly SandboxKind[] = [
  LOCAL,
  BUBBLEWRAP,
  { ...LOCAL, warm: true },
  { ...BUBBLEWRAP, warm: true },
  ...(process.env.GUILDS_TEST_NODE === undefined ? [DOCKER, DOCKER_GVISOR, { ...DOCKER, warm: true }, { ...DOCKER_GVISOR, warm: true }] : []),
];

/** A describe title that says when, and why, the kind's tests are skipped. */
export function titleFor(kind: SandboxKind, title: string): string {
  const name = kind.warm ? `${kind.name}, warm` : kind.name;
  return kind.unavailable === undefined ? `${title} (${name})` : `${title} (${name}, skipped: ${kind.unavailable})`;
}

/** Host processes in the pid namespace of `pid`, with their command lines: a container's, all of them. */
export function processesInNamespaceOf(pid: number): { pid: number; command: string }[] {
  const namespace = readlinkSync(`/proc/${pid}/ns/pid`);
  const found: { pid: number; command: string }[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readlinkSync(`/proc/${entry}/ns/pid`) !== namespace) continue;
      const command = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ');
      found.push({ pid: Number(entry), command });
    } catch {
      // Gone while listed.
    }
  }
  return found;
}

