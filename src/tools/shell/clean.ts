// Terminal output as a person would see it on a terminal: ANSI escapes removed (strip-ansi), the
// cursor moves and erases that CLIs draw with acted on (terminal-line.ts within a line, screen.ts
// between lines), columns counted as a terminal counts them (cells.ts), every other control dropped,
// and \r\n a plain line end. Pure.
//
// The streaming cleaner takes the raw bytes in pieces of any size and hands cleaned UTF-8 bytes to a
// sink, in order, each line once it can no longer change: once it has left the screen's rows (or
// the output ended). Whole lines free of controls other than tab (the usual case) pass as bytes
// untouched; only the other lines are decoded and cleaned as text. A line left open at the end of a
// piece is held until its end, because a later carriage return redraws its start and an escape
// sequence may be split between two pieces; one longer than can be shown is held as its head, a
// counted gap and its tail (long-line.ts).
import stripAnsi from 'strip-ansi';
import { SHELL_SCREEN_MAX_BYTES, SHELL_SCREEN_ROWS } from '../../limits.js';
import { shownText } from './cells.js';
import { concatLines } from './long-line.js';
import { Screen } from './screen.js';
import { drawLine, drawText, EMPTY_CURSOR_LINE, hasScreenControl, type CursorLine } from './terminal-line.js';
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
  /** The rows of the screen a cursor moved up can reach (default SHELL_SCREEN_ROWS). */
  screenRows?: number;
}

const NEWLINE = 0x0a;
const TAB = 0x09;
const CARRIAGE_RETURN = 0x0d;
const ESCAPE = 0x1b;
const DELETE = 0x7f;
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

/** Whether the byte is a control other than tab and line feed (those the cleaner must act on or drop). */
function isControl(byte: number): boolean {
  return (byte < 0x20 && byte !== TAB && byte !== NEWLINE) || byte === DELETE;
}

/**
 * Where the first byte that needs cleaning lies in bytes[from, to): a control other than tab and line
 * feed, DEL, or the lead byte of a C1 control; `to` when none. Four bytes at a time for the controls
 * (the one step that sees every byte of clean output), the rest by indexOf.
 */
export function firstDirtyByte(bytes: Uint8Array, from: number, to: number): number {
  let first = to;
  for (const byte of [ESCAPE, CARRIAGE_RETURN, C1_LEAD, DELETE]) {
    const at = bytes.indexOf(byte, from);
    if (at !== -1 && at < first) first = at;
  }
  let at = from;
  for (; at < first && (bytes.byteOffset + at) % 4 !== 0; at++) if (isControl(bytes[at]!)) return at;
  const words = Math.max(0, (first - at) >> 2);
  if (words > 0) {
    const view = new Int32Array(bytes.buffer, bytes.byteOffset + at, words);
    for (let i = 0; i < words; i++) {
      const word = view[i]!;
      // Some byte of the word is below 0x20 exactly when this is non-zero (no false hits); in int32
      // arithmetic throughout (-0x7f7f7f80 is 0x80808080), which keeps the loop on V8's fast path.
      if ((((word - 0x20202020) | 0) & ~word & -0x7f7f7f80) === 0) continue;
      for (let k = at + 4 * i; k < at + 4 * i + 4; k++) if (isControl(bytes[k]!)) return k;
    }
    at += words * 4;
  }
  for (; at < first; at++) if (isControl(bytes[at]!)) return at;
  return first;
}

// A line that needs drawing cell by cell: a move or erase within it, or a backspace.
const NEEDS_DRAWING = /[\b]|(?:\u001b\[|\u009b)[0-9;]*[KGCD]/;
// Once escapes are gone, a redraw by \r over this text is plain: one cell per character, no tab.
const PLAIN_REDRAW = /^[\u0020-\u007e\r]*$/;
// Controls left once strip-ansi has taken the sequences, but for tab, \n and \r: dropped.
const DROPPED_CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;

function stripped(text: string): string {
  return stripAnsi(text).replace(DROPPED_CONTROLS, '');
}

/** A whole line (no \n), cleaned: escapes removed, controls acted on or dropped, as a terminal shows it. */
export function cleanLine(line: string): string {
  if (!NEEDS_DRAWING.test(line) && !hasScreenControl(line)) {
    const text = stripped(line);
    if (!text.includes('\r')) return text;
    if (PLAIN_REDRAW.test(text)) return redrawLine(text);
  }
  return shownText(drawLine(line).head, 0);
}

/** A line of plain text without escapes as a terminal leaves it: each \r starts drawing again from its start. */
function redrawLine(text: string): string {
  let shown = '';
  for (const part of text.split('\r')) shown = part.length >= shown.length ? part : part + shown.slice(part.length);
  return shown;
}

// Sequences that carry a payload (OSC, DCS and the like) may run over a line end; text holding one is
// cleaned line by line, as the streaming cleaner sees an open line. No other sequence holds a \n.
const PAYLOAD_INTRODUCERS = /\u001b[\]PX^_k]|[\u0090\u0098\u009d\u009e\u009f]/;

