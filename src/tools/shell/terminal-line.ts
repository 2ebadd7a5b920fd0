// One line of terminal output drawn as a terminal draws it, for lines that move the cursor within the
// line or erase part of it (progress bars of npm, pip, cargo, docker). Pure.
//
// The line has a cursor column, counted in cells as a terminal counts columns (cells.ts). Text
// overwrites from the cursor (a wide character cut in half by it leaves a blank); `\r` moves the
// cursor to column 0 without erasing, backspace one column left; a tab moves it to the next multiple
// of 8 (over text it does not touch; past the end it is held as a tab); `ESC[nG` moves it to column
// n, `ESC[nC` and `ESC[nD` n columns right and left; `ESC[K`/`ESC[0K` erase from the cursor to the
// end of the line, `ESC[1K` from its start to the cursor (included, left as blanks), `ESC[2K` the
// whole line. Erasing never moves the cursor: text written past the end of what is drawn is preceded
// by blanks, as on a terminal. Moves between lines are screen.ts's; every other escape sequence is
// removed (strip-ansi), and every other control dropped.
//
// The line is held as long-line.ts holds one: its two ends and a counted gap, so a line redrawn a
// million times, or a megabyte long, costs a few KiB.
import stripAnsi from 'strip-ansi';
import { SHELL_CURSOR_MOVE_MAX_COLUMNS } from '../../limits.js';
import { heldTab, tabCells } from './cells.js';
import { concatLines, dropLineStart, EMPTY_LINE, lineFromText, overwriteLine, takeLineStart, type LongLine } from './long-line.js';

// CSI (ESC [ or the C1 introducer) with numbers, then its final letter: those of a line, of the screen.
const CSI = String.raw`(?:\u001b\[|\u009b)([0-9;]*)`;
const LINE_CONTROL = new RegExp(String.raw`[\b\t\u0000-\u0008\u000b-\u001f\u007f-\u009f]|${CSI}[KGCD]`);
const SCREEN_CONTROL_SOURCE = String.raw`${CSI}[ABEFJHfsu]|\u001b[78]`;
const SCREEN_CONTROL = new RegExp(SCREEN_CONTROL_SOURCE);
// Control strings (OSC, DCS, …) as strip-ansi reads them: their payload may hold a \r or look like a
// control, and goes whole. Then the controls, in the order they come.
const STRING_CONTROL = String.raw`(?:\u001b[\]PX^_k]|[\u0090\u0098\u009d\u009e\u009f])[^\u0007\u0018\u001a\u001b\u0080-\u009f]*(?:\u0007|\u001b\\|\u009c)`;
const TOKENS = new RegExp(`(${STRING_CONTROL})|([\r\n\b\t])|${CSI}([KGCDABEFJHfsu])|\u001b([78])`, 'g');
// What is left of a control once strip-ansi has taken the sequences: dropped, as a terminal shows nothing for it.
const LEFT_CONTROLS = /[\u0000-\u001f\u007f-\u009f]/g;
const C1_CONTROL = /[\u0080-\u009f]/;

/** Whether `text` holds a control that this module draws, beyond escapes to strip and \r over plain text. */
export function hasLineControl(text: string): boolean {
  return LINE_CONTROL.test(text);
}

