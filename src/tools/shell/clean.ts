// Terminal output as a person would see it: ANSI escapes removed (strip-ansi), a line redrawn with
// carriage returns keeping its last state, erase-line and cursor-column escapes applied as a terminal
// applies them (terminal-line.ts), and \r\n a plain line end. Pure.
//
// The streaming cleaner takes the raw bytes in pieces of any size and hands cleaned UTF-8 bytes to a
// sink. Whole lines free of ESC, CR and C1 controls (the usual case) pass through as bytes untouched;
// only the other lines are decoded and cleaned as text. A line left open at the end of a piece is held
// until its end, because a later carriage return redraws its start and an escape sequence may be split
// between two pieces; one longer than can be shown is held as its head, a counted gap and its tail
// (long-line.ts).
import stripAnsi from 'strip-ansi';
import { concatLines, dropChars, lineChars } from './long-line.js';
import { drawLine, drawText, EMPTY_CURSOR_LINE, hasLineControl, shownLine, type CursorLine } from './terminal-line.js';
import { copyBytes, encodeUtf8 } from '../../text/utf8.js';

/** Where cleaned output goes: bytes in order, and counts of bytes that a gap stands for. */
export interface CleanSink {
  write(bytes: Uint8Array): void;
  /** `bytes` bytes of cleaned output that nobody will be shown: counted, never held. */
  skip(bytes: number): void;
}

export interface StreamingCleanerOptions {
  /** Characters kept at each end of a line longer than can be shown; at least the result's cap. */
  keepChars: number;
  /** A fast UTF-8 check for the bytes that pass through untouched (node's buffer.isUtf8). */
  isUtf8?: (bytes: Uint8Array) => boolean;
  /** A fast ASCII check (node's buffer.isAscii); without it a long line is decoded whole. */
  isAscii?: (bytes: Uint8Array) => boolean;
}

const NEWLINE = 0x0a;
const CARRIAGE_RETURN = 0x0d;
const ESCAPE = 0x1b;
// U+0080..U+009F (C1 controls, some of which open escape sequences) all start with this byte.
const C1_LEAD = 0xc2;
// Escape sequences that strip-ansi knows start with ESC or one of these C1 controls.
const INTRODUCERS = /[\u001b\u0090\u0098\u009b\u009d\u009e\u009f]/g;
// Whole lines that need cleaning are cleaned together, this many bytes at a time (or one longer line).
const CLEAN_BATCH_BYTES = 16_384;
// A sequence still open at the end of what has arrived is held back, up to this long, until its line ends.
const OPEN_ESCAPE_MAX_CHARS = 4096;

