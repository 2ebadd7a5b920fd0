// How a shell result reads: the cleaned output whole when it fits, else its head, the elision line and
// its tail, then the trailers. Pure and synchronous; every limit comes in as an argument.
import type { CleanSink } from './clean.js';
import { keptFailures, type FailureScan } from './failure-lines.js';
import { copyBytes, isContinuationByte, suffixWithinBytes, utf8Bytes } from './utf8.js';

const NEWLINE = 0x0a;

export const NO_OUTPUT_TEXT = '(no output)';
/** Marks a log path in the elision line that keeps only its end. */
const PATH_CUT_MARK = '…';

export interface ShellShapeLimits {
  /** The result's byte cap. */
  maxBytes: number;
  /** The head's own cap (also never more than a quarter of maxBytes). */
  headMaxBytes: number;
  /** A cut moves to a line end when one lies within this share of the part's size (percent). */
  lineEndReachPercent: number;
}

/** The head's cap for a result cap: at most `headMaxBytes` and at most a quarter of `maxBytes`. */
export function headCapBytes(limits: ShellShapeLimits): number {
  return Math.min(limits.headMaxBytes, Math.floor(limits.maxBytes / 4));
}

/**
 * Keeps the first and last bytes of the cleaned output and counts all of it, whatever its size.
 * The head holds one byte past the head's cap (to see whether a line ends right there); the tail
 * holds the last `tailKeepBytes`, which is at least all that a result could show.
 */
export class OutputCollector implements CleanSink {
  totalBytes = 0;
  /** True once a gap was counted: the tail then no longer reaches back to the head. */
  skipped = false;
  private readonly head: Uint8Array;
  private headLength = 0;
  private headClosed = false;
  private tailPieces: Uint8Array[] = [];
  private tailLength = 0;

  constructor(
    headKeepBytes: number,
    private readonly tailKeepBytes: number,
  ) {
    this.head = new Uint8Array(headKeepBytes);
  }

  write(bytes: Uint8Array): void {
    if (bytes.length === 0) return;
    this.totalBytes += bytes.length;
    if (!this.headClosed && this.headLength < this.head.length) {
      const take = Math.min(bytes.length, this.head.length - this.headLength);
      this.head.set(bytes.subarray(0, take), this.headLength);
      this.headLength += take;
    }
    if (bytes.length >= this.tailKeepBytes) {
      this.tailPieces = [copyBytes(bytes.subarray(bytes.length - this.tailKeepBytes))];
      this.tailLength = this.tailKeepBytes;
      return;
    }
    this.tailPieces.push(copyBytes(bytes));
    this.tailLength += bytes.length;
    while (this.tailLength - this.tailPieces[0]!.length >= this.tailKeepBytes) {
      this.tailLength -= this.tailPieces.shift()!.length;
    }
  }

  skip(bytes: number): void {
    if (bytes <= 0) return;
    this.totalBytes += bytes;
    this.skipped = true;
    this.headClosed = true;
    this.tailPieces = [];
    this.tailLength = 0;
  }

  headBytes(): Uint8Array {
    return this.head.subarray(0, this.headLength);
  }

  tailBytes(): Uint8Array {
    const all = new Uint8Array(this.tailLength);
    let at = 0;
    for (const piece of this.tailPieces) {
      all.set(piece, at);
      at += piece.length;
    }
    return all.subarray(Math.max(0, this.tailLength - this.tailKeepBytes));
  }
}

/** A collector sized for `limits`: the head's cap plus one, and the cap plus the output's final line end. */
export function outputCollectorFor(limits: ShellShapeLimits): OutputCollector {
  return new OutputCollector(headCapBytes(limits) + 1, limits.maxBytes + 1);
}

export interface CollectedOutput {
  /** The first bytes of the cleaned output (at least the head's cap plus one, when there are that many). */
  head: Uint8Array;
  /** The last bytes of the cleaned output, contiguous up to its end. */
  tail: Uint8Array;
  totalBytes: number;
  /** True when `tail` holds the whole output. */
  whole: boolean;
}

export function collectedOutput(collector: OutputCollector): CollectedOutput {
  const tail = collector.tailBytes();
  return {
    head: collector.headBytes(),
    tail,
    totalBytes: collector.totalBytes,
    whole: !collector.skipped && tail.length === collector.totalBytes,
  };
}

export function timedOutLine(timeoutSeconds: number): string {
  return `[timed out after ${timeoutSeconds}s; the command was stopped]`;
}

export const INTERRUPTED_LINE = '[the helper was interrupted; the command was stopped]';

/** The lines after the output: why it stopped, then its exit code when not 0. */
export function shellTrailers(exitCode: number, stopLine: string | null): string[] {
  const lines: string[] = [];
  if (stopLine !== null) lines.push(stopLine);
  if (exitCode !== 0) lines.push(`exit_code: ${exitCode}`);
  return lines;
}

export function elisionLine(elidedBytes: number, logPath: string): string {
  return `[… ${elidedBytes} bytes elided; full output: ${logPath} …]`;
}

export interface ShellText {
  text: string;
  elided: boolean;
}

const decoder = new TextDecoder('utf-8');

