// A running command's output as progress events (SPEC section 9): the lines completed since the
// previous event, each cleaned as the result cleans a line (ANSI gone, a line redrawn with \r at its
// last state), the last whole ones that fit the event's cap. Pure: the run step decides when an
// event is taken (src/tools/shell/output-tap.ts).
//
// Only whole lines are shown: a secret the command prints a few characters at a time is shown once
// its line is complete, so that the orchestrator's redaction sees it whole; a line longer than the
// cap is left out rather than cut, for the same reason.
import type { ProgressReport } from '../../contract/live-calls.js';
import { cleanLine } from './clean.js';
import { utf8Bytes } from '../../text/utf8.js';

export interface OutputProgressLimits {
  /** An event's text, in UTF-8 bytes. */
  maxBytes: number;
  /** The raw bytes held between two events, at least (twice this at most): earlier ones are counted, not kept. */
  heldMaxBytes: number;
}

export type OutputReport = Extract<ProgressReport, { type: 'output' }>;

const NEWLINE = 0x0a;
const NOTHING_SHOWN = { text: '', rawBytes: 0 };
const decoder = new TextDecoder();

export class OutputProgress {
  /** The command's output so far, in bytes. */
  private totalBytes = 0;
  /** Raw bytes since the last event's last line end: the latest heldMaxBytes of them at least, twice that at most. */
  private held: Uint8Array;
  private heldLength = 0;
  /** Bytes since the last event that are no longer held (a flood): counted as skipped. */
  private droppedBytes = 0;

  constructor(private readonly limits: OutputProgressLimits) {
    this.held = new Uint8Array(Math.min(limits.heldMaxBytes, 4096));
  }

  write(bytes: Uint8Array): void {
    this.totalBytes += bytes.length;
    const max = this.limits.heldMaxBytes;
    if (bytes.length >= max) {
      this.droppedBytes += this.heldLength + bytes.length - max;
      this.ensureCapacity(max);
      this.held.set(bytes.subarray(bytes.length - max), 0);
      this.heldLength = max;
      return;
    }
    // Up to twice the limit is held, so that a flood in small pieces moves what it keeps once per
    // limit's worth of output rather than at every piece.
    if (this.heldLength + bytes.length > 2 * max) {
      const keep = max - bytes.length;
      const drop = this.heldLength - keep;
      this.held.copyWithin(0, drop, this.heldLength);
      this.heldLength = keep;
      this.droppedBytes += drop;
    }
    this.ensureCapacity(this.heldLength + bytes.length);
    this.held.set(bytes, this.heldLength);
    this.heldLength += bytes.length;
  }

  /** The event for the lines completed since the previous one; null when no line was completed. */
  take(): OutputReport | null {
    const lastEnd = this.held.subarray(0, this.heldLength).lastIndexOf(NEWLINE);
    if (lastEnd === -1) return null;
    // When bytes were dropped, the first held line lost its start: it is no whole line.
    const firstWhole = this.droppedBytes > 0 ? this.held.indexOf(NEWLINE) + 1 : 0;
    const shown = firstWhole > lastEnd ? NOTHING_SHOWN : lastWholeLines(this.held.subarray(firstWhole, lastEnd), this.limits.maxBytes);
    const completedBytes = this.droppedBytes + lastEnd + 1;
    const report: OutputReport = { type: 'output', text: shown.text, bytes: this.totalBytes };
    const skipped = completedBytes - shown.rawBytes;
    if (skipped > 0) report.skipped_bytes = skipped;
    this.held.copyWithin(0, lastEnd + 1, this.heldLength);
    this.heldLength -= lastEnd + 1;
    this.droppedBytes = 0;
    return report;
  }

  private ensureCapacity(needed: number): void {
    if (needed <= this.held.length) return;
    const grown = new Uint8Array(Math.min(2 * this.limits.heldMaxBytes, Math.max(needed, this.held.length * 2)));
    grown.set(this.held.subarray(0, this.heldLength));
    this.held = grown;
  }
}

/**
 * The last whole lines of `completed` (lines without their final \n) whose cleaned text, joined by
 * \n, fits `maxBytes`; `rawBytes` is what they were in the output, line ends included.
 */
export function lastWholeLines(completed: Uint8Array, maxBytes: number): { text: string; rawBytes: number } {
  const shown: string[] = [];
  let shownBytes = 0;
  let rawBytes = 0;
  let end = completed.length;
  for (;;) {
    const start = end === 0 ? 0 : completed.lastIndexOf(NEWLINE, end - 1) + 1;
    const line = cleanLine(decoder.decode(completed.subarray(start, end)));
    const lineBytes = utf8Bytes(line) + (shown.length > 0 ? 1 : 0);
    if (shownBytes + lineBytes > maxBytes) break;
    shown.push(line);
    shownBytes += lineBytes;
    rawBytes += end - start + 1;
    if (start === 0) break;
    end = start - 1;
  }
  return { text: shown.reverse().join('\n'), rawBytes };
}
