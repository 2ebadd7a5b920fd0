// One shown line's text, seen once as it streams. Pure.
import { isContinuationByte } from '../../text/utf8.js';
import { BoundedBytes, codePointsIn, decode } from './bytes.js';
import type { LineView } from './format.js';

const CARRIAGE_RETURN = 0x0d;

export interface LineTextLimits {
  /** Characters a shown line keeps. */
  maxChars: number;
  /** Characters shown before the match when the window moves to hold it. */
  leadChars: number;
}

/**
 * Its first bytes, the bytes around its first match, and its length in characters, never more,
 * however long the line.
 */
export class LineText {
  private readonly head: BoundedBytes;
  private readonly window: BoundedBytes | null;
  private readonly windowStart: number;
  // A code point takes at most 4 bytes: this many bytes always hold the characters a clipped line shows.
  private readonly keepBytes: number;
  private offset = 0;
  private chars = 0;
  private charsBeforeMatch = 0;
  private lastByte = -1;

  /** `matchByte`: the byte offset of the first match in the line, null for a context line. */
  constructor(
    private readonly matchByte: number | null,
    private readonly limits: LineTextLimits,
  ) {
    this.keepBytes = limits.maxChars * 4;
    this.head = new BoundedBytes(this.keepBytes);
    this.windowStart = matchByte === null ? 0 : Math.max(0, matchByte - this.keepBytes);
    // Only a match that starts past what the head can show needs a window (a byte is at most a char).
    const windowNeeded = matchByte !== null && matchByte > limits.maxChars - limits.leadChars;
    this.window = windowNeeded ? new BoundedBytes(2 * this.keepBytes) : null;
  }

  feed(bytes: Uint8Array): void {
    const start = this.offset;
    const end = start + bytes.length;
    if (start < this.keepBytes) this.head.push(bytes.subarray(0, this.keepBytes - start));
    if (this.window !== null && end > this.windowStart) {
      this.window.push(bytes.subarray(Math.max(0, this.windowStart - start)));
    }
    this.chars += codePointsIn(bytes);
    if (this.matchByte !== null && start < this.matchByte) {
      this.charsBeforeMatch += codePointsIn(bytes.subarray(0, Math.min(bytes.length, this.matchByte - start)));
    }
    this.offset = end;
    if (bytes.length > 0) this.lastByte = bytes[bytes.length - 1]!;
  }

  view(): LineView {
    const { maxChars, leadChars } = this.limits;
    // A CRLF file's lines reach us with their \r; it is part of the line end, not of the text.
    const carriageReturn = this.lastByte === CARRIAGE_RETURN;
    const totalChars = this.chars - (carriageReturn ? 1 : 0);
    const matchChar = this.matchByte === null ? null : this.charsBeforeMatch;
    const useWindow = this.window !== null && matchChar !== null && totalChars > maxChars && matchChar > maxChars - leadChars;
    if (!useWindow) {
      let text = decode(this.head.bytes());
      if (carriageReturn && this.offset <= this.keepBytes) text = text.slice(0, -1);
      return { text, startChar: 0, totalChars, matchChar };
    }
    let bytes = this.window!.bytes();
    let skipped = 0;
    while (skipped < bytes.length && isContinuationByte(bytes[skipped]!)) skipped++;
    bytes = bytes.subarray(skipped);
    const charsBeforeInWindow = codePointsIn(bytes.subarray(0, this.matchByte! - this.windowStart - skipped));
    return { text: decode(bytes), startChar: matchChar! - charsBeforeInWindow, totalChars, matchChar };
  }
}
