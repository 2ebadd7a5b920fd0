// The head and tail of a command's cleaned output, kept whatever its size. Pure.
import type { CleanSink } from './clean.js';
import { SHELL_HEAD_MAX_BYTES, SHELL_LINE_END_REACH_PERCENT } from '../../limits.js';
import { copyBytes } from '../../text/utf8.js';

export interface ShellShapeLimits {
  /** The result's byte cap. */
  maxBytes: number;
  /** The head's own cap (also never more than a quarter of maxBytes). */
  headMaxBytes: number;
  /** A cut moves to a line end when one lies within this share of the part's size (percent). */
  lineEndReachPercent: number;
}

/** The tool's own shaping limits, for a result cap: a caller gives the cap, and what else differs. */
export function shellShapeLimits(maxBytes: number, overrides: Partial<ShellShapeLimits> = {}): ShellShapeLimits {
  return { maxBytes, headMaxBytes: SHELL_HEAD_MAX_BYTES, lineEndReachPercent: SHELL_LINE_END_REACH_PERCENT, ...overrides };
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