const fatalDecoder = new TextDecoder('utf-8', { fatal: true });
function isUtf8ByDecoding(bytes: Uint8Array): boolean {
  try {
    fatalDecoder.decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** A whole line (no \n), cleaned: escapes removed, then each \r redraws from the line's start. */
export function cleanLine(line: string): string {
  return hasLineControl(line) ? drawLine(line) : redrawLine(stripAnsi(line));
}

/** A line without escapes as a terminal leaves it: each \r starts drawing again from its start. */
function redrawLine(text: string): string {
  if (!text.includes('\r')) return text;
  let shown = '';
  for (const part of text.split('\r')) shown = redraw(part, shown);
  return shown;
}

// Sequences that carry a payload (OSC, DCS and the like) may run over a line end; text holding one is
// cleaned line by line, as the streaming cleaner sees an open line. No other sequence holds a \n.
const PAYLOAD_INTRODUCERS = /\u001b[\]PX^_k]|[\u0090\u0098\u009d\u009e\u009f]/;
const LINE_WITH_RETURN = /[^\n]*\r[^\n]*/g;

/** Whole lines (text ending with \n), cleaned: the same as cleanLine on each line, done in one pass. */
export function cleanLines(text: string): string {
  if (PAYLOAD_INTRODUCERS.test(text) || hasLineControl(text)) return text.split('\n').map(cleanLine).join('\n');
  const stripped = stripAnsi(text);
  return stripped.includes('\r') ? stripped.replace(LINE_WITH_RETURN, redrawLine) : stripped;
}

/** The same redraw as overwriteLine (long-line.ts), for a line held whole. */
function redraw(part: string, shown: string): string {
  if (part.length >= shown.length) return part;
  return part + dropChars(shown, part.length);
}

export class StreamingCleaner {
  private readonly keepChars: number;
  private readonly pendingMaxChars: number;
  private readonly isUtf8: (bytes: Uint8Array) => boolean;
  private readonly decoder = new TextDecoder('utf-8');
  private readonly wholeDecoder = new TextDecoder('utf-8');
  /** False while the decoder may hold the first bytes of a character split between pieces. */
  private decoderEmpty = true;
  private readonly isAscii: ((bytes: Uint8Array) => boolean) | undefined;
  /** Whether a line has started and not ended. */
  private lineOpen = false;
  /** Text of the open line that has not been cleaned yet. */
  private raw = '';
  /** Set once the open line outgrew `raw`: the line as drawn so far, with its cursor. */
  private long: CursorLine | null = null;

  constructor(
    private readonly sink: CleanSink,
    options: StreamingCleanerOptions,
  ) {
    this.keepChars = options.keepChars;
    this.pendingMaxChars = 4 * options.keepChars + OPEN_ESCAPE_MAX_CHARS;
    this.isUtf8 = options.isUtf8 ?? isUtf8ByDecoding;
    this.isAscii = options.isAscii;
  }

  write(chunk: Uint8Array): void {
    const end = chunk.length;
    let pos = 0;
    if (this.lineOpen) {
      const newline = chunk.indexOf(NEWLINE);
      if (newline === -1) {
        this.take(chunk);
        return;
      }
      this.take(chunk.subarray(0, newline));
      this.endLine(true);
      pos = newline + 1;
    }
    const lastNewline = chunk.lastIndexOf(NEWLINE);
    if (lastNewline >= pos) {
      // From pos to just after lastNewline lie whole lines: those before the first byte that may need
      // cleaning pass as they are, the rest are cleaned together.
      let dirty = lastNewline + 1;
      for (const byte of [ESCAPE, CARRIAGE_RETURN, C1_LEAD]) {
        const at = chunk.indexOf(byte, pos);
        if (at !== -1 && at < dirty) dirty = at;
      }
      const cleanEnd = dirty > lastNewline ? lastNewline + 1 : Math.max(pos, chunk.lastIndexOf(NEWLINE, dirty) + 1);
      if (cleanEnd > pos) this.passThrough(chunk.subarray(pos, cleanEnd));
      // In batches of whole lines, so that the text made along the way stays small.
      for (let start = cleanEnd; start <= lastNewline; ) {
        let stop = start + CLEAN_BATCH_BYTES > lastNewline ? lastNewline : chunk.lastIndexOf(NEWLINE, start + CLEAN_BATCH_BYTES);
        if (stop < start) stop = chunk.indexOf(NEWLINE, start + CLEAN_BATCH_BYTES);
        this.sink.write(encodeUtf8(cleanLines(this.wholeDecoder.decode(chunk.subarray(start, stop + 1)))));
        start = stop + 1;
      }
      pos = lastNewline + 1;
    }
    if (pos < end) this.take(chunk.subarray(pos));
  }

  /** The characters held of the open line: bounded whatever the line (its memory, for tests). */
  heldChars(): number {
    const long = this.long === null ? 0 : lineChars(this.long.drawn) - (this.long.drawn.gap?.chars ?? 0) + lineChars(this.long.written) - (this.long.written.gap?.chars ?? 0);
    return this.raw.length + long;
  }

  /** The output ended: a last line without \n is still a line. */
  end(): void {
    if (this.lineOpen) this.endLine(false);
  }

  private passThrough(lines: Uint8Array): void {
    if (this.isUtf8(lines)) this.sink.write(lines);
    else this.sink.write(encodeUtf8(new TextDecoder('utf-8').decode(lines)));
  }

  private take(bytes: Uint8Array): void {
    this.lineOpen = true;
    // A long line is decoded in small pieces, so that its text never needs more than a little memory.
    for (let start = 0; start < bytes.length; start += this.pendingMaxChars) {
      const rest = bytes.subarray(start);
      if (this.appendPlainAscii(rest)) return;
      const piece = rest.subarray(0, this.pendingMaxChars);
      this.raw += this.decoder.decode(piece, { stream: true });
      this.decoderEmpty = piece[piece.length - 1]! < 0x80;
      if (this.raw.length > this.pendingMaxChars) this.foldRaw(false);
    }
  }

  /**
   * The fast way through the middle of a long line: plain ASCII with nothing to clean needs no
   * decoding, only its two ends as text and its length. Taken only when nothing waits before it.
   */
  private appendPlainAscii(bytes: Uint8Array): boolean {
    if (
      this.long === null ||
      this.raw !== '' ||
      !this.decoderEmpty ||
      !this.isAscii ||
      bytes.length <= 2 * this.keepChars ||
      bytes.indexOf(ESCAPE) !== -1 ||
      bytes.indexOf(CARRIAGE_RETURN) !== -1 ||
      !this.isAscii(bytes)
    ) {
      return false;
    }
    const keep = this.keepChars;
    const ascii = new TextDecoder('utf-8');
    const middle = bytes.length - 2 * keep;
    const line = {
      head: ascii.decode(bytes.subarray(0, keep)),
      gap: { chars: middle, bytes: middle },
      tail: ascii.decode(bytes.subarray(bytes.length - keep)),
    };
    this.long = { ...this.long, written: concatLines(this.long.written, line, keep) };
    return true;
  }

  /** Clean what has arrived of a long line into its long form, holding back an escape still open. */
  private foldRaw(lineEnded: boolean): void {
    let text = this.raw;
    this.raw = '';
    if (!lineEnded) {
      const hold = lastIntroducer(text, OPEN_ESCAPE_MAX_CHARS);
      if (hold !== -1) {
        this.raw = text.slice(hold);
        text = text.slice(0, hold);
      }
    }
    this.long = drawText(this.long ?? EMPTY_CURSOR_LINE, text, this.keepChars);
  }

  private endLine(atNewline: boolean): void {
    this.raw += this.decoder.decode();
    this.decoderEmpty = true;
    if (this.long === null) {
      this.sink.write(encodeUtf8(cleanLine(this.raw) + (atNewline ? '\n' : '')));
    } else {
      this.foldRaw(true);
      const line = shownLine(this.long, this.keepChars);
      this.sink.write(encodeUtf8(line.head));
      if (line.gap) {
        this.sink.skip(line.gap.bytes);
        this.sink.write(encodeUtf8(line.tail));
      }
      if (atNewline) this.sink.write(encodeUtf8('\n'));
    }
    this.raw = '';
    this.long = null;
    this.lineOpen = false;
  }
}

/** Where the last escape introducer within the last `withinChars` code units starts, or -1. */
function lastIntroducer(text: string, withinChars: number): number {
  const from = Math.max(0, text.length - withinChars);
  INTRODUCERS.lastIndex = from;
  let last = -1;
  for (let match = INTRODUCERS.exec(text); match; match = INTRODUCERS.exec(text)) last = match.index;
  return last;
}

/** The whole-text form of the streaming cleaner, with exactly its results (used for log tails). */
export function cleanTerminalOutput(text: string): string {
  const pieces: Uint8Array[] = [];
  const cleaner = new StreamingCleaner(
    { write: (bytes) => void pieces.push(copyBytes(bytes)), skip: () => undefined },
    { keepChars: Number.MAX_SAFE_INTEGER / 8 },
  );
  cleaner.write(encodeUtf8(text));
  cleaner.end();
  let length = 0;
  for (const piece of pieces) length += piece.length;
  const all = new Uint8Array(length);
  let at = 0;
  for (const piece of pieces) {
    all.set(piece, at);
    at += piece.length;
  }
  return new TextDecoder('utf-8').decode(all);
}
