// The streaming search for failure lines (failure-lines.ts) in cleaned shell output. It starts only
// once the output is longer than the result's cap (before that nothing of it runs), reads the output
// as it streams past and keeps only a bounded list of lines: the ones starting in the head's bytes,
// and the first ones after them. Pure and synchronous.
import type { CleanSink } from './clean.js';
import type { CollectedOutput, OutputCollector } from './collect.js';
import { FAILURE_TRIGGERS, looksLikeFailure, type FailureLine, type FailureScan } from './failure-lines.js';
import { isContinuationByte } from '../../text/utf8.js';

export interface FailureScanLimits {
  /** Failure lines starting before this byte may fall in the head; all of them are kept. */
  headBytes: number;
  /** How many lines the result keeps at most; one more is looked for, to know whether there are more. */
  maxLines: number;
  /** The share of the result's cap the kept lines may take (percent). */
  maxPercent: number;
  /** The output is searched up to this byte offset. */
  searchMaxBytes: number;
  /** The detector reads this many first bytes of each line. */
  lineSearchBytes: number;
  /** A kept line shows at most this many of its first bytes. */
  keptLineMaxBytes: number;
}

const NEWLINE = 0x0a;
// One character per byte, so that an index in the text is an offset in the bytes (windows-1252 maps
// each of the 256 byte values to one character; the triggers are mapped the same way).
const byteText = new TextDecoder('latin1');
const utf8 = new TextDecoder('utf-8');
const TRIGGERS = FAILURE_TRIGGERS.map((trigger) => byteText.decode(new TextEncoder().encode(trigger)));

/** How many \n bytes lie in bytes[from, to). Four at a time: the one step that sees every byte. */
export function countNewlines(bytes: Uint8Array, from: number, to: number): number {
  let count = 0;
  let at = from;
  for (; at < to && (bytes.byteOffset + at) % 4 !== 0; at++) if (bytes[at] === NEWLINE) count++;
  const words = Math.max(0, (to - at) >> 2);
  if (words > 0) {
    const view = new Uint32Array(bytes.buffer, bytes.byteOffset + at, words);
    for (let i = 0; i < words; i++) {
      const x = view[i]! ^ 0x0a0a0a0a;
      // A byte of x is zero exactly where the word holds \n: its high bit set here, no false hits.
      let zero = ~(((x & 0x7f7f7f7f) + 0x7f7f7f7f) | x | 0x7f7f7f7f);
      if (zero !== 0) {
        zero >>>= 7;
        count += (zero & 1) + ((zero >>> 8) & 1) + ((zero >>> 16) & 1) + ((zero >>> 24) & 1);
      }
    }
    at += words * 4;
  }
  for (; at < to; at++) if (bytes[at] === NEWLINE) count++;
  return count;
}

/** Text of the first `maxBytes` bytes, never ending inside a character. */
function headText(bytes: Uint8Array, maxBytes: number): string {
  let end = Math.min(bytes.length, maxBytes);
  if (end < bytes.length) while (end > 0 && isContinuationByte(bytes[end])) end--;
  return utf8.decode(bytes.subarray(0, end));
}

export class FailureLineScanner {
  private offset = 0;
  /** The number of the line that starts at `lineStart`. */
  private lineNumber = 1;
  private lineStart = 0;
  private lineLength = 0;
  private readonly lineHead: Uint8Array;
  private lineHeadLength = 0;
  private readonly inHead: FailureLine[] = [];
  private readonly after: FailureLine[] = [];
  private searchedTo = Infinity;
  private done = false;

  constructor(private readonly limits: FailureScanLimits) {
    this.lineHead = new Uint8Array(limits.lineSearchBytes);
  }

  write(bytes: Uint8Array): void {
    if (this.done || bytes.length === 0) return;
    const base = this.offset;
    this.offset += bytes.length;
    const first = bytes.indexOf(NEWLINE);
    if (first === -1) {
      this.extendLine(bytes);
    } else {
      this.extendLine(bytes.subarray(0, first));
      this.endLine();
      const last = bytes.lastIndexOf(NEWLINE);
      if (last > first) this.searchLines(bytes, first + 1, last + 1, base);
      this.lineStart = base + last + 1;
      if (!this.done) this.extendLine(bytes.subarray(last + 1));
    }
    if (!this.done && this.offset >= this.limits.searchMaxBytes) {
      this.searchedTo = this.lineStart;
      this.done = true;
    }
  }

