// One line of terminal output that may be far longer than anything that can be shown. Only its first
// and last `keepChars` characters are kept as text; what lies between is a gap that remembers how many
// cells and UTF-8 bytes it held, so a 100 MB line costs the memory of a few KiB. Pure.
//
// Positions on the line are cells, as a terminal counts columns (cells.ts); how much text is kept is
// counted in UTF-16 units, and a cut made to keep less never splits a character.
import { dropCells, firstCells, TAB_FILL, textCells } from './cells.js';
import { utf8Bytes } from '../../text/utf8.js';

export interface Gap {
  cells: number;
  bytes: number;
}

/** head, then gap (when the line is long), then tail; `cells` is the whole line's. Without a gap the tail is empty. */
export interface LongLine {
  head: string;
  gap: Gap | null;
  tail: string;
  cells: number;
}

export const EMPTY_LINE: LongLine = { head: '', gap: null, tail: '', cells: 0 };

// Counting the bytes of a long text is the one step that sees every character of a long line; Node's
// own counter does it natively, outside Node the plain loop gives the same count.
const nativeByteLength: ((text: string, encoding: 'utf8') => number) | undefined =
  typeof Buffer === 'function' ? Buffer.byteLength : undefined;
const TAB_FILLS = new RegExp(TAB_FILL, 'g');
/** The UTF-8 bytes of `text` as shown: a tab's further cells are part of its one byte. */
export function textBytes(text: string): number {
  const bytes = nativeByteLength ? nativeByteLength(text, 'utf8') : utf8Bytes(text);
  // A lone surrogate counts three bytes (U+FFFD); a tab's fill counts none.
  return text.includes(TAB_FILL) ? bytes - 3 * (text.match(TAB_FILLS)?.length ?? 0) : bytes;
}

function isHigh(unit: number): boolean {
  return unit >= 0xd800 && unit <= 0xdbff;
}
function isLow(unit: number): boolean {
  return unit >= 0xdc00 && unit <= 0xdfff;
}
/** Whether a cut at `at` would split a surrogate pair. */
function splitsPair(text: string, at: number): boolean {
  return at > 0 && at < text.length && isHigh(text.charCodeAt(at - 1)) && isLow(text.charCodeAt(at));
}

/** At most the first `units` UTF-16 units of `text`. */
export function firstChars(text: string, units: number): string {
  let end = Math.min(units, text.length);
  if (splitsPair(text, end)) end--;
  return text.slice(0, end);
}

/** At most the last `units` UTF-16 units of `text`. */
export function lastChars(text: string, units: number): string {
  let start = Math.max(0, text.length - units);
  if (splitsPair(text, start)) start++;
  return text.slice(start);
}

export function lineCells(line: LongLine): number {
  return line.cells;
}

export function lineFromText(text: string, keepChars: number): LongLine {
  return compact({ head: text, gap: null, tail: '', cells: textCells(text) }, keepChars);
}

/**
 * Move text that can never be shown into the gap, with its exact counts. The kept parts may grow to a
 * few times `keepChars` before they are trimmed, so that appending piece by piece stays linear.
 */
function compact(line: LongLine, keepChars: number): LongLine {
  let { head, gap, tail } = line;
  if (!gap) {
    if (head.length <= 3 * keepChars) return line;
    const first = firstChars(head, keepChars);
    const rest = head.slice(first.length);
    const last = lastChars(rest, keepChars);
    const middle = rest.slice(0, rest.length - last.length);
    return { head: first, gap: { cells: textCells(middle), bytes: textBytes(middle) }, tail: last, cells: line.cells };
  }
  if (head.length > 2 * keepChars) {
    const first = firstChars(head, keepChars);
    const moved = head.slice(first.length);
    gap = { cells: gap.cells + textCells(moved), bytes: gap.bytes + textBytes(moved) };
    head = first;
  }
  if (tail.length > 2 * keepChars) {
    const last = lastChars(tail, keepChars);
    const moved = tail.slice(0, tail.length - last.length);
    gap = { cells: gap.cells + textCells(moved), bytes: gap.bytes + textBytes(moved) };
    tail = last;
  }
  return { head, gap, tail, cells: line.cells };
}

/** `first` followed by `second`. */
export function concatLines(first: LongLine, second: LongLine, keepChars: number): LongLine {
  const cells = first.cells + second.cells;
  if (!first.gap && !second.gap) return compact({ head: first.head + second.head, gap: null, tail: '', cells }, keepChars);
  if (!first.gap) return compact({ head: first.head + second.head, gap: second.gap, tail: second.tail, cells }, keepChars);
  if (!second.gap) return compact({ head: first.head, gap: first.gap, tail: first.tail + second.head, cells }, keepChars);
  const between = first.tail + second.head;
  return {
    head: first.head,
    gap: {
      cells: first.gap.cells + textCells(between) + second.gap.cells,
      bytes: first.gap.bytes + textBytes(between) + second.gap.bytes,
    },
    tail: second.tail,
    cells,
  };
}

/** A gap of `cells` cells cut from `gap`, keeping its average bytes per cell (at least one, at most four). */
export function gapPart(gap: Gap, cells: number): Gap {
  return { cells, bytes: Math.min(4 * cells, Math.max(cells, Math.round((gap.bytes * cells) / gap.cells))) };
}

/**
 * The line without its first `cells` cells. Cutting inside the gap cannot know the bytes of the part
 * cut away, so the gap keeps its average bytes per cell: the one estimate in the cleaner, reached only
 * when a redraw covers part of a line longer than twice what can be shown.
 */
export function dropLineStart(line: LongLine, cells: number): LongLine {
  if (cells <= 0) return line;
  if (cells >= line.cells) return EMPTY_LINE;
  const rest = line.cells - cells;
  const headCells = textCells(line.head);
  if (cells <= headCells) return { ...line, head: dropCells(line.head, cells), cells: rest };
  const gap = line.gap!;
  if (cells < headCells + gap.cells) return { head: '', gap: gapPart(gap, gap.cells - (cells - headCells)), tail: line.tail, cells: rest };
  return { head: dropCells(line.tail, cells - headCells - gap.cells), gap: null, tail: '', cells: rest };
}

/** The first `cells` cells of the line; a cut inside the gap keeps its average width, as dropLineStart does. */
export function takeLineStart(line: LongLine, cells: number, keepChars: number): LongLine {
  if (cells >= line.cells) return line;
  if (cells <= 0) return EMPTY_LINE;
  const headCells = textCells(line.head);
  if (cells <= headCells) return lineFromText(firstCells(line.head, cells), keepChars);
  const gap = line.gap!;
  const inGap = cells - headCells;
  if (inGap <= gap.cells) return { head: line.head, gap: gapPart(gap, inGap), tail: '', cells };
  return { head: line.head, gap, tail: firstCells(line.tail, inGap - gap.cells), cells };
}

/** What a terminal shows after a carriage return and then `redraw`: it covers the start of `line`. */
export function overwriteLine(redraw: LongLine, line: LongLine, keepChars: number): LongLine {
  if (redraw.cells >= line.cells) return redraw;
  return concatLines(redraw, dropLineStart(line, redraw.cells), keepChars);
}
