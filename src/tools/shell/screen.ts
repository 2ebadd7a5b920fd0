// The screen the cleaner draws on: a terminal of SHELL_SCREEN_ROWS rows, as wide as a line goes,
// starting empty with the cursor at its top. Pure.
//
// A line feed moves the cursor down a row, at the bottom adding a line; the cursor moves up and down
// (ESC[nA, ESC[nB), to the start of a line above or below (ESC[nF, ESC[nE), to a row and column
// (ESC[r;cH), and back to where it was saved (ESC 7 / ESC 8, ESC[s / ESC[u, by its row on the
// screen, as a terminal keeps it); erase in display (ESC[J, ESC[1J, ESC[2J) blanks from the cursor to
// the end of the screen, from its start to the cursor, or all of it. Moving up stops at the screen's
// top: the lines above it are final and already handed on, in order. Moving down stops at its bottom.
// ESC[3J (the scrollback) leaves every line: a log keeps what a terminal would forget.
//
// Lines nobody moved back to stay bytes, in the order they came, so that output which never moves
// the cursor up costs a copy of its last rows and nothing more.
import type { CleanSink } from './clean.js';
import { heldText, shownText, textCells } from './cells.js';
import { EMPTY_LINE, lineFromText } from './long-line.js';
import { eraseInLine, EMPTY_CURSOR_LINE, moveTo, shownLine, type CursorLine } from './terminal-line.js';
import { copyBytes, encodeUtf8 } from '../../text/utf8.js';

/** Lines as cleaned bytes, each ending with \n; or one line as drawn. */
type Entry = { bytes: Uint8Array; lines: number } | { row: CursorLine };

export interface ScreenLimits {
  rows: number;
  maxBytes: number;
  keepChars: number;
}

const NEWLINE = 0x0a;
const decoder = new TextDecoder('utf-8');

function entryLines(entry: Entry): number {
  return 'bytes' in entry ? entry.lines : 1;
}
function entryBytes(entry: Entry): number {
  if ('bytes' in entry) return entry.bytes.length;
  const { drawn, written } = entry.row;
  return 2 * (drawn.head.length + drawn.tail.length + written.head.length + written.tail.length);
}
function blankLines(lines: number): Entry {
  return { bytes: new Uint8Array(lines).fill(NEWLINE), lines };
}
function rowOf(bytes: Uint8Array, keepChars: number): CursorLine {
  return { drawn: lineFromText(heldText(decoder.decode(bytes)), keepChars), column: 0, written: EMPTY_LINE };
}

export class Screen {
  /** Rows above the cursor's, oldest first; rows below it, nearest first. */
  private above: Entry[] = [];
  private below: Entry[] = [];
  private aboveLines = 0;
  private belowLines = 0;
  private heldBytes = 0;
  /** Lines handed on; the first row held is this line of the output (from 0). */
  private finalLines = 0;
  private saved: { row: number; column: number } | null = null;

  constructor(
    private readonly sink: CleanSink,
    private readonly limits: ScreenLimits,
  ) {}

  /** Whether the cursor is on the last line: whole lines may then be added as they are. */
  atBottom(): boolean {
    return this.belowLines === 0;
  }

  /** The bytes held, for tests of memory. */
  held(): number {
    return this.heldBytes;
  }

  private cursorIndex(): number {
    return this.finalLines + this.aboveLines;
  }
  private top(): number {
    const lineCount = this.cursorIndex() + 1 + this.belowLines;
    return Math.max(this.finalLines, lineCount - this.limits.rows);
  }