/**
 * The result's text. The output's own final line end makes no line of its own; output that is empty
 * (or only that line end) reads (no output). When the whole does not fit in maxBytes, the head (at
 * most its cap) and the tail (all the room left) go around the elision line, whose N counts the bytes
 * of cleaned output between the end of the head, with the line end it stops at, and the start of the
 * tail: with both cuts at line ends, the bytes of the lines left out, their line ends included.
 *
 * The trailers always survive and the tail always gets at least the head's cap: when a long log path
 * leaves less room than that, the head shrinks (down to nothing, its line then left out), then the
 * elision line names the log by `shortLogPath` (the same file from the home, `~/…`), and only if that
 * is still too long by the end of it after `…`.
 *
 * `failures`, asked only when the output is elided, gives the failure lines found in it: those lying
 * wholly in the elided part follow the elision line (failure-lines.ts), within their budget and never
 * leaving the tail less than the head's cap; the tail then starts after the last of them.
 */
export function shapeShellText(
  output: CollectedOutput,
  trailers: readonly string[],
  logPath: string,
  limits: ShellShapeLimits,
  shortLogPath: string = logPath,
  failures?: () => FailureScan,
): ShellText {
  const trailerText = trailers.map((line) => '\n' + line).join('');
  const trailerBytes = utf8Bytes(trailerText);
  const endsWithNewline =
    output.totalBytes > 0 && output.tail.length > 0 && output.tail[output.tail.length - 1] === NEWLINE;
  const shownTotal = output.totalBytes - (endsWithNewline ? 1 : 0);

  if (output.whole && shownTotal + trailerBytes <= limits.maxBytes) {
    const body = shownTotal === 0 ? NO_OUTPUT_TEXT : decoder.decode(output.tail.subarray(0, shownTotal));
    return { text: body + trailerText, elided: false };
  }

  // What the head and tail share: the cap less the elision line (its N at most the whole output's
  // size), the trailers and the line ends around the elision line.
  const headCap = headCapBytes(limits);
  const partsRoom = (path: string): number =>
    limits.maxBytes - utf8Bytes(elisionLine(output.totalBytes, path)) - 2 - trailerBytes;
  let shownPath = logPath;
  if (partsRoom(shownPath) < headCap) shownPath = shortLogPath;
  if (partsRoom(shownPath) < headCap) {
    const pathRoom = Math.max(0, partsRoom('') - headCap - utf8Bytes(PATH_CUT_MARK));
    shownPath = PATH_CUT_MARK + suffixWithinBytes(shownPath, pathRoom);
  }
  const markerRoom = utf8Bytes(elisionLine(output.totalBytes, shownPath));
  const headRoom = Math.max(0, Math.min(headCap, partsRoom(shownPath) - headCap));

  // The head: up to its room, ending at the last line end when that lies near the room's end.
  const reach = (size: number): number => Math.floor((size * limits.lineEndReachPercent) / 100);
  const head = output.head;
  let headShown = Math.min(headRoom, head.length);
  let headEnd = headShown; // where the elided bytes start
  const lastNewline = headRoom === 0 ? -1 : head.subarray(0, Math.min(headRoom + 1, head.length)).lastIndexOf(NEWLINE);
  if (lastNewline !== -1 && lastNewline >= headRoom - reach(headRoom)) {
    headShown = lastNewline;
    headEnd = lastNewline + 1;
  } else {
    while (headShown > 0 && isContinuationByte(head[headShown])) headShown--;
    headEnd = headShown;
  }

  // The tail: all the room left, starting just after a line end when one lies near the start.
  const tail = output.tail;
  const tailShownEnd = tail.length - (endsWithNewline ? 1 : 0);
  const tailOffset = output.totalBytes - tail.length; // where `tail` starts in the whole output
  const room = Math.max(0, limits.maxBytes - headShown - 1 - markerRoom - 1 - trailerBytes);
  const earliest = Math.max(0, headEnd - tailOffset);
  const tailStart = (tailRoom: number): number => {
    let start = Math.min(tailShownEnd, Math.max(earliest, tailShownEnd - tailRoom));
    const windowStart = start;
    let atLineStart = false;
    for (let i = Math.max(windowStart - 1, earliest); i < Math.min(tailShownEnd, windowStart + reach(tailRoom)); i++) {
      if (tail[i] === NEWLINE) {
        start = i + 1;
        atLineStart = true;
        break;
      }
    }
    if (!atLineStart) while (start < tailShownEnd && isContinuationByte(tail[start])) start++;
    return start;
  };
  let start = tailStart(room);

  // Failure lines of the elided part: looked for only among the lines the smallest tail would leave out.
  let kept = '';
  const scan = failures?.();
  const budget = scan ? Math.min(Math.floor((limits.maxBytes * scan.maxPercent) / 100), room - headCap - 1) : 0;
  if (scan && budget > 0) {
    const block = keptFailures(scan, headEnd, tailOffset + tailStart(room - budget - 1), budget);
    if (block) {
      kept = block.text + '\n';
      start = Math.max(tailStart(room - block.bytes - 1), block.end - tailOffset);
    }
  }

  const elidedBytes = Math.max(0, tailOffset + start - headEnd);
  const text =
    (headShown > 0 ? decoder.decode(head.subarray(0, headShown)) + '\n' : '') +
    elisionLine(elidedBytes, shownPath) +
    '\n' +
    kept +
    decoder.decode(tail.subarray(start, tailShownEnd)) +
    trailerText;
  return { text, elided: true };
}
