// When an exec is to be stopped: its deadline passes, or its caller aborts. One value that settles
// once, with which came first, raced against the exec's end (as codex's ExecExpiration is): every
// sandbox's exec takes one in its request (src/orchestrator/sandbox.ts) rather than keeping a timer
// and a listener of its own.

export type Expired = 'timeout' | 'aborted';

/** What a sandbox does when an exec expires: stop it all at the deadline, ask the helper to stop at an abort. */
export interface ExpirationActions {
  /** The deadline passed: stop the command's whole group. */
  timeout(): void;
  /** The caller aborted: ask the helper alone to stop (it stops its command and still answers). */
  abort(): void;
}

export class ExecExpiration {
  /** Settles with the first of the deadline and the abort; never, once disposed first. */
  readonly expired: Promise<Expired>;
  /** How long it gave when it was made, in milliseconds: what a caller waits at most. */
  readonly timeoutMs: number;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private onAbort: (() => void) | undefined;

  /**
   * `deadline` in Date.now()'s milliseconds; `signal`, when given, the caller's abort; `now`, the
   * clock read once, so that the time it gives and its timer agree even when the clock ticks between.
   */
  constructor(
    readonly deadline: number,
    private readonly signal?: AbortSignal,
    now: number = Date.now(),
  ) {
    this.timeoutMs = Math.max(0, deadline - now);
    this.expired = new Promise((settle) => {
      // The exec it stops keeps this process alive while it runs; the deadline alone does not.
      this.timer = setTimeout(() => settle('timeout'), this.timeoutMs);
      this.timer.unref?.();
      if (signal === undefined) return;
      if (signal.aborted) {
        settle('aborted');
        return;
      }
      this.onAbort = () => settle('aborted');
      signal.addEventListener('abort', this.onAbort, { once: true });
    });
  }

  /** An expiration `timeoutMs` from now, aborted with `signal`. */
  static after(timeoutMs: number, signal?: AbortSignal): ExecExpiration {
    const now = Date.now();
    return new ExecExpiration(now + timeoutMs, signal, now);
  }

  /** The same deadline without the abort: what is left once the abort has been acted on. */
  deadlineOnly(): ExecExpiration {
    return new ExecExpiration(this.deadline);
  }

  /**
   * Acts on this expiration until `ended` settles: an abort asks the helper to stop and the deadline
   * still holds; the deadline stops it all. Resolves whether the deadline passed first.
   */
  async follow(ended: Promise<unknown>, actions: ExpirationActions): Promise<boolean> {
    const done = ended.then(() => 'ended' as const);
    let current: ExecExpiration = this;
    try {
      for (;;) {
        const first = await Promise.race([done, current.expired]);
        if (first === 'ended') return false;
        if (first === 'timeout') {
          actions.timeout();
          return true;
        }
        actions.abort();
        if (current !== this) current.dispose();
        current = this.deadlineOnly();
      }
    } finally {
      if (current !== this) current.dispose();
    }
  }

  /** Lets go of the timer and the listener. */
  dispose(): void {
    clearTimeout(this.timer);
    if (this.onAbort !== undefined) this.signal?.removeEventListener('abort', this.onAbort);
  }
}
