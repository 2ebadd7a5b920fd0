// One line of terminal output drawn as a terminal draws it, for lines that move the cursor within the
// line or erase part of it (progress bars of npm, pip, cargo, docker). Pure.
//
// The line has a cursor column. Text overwrites from the cursor; `\r` moves the cursor to column 0
// without erasing; `ESC[nG` moves it to column n, `ESC[nC` and `ESC[nD` n columns right and left;
// `ESC[K`/`ESC[0K` erase from the cursor to the end of the line, `ESC[1K` from its start to the cursor
// (included, left as blanks), `ESC[2K` the whole line. Erasing never moves the cursor: text written
// past the end of what is drawn is preceded by blanks, as on a terminal. Every other escape sequence
// is removed (strip-ansi). Columns are UTF-16 units, as in long-line.ts.
//
// The line is held as long-line.ts holds one: its two ends and a counted gap, so a line redrawn a
// million times, or a megabyte long, costs a few KiB.
import stripAnsi from 'strip-ansi';
import { SHELL_CURSOR_MOVE_MAX_COLUMNS } from '../../limits.js';
import { concatLines, dropLineStart, EMPTY_LINE, firstChars, lineChars, lineFromText, overwriteLine, type LongLine } from './long-line.js';

// The controls drawn here: CSI (ESC [ or the C1 introducer) with an optional number, then K, G, C or D.
const LINE_CONTROL_SOURCE = String.raw`(?:\u001b\[|\u009b)([0-9]*)([KGCD])`;
const LINE_CONTROL = new RegExp(LINE_CONTROL_SOURCE);
// Control strings (OSC, DCS, …) as strip-ansi reads them: their payload may hold a \r or look like a
// control, and goes whole. Then \r and the controls, in the order they come.
const STRING_CONTROL = String.raw`(?:\u001b[\]PX^_k]|[\u0090\u0098\u009d\u009e\u009f])[^\u0007\u0018\u001a\u001b\u0080-\u009f]*(?:\u0007|\u001b\\|\u009c)`;
const TOKENS = new RegExp(`(${STRING_CONTROL})|(\r)|${LINE_CONTROL_SOURCE}`, 'g');

/** Whether `text` holds a cursor move or an erase that this module draws (else stripping and \r suffice). */
export function hasLineControl(text: string): boolean {
  return LINE_CONTROL.test(text);
}

/**
 * A line being drawn: what is on it (`drawn`), and the text written since the cursor last moved
 * (`written`, starting at `column`). Kept apart so that writing is appending, however long the line.
 */
export interface CursorLine {
  drawn: LongLine;
  column: number;
  written: LongLine;
}

export const EMPTY_CURSOR_LINE: CursorLine = { drawn: EMPTY_LINE, column: 0, written: EMPTY_LINE };

/**
 * The first `chars` characters of the line. A cut inside the gap keeps the gap's average bytes per
 * character, as dropLineStart does: reached only when a line longer than twice what can be shown is
 * erased from a column inside its middle.
 */
export function takeLineStart(line: LongLine, chars: number, keepChars: number): LongLine {
  if (chars >= lineChars(line)) return line;
  if (chars <= line.head.length) return lineFromText(firstChars(line.head, chars), keepChars);
  const gap = line.gap!;
  const inGap = chars - line.head.length;
  if (inGap <= gap.chars) {
    const bytes = Math.min(4 * inGap, Math.max(inGap, Math.round((gap.bytes * inGap) / gap.chars)));
    return { head: line.head, gap: { chars: inGap, bytes }, tail: '' };
  }
  return { head: line.head, gap, tail: firstChars(line.tail, inGap - gap.chars) };
}

/** `chars` blanks, held as a line (a long run of them as a gap). */
function blanks(chars: number, keepChars: number): LongLine {
  if (chars <= 3 * keepChars) return lineFromText(' '.repeat(chars), keepChars);
  const end = ' '.repeat(keepChars);
  return { head: end, gap: { chars: chars - 2 * keepChars, bytes: chars - 2 * keepChars }, tail: end };
}