  /**
   * Whole cleaned lines (each ending with \n), with the cursor on a new empty line at the bottom; the
   * cursor stays on a new line after them. The bytes are copied where kept.
   */
  addLines(bytes: Uint8Array): void {
    if (bytes.length === 0) return;
    const keep = this.limits.rows - 1;
    // Counted from the end, up to the rows a screen can hold above the cursor: the lines before those
    // leave the screen at once, and so does everything held.
    let lines = 1;
    let end = bytes.length - 1;
    for (; ; lines++) {
      const before = end === 0 ? -1 : bytes.lastIndexOf(NEWLINE, end - 1);
      if (before === -1) break;
      if (lines === keep) {
        this.evict(this.aboveLines);
        this.sink.write(bytes.subarray(0, before + 1));
        bytes = bytes.subarray(before + 1);
        break;
      }
      end = before;
    }
    this.pushAbove({ bytes: copyBytes(bytes), lines });
    this.trim();
  }

  /** A finished line at the bottom (the cursor's), the cursor on a new line after it. */
  addRow(row: CursorLine): void {
    this.pushAbove({ row });
    this.trim();
  }

  private pushAbove(entry: Entry): void {
    this.above.push(entry);
    this.aboveLines += entryLines(entry);
    this.heldBytes += entryBytes(entry);
  }

  /** Rows leave from the top while the screen holds more than it may. */
  private trim(): void {
    const excess = this.cursorIndex() + 1 + this.belowLines - this.finalLines - this.limits.rows;
    if (excess > 0) this.evict(excess);
    while (this.heldBytes > this.limits.maxBytes && this.aboveLines > 0) this.evict(1);
  }

  /** Hand on the first `lines` rows held above the cursor. */
  private evict(lines: number): void {
    while (lines > 0 && this.above.length > 0) {
      const first = this.above[0]!;
      const count = entryLines(first);
      if (count <= lines) {
        this.above.shift();
        this.emit(first, false);
        this.dropped(first, count);
        lines -= count;
        continue;
      }
      const bytes = (first as { bytes: Uint8Array }).bytes;
      let cut = -1;
      for (let i = 0; i < lines; i++) cut = bytes.indexOf(NEWLINE, cut + 1);
      this.sink.write(bytes.subarray(0, cut + 1));
      this.above[0] = { bytes: bytes.subarray(cut + 1), lines: count - lines };
      this.heldBytes -= cut + 1;
      this.aboveLines -= lines;
      this.finalLines += lines;
      lines = 0;
    }
  }

  private dropped(entry: Entry, lines: number): void {
    this.heldBytes -= entryBytes(entry);
    this.aboveLines -= lines;
    this.finalLines += lines;
  }

  private emit(entry: Entry, last: boolean): void {
    if ('bytes' in entry) {
      this.sink.write(last ? entry.bytes.subarray(0, entry.bytes.length - 1) : entry.bytes);
      return;
    }
    const line = shownLine(entry.row, this.limits.keepChars);
    this.sink.write(encodeUtf8(shownText(line.head, 0)));
    if (line.gap) {
      this.sink.skip(line.gap.bytes);
      this.sink.write(encodeUtf8(shownText(line.tail, textCells(line.head) + line.gap.cells)));
    }
    if (!last) this.sink.write(encodeUtf8('\n'));
  }

  /** The output ended, the cursor on `row`: every line is handed on, the last without a line end. */
  finish(row: CursorLine): void {
    this.evict(this.aboveLines);
    const rest: Entry[] = [{ row }, ...this.below];
    this.below = [];
    this.belowLines = 0;
    rest.forEach((entry, at) => this.emit(entry, at === rest.length - 1));
  }

  /** The row above the cursor's as a line to draw on; `row` goes below. */
  private up(row: CursorLine): CursorLine {
    this.below.unshift({ row });
    this.belowLines++;
    this.heldBytes += entryBytes({ row });
    const last = this.above[this.above.length - 1]!;
    this.heldBytes -= entryBytes(last);
    this.aboveLines--;
    if ('row' in last) {
      this.above.pop();
      return last.row;
    }
    const cut = last.lines === 1 ? -1 : last.bytes.lastIndexOf(NEWLINE, last.bytes.length - 2);
    if (cut === -1) this.above.pop();
    else {
      this.above[this.above.length - 1] = { bytes: last.bytes.subarray(0, cut + 1), lines: last.lines - 1 };
      this.heldBytes += cut + 1;
    }
    return rowOf(last.bytes.subarray(cut + 1, last.bytes.length - 1), this.limits.keepChars);
  }