/** Whether `text` holds a control that moves between lines or saves the cursor (screen.ts). */
export function hasScreenControl(text: string): boolean {
  return SCREEN_CONTROL.test(text);
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

/** `cells` blanks, held as a line (a long run of them as a gap). */
function blanks(cells: number, keepChars: number): LongLine {
  if (cells <= 3 * keepChars) return lineFromText(' '.repeat(cells), keepChars);
  const end = ' '.repeat(keepChars);
  return { head: end, gap: { cells: cells - 2 * keepChars, bytes: cells - 2 * keepChars }, tail: end, cells };
}

/** What the line shows: `written` laid over `drawn` from `column`. */
export function shownLine(line: CursorLine, keepChars: number): LongLine {
  const { drawn, column, written } = line;
  if (written.cells === 0) return drawn;
  if (column === 0) return overwriteLine(written, drawn, keepChars);
  if (column >= drawn.cells) {
    return concatLines(concatLines(drawn, blanks(column - drawn.cells, keepChars), keepChars), written, keepChars);
  }
  const before = concatLines(takeLineStart(drawn, column, keepChars), written, keepChars);
  return concatLines(before, dropLineStart(drawn, column + written.cells), keepChars);
}

export function cursorOf(line: CursorLine): number {
  return line.column + line.written.cells;
}

/** The line with the cursor at `column`, what is written so far laid down. */
export function moveTo(line: CursorLine, column: number, keepChars: number): CursorLine {
  return { drawn: shownLine(line, keepChars), column: Math.max(0, column), written: EMPTY_LINE };
}

/** The line with `text` (free of escapes and controls) written at the cursor. */
export function writeText(line: CursorLine, text: string, keepChars: number): CursorLine {
  if (text === '') return line;
  return { ...line, written: concatLines(line.written, lineFromText(text, keepChars), keepChars) };
}

/** A tab: the cursor to the next tab stop; the cells it passes past the end of the line are the tab's. */
function writeTab(line: CursorLine, keepChars: number): CursorLine {
  const cursor = cursorOf(line);
  const stop = cursor + tabCells(cursor);
  const end = line.written.cells > 0 ? Math.max(line.drawn.cells, cursor) : line.drawn.cells;
  if (stop <= end) return moveTo(line, stop, keepChars);
  const from = Math.max(cursor, end);
  const at = cursor === from ? line : moveTo(line, from, keepChars);
  return writeText(at, heldTab(stop - from), keepChars);
}

/** The line after a control of the line: \r, backspace, tab, or CSI's final letter and its number ('' when none). */
export function applyControl(line: CursorLine, command: string, parameter: string, keepChars: number): CursorLine {
  if (command === '\t') return writeTab(line, keepChars);
  const cursor = cursorOf(line);
  const count = parameter === '' ? 0 : Number(parameter.split(';')[0]) || 0;
  switch (command) {
    case '\r':
      return moveTo(line, 0, keepChars);
    case '\b':
      return moveTo(line, cursor - 1, keepChars);
    case 'D':
      return moveTo(line, cursor - Math.max(count, 1), keepChars);
    case 'G':
    case 'C': {
      const drawn = shownLine(line, keepChars);
      // A move to the right stops at the end of what is drawn or at a terminal's width, whichever is
      // further, and never moves the cursor left: a huge number cannot make the line huge.
      const rightLimit = Math.max(cursor, drawn.cells, SHELL_CURSOR_MOVE_MAX_COLUMNS);
      const target = command === 'G' ? Math.max(count, 1) - 1 : cursor + Math.max(count, 1);
      return { drawn, column: Math.min(target, rightLimit), written: EMPTY_LINE };
    }
    case 'K':
      return eraseInLine(shownLine(line, keepChars), cursor, count, keepChars);
    default:
      return line;
  }
}

/** ESC[K, ESC[1K, ESC[2K on what the line shows, the cursor at `cursor`. */
export function eraseInLine(drawn: LongLine, cursor: number, mode: number, keepChars: number): CursorLine {
  if (mode === 0) return { drawn: cursor >= drawn.cells ? drawn : takeLineStart(drawn, cursor, keepChars), column: cursor, written: EMPTY_LINE };
  if (mode === 1) {
    const erased = cursor + 1;
    const rest = erased >= drawn.cells ? EMPTY_LINE : concatLines(blanks(erased, keepChars), dropLineStart(drawn, erased), keepChars);
    return { drawn: rest, column: cursor, written: EMPTY_LINE };
  }
  if (mode === 2) return { drawn: EMPTY_LINE, column: cursor, written: EMPTY_LINE };
  return { drawn, column: cursor, written: EMPTY_LINE };
}

/** Moves between lines: given the line the cursor is on, it returns the line the cursor is on after. */
export type ScreenControl = (line: CursorLine, command: string, parameter: string) => CursorLine;

/** Text between controls, as shown: escapes removed, controls dropped. */
export function plainText(text: string): string {
  const stripped = text.includes('\u001b') || C1_CONTROL.test(text) ? stripAnsi(text) : text;
  return stripped.replace(LEFT_CONTROLS, '');
}

/** The line after drawing `text` (escapes and controls in any mix) on it; \n and moves between lines go to `screen`. */
export function drawText(line: CursorLine, text: string, keepChars: number, screen?: ScreenControl): CursorLine {
  let at = 0;
  TOKENS.lastIndex = 0;
  for (let match = TOKENS.exec(text); match; match = TOKENS.exec(text)) {
    if (match[1] !== undefined) continue; // a control string: removed with the text around it
    const end = TOKENS.lastIndex;
    line = writeText(line, plainText(text.slice(at, match.index)), keepChars);
    const command = match[2] ?? match[4] ?? match[5]!;
    const parameter = match[3] ?? '';
    if ('KGCD\r\b\t'.includes(command)) line = applyControl(line, command, parameter, keepChars);
    else if (screen) line = screen(line, command, parameter);
    at = end;
    TOKENS.lastIndex = end;
  }
  return writeText(line, plainText(text.slice(at)), keepChars);
}

// Held whole: a line short enough to be cleaned in one piece is never cut.
const WHOLE_LINE_KEEP_CHARS = Number.MAX_SAFE_INTEGER / 8;

/** A whole line (no \n, no move between lines) as a terminal leaves it, tabs held as cells. */
export function drawLine(text: string): LongLine {
  return shownLine(drawText(EMPTY_CURSOR_LINE, text, WHOLE_LINE_KEEP_CHARS), WHOLE_LINE_KEEP_CHARS);
}
