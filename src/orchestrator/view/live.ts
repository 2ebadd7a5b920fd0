// What the app shows of a call while it runs (SPEC section 9): its row with the elapsed time and the
// latest output line (shell, a `command` harness), or a code_task's steps so far. Pure and bounded:
// however many events a call sends, a live view holds the latest LIVE_STEPS_MAX steps and one line.
import { LIVE_LINE_MAX_CHARS, LIVE_STEPS_MAX } from '../../limits.js';
import type { ProgressEvent, StepKind } from '../../contract/live-calls.js';
import { clipCharsWithin } from '../../text/clip.js';
import { formatElapsed } from '../../text/elapsed.js';

export interface LiveStep {
  kind: StepKind;
  text: string;
  /** When it came, as rows write a time (2m14s). */
  elapsed: string;
}

export interface LiveView {
  /** The call's row, as the flow shows it: "Run npm test". */
  row: string;
  /** The time since the call began, at its latest event. */
  elapsed: string;
  /** The latest line of output, or the latest step's text; null while none came. */
  latestLine: string | null;
  /** The command's output so far, in bytes (shell, a `command` harness). */
  outputBytes: number;
  /** A code_task's steps so far: the latest LIVE_STEPS_MAX of them. */
  steps: LiveStep[];
  /** Steps left out of `steps`, the earliest ones. */
  earlierSteps: number;
}

export interface LiveLimits {
  stepsMax: number;
  lineMaxChars: number;
}

export const LIVE_LIMITS: LiveLimits = { stepsMax: LIVE_STEPS_MAX, lineMaxChars: LIVE_LINE_MAX_CHARS };

/** A view before any event: the row alone. */
export function startLiveView(row: string): LiveView {
  return { row, elapsed: formatElapsed(0), latestLine: null, outputBytes: 0, steps: [], earlierSteps: 0 };
}

function lastLineOf(text: string): string | null {
  const lines = text.split('\n');
  for (let index = lines.length - 1; index >= 0; index--) if (lines[index]!.trim() !== '') return lines[index]!;
  return null;
}

/** The view after `event`: a new value; `view` is left as it was. */
export function nextLiveView(view: LiveView, event: ProgressEvent, limits: LiveLimits = LIVE_LIMITS): LiveView {
  const next: LiveView = { ...view, elapsed: formatElapsed(event.elapsed_ms) };
  if (event.type === 'output') {
    next.outputBytes = event.bytes;
    const line = lastLineOf(event.text);
    if (line !== null) next.latestLine = clipCharsWithin(line, limits.lineMaxChars);
  } else if (event.type === 'step') {
    const steps = [...view.steps, { kind: event.kind, text: event.text, elapsed: next.elapsed }];
    const over = Math.max(0, steps.length - limits.stepsMax);
    next.steps = steps.slice(over);
    next.earlierSteps = view.earlierSteps + over;
    next.latestLine = clipCharsWithin(event.text, limits.lineMaxChars);
  }
  return next;
}