/** Whole lines (text ending with \n, no move between lines), cleaned: the same as cleanLine on each line. */
export function cleanLines(text: string): string {
  if (PAYLOAD_INTRODUCERS.test(text) || NEEDS_DRAWING.test(text) || text.includes('\r')) return text.split('\n').map(cleanLine).join('\n');
  return stripped(text);
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
  private readonly screen: Screen;
  private readonly onScreen: (line: CursorLine, command: string, parameter: string) => CursorLine;
  /** Whether the cursor's line holds anything, or is not the last: bytes then go to it, not past it. */
  private lineOpen = false;
  /** Text of the cursor's line that has not been drawn yet. */
  private raw = '';
  /** Set once the cursor's line outgrew `raw` or the cursor moved between lines: the line as drawn so far. */
  private long: CursorLine | null = null;

  constructor(sink: CleanSink, options: StreamingCleanerOptions) {
    this.keepChars = options.keepChars;
    this.pendingMaxChars = 4 * options.keepChars + OPEN_ESCAPE_MAX_CHARS;
    this.isUtf8 = options.isUtf8 ?? isUtf8ByDecoding;
    this.isAscii = options.isAscii;
    this.screen = new Screen(sink, { rows: options.screenRows ?? SHELL_SCREEN_ROWS, maxBytes: SHELL_SCREEN_MAX_BYTES, keepChars: options.keepChars });
    this.onScreen = (line, command, parameter) => this.screen.control(line, command, parameter);
  }

  write(chunk: Uint8Array): void {
    const end = chunk.length;
    let pos = 0;
    while (this.lineOpen && pos < end) {
      const newline = chunk.indexOf(NEWLINE, pos);
      if (newline === -1) {
        this.take(chunk.subarray(pos));
        return;
      }
      this.take(chunk.subarray(pos, newline));
      this.endLine();
      pos = newline + 1;
    }
    const lastNewline = chunk.lastIndexOf(NEWLINE);
    if (lastNewline >= pos) pos = this.wholeLines(chunk, pos, lastNewline);
    if (pos >= end) return;
    if (this.lineOpen) this.write(chunk.subarray(pos));
    else this.take(chunk.subarray(pos));
  }

  /**
   * Whole lines from `pos` to just after `lastNewline`, the cursor on a new last line: those before
   * the first byte that may need cleaning pass as they are, the rest are cleaned together, up to a
   * line that moves the cursor between lines. Returns where it stopped.
   */
  private wholeLines(chunk: Uint8Array, pos: number, lastNewline: number): number {
    const dirty = firstDirtyByte(chunk, pos, lastNewline + 1);
    const cleanEnd = dirty > lastNewline ? lastNewline + 1 : Math.max(pos, chunk.lastIndexOf(NEWLINE, dirty) + 1);
    if (cleanEnd > pos) this.passThrough(chunk.subarray(pos, cleanEnd));
    // In batches of whole lines, so that the text made along the way stays small.
    for (let start = cleanEnd; start <= lastNewline; ) {
      let stop = start + CLEAN_BATCH_BYTES > lastNewline ? lastNewline : chunk.lastIndexOf(NEWLINE, start + CLEAN_BATCH_BYTES);
      if (stop < start) stop = chunk.indexOf(NEWLINE, start + CLEAN_BATCH_BYTES);
      const text = this.wholeDecoder.decode(chunk.subarray(start, stop + 1));
      if (hasScreenControl(text)) {
        // From here on the lines are drawn one by one on the screen.
        this.lineOpen = true;
        return start;
      }
      this.screen.addLines(encodeUtf8(cleanLines(text)));
      start = stop + 1;
    }
    return lastNewline + 1;
  }

  /** The characters held of the cursor's line, and the bytes of the screen's rows: bounded whatever the output (for tests). */
  heldChars(): number {
    const parts = this.long === null ? [] : [this.long.drawn, this.long.written];
    return this.raw.length + parts.reduce((sum, line) => sum + line.head.length + line.tail.length, 0) + this.screen.held();
  }

  /** The output ended: a last line without \n is still a line. */
  end(): void {
    this.raw += this.decoder.decode();
    this.decoderEmpty = true;
    this.foldRaw(true);
    this.screen.finish(this.long ?? EMPTY_CURSOR_LINE);
    this.long = null;
    this.lineOpen = false;
  }

  private passThrough(lines: Uint8Array): void {
    this.screen.addLines(this.isUtf8(lines) ? lines : encodeUtf8(new TextDecoder('utf-8').decode(lines)));
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
      bytes.indexOf(TAB) !== -1 ||
      firstDirtyByte(bytes, 0, bytes.length) !== bytes.length ||
      !this.isAscii(bytes)
    ) {
      return false;
    }
    const keep = this.keepChars;
    const ascii = new TextDecoder('utf-8');
    const middle = bytes.length - 2 * keep;
    const line = {
      head: ascii.decode(bytes.subarray(0, keep)),
      gap: { cells: middle, bytes: middle },
      tail: ascii.decode(bytes.subarray(bytes.length - keep)),
      cells: bytes.length,
    };
    this.long = { ...this.long, written: concatLines(this.long.written, line, keep) };
    return true;
  }

  /** Draw what has arrived of the cursor's line, holding back an escape still open. */
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
    if (text !== '' || this.long === null) this.long = drawText(this.long ?? EMPTY_CURSOR_LINE, text, this.keepChars, this.onScreen);
  }

  /** A \n ended the cursor's line. */
  private endLine(): void {
    this.raw += this.decoder.decode();
    this.decoderEmpty = true;
    if (this.long === null && this.screen.atBottom() && !hasScreenControl(this.raw)) {
      this.screen.addLines(encodeUtf8(cleanLine(this.raw) + '\n'));
      this.raw = '';
      this.lineOpen = false;
      return;
    }
    this.foldRaw(true);
    const next = this.screen.control(this.long!, '\n', '');
    const fresh = this.screen.atBottom() && next.drawn.cells === 0 && next.written.cells === 0 && next.column === 0;
    this.long = fresh ? null : next;
    this.lineOpen = !fresh;
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

/** What a shell result or a log tail says for output that cleans to nothing. */
export const NO_OUTPUT_TEXT = '(no output)';

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
