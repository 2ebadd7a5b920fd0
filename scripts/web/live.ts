// A running call as the page draws it (SPEC section 9): its row, the time it has run, its latest
// output lines and a code task's steps, kept from the orchestrator's live updates; what its block
// says of earlier steps; and the Server-Sent Events framing they travel in. Pure.
import { LIVE_LINE_MAX_CHARS, WEB_LIVE_LINES } from '../../src/limits.js';
import { clipCharsWithin } from '../../src/text/clip.js';
import type { LiveUpdate, LiveView } from '../../src/orchestrator/index.js';
import { startLiveView } from '../../src/orchestrator/view/live.js';

export interface LiveCall {
  seq: number;
  tool: string;
  /** Drawn as a block that grows step by step (a code task), not as a row. */
  block: boolean;
  view: LiveView;
  /** The latest output lines, the latest last: at most WEB_LIVE_LINES. */
  lines: string[];
  /** The orchestrator's note that no event will come for this run's calls. */
  note?: string;
  /** The time the call has run, as of this message: the page counts on from it. */
  elapsedMs: number;
}

export function startLiveCall(seq: number, tool: string, row: string, block: boolean): LiveCall {
  return { seq, tool, block, view: startLiveView(row), lines: [], elapsedMs: 0 };
}

/** The call after `update`: a new value. */
export function nextLiveCall(call: LiveCall, update: LiveUpdate, maxLines: number = WEB_LIVE_LINES): LiveCall {
  const next: LiveCall = { ...call, view: update.view };
  if (update.note !== undefined) next.note = update.note;
  if (update.event?.type === 'output') {
    const lines = update.event.text.split('\n');
    if (lines.at(-1) === '') lines.pop();
    next.lines = [...call.lines, ...lines.map((line) => clipCharsWithin(line, LIVE_LINE_MAX_CHARS))].slice(-maxLines);
  }
  return next;
}

/** What a running code task's block says of the steps its view left out, the earliest ones. */
export function earlierStepsText(count: number): string {
  return `… ${count} earlier ${count === 1 ? 'step' : 'steps'}`;
}

/** One Server-Sent Event: its name and its data, JSON on one line. */
export function serverSentEvent(name: string, data: unknown): string {
  return `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;
}
