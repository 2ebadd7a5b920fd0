// One line of terminal output that may be far longer than anything that can be shown. Only its first
// and last `keepChars` characters are kept as text; what lies between is a gap that remembers how many
// characters and UTF-8 bytes it held, so a 100 MB line costs the memory of a few KiB. Pure.
//
// Characters are counted as UTF-16 units, which also counts a character outside the Basic
// Multilingual Plane (most emoji) as two, as a terminal gives it two columns; a cut never splits one.
import { utf8Bytes } from '../../text/utf8.js';

export interface Gap {
  chars: number;
  bytes: number;
}

/** head, then gap (when the line is long), then tail. Without a gap the tail is empty. */
export interface LongLine {
  head: string;
  gap: Gap | null;
  tail: string;
}

export const EMPTY_LINE: LongLine = { head: '', gap: null, tail: '' };

// Counting the bytes of a long text is the one step that sees every character of a long line; Node's
// own counter does it natively, outside Node the plain loop gives the same count.
const nativeByteLength: ((text: string, encoding: 'utf8') => number) | undefined =
  typeof Buffer === 'function' ? Buffer.byteLength : undefined;
export function textBytes(text: string): number {
  return nativeByteLength ? nativeByteLength(text, 'utf8') : utf8Bytes(text);
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

/** At most the first `chars` characters of `text`. */
export function firstChars(text: string, chars: number): string {
  let end = Math.min(chars, text.length);
  if (splitsPair(text, end)) end--;
  return text.slice(0, end);
}

/** At most the last `chars` characters of `text`. */
export function lastChars(text: string, chars: number): string {
  let start = Math.max(0, text.length - chars);
  if (splitsPair(text, start)) start++;
  return text.slice(start);
}

/** `text` without its first `chars` characters (a pair at the cut goes with them). */
export function dropChars(text: string, chars: number): string {
  let start = Math.min(chars, text.length);
  if (splitsPair(text, start)) start++;
  return text.slice(start);
}

export function lineChars(line: LongLine): number {
  return line.head.length + (line.gap?.chars ?? 0) + line.tail.length;
}

export function lineFromText(text: string, keepChars: number): LongLine {
  return compact({ head: text, gap: null, tail: '' }, keepChars);
}

/**
 * Move text that can never be shown into the gap, with its exact byte count. The kept parts may grow
 * to a few times `keepChars` before they are trimmed, so that appending piece by piece stays linear.
 */
function compact(line: LongLine, keepChars: number): LongLine {
  let { head, gap, tail } = line;
  if (!gap) {
    if (head.length <= 3 * keepChars) return line;
    const first = firstChars(head, keepChars);
    const rest = head.slice(first.length);
    const last = lastChars(rest, keepChars);
    const middle = rest.slice(0, rest.length - last.length);
    return { head: first, gap: { chars: middle.length, bytes: textBytes(middle) }, tail: last };
  }
  if (head.length > 2 * keepChars) {
    const first = firstChars(head, keepChars);
    const moved = head.slice(first.length);
    gap = { chars: gap.chars + moved.length, bytes: gap.bytes + textBytes(moved) };
    head = first;
  }
  if (tail.length > 2 * keepChars) {
    const last = lastChars(tail, keepChars);
    const moved = tail.slice(0, tail.length - last.length);
    gap = { chars: gap.chars + moved.length, bytes: gap.bytes + textBytes(moved) };
    tail = last;
  }
  return { head, gap, tail };
}

/** `first` followed by `second`. */
export function concatLines(first: LongLine, second: LongLine, keepChars: number): LongLine {
  if (!first.gap && !second.gap) return compact({ head: first.head + second.head, gap: null, tail: '' }, keepChars);
  if (!first.gap) return compact({ head: first.head + second.head, gap: second.gap, tail: second.tail }, keepChars);
  if (!second.gap) return compact({ head: first.head, gap: first.gap, tail: first.tail + second.head }, keepChars);
  const between = first.tail + second.head;
  return {
    head: first.head,
    gap: {
      chars: first.gap.chars + between.length + second.gap.chars,
      bytes: first.gap.bytes + textBytes(between) + second.gap.bytes,
    },
    tail: second.tail,
  };
}

/**
 * The line without its first `chars` characters. Cutting inside the gap cannot know the bytes of the
 * part cut away, so the gap keeps its average bytes per character: the one estimate in the cleaner,
 * reached only when a carriage return redraws part of a line longer than twice what can be shown.
 */
export function dropLineStart(line: LongLine, chars: number): LongLine {
  if (chars <= 0) return line;
  if (chars <= line.head.length) return { ...line, head: dropChars(line.head, chars) };
  const gap = line.gap;
  if (gap && chars < line.head.length + gap.chars) {
    const left = gap.chars - (chars - line.head.length);
    const bytes = Math.min(4 * left, Math.max(left, Math.round((gap.bytes * left) / gap.chars)));
    return { head: '', gap: { chars: left, bytes }, tail: line.tail };
  }
  const fromTail = chars - line.head.length - (gap?.chars ?? 0);
  return { head: dropChars(line.tail, fromTail), gap: null, tail: '' };
}

/** What a terminal shows after a carriage return and then `redraw`: it covers the start of `line`. */
export function overwriteLine(redraw: LongLine, line: LongLine, keepChars: number): LongLine {
  const covered = lineChars(redraw);
  if (covered >= lineChars(line)) return redraw;
  return concatLines(redraw, dropLineStart(line, covered), keepChars);
}
