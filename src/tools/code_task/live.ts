// Where a running harness's output meets the call's progress (SPEC section 9): a CLI's JSON events
// become steps as each line completes (harnesses/steps.ts and each adapter's), a `command` harness's
// output becomes output events exactly as a shell command's does (src/tools/shell/output-tap.ts).
// Nothing is done for a call nobody asked progress of.
import { PROGRESS_STEP_MAX_CHARS } from '../../limits.js';
import type { Progress } from '../../io/progress-sink.js';
import { outputTapFor } from '../shell/output-tap.js';
import { StepStream } from './harnesses/steps.js';
import type { HarnessAdapter } from './harnesses/types.js';

export interface HarnessLive {
  /** A line of the harness's output, as its parser gets it. */
  line(text: string, clipped: boolean): void;
  /** The harness's output as it came. */
  write(bytes: Uint8Array): void;
  /** The harness ended and its last line was given: what was held back is reported, then nothing more. */
  end(): void;
}

const NOT_LIVE: HarnessLive = { line: () => {}, write: () => {}, end: () => {} };

export function harnessLive(progress: Progress, adapter: HarnessAdapter): HarnessLive {
  if (!progress.wanted) return NOT_LIVE;
  if (adapter.steps === null) {
    const tap = outputTapFor(progress);
    return { line: () => {}, write: (bytes) => tap.write(bytes), end: () => tap.end() };
  }
  const steps = new StepStream(adapter.steps({ maxChars: PROGRESS_STEP_MAX_CHARS }));
  let ended = false;
  return {
    line: (text, clipped) => {
      if (!ended) for (const report of steps.line(text, clipped)) progress.report(report);
    },
    write: () => {},
    end: () => {
      if (ended) return;
      ended = true;
      for (const report of steps.end()) progress.report(report);
    },
  };
}
