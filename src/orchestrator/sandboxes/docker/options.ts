// DockerSandbox's bounds and privileges, as pure functions: the defaults (each a named constant with
// its unit), the check of a platform's options (one line naming the option, before any Engine call),
// the container's HostConfig they make, and the one line a failed start says.
import { EngineError, engineUnreachable } from './engine.js';

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

/** The one line a refused option says. */
export function optionRefusal(option: string, wanted: string, value: unknown): string {
  return `DockerSandbox.start: ${option} must be ${wanted} (got ${shown(value)})`;
}

/** A bad option, refused before the Engine is asked anything. */
export class DockerOptionError extends Error {}

function wholeBound(option: string, unit: string, value: unknown, fallback: number): Bound {
  if (value === undefined) return fallback;
  if (value === UNLIMITED || (Number.isSafeInteger(value) && (value as number) > 0)) return value as Bound;
  throw new DockerOptionError(optionRefusal(option, `a whole number of ${unit} above 0, or '${UNLIMITED}'`, value));
}

function cpuBound(value: unknown): Bound {
  if (value === undefined) return DOCKER_DEFAULT_CPUS;
  if (value === UNLIMITED) return value;
  if (typeof value === 'number' && Number.isFinite(value) && value >= DOCKER_MIN_CPUS && Number.isSafeInteger(Math.round(value * DOCKER_CPU_PERIOD_US))) return value;
  throw new DockerOptionError(optionRefusal('cpus', `a number of CPUs of at least ${DOCKER_MIN_CPUS}, or '${UNLIMITED}'`, value));
}

function capabilities(value: unknown): string[] {
  if (value === undefined) return [];
  const wanted = "a list of Linux capabilities by name, such as ['NET_BIND_SERVICE']";
  if (!Array.isArray(value)) throw new DockerOptionError(optionRefusal('capAdd', wanted, value));
  const names: string[] = [];
  for (const given of value as unknown[]) {
    const name = typeof given === 'string' ? given.toUpperCase().replace(/^CAP_/, '') : '';
    if (!(LINUX_CAPABILITIES as readonly string[]).includes(name)) throw new DockerOptionError(optionRefusal('capAdd', wanted, given));
    if (!names.includes(`CAP_${name}`)) names.push(`CAP_${name}`);
  }
  return names;
}

/** The options checked in a fixed order, the first bad one refused in one line; the defaults filled in. */
export function dockerBounds(options: DockerBoundOptions): DockerBounds {
  if (typeof options.image !== 'string' || options.image.trim() === '') throw new DockerOptionError(optionRefusal('image', "an image's name", options.image));
  const noNewPrivileges = options.noNewPrivileges ?? true;
  if (typeof noNewPrivileges !== 'boolean') throw new DockerOptionError(optionRefusal('noNewPrivileges', 'true or false', noNewPrivileges));
  const helperAsRoot = options.helperAsRoot ?? true;
  if (typeof helperAsRoot !== 'boolean') throw new DockerOptionError(optionRefusal('helperAsRoot', 'true or false', helperAsRoot));
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