  /** The row below the cursor's (a new one past the last line); `row` goes above. */
  private down(row: CursorLine): CursorLine {
    this.pushAbove({ row });
    if (this.below.length === 0) {
      this.trim();
      return EMPTY_CURSOR_LINE;
    }
    const next = this.below[0]!;
    this.heldBytes -= entryBytes(next);
    this.belowLines--;
    if ('row' in next) {
      this.below.shift();
      return next.row;
    }
    const cut = next.bytes.indexOf(NEWLINE);
    if (next.lines === 1) this.below.shift();
    else {
      this.below[0] = { bytes: next.bytes.subarray(cut + 1), lines: next.lines - 1 };
      this.heldBytes += next.bytes.length - cut - 1;
    }
    return rowOf(next.bytes.subarray(0, cut), this.limits.keepChars);
  }

  /** The cursor `by` rows down (up when negative), within the screen, to `column` (null: where it is). */
  private moveRows(row: CursorLine, by: number, column: number | null): CursorLine {
    const from = this.cursorIndex();
    const target = Math.min(Math.max(from + by, this.top()), this.top() + this.limits.rows - 1);
    const keep = this.limits.keepChars;
    const at = column ?? row.column + row.written.cells;
    let line = moveTo(row, at, keep);
    for (let index = from; index > target; index--) line = this.up(line);
    for (let index = from; index < target; index++) line = this.down(line);
    return target === from ? line : { drawn: shownLine(line, keep), column: at, written: EMPTY_LINE };
  }

  private eraseRows(entries: Entry[], lines: number): Entry[] {
    this.heldBytes += lines - entries.reduce((sum, entry) => sum + entryBytes(entry), 0);
    return lines === 0 ? [] : [blankLines(lines)];
  }

  /** A \n or a control of the screen (`command` its final letter, or 7 and 8), the cursor on `row`. */
  control(row: CursorLine, command: string, parameter: string): CursorLine {
    const [first = '', second = ''] = parameter.split(';');
    const count = Math.max(Number(first) || 0, 1);
    const cursor = row.column + row.written.cells;
    const keep = this.limits.keepChars;
    switch (command) {
      case '\n': {
        // Down a row; from the last line, a new one (the screen scrolls when full).
        const next = this.down(moveTo(row, 0, keep));
        return { drawn: shownLine(next, keep), column: 0, written: EMPTY_LINE };
      }
      case 'A':
        return this.moveRows(row, -count, null);
      case 'B':
        return this.moveRows(row, count, null);
      case 'F':
        return this.moveRows(row, -count, 0);
      case 'E':
        return this.moveRows(row, count, 0);
      case 'H':
      case 'f':
        return this.moveRows(row, this.top() + count - 1 - this.cursorIndex(), Math.max(Number(second) || 0, 1) - 1);
      case '7':
      case 's':
        this.saved = { row: this.cursorIndex() - this.top(), column: cursor };
        return row;
      case '8':
      case 'u': {
        const saved = this.saved ?? { row: 0, column: 0 };
        return this.moveRows(row, this.top() + saved.row - this.cursorIndex(), saved.column);
      }
      case 'J':
        return this.eraseInDisplay(row, cursor, Number(first) || 0, keep);
      default:
        return row;
    }
  }

  private eraseInDisplay(row: CursorLine, cursor: number, mode: number, keep: number): CursorLine {
    if (mode === 0 || mode === 2) {
      this.below = this.eraseRows(this.below, this.belowLines);
    }
    if (mode === 1 || mode === 2) {
      this.above = this.eraseRows(this.above, this.aboveLines);
    }
    if (mode > 2) return row;
    return eraseInLine(shownLine(row, keep), cursor, mode, keep);
  }
}
