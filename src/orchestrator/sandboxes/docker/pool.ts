// Containers of the sandbox image started before the agents that will want them, as agent-sandbox's
// SandboxWarmPool keeps pods ready (docs/deploying.md): `size` DockerSandboxes held, each with its
// helper's warm stream open, answering and warmed up (DockerSandbox.openAhead), handed out by claim()
// and replaced in the background a second later. Nothing passes from one claim to the next: every
// container has a home and a state volume of its own, and a claimed one never comes back.
//
// At most `maxStarting` containers start at once, refills and claims on an empty pool alike, so that
// a burst of claims is served in turn instead of starting every container at once. A held container
// is probed before it is handed out (its helper answers a line over its stream, which proves the
// container, dockerd and the helper at once) and every DOCKER_POOL_KEEPALIVE_MS while held; one that
// died is removed and replaced, never handed out.
//
// sandbox.ts, the package's entry, re-exports this module, which imports it: neither uses the other
// while the modules load.
import { randomBytes } from 'node:crypto';
import { DockerSandbox, DOCKER_START_TIMEOUT_MS } from './sandbox.js';
import { execRequest } from '../../sandbox.js';
import type { HeldStream } from './held-stream.js';
import {
  claimRefusal,
  DOCKER_POOL_KEEPALIVE_MS,
  DOCKER_POOL_LABEL,
  DOCKER_POOL_PROBE_TIMEOUT_MS,
  DOCKER_POOL_REFILL_DELAY_MS,
  DOCKER_POOL_RETRY_MAX_MS,
  DOCKER_POOL_RETRY_MIN_MS,
  DOCKER_POOL_WARM_UP_REMOVAL,
  dockerPoolSettings,
  poolSentences,
  poolStartsNow,
  warmUpLines,
  type DockerPoolSettings,
  type DockerSandboxPoolOptions,
} from './pool-options.js';
import type { DockerSandboxOptions } from './options.js';

/** A container the pool started: its sandbox, its helper's stream held open, its next probe. */
interface Held {
  sandbox: DockerSandbox;
  stream: HeldStream;
  keepalive?: ReturnType<typeof setTimeout> | undefined;
}

interface Waiting<T> {
  resolve(value: T): void;
  reject(error: Error): void;
}

/**
 * The helper answers a probe; then, unless a claim is waiting (`skip`), a call of each kind the model
 * makes first (DOCKER_POOL_WARM_UP_CALLS), in a run of the pool's own whose folder is then removed:
 * the claim's home is the image's.
 */
