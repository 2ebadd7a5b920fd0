// A call's progress (SPEC section 9), as its parts see it: whether anyone asked, and where a report
// goes. Its host makes it (src/call-progress.ts) and stamps each report with the call's time; a call
// nobody asked progress of gets NO_PROGRESS, and its tools do no work for events nobody reads.
import type { ProgressReport } from '../contract/progress.js';

export interface Progress {
  /** Whether the call asked for progress. */
  readonly wanted: boolean;
  report(report: ProgressReport): void;
}

export const NO_PROGRESS: Progress = { wanted: false, report: () => {} };

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
