// DockerSandbox's bounds and privileges, as pure functions: the defaults (each a named constant with
// its unit), the check of a platform's options (one line naming the option, before any Engine call),
// the container's HostConfig they make, and the one line a failed start says.
import { EngineError, engineUnreachable, type EngineAddress } from './engine.js';

const MIB = 1_048_576;
/** What a bound says to mean "no limit": the Engine sets none. */
export const UNLIMITED = 'unlimited';
export type Bound = number | typeof UNLIMITED;

/** Memory of the whole container, in bytes; swap is held equal to it (no swap). */
export const DOCKER_DEFAULT_MEMORY_BYTES = 2048 * MIB;
/** CPUs, as a CFS quota over DOCKER_CPU_PERIOD_US (a fraction is a fraction of one CPU). */
export const DOCKER_DEFAULT_CPUS = 2;
/** Processes and threads in the container. */
export const DOCKER_DEFAULT_PIDS = 1024;
/** The /tmp tmpfs, in bytes. */
export const DOCKER_DEFAULT_TMP_BYTES = 512 * MIB;
/** The /run/guilds tmpfs (only with `state: 'tmpfs'`), in bytes. */
export const DOCKER_DEFAULT_STATE_TMPFS_BYTES = 64 * MIB;
/** The CFS period the CPU quota is counted in, in microseconds (the kernel's and Docker's default). */
export const DOCKER_CPU_PERIOD_US = 100_000;
/** The Engine refuses a CFS quota under 1 ms a period: 0.01 of a CPU. */
export const DOCKER_MIN_CPUS = 0.01;
/** How much of a refused value the refusal shows, in characters. */
const SHOWN_VALUE_MAX_CHARS = 60;

/** The tmpfs mounts' options, before their size: the agent's scratch space, and the helper's state folder when asked. */
export const DOCKER_TMPFS_OPTIONS = {
  tmp: 'rw,nosuid,nodev,mode=1777',
  state: 'rw,nosuid,nodev,mode=1777',
} as const;

/** Linux's capabilities (capabilities(7)), the names `capAdd` may give back. */
export const LINUX_CAPABILITIES = [
  'CHOWN', 'DAC_OVERRIDE', 'DAC_READ_SEARCH', 'FOWNER', 'FSETID', 'KILL', 'SETGID', 'SETUID', 'SETPCAP',
  'LINUX_IMMUTABLE', 'NET_BIND_SERVICE', 'NET_BROADCAST', 'NET_ADMIN', 'NET_RAW', 'IPC_LOCK', 'IPC_OWNER',
  'SYS_MODULE', 'SYS_RAWIO', 'SYS_CHROOT', 'SYS_PTRACE', 'SYS_PACCT', 'SYS_ADMIN', 'SYS_BOOT', 'SYS_NICE',
  'SYS_RESOURCE', 'SYS_TIME', 'SYS_TTY_CONFIG', 'MKNOD', 'LEASE', 'AUDIT_WRITE', 'AUDIT_CONTROL', 'SETFCAP',
  'MAC_OVERRIDE', 'MAC_ADMIN', 'SYSLOG', 'WAKE_ALARM', 'BLOCK_SUSPEND', 'AUDIT_READ', 'PERFMON', 'BPF',
  'CHECKPOINT_RESTORE',
] as const;

/**
 * What the helpers need, as root, to start each process of the agent as the agent (its uid, gid and
 * groups): every process of the agent holds none of them (src/io/node/identity.ts).
 */
export const DOCKER_HELPER_CAPABILITIES: readonly string[] = ['CAP_SETGID', 'CAP_SETUID'];

export interface DockerSandboxOptions {
  /** The sandbox image (`npm run image`). */
  image: string;
  /** `'runc'` (the default) or `'runsc'` for gVisor. */
  runtime?: 'runc' | 'runsc' | (string & {});
  /** The agent's home: a named volume or a host folder; default a new volume, removed by cleanup(). */
  home?: { volume: string } | { hostPath: string };
  /** `'none'` (the default), `'host'`, or a network's name. */
  network?: string;
  /**
   * The bounds (docs/deploying.md has the defaults, options.ts their constants): memory in
   * bytes (swap held equal, so none), CPUs (a fraction allowed), processes, and the size in bytes of
   * the /tmp tmpfs and of the /run/guilds one (with `state: 'tmpfs'`). `'unlimited'` sets none.
   */
  memoryBytes?: Bound;
  pids?: Bound;
  cpus?: Bound;
  tmpBytes?: Bound;
  stateTmpfsBytes?: Bound;
  /** Every capability is dropped; these (`'NET_BIND_SERVICE'` or `'CAP_NET_BIND_SERVICE'`) are given back. */
  capAdd?: readonly string[];
  /** Default true: no process gains a privilege by exec (a setuid program, a file capability). */
  noNewPrivileges?: boolean;
  /**
   * Default true: the helpers (helperCommand, harnessCommand) run as root and act as the agent, out of
   * reach of the agent's own processes (docs/reliability.md); false runs them as the agent, with no
   * capability left in the container.
   */
  helperAsRoot?: boolean;
  /**
   * Where the helper's state folder (/run/guilds: background records and ids, request files) lives: a
   * named volume (default a new one, removed by cleanup), so that a restarted container still knows
   * its background commands (they read `ended`) and never hands out their ids again; `'tmpfs'`
   * forgets them at every start.
   */
  state?: { volume: string } | 'tmpfs';
  /** Default true, with tmpfs /tmp. */
  readOnlyRoot?: boolean;
  labels?: Readonly<Record<string, string>>;
  /** How to reach the Engine; default from DOCKER_HOST, else /var/run/docker.sock. */
  docker?: EngineAddress;
  /**
   * How the helpers start inside: the image's when absent. With helperAsRoot they run as root: name
   * only files the agent cannot write (the image's own).
   */
  helperCommand?: readonly string[];
  harnessCommand?: readonly string[];
}

