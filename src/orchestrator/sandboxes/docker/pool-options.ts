// DockerSandboxPool's limits and words, as pure functions: its own options checked before any Engine
// call (one line naming the option), what a claim may pass, and every line the pool says.
import { isPlainObject } from '../../../contract/encoding.js';
import { DockerOptionError, dockerBounds, optionRefusal, type DockerSandboxOptions } from './options.js';

/** The most containers a pool holds ready: a typo of a size must not start thousands. */
export const DOCKER_POOL_MAX_SIZE = 256;
/** Containers the pool starts at once by default (refills, and claims on an empty pool), so that a burst is no start storm. */
export const DOCKER_POOL_DEFAULT_MAX_STARTING = 4;
export const DOCKER_POOL_MAX_STARTING = 64;
/**
 * How often a held helper is probed, in milliseconds: well inside the 15 minutes after which a helper
 * that read no line exits (SERVE_IDLE_EXIT_MS), so that a held stream never idles out.
 */
export const DOCKER_POOL_KEEPALIVE_MS = 5 * 60_000;
/** How long a held helper may take to answer a probe (at a claim, or the keepalive's) before its container is replaced. */
export const DOCKER_POOL_PROBE_TIMEOUT_MS = 5_000;
/**
 * How long after a claim its replacement starts, in milliseconds: a start's CPU (dockerd, the
 * runtime, the helper's Node inside) would land on the claimed sandbox's first calls, which come at
 * once when a platform claims on the agent's first call (runc, 2 cores: a first call of 20 to 28 ms
 * took 36 to 45 with the replacement starting beside it). A claim that waits is served at once.
 */
export const DOCKER_POOL_REFILL_DELAY_MS = 1_000;
/** After a failed refill, the first wait before the next, in milliseconds; doubled at each failure up to the maximum. */
export const DOCKER_POOL_RETRY_MIN_MS = 1_000;
export const DOCKER_POOL_RETRY_MAX_MS = 30_000;
/** The run a held helper is warmed up in; its folder is removed before the container is held. */
export const DOCKER_POOL_WARM_UP_RUN = 'guilds-pool-warm-up';
/**
 * One call of each kind a model makes first, sent to a held helper before it is held ready, so that
 * it has compiled their code before any claim: a helper's first shell `true` took 50 ms where the
 * next took 17 to 22 (runc, 2 cores under load). What they read is the image's own home.
 */
export const DOCKER_POOL_WARM_UP_CALLS: readonly { op: string; args: Readonly<Record<string, unknown>> }[] = [
  { op: 'file_read', args: { path: '.profile', limit: 1 } },
  { op: 'shell', args: { command: 'true' } },
  { op: 'shell_status', args: {} },
  { op: 'code_search', args: { pattern: 'PATH', path: '.profile' } },
  { op: 'code_search', args: { pattern: 'PATH', path: '.profile', mode: 'content' } },
];
/** What the warm-up leaves, removed: its run's folder, and `.runs` when nothing else is in it (a fresh home). */
export const DOCKER_POOL_WARM_UP_REMOVAL = `rm -rf -- "$HOME/.runs/${DOCKER_POOL_WARM_UP_RUN}" && { rmdir -- "$HOME/.runs" 2>/dev/null; true; }`;

/** The warm-up's request lines (SPEC section 8), each with the call_id its answer carries. */
export function warmUpLines(): { callId: string; line: string }[] {
  return DOCKER_POOL_WARM_UP_CALLS.map(({ op, args }, index) => {
    const callId = `w${index + 1}`;
    const request = { op, args, run_id: DOCKER_POOL_WARM_UP_RUN, agent_id: 'pool', call_id: callId, default_cwd: '' };
    return { callId, line: `${JSON.stringify(request)}\n` };
  });
}

/** The label every container and volume of a pool carries, its value the pool's id: claimed ones keep it (Docker cannot relabel). */
export const DOCKER_POOL_LABEL = 'io.guilds.code.pool';

export interface DockerSandboxPoolOptions extends DockerSandboxOptions {
  /** Containers held ready, from 1 to DOCKER_POOL_MAX_SIZE: agent-sandbox's SandboxWarmPool `replicas`. */
  size: number;
  /** Containers started at once, from 1 to DOCKER_POOL_MAX_STARTING; default DOCKER_POOL_DEFAULT_MAX_STARTING. */
  maxStarting?: number;
}

/** The pool's options checked: its size, its starts at once, and what each container is started with. */
export interface DockerPoolSettings {
  size: number;
  maxStarting: number;
  sandbox: DockerSandboxOptions;
}

const POOL_START = 'DockerSandboxPool.start';
const POOL_CLAIM = 'DockerSandboxPool.claim';

