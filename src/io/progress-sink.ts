// A call's progress (SPEC section 9), as its parts see it: whether anyone asked, and where a report
// goes. Its host makes it (src/call/progress.ts) and stamps each report with the call's time; a call
// nobody asked progress of gets NO_PROGRESS, and its tools do no work for events nobody reads.
import type { ProgressReport } from '../contract/live-calls.js';

export interface Progress {
  /** Whether the call asked for progress. */
  readonly wanted: boolean;
  report(report: ProgressReport): void;
}

export const NO_PROGRESS: Progress = { wanted: false, report: () => {} };