/** The options this module checks (DockerSandboxOptions holds them). */
export interface DockerBoundOptions {
  image?: unknown;
  memoryBytes?: Bound;
  cpus?: Bound;
  pids?: Bound;
  tmpBytes?: Bound;
  stateTmpfsBytes?: Bound;
  capAdd?: readonly string[];
  noNewPrivileges?: boolean;
  helperAsRoot?: boolean;
}

/** The options checked, every default filled in. */
export interface DockerBounds {
  memoryBytes: Bound;
  cpus: Bound;
  pids: Bound;
  tmpBytes: Bound;
  stateTmpfsBytes: Bound;
  /** `CAP_`-prefixed, upper case, each once, in the order given. */
  capAdd: string[];
  noNewPrivileges: boolean;
  /** The helpers run as root and act as the agent (DOCKER_HELPER_CAPABILITIES in the bounding set). */
  helperAsRoot: boolean;
}

/** A value as a refusal shows it: numbers as written, anything else as JSON, cut short. */
function shown(value: unknown): string {
  let text: string;
  if (typeof value === 'number' || typeof value === 'bigint' || value === undefined) text = String(value);
  else if (typeof value === 'function' || typeof value === 'symbol') text = typeof value;
  else {
    try {
      text = JSON.stringify(value) ?? String(value);
    } catch {
      text = typeof value;
    }
  }
  return text.length > SHOWN_VALUE_MAX_CHARS ? `${text.slice(0, SHOWN_VALUE_MAX_CHARS)}…` : text;
}

/** The one line a refused option says, `who` the call that refused it. */
export function optionRefusal(option: string, wanted: string, value: unknown, who = 'DockerSandbox.start'): string {
  return `${who}: ${option} must be ${wanted} (got ${shown(value)})`;
}

/** A bad option, refused before the Engine is asked anything; what it wanted, for a caller that says it in its own name. */
export class DockerOptionError extends Error {
  constructor(
    readonly option: string,
    readonly wanted: string,
    readonly value: unknown,
  ) {
    super(optionRefusal(option, wanted, value));
  }
}

function wholeBound(option: string, unit: string, value: unknown, fallback: number): Bound {
  if (value === undefined) return fallback;
  if (value === UNLIMITED || (Number.isSafeInteger(value) && (value as number) > 0)) return value as Bound;
  throw new DockerOptionError(option, `a whole number of ${unit} above 0, or '${UNLIMITED}'`, value);
}

function cpuBound(value: unknown): Bound {
  if (value === undefined) return DOCKER_DEFAULT_CPUS;
  if (value === UNLIMITED) return value;
  if (typeof value === 'number' && Number.isFinite(value) && value >= DOCKER_MIN_CPUS && Number.isSafeInteger(Math.round(value * DOCKER_CPU_PERIOD_US))) return value;
  throw new DockerOptionError('cpus', `a number of CPUs of at least ${DOCKER_MIN_CPUS}, or '${UNLIMITED}'`, value);
}

function capabilities(value: unknown): string[] {
  if (value === undefined) return [];
  const wanted = "a list of Linux capabilities by name, such as ['NET_BIND_SERVICE']";
  if (!Array.isArray(value)) throw new DockerOptionError('capAdd', wanted, value);
  const names: string[] = [];
  for (const given of value as unknown[]) {
    const name = typeof given === 'string' ? given.toUpperCase().replace(/^CAP_/, '') : '';
    if (!(LINUX_CAPABILITIES as readonly string[]).includes(name)) throw new DockerOptionError('capAdd', wanted, given);
    if (!names.includes(`CAP_${name}`)) names.push(`CAP_${name}`);
  }
  return names;
}

