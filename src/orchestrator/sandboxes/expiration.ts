// When an exec is to be stopped: its deadline passes, or its caller aborts. One value that settles
// once, with which came first, raced against the exec's end (as codex's ExecExpiration is), in place
// of a timer and a listener of each exec's own.

export type Expired = 'timeout' | 'aborted';

export class ExecExpiration {
  /** Settles with the first of the deadline and the abort; never, once disposed first. */
  readonly expired: Promise<Expired>;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private onAbort: (() => void) | undefined;

  /** `deadline` in Date.now()'s milliseconds; `signal`, when given, the caller's abort. */
  constructor(
    readonly deadline: number,
    private readonly signal?: AbortSignal,
  ) {
    this.expired = new Promise((settle) => {
      this.timer = setTimeout(() => settle('timeout'), Math.max(0, deadline - Date.now()));
      if (signal === undefined) return;
      if (signal.aborted) {
        settle('aborted');
        return;
      }
      this.onAbort = () => settle('aborted');
      signal.addEventListener('abort', this.onAbort, { once: true });
    });
  }

  /** The same deadline without the abort: what is left once the abort has been acted on. */
  deadlineOnly(): ExecExpiration {
    return new ExecExpiration(this.deadline);
  }

  /** Lets go of the timer and the listener. */
  dispose(): void {
    clearTimeout(this.timer);
    if (this.onAbort !== undefined) this.signal?.removeEventListener('abort', this.onAbort);
  }
}