  /** Bytes of the open line that are counted, never seen (the middle of a very long line). */
  skip(bytes: number): void {
    if (this.done) return;
    this.offset += bytes;
    this.lineLength += bytes;
  }

  /** The output ended: its last line, without a line end, is a line too. */
  end(): FailureScan {
    if (!this.done && this.lineLength > 0) this.endLine();
    this.done = true;
    const { maxLines, maxPercent } = this.limits;
    return { lines: [...this.inHead, ...this.after], searchedTo: this.searchedTo, maxLines, maxPercent };
  }

  private extendLine(bytes: Uint8Array): void {
    const take = Math.min(bytes.length, this.lineHead.length - this.lineHeadLength);
    if (take > 0) this.lineHead.set(bytes.subarray(0, take), this.lineHeadLength);
    this.lineHeadLength += take;
    this.lineLength += bytes.length;
  }

  /** The open line ended with a \n (or the output did). */
  private endLine(): void {
    this.consider(this.lineHead.subarray(0, this.lineHeadLength), this.lineStart, this.lineLength, this.lineNumber);
    this.lineNumber++;
    this.lineStart += this.lineLength + 1;
    this.lineLength = 0;
    this.lineHeadLength = 0;
  }

  /** Whole lines bytes[from, to), `to` just after a \n: only those holding a trigger are looked at. */
  private searchLines(bytes: Uint8Array, from: number, to: number, base: number): void {
    const text = byteText.decode(bytes.subarray(from, to));
    const next = TRIGGERS.map(() => -1);
    let counted = 0;
    for (let at = 0; at < text.length && !this.done; ) {
      let hit = Infinity;
      for (let i = 0; i < TRIGGERS.length; i++) {
        if (next[i]! < at && next[i] !== Infinity) {
          const found = text.indexOf(TRIGGERS[i]!, at);
          next[i] = found === -1 ? Infinity : found;
        }
        if (next[i]! < hit) hit = next[i]!;
      }
      if (hit === Infinity) break;
      const start = hit === 0 ? 0 : text.lastIndexOf('\n', hit - 1) + 1;
      const end = text.indexOf('\n', hit);
      this.lineNumber += countNewlines(bytes, from + counted, from + start);
      counted = start;
      const line = bytes.subarray(from + start, from + end);
      this.consider(line.subarray(0, this.limits.lineSearchBytes), base + from + start, end - start, this.lineNumber);
      at = end + 1;
    }
    this.lineNumber += countNewlines(bytes, from + counted, to);
  }

  private consider(head: Uint8Array, start: number, length: number, number: number): void {
    const text = headText(head, this.limits.lineSearchBytes);
    if (!looksLikeFailure(text)) return;
    const line: FailureLine = { number, start, end: start + length + 1, text: headText(head, this.limits.keptLineMaxBytes), bytes: length };
    if (start < this.limits.headBytes) {
      this.inHead.push(line);
    } else {
      this.after.push(line);
      if (this.after.length > this.limits.maxLines) {
        this.searchedTo = Infinity;
        this.done = true;
      }
    }
  }
}

/**
 * A sink in front of the output collector that starts the failure scan only when the output grows
 * past what the collector holds whole (its cap plus one byte): it then hands the scanner all that
 * came before (still in the collector) and everything after. Output that fits never meets it.
 */
export class FailureWatch implements CleanSink {
  private scanner: FailureLineScanner | null = null;

  constructor(
    private readonly collector: OutputCollector,
    private readonly wholeBytes: number,
    private readonly limits: FailureScanLimits,
  ) {}

  write(bytes: Uint8Array): void {
    if (this.scanner === null && this.collector.totalBytes + bytes.length > this.wholeBytes) this.start();
    this.scanner?.write(bytes);
    this.collector.write(bytes);
  }

  skip(bytes: number): void {
    if (this.scanner === null) this.start();
    this.scanner!.skip(bytes);
    this.collector.skip(bytes);
  }

  /** The scan's result, for an output that is being elided (started now if it has not been). */
  result(output: CollectedOutput): FailureScan {
    if (this.scanner === null) {
      this.scanner = new FailureLineScanner(this.limits);
      if (output.whole) this.scanner.write(output.tail);
    }
    return this.scanner.end();
  }

  private start(): void {
    this.scanner = new FailureLineScanner(this.limits);
    this.scanner.write(this.collector.tailBytes());
  }
}