/** What the line shows: `written` laid over `drawn` from `column`. */
export function shownLine(line: CursorLine, keepChars: number): LongLine {
  const { drawn, column, written } = line;
  const writtenChars = lineChars(written);
  if (writtenChars === 0) return drawn;
  if (column === 0) return overwriteLine(written, drawn, keepChars);
  const drawnChars = lineChars(drawn);
  if (column >= drawnChars) {
    return concatLines(concatLines(drawn, blanks(column - drawnChars, keepChars), keepChars), written, keepChars);
  }
  const before = concatLines(takeLineStart(drawn, column, keepChars), written, keepChars);
  return concatLines(before, dropLineStart(drawn, column + writtenChars), keepChars);
}

/** The line with `text` (free of escapes and \r) written at the cursor. */
export function writeText(line: CursorLine, text: string, keepChars: number): CursorLine {
  if (text === '') return line;
  return { ...line, written: concatLines(line.written, lineFromText(text, keepChars), keepChars) };
}

/** The line after a \r (`command` '\r') or a control (its final letter and its number, '' when none). */
export function applyControl(line: CursorLine, command: string, parameter: string, keepChars: number): CursorLine {
  const drawn = shownLine(line, keepChars);
  const cursor = line.column + lineChars(line.written);
  const count = parameter === '' ? 0 : Number(parameter);
  // A move to the right stops at the end of what is drawn or at a terminal's width, whichever is
  // further, and never moves the cursor left: a huge number cannot make the line huge.
  const rightLimit = Math.max(cursor, lineChars(drawn), SHELL_CURSOR_MOVE_MAX_COLUMNS);
  switch (command) {
    case '\r':
      return { drawn, column: 0, written: EMPTY_LINE };
    case 'G':
      return { drawn, column: Math.min(Math.max(count, 1) - 1, rightLimit), written: EMPTY_LINE };
    case 'C':
      return { drawn, column: Math.min(cursor + Math.max(count, 1), rightLimit), written: EMPTY_LINE };
    case 'D':
      return { drawn, column: Math.max(0, cursor - Math.max(count, 1)), written: EMPTY_LINE };
    case 'K': {
      if (parameter === '' || count === 0) {
        return { drawn: cursor >= lineChars(drawn) ? drawn : takeLineStart(drawn, cursor, keepChars), column: cursor, written: EMPTY_LINE };
      }
      if (count === 1) {
        const erased = cursor + 1;
        const rest = erased >= lineChars(drawn) ? EMPTY_LINE : concatLines(blanks(erased, keepChars), dropLineStart(drawn, erased), keepChars);
        return { drawn: rest, column: cursor, written: EMPTY_LINE };
      }
      if (count === 2) return { drawn: EMPTY_LINE, column: cursor, written: EMPTY_LINE };
      return { drawn, column: cursor, written: EMPTY_LINE };
    }
    default:
      return line;
  }
}

/** The line after drawing `text` (no \n; escapes, \r and controls in any mix) on it. */
export function drawText(line: CursorLine, text: string, keepChars: number): CursorLine {
  let at = 0;
  TOKENS.lastIndex = 0;
  for (let match = TOKENS.exec(text); match; match = TOKENS.exec(text)) {
    if (match[1] !== undefined) continue; // a control string: removed with the text around it
    line = writeText(line, stripAnsi(text.slice(at, match.index)), keepChars);
    line = match[2] !== undefined ? applyControl(line, '\r', '', keepChars) : applyControl(line, match[4]!, match[3]!, keepChars);
    at = TOKENS.lastIndex;
  }
  return writeText(line, stripAnsi(text.slice(at)), keepChars);
}

// Held whole: a line short enough to be cleaned in one piece is never cut.
const WHOLE_LINE_KEEP_CHARS = Number.MAX_SAFE_INTEGER / 8;

/** A whole line (no \n) as a terminal leaves it. */
export function drawLine(text: string): string {
  return shownLine(drawText(EMPTY_CURSOR_LINE, text, WHOLE_LINE_KEEP_CHARS), WHOLE_LINE_KEEP_CHARS).head;
}
