// Where a running command's output meets its progress (SPEC section 9): every piece goes to the
// batcher (progress.ts), and an event is taken at most once each PROGRESS_OUTPUT_INTERVAL_MS: at
// once when a line completes after a quiet spell, else when the interval is over. A flood is one
// event an interval, its last lines. Nothing is reported after the command ended: its answer
// follows at once.
import { PROGRESS_OUTPUT_HELD_MAX_BYTES, PROGRESS_OUTPUT_INTERVAL_MS, PROGRESS_OUTPUT_MAX_BYTES } from '../../limits.js';
import type { Progress } from '../../io/progress.js';
import { OutputProgress } from './progress.js';

export interface OutputTap {
  write(bytes: Uint8Array): void;
  /** The command ended: no event is taken after this. */
  end(): void;
}

const NO_TAP: OutputTap = { write: () => {}, end: () => {} };

/** The tap of a command's output for `progress`; one that does nothing when nobody asked. */
export function outputTapFor(progress: Progress, now: () => number): OutputTap {
  if (!progress.wanted) return NO_TAP;
  const batcher = new OutputProgress({ maxBytes: PROGRESS_OUTPUT_MAX_BYTES, heldMaxBytes: PROGRESS_OUTPUT_HELD_MAX_BYTES });
  let lastEventAt = -Infinity;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let ended = false;
  const takeEvent = (): void => {
    timer = undefined;
    if (ended) return;
    const report = batcher.take();
    if (report === null) return;
    lastEventAt = now();
    progress.report(report);
  };
  // A timer may fire before `now` says the interval is over (Node counts it from the event loop's
  // cached time, which a busy turn leaves behind), so the time is asked again when it fires.
  const takeWhenDue = (): void => {
    timer = undefined;
    const wait = lastEventAt + PROGRESS_OUTPUT_INTERVAL_MS - now();
    if (wait <= 0) takeEvent();
    else timer = setTimeout(takeWhenDue, Math.ceil(wait));
  };
  return {
    write(bytes) {
      if (ended) return;
      batcher.write(bytes);
      if (timer === undefined) takeWhenDue();
    },
    end() {
      ended = true;
      clearTimeout(timer);
    },
  };
}
