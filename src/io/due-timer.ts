// Waiting until a time is due, by a clock that a test can turn by hand: the heartbeat of a call's
// progress (src/call/progress.ts) and the shell's output events (src/tools/shell/output-tap.ts).
/** A clock and its timer, as a call's progress waits on them. */
export interface ProgressClock {
  /** Milliseconds; never stepping back. */
  now(): number;
  /** Calls `run` after about `ms` milliseconds; the returned function cancels it. */
  after(ms: number, run: () => void): () => void;
}

/** `now`'s clock with Node's timers. A call is kept alive by what it runs; its progress alone does not. */
export function timersOn(now: () => number): ProgressClock {
  return {
    now,
    after(ms, run) {
      const timer = setTimeout(run, ms);
      timer.unref?.();
      return () => clearTimeout(timer);
    },
  };
}

/**
 * Calls `run` once `clock` reads `due` or later, never before. Node counts a timer from the event
 * loop's cached time, which a busy turn leaves behind, so a timer may fire before `now` says its time
 * has come: then it waits out the rest. The returned function cancels it.
 */
export function whenDue(clock: ProgressClock, due: number, run: () => void): () => void {
  let cancel: () => void;
  const arm = (): void => {
    cancel = clock.after(Math.max(1, Math.ceil(due - clock.now())), fire);
  };
  const fire = (): void => {
    if (clock.now() < due) arm();
    else run();
  };
  arm();
  return () => cancel();
}