/** The options checked in a fixed order, the first bad one refused in one line; the defaults filled in. */
export function dockerBounds(options: DockerBoundOptions): DockerBounds {
  if (typeof options.image !== 'string' || options.image.trim() === '') throw new DockerOptionError('image', "an image's name", options.image);
  const noNewPrivileges = options.noNewPrivileges ?? true;
  if (typeof noNewPrivileges !== 'boolean') throw new DockerOptionError('noNewPrivileges', 'true or false', noNewPrivileges);
  const helperAsRoot = options.helperAsRoot ?? true;
  if (typeof helperAsRoot !== 'boolean') throw new DockerOptionError('helperAsRoot', 'true or false', helperAsRoot);
  return {
    memoryBytes: wholeBound('memoryBytes', 'bytes', options.memoryBytes, DOCKER_DEFAULT_MEMORY_BYTES),
    cpus: cpuBound(options.cpus),
    pids: wholeBound('pids', 'processes', options.pids, DOCKER_DEFAULT_PIDS),
    tmpBytes: wholeBound('tmpBytes', 'bytes', options.tmpBytes, DOCKER_DEFAULT_TMP_BYTES),
    stateTmpfsBytes: wholeBound('stateTmpfsBytes', 'bytes', options.stateTmpfsBytes, DOCKER_DEFAULT_STATE_TMPFS_BYTES),
    capAdd: capabilities(options.capAdd),
    noNewPrivileges,
    helperAsRoot,
  };
}

function tmpfsOptions(base: string, size: Bound): string {
  return size === UNLIMITED ? base : `${base},size=${size}`;
}

/** Where the container's folders come from, which the sandbox decides (volumes it may have made). */
export interface DockerPlacement {
  runtime: string;
  network: string;
  mounts: readonly Record<string, unknown>[];
  readOnlyRoot: boolean;
  /** The state folder is a tmpfs (`state: 'tmpfs'`), not a volume. */
  stateTmpfs: boolean;
  stateDir: string;
}

/**
 * The container's HostConfig: every capability dropped but those given back and the helpers' own
 * (DOCKER_HELPER_CAPABILITIES, unless they run as the agent), no new privileges,
 * Docker's default seccomp profile (left as it is), and every bound the Engine knows; a bound of
 * 'unlimited' is left out, which is the Engine's "no limit".
 */
export function dockerHostConfig(bounds: DockerBounds, placement: DockerPlacement): Record<string, unknown> {
  const tmpfs: Record<string, string> = {};
  if (placement.readOnlyRoot) tmpfs['/tmp'] = tmpfsOptions(DOCKER_TMPFS_OPTIONS.tmp, bounds.tmpBytes);
  if (placement.stateTmpfs) tmpfs[placement.stateDir] = tmpfsOptions(DOCKER_TMPFS_OPTIONS.state, bounds.stateTmpfsBytes);
  const config: Record<string, unknown> = {
    Runtime: placement.runtime,
    NetworkMode: placement.network,
    Mounts: placement.mounts,
    ReadonlyRootfs: placement.readOnlyRoot,
    Tmpfs: tmpfs,
    CapDrop: ['ALL'],
  };
  const capAdd = bounds.helperAsRoot ? [...DOCKER_HELPER_CAPABILITIES, ...bounds.capAdd.filter((name) => !DOCKER_HELPER_CAPABILITIES.includes(name))] : bounds.capAdd;
  if (capAdd.length > 0) config.CapAdd = capAdd;
  if (bounds.noNewPrivileges) config.SecurityOpt = ['no-new-privileges'];
  // No swap beyond the limit: a command over it is killed, not slowed to a crawl.
  if (bounds.memoryBytes !== UNLIMITED) Object.assign(config, { Memory: bounds.memoryBytes, MemorySwap: bounds.memoryBytes });
  if (bounds.pids !== UNLIMITED) config.PidsLimit = bounds.pids;
  // A quota, not NanoCpus: the Engine refuses NanoCpus above the host's CPU count, so a default of 2
  // would fail on a one-CPU host; a quota above it only never binds, as a pod's limit does.
  if (bounds.cpus !== UNLIMITED) Object.assign(config, { CpuPeriod: DOCKER_CPU_PERIOD_US, CpuQuota: Math.round(bounds.cpus * DOCKER_CPU_PERIOD_US) });
  return config;
}

/** Whitespace run together, so that a multi-line answer is one line. */
function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * The line a failed start says: a bad option as it was refused; "docker cannot run here" only for
 * an Engine that cannot be reached; an Engine's refusal in its own words; else what went wrong.
 */
export function startFailure(error: unknown): string {
  const said = oneLine(error instanceof Error ? error.message : String(error));
  if (error instanceof DockerOptionError) return said;
  if (engineUnreachable(error)) return `docker cannot run here: ${said}`;
  if (error instanceof EngineError) return `the Docker Engine refused the sandbox's container: ${said}`;
  return said;
}
