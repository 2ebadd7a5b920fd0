// The time limits of a warm stream's calls on one timer. A timer made and cleared per call cost a
// warm call tens of microseconds (Node makes and drops a timer list, and restarts libuv's timer,
// whenever a duration's last timer goes); this one stays armed for the earliest limit and is left
// armed past calls answered before it, checking when it fires what is due.

interface Due {
  at: number;
  then: () => void;
}

export class Deadlines {
  private readonly due = new Map<string, Due>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** When the timer fires (performance.now()); Infinity while none is armed. */
  private timerAt = Infinity;

  /** `then` runs once `ms` have passed, unless cleared before; while any is pending the process stays alive, as it would for its own timer. */
  set(key: string, ms: number, then: () => void): void {
    const at = performance.now() + ms;
    this.due.set(key, { at, then });
    if (this.timer !== undefined && this.timerAt <= at) this.timer.ref?.();
    else this.arm(at);
  }

  clear(key: string): void {
    if (!this.due.delete(key) || this.due.size > 0) return;
    // Left armed, it no longer holds the process.
    this.timer?.unref?.();
  }

  private arm(at: number): void {
    clearTimeout(this.timer);
    this.timerAt = at;
    this.timer = setTimeout(() => this.pass(), Math.max(0, at - performance.now()));
  }

  /** Runs what is due, then arms for the earliest left. A timer can fire a little before its time by this clock: that one waits on. */
  private pass(): void {
    this.timer = undefined;
    this.timerAt = Infinity;
    const now = performance.now();
    for (const [key, due] of [...this.due]) {
      if (due.at > now || this.due.get(key) !== due) continue;
      this.due.delete(key);
      due.then();
    }
    let next = Infinity;
    for (const due of this.due.values()) next = Math.min(next, due.at);
    if (next < Infinity) this.arm(next);
  }
}