export const poolSentences = {
  closed: `${POOL_CLAIM}: the pool is closed`,
  closedDuringClaim: `${POOL_CLAIM}: the pool was closed during the claim`,
  closedBeforeFilled: 'DockerSandboxPool.filled: the pool was closed before it was filled',
  claimNotObject: (shown: string) => `${POOL_CLAIM}: options must be an object of the pool's options (got ${shown})`,
  notHonoured: (option: string) =>
    `${POOL_CLAIM}: the pool cannot honour ${option}: its containers are started with the pool's options (a claim may repeat them, not change them)`,
  ownVolumes: (option: string) =>
    `${POOL_START}: ${option} cannot name a volume or folder: each container of a pool gets a new one, so that nothing passes from one claim to the next`,
  helperNoAnswer: (seconds: number) => `the pool's container's helper did not answer its warm stream within ${seconds} s`,
  warmUpLeft: (why: string) => `the pool's container kept its warm-up run: ${why}`,
  notRemoved: (count: number) => `DockerSandboxPool.close: the Docker Engine did not remove ${count} of the pool's containers; close() again tries again`,
} as const;

function wholeFrom(option: string, unit: string, value: unknown, min: number, max: number): number {
  if (Number.isSafeInteger(value) && (value as number) >= min && (value as number) <= max) return value as number;
  throw new DockerOptionError(option, `a whole number of ${unit} from ${min} to ${max}`, value);
}

/**
 * The pool's options, the first bad one refused in one line: its own (size, maxStarting), a home or
 * state volume every container would share, then each container's as DockerSandbox.start checks them.
 */
export function dockerPoolSettings(options: DockerSandboxPoolOptions): DockerPoolSettings {
  try {
    const size = wholeFrom('size', 'containers', options.size, 1, DOCKER_POOL_MAX_SIZE);
    const maxStarting = wholeFrom('maxStarting', 'starts', options.maxStarting ?? DOCKER_POOL_DEFAULT_MAX_STARTING, 1, DOCKER_POOL_MAX_STARTING);
    const shared = sharedFolderRefusal(options);
    if (shared !== undefined) throw new Error(shared);
    dockerBounds(options);
    const { size: _size, maxStarting: _maxStarting, ...sandbox } = options;
    return { size, maxStarting, sandbox };
  } catch (error) {
    if (error instanceof DockerOptionError) throw new Error(optionRefusal(error.option, error.wanted, error.value, POOL_START));
    throw error;
  }
}

/** Why the pool's options cannot hold: a home or state volume of its own would pass from claim to claim. */
function sharedFolderRefusal(options: DockerSandboxPoolOptions): string | undefined {
  if (options.home !== undefined) return poolSentences.ownVolumes('home');
  if (options.state !== undefined && options.state !== 'tmpfs') return poolSentences.ownVolumes('state');
  return undefined;
}

/** What the pool counts when it decides how many containers to start. */
export interface PoolCounts {
  size: number;
  maxStarting: number;
  ready: number;
  /** Claims waiting for a container. */
  waiting: number;
  starting: number;
  /** Replacements of claimed containers not due yet (DOCKER_POOL_REFILL_DELAY_MS). */
  deferred: number;
  /** A refill failed lately, and the next waits (DOCKER_POOL_RETRY_MIN_MS and on). */
  backingOff: boolean;
}

/**
 * How many containers to start now: enough for `size` ready and one per waiting claim, counting
 * those starting and the replacements not due yet, never more than `maxStarting` at once. While
 * backing off, only for the claims no start under way will serve: a claim is answered (its start
 * fails or succeeds), a refill waits.
 */
export function poolStartsNow(counts: PoolCounts): number {
  const room = counts.maxStarting - counts.starting;
  const short = counts.size + counts.waiting - counts.ready - counts.starting - counts.deferred;
  const wanted = counts.backingOff ? counts.waiting - counts.starting : short;
  return Math.max(0, Math.min(room, short, wanted));
}

/** Plain data compared by value: what a platform passes as options (strings, numbers, lists, objects, certificate bytes). */
export function sameOption(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (a instanceof Uint8Array && b instanceof Uint8Array) return a.length === b.length && a.every((byte, index) => byte === b[index]);
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, index) => sameOption(item, b[index]));
  if (!isPlainObject(a) || !isPlainObject(b)) return false;
  const keys = Object.keys(a).filter((key) => a[key] !== undefined);
  return keys.length === Object.keys(b).filter((key) => b[key] !== undefined).length && keys.every((key) => sameOption(a[key], b[key]));
}

/**
 * Why a claim cannot have what it asks, in one line naming the first option: a held container was
 * started with the pool's options, and Docker changes none of them (labels included) on a running
 * one. A claim may repeat the pool's options, each with the pool's value; undefined, or nothing.
 */
export function claimRefusal(pool: Readonly<Record<string, unknown>>, claim: unknown): string | undefined {
  if (claim === undefined) return undefined;
  if (!isPlainObject(claim)) return poolSentences.claimNotObject(claim === null ? 'null' : Array.isArray(claim) ? 'a list' : typeof claim);
  for (const [option, value] of Object.entries(claim)) {
    if (value !== undefined && !sameOption(value, pool[option])) return poolSentences.notHonoured(option);
  }
  return undefined;
}
