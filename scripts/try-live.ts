// A running call in the terminal (SPEC section 9): its output lines and a code task's steps printed
// as they come, under a line naming the call; on a terminal, a status line below them with the time
// it has run, redrawn in place each second. Not on a terminal (a pipe, a file, CI's log), plain
// lines only: no carriage return, no escape, a heartbeat its own line. Every sentence and the
// redrawing are pure functions here; LivePrinter holds the timer and the state.
import type { LiveStep, LiveUpdate, LiveView, ProgressEvent } from '../src/orchestrator/index.js';
import { formatElapsed } from '../src/text/elapsed.js';

/** How often a terminal's status line is redrawn while nothing comes. */
export const LIVE_STATUS_TICK_MS = 1000;
/** The status line is kept under the terminal's width by this many columns: a full line would wrap. */
const STATUS_MARGIN_COLUMNS = 1;
/** A terminal that does not say its width is taken as this wide. */
export const DEFAULT_COLUMNS = 80;

/** Back to the start of the line and erase it: the status line goes before what is printed above it. */
export const ERASE_LINE = '\r\u001b[2K';

/** The line before a call's first live line: which call this is. */
export function liveHeading(row: string): string {
  return `▸ ${row}`;
}

/** A line of the command's output, as it came. */
export function outputLine(line: string): string {
  return `  │ ${line}`;
}

/** Said where an output event left lines out (a flood between two events). */
export function skippedLine(bytes: number): string {
  return `  │ … ${bytes} bytes of output skipped`;
}

/** A code task's step: when, what kind, its text. */
export function stepLine(step: LiveStep): string {
  return `  · ${step.elapsed} ${step.kind}: ${step.text}`;
}

/** A heartbeat, off a terminal: the call is alive, quiet for a while. */
export function heartbeatLine(elapsed: string): string {
  return `  … still running (${elapsed})`;
}

/** The orchestrator's note that no event will come for this run's calls. */
export function noteLine(note: string): string {
  return `  (${note})`;
}

/** The terminal's status line: the time run, the output so far, the row; cut to `columns`. */
export function statusLine(view: LiveView, elapsedMs: number, columns: number): string {
  const parts = [`running ${formatElapsed(elapsedMs)}`];
  if (view.outputBytes > 0) parts.push(`${view.outputBytes} bytes of output`);
  parts.push(view.row);
  const line = `  ⋯ ${parts.join(' · ')}`;
  const room = Math.max(1, columns - STATUS_MARGIN_COLUMNS);
  const chars = [...line];
  return chars.length <= room ? line : `${chars.slice(0, room - 1).join('')}…`;
}

/** The lines of an event: every completed output line, or the step; a heartbeat only off a terminal. */
export function eventLines(event: ProgressEvent, view: LiveView, terminal: boolean): string[] {
  if (event.type === 'output') {
    const lines = event.text.split('\n');
    if (lines.at(-1) === '') lines.pop();
    return [...(event.skipped_bytes ? [skippedLine(event.skipped_bytes)] : []), ...lines.map(outputLine)];
  }
  if (event.type === 'step') return [stepLine(view.steps.at(-1) ?? { kind: event.kind, text: event.text, elapsed: view.elapsed })];
  return terminal ? [] : [heartbeatLine(formatElapsed(event.elapsed_ms))];
}

/**
 * What a terminal is written to show `lines` above the status line: the old status erased, each line
 * with its newline, the status again (none: the call has ended, the line stays empty for what follows).
 */
export function terminalFrame(lines: readonly string[], status: string | null): string {
  return ERASE_LINE + lines.map((line) => `${line}\n`).join('') + (status ?? '');
}

export interface LiveOutput {
  write(text: string): void;
  /** A terminal: the status line is drawn and redrawn in place; its width, when it says one (a pty may say 0). */
  isTTY: boolean;
  columns?: number | undefined;
}

/** One call's live lines, from its start to its end. */
export class LivePrinter {
  private view: LiveView;
  private headed = false;
  private readonly startedAt: number;
  private ticker: ReturnType<typeof setInterval> | undefined;

  constructor(
    private readonly out: LiveOutput,
    start: LiveView,
    private readonly now: () => number = Date.now,
  ) {
    this.view = start;
    this.startedAt = now();
    // A call that answers at once never shows a status line.
    if (out.isTTY) this.ticker = setInterval(() => this.draw([]), LIVE_STATUS_TICK_MS);
  }

  update(update: LiveUpdate): void {
    this.view = update.view;
    const lines = update.event === null ? (update.note === undefined ? [] : [noteLine(update.note)]) : eventLines(update.event, update.view, this.out.isTTY);
    if (lines.length > 0 && !this.headed) {
      lines.unshift(liveHeading(this.view.row));
      this.headed = true;
    }
    this.draw(lines);
  }

  /** The call answered: the status line goes, and a blank line parts the live lines from what follows. */
  end(): void {
    if (this.out.isTTY && this.ticker !== undefined) this.out.write(ERASE_LINE);
    clearInterval(this.ticker);
    this.ticker = undefined;
    if (this.headed) this.out.write('\n');
  }

  private draw(lines: string[]): void {
    if (!this.out.isTTY) {
      if (lines.length > 0) this.out.write(lines.map((line) => `${line}\n`).join(''));
      return;
    }
    if (this.ticker === undefined) return;
    this.out.write(terminalFrame(lines, statusLine(this.view, this.now() - this.startedAt, this.out.columns || DEFAULT_COLUMNS)));
  }
}
