// A call's progress (SPEC section 9), as its parts see it: whether anyone asked, the call's time, and
// where a report goes. Its host makes it (src/call/progress.ts) and stamps each report with the call's
// time; a call nobody asked progress of gets NO_PROGRESS, and its tools do no work for events nobody
// reads.
import type { ProgressReport } from '../contract/live-calls.js';

export interface Progress {
  /** Whether the call asked for progress. */
  readonly wanted: boolean;
  /** Milliseconds since the call began, by the clock its reports are stamped with; never stepping back. */
  elapsedMs(): number;
  /** Reports; returns the `elapsed_ms` the report was stamped with, so a pace kept by it is kept in the stamps. */
  report(report: ProgressReport): number;
}

export const NO_PROGRESS: Progress = { wanted: false, elapsedMs: () => 0, report: () => 0 };