async function warmUp(sandbox: DockerSandbox, stream: HeldStream, skip: () => boolean): Promise<void> {
  const noAnswer = new Error(poolSentences.helperNoAnswer(DOCKER_START_TIMEOUT_MS / 1000));
  if (!(await stream.ping(DOCKER_START_TIMEOUT_MS))) throw noAnswer;
  if (skip()) return;
  for (const { callId, line } of warmUpLines()) if (!(await stream.ask(line, callId, DOCKER_START_TIMEOUT_MS))) throw noAnswer;
  const removed = await sandbox.exec(execRequest(['sh', '-c', DOCKER_POOL_WARM_UP_REMOVAL], {}, DOCKER_START_TIMEOUT_MS));
  if (removed.exitCode !== 0) throw new Error(poolSentences.warmUpLeft(removed.stderr.trim() || `exit status ${removed.exitCode}`));
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export class DockerSandboxPool {
  /** How many containers the pool keeps ready. */
  readonly size: number;
  /** The value of DOCKER_POOL_LABEL on each of its containers and volumes. */
  readonly id: string;
  private readonly maxStarting: number;
  private readonly sandboxOptions: DockerSandboxOptions;
  /** The options as the platform gave them, which a claim may repeat. */
  private readonly given: Readonly<Record<string, unknown>>;
  /** Ready to hand out, oldest first. */
  private readonly ready: Held[] = [];
  /** Every container started and not handed out: ready, probed by a claim, or on its way to a waiting claim. */
  private readonly owned = new Set<Held>();
  private readonly starts = new Set<Promise<void>>();
  private readonly removals = new Set<Promise<void>>();
  /** Sandboxes the Engine did not remove (it was gone): tried again after each start, and at close(). */
  private readonly leftovers = new Set<DockerSandbox>();
  /** Claims waiting for a container, first come first served. */
  private readonly waiting: Waiting<Held>[] = [];
  private readonly fillWaiting: Waiting<void>[] = [];
  private closed = false;
  private closing: Promise<void> | undefined;
  private retryMs = 0;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  /** The replacements of claimed containers, each started DOCKER_POOL_REFILL_DELAY_MS after its claim. */
  private readonly deferred = new Set<ReturnType<typeof setTimeout>>();

  /**
   * Starts the pool and resolves once it holds `size` containers whose helpers answer. Rejects with
   * one line, having removed what it started: a bad option before any Engine call, else the first
   * start that failed, as DockerSandbox.start says it.
   */
  static async start(options: DockerSandboxPoolOptions): Promise<DockerSandboxPool> {
    const pool = new DockerSandboxPool(options, dockerPoolSettings(options));
    pool.pump();
    try {
      await pool.filled();
    } catch (error) {
      await pool.close().catch(() => undefined);
      throw error;
    }
    return pool;
  }

  private constructor(options: DockerSandboxPoolOptions, settings: DockerPoolSettings) {
    this.given = { ...options };
    this.size = settings.size;
    this.maxStarting = settings.maxStarting;
    this.id = randomBytes(6).toString('hex');
    this.sandboxOptions = { ...settings.sandbox, labels: { ...settings.sandbox.labels, [DOCKER_POOL_LABEL]: this.id } };
  }

  /** How many containers are ready to hand out now. */
  get held(): number {
    return this.ready.length;
  }

  /**
   * A sandbox of its own for one agent: a held container whose helper answered a probe just now, else
   * the next one started (a claim on an empty pool waits for a start, as DockerSandbox.start would).
   * `options` may repeat the pool's options and change none; any other is refused in one line. Its
   * cleanup() removes it; the pool starts its replacement DOCKER_POOL_REFILL_DELAY_MS after the claim.
   */
  async claim(options?: Partial<DockerSandboxPoolOptions>): Promise<DockerSandbox> {
    const refusal = claimRefusal(this.given, options);
    if (refusal !== undefined) throw new Error(refusal);
    for (;;) {
      if (this.closed) throw new Error(poolSentences.closed);
      const next = this.ready.shift();
      let held: Held;
      let answers: boolean;
      if (next !== undefined) {
        clearTimeout(next.keepalive);
        this.replaceLater();
        held = next;
        answers = await next.stream.ping(DOCKER_POOL_PROBE_TIMEOUT_MS);
      } else {
        held = await new Promise<Held>((resolve, reject) => {
          this.waiting.push({ resolve, reject });
          this.pump();
        });
        answers = held.stream.open;
      }
      // Closed meanwhile: close() removes it with the rest.
      if (this.closed) throw new Error(poolSentences.closedDuringClaim);
      if (answers) {
        this.owned.delete(held);
        held.stream.onEnd = undefined;
        return held.sandbox;
      }
      this.discard(held);
    }
  }

  /**
   * Resolves once the pool holds `size` ready containers; rejects with a start's line when one fails
   * meanwhile, or when the pool is closed.
   */
  filled(): Promise<void> {
    if (this.closed) return Promise.reject(new Error(poolSentences.closedBeforeFilled));
    if (this.ready.length >= this.size) return Promise.resolve();
    this.retryTimer?.ref?.();
    return new Promise<void>((resolve, reject) => this.fillWaiting.push({ resolve, reject }));
  }

  /**
   * Removes every container the pool started and did not hand out, those still starting included,
   * and answers every claim still waiting that the pool was closed. Claimed sandboxes are their
   * claimers'. Rejects in one line when the Engine did not remove them all; close() again retries.
   */
  close(): Promise<void> {
    this.closing ??= this.removeAll().catch((error: unknown) => {
      this.closing = undefined;
      throw error;
    });
    return this.closing;
  }

  private async removeAll(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retryTimer);
    for (const timer of this.deferred) clearTimeout(timer);
    for (const claim of this.waiting.splice(0)) claim.reject(new Error(poolSentences.closedDuringClaim));
    for (const fill of this.fillWaiting.splice(0)) fill.reject(new Error(poolSentences.closedBeforeFilled));
    // A start that ends now sees the pool closed and removes its own container.
    await Promise.allSettled([...this.starts]);
    for (const held of [...this.owned]) this.discard(held);
    this.retryLeftovers();
    while (this.removals.size > 0) await Promise.allSettled([...this.removals]);
    if (this.leftovers.size > 0) throw new Error(poolSentences.notRemoved(this.leftovers.size));
  }

  /** Starts what poolStartsNow says: containers for `size` ready and for the claims waiting, at most maxStarting at once. */
  private pump(): void {
    if (this.closed) return;
    const counts = { size: this.size, maxStarting: this.maxStarting, ready: this.ready.length, waiting: this.waiting.length, starting: this.starts.size, deferred: this.deferred.size };
    for (let count = poolStartsNow({ ...counts, backingOff: this.retryTimer !== undefined }); count > 0; count--) this.startOne();
  }

  /**
   * A claimed container's replacement, due DOCKER_POOL_REFILL_DELAY_MS from now. The timer keeps the
   * process alive, so that a caller awaiting filled() is answered: a second at most.
   */
  private replaceLater(): void {
    const timer = setTimeout(() => {
      this.deferred.delete(timer);
      this.pump();
    }, DOCKER_POOL_REFILL_DELAY_MS);
    this.deferred.add(timer);
  }

  private startOne(): void {
    const start: Promise<void> = this.prepare()
      .then(
        (held) => this.arrived(held),
        (error: unknown) => this.failed(error),
      )
      .finally(() => {
        this.starts.delete(start);
        this.pump();
      });
    this.starts.add(start);
  }

  /**
   * One container, its helper's stream opened ahead and answering, and warmed up unless a claim waits
   * for it: the warm-up costs a waiting claim more than its first call saves.
   */
  private async prepare(): Promise<Held> {
    const sandbox = await DockerSandbox.start(this.sandboxOptions);
    try {
      if (this.closed) throw new Error(poolSentences.closedBeforeFilled);
      const stream = sandbox.openAhead();
      await warmUp(sandbox, stream, () => this.waiting.length > 0);
      return { sandbox, stream };
    } catch (error) {
      this.remove(sandbox);
      throw error;
    }
  }

  /** A started container: to the first waiting claim, else ready. */
  private arrived(held: Held): void {
    if (this.closed) return this.remove(held.sandbox);
    this.retryMs = 0;
    this.owned.add(held);
    held.stream.onEnd = () => this.lost(held);
    const claim = this.waiting.shift();
    if (claim !== undefined) claim.resolve(held);
    else {
      this.ready.push(held);
      this.keepAlive(held);
      if (this.ready.length >= this.size) for (const fill of this.fillWaiting.splice(0)) fill.resolve();
    }
    // The Engine answers again: what it could not remove before may go now.
    this.retryLeftovers();
  }

  /** A failed start fails the claim that waits longest, and whoever waits for the pool to fill; refills wait a while. */
  private failed(error: unknown): void {
    if (this.closed) return;
    const failure = new Error(message(error));
    this.waiting.shift()?.reject(failure);
    for (const fill of this.fillWaiting.splice(0)) fill.reject(failure);
    this.retryMs = Math.min(DOCKER_POOL_RETRY_MAX_MS, Math.max(DOCKER_POOL_RETRY_MIN_MS, this.retryMs * 2));
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      this.pump();
    }, this.retryMs);
    // Retries alone do not keep the process alive; filled() awaited does (it refs the timer).
    this.retryTimer.unref?.();
  }

  /** Probes a ready container's helper every DOCKER_POOL_KEEPALIVE_MS: a line keeps it from idling out. */
  private keepAlive(held: Held): void {
    held.keepalive = setTimeout(() => {
      held.keepalive = undefined;
      // A probe that fails ends the stream, and lost() replaces the container.
      void held.stream.ping(DOCKER_POOL_PROBE_TIMEOUT_MS).then((answers) => {
        if (answers && this.ready.includes(held)) this.keepAlive(held);
      });
    }, DOCKER_POOL_KEEPALIVE_MS);
    held.keepalive.unref?.();
  }

  /** A ready container's stream ended (the container or its helper died): it is removed and replaced. */
  private lost(held: Held): void {
    if (!this.ready.includes(held)) return;
    this.discard(held);
    this.pump();
  }

  private discard(held: Held): void {
    const index = this.ready.indexOf(held);
    if (index !== -1) this.ready.splice(index, 1);
    clearTimeout(held.keepalive);
    held.stream.onEnd = undefined;
    this.owned.delete(held);
    this.remove(held.sandbox);
  }

  /** Removes a sandbox in the background; close() waits for it, and keeps what the Engine did not remove. */
  private remove(sandbox: DockerSandbox): void {
    const removal = sandbox.cleanup().then(() => {
      if (!sandbox.removed) this.leftovers.add(sandbox);
      this.removals.delete(removal);
    });
    this.removals.add(removal);
  }

  private retryLeftovers(): void {
    for (const sandbox of [...this.leftovers]) {
      this.leftovers.delete(sandbox);
      this.remove(sandbox);
    }
  }
}
