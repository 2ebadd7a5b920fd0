// Where a running command's output meets its progress (SPEC section 9): every piece goes to the
// batcher (output-events.ts), and an event is taken at most once each PROGRESS_OUTPUT_INTERVAL_MS: at
// once when a line completes after a quiet spell, else when the interval is over. A flood is one
// event an interval, its last lines. The pace is kept by the call's own clock, from the stamp each
// event went out with, so that no two events' `elapsed_ms` are nearer than the interval. Nothing is
// reported after the command ended: its answer follows at once.
import { PROGRESS_OUTPUT_HELD_MAX_BYTES, PROGRESS_OUTPUT_INTERVAL_MS, PROGRESS_OUTPUT_MAX_BYTES } from '../../limits.js';
import { timersOn, whenDue } from '../../io/due-timer.js';
import type { Progress } from '../../io/progress-sink.js';
import { OutputProgress } from './output-events.js';

export interface OutputTap {
  write(bytes: Uint8Array): void;
  /** The command ended: no event is taken after this. */
  end(): void;
}

const NO_TAP: OutputTap = { write: () => {}, end: () => {} };

/** The tap of a command's output for `progress`; one that does nothing when nobody asked. */
export function outputTapFor(progress: Progress): OutputTap {
  if (!progress.wanted) return NO_TAP;
  const batcher = new OutputProgress({ maxBytes: PROGRESS_OUTPUT_MAX_BYTES, heldMaxBytes: PROGRESS_OUTPUT_HELD_MAX_BYTES });
  const now = (): number => progress.elapsedMs();
  const clock = timersOn(now);
  let lastEventAt = -Infinity;
  let cancelTimer: (() => void) | null = null;
  let ended = false;
  const takeEvent = (): void => {
    cancelTimer = null;
    if (ended) return;
    const report = batcher.take();
    if (report === null) return;
    lastEventAt = progress.report(report);
  };
  return {
    write(bytes) {
      if (ended) return;
      batcher.write(bytes);
      if (cancelTimer !== null) return;
      const due = lastEventAt + PROGRESS_OUTPUT_INTERVAL_MS;
      if (now() >= due) takeEvent();
      else cancelTimer = whenDue(clock, due, takeEvent);
    },
    end() {
      ended = true;
      cancelTimer?.();
    },
  };
}
