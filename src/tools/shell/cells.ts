// Columns as a terminal counts them (cells), for the shell's cleaner. Pure.
//
// East Asian wide and fullwidth characters, emoji presentation among them, take two cells (the
// Unicode East Asian Width table, from get-east-asian-width, bundled); combining marks, format
// characters and Hangul medial vowels none, as wcwidth and xterm's Unicode 11 widths give them;
// everything else one. Controls never reach here: the cleaner has acted on them or dropped them.
//
// A tab moves the cursor to the next multiple of 8. Where the cells it passes hold nothing, they are
// held as `\t` followed by one TAB_FILL per further cell, so that each cell is one place in the text;
// shownText turns a tab whose cells are all still its own back into one `\t`, and any other cell of
// it into a blank.
import { eastAsianWidth } from 'get-east-asian-width';

/** Each cell after the first that a tab holds: a lone low surrogate, which decoded text never holds. */
export const TAB_FILL = '\uDFFF';
export const TAB_STOP_CELLS = 8;

const PLAIN = /^[\u0020-\u007e]*$/;
// Made on first use: building a Unicode property class costs about 2 million instructions (ICU's
// tables), which every shell and shell_status call paid at load though most output is ASCII.
let zeroWidth: RegExp | null = null;
const isZeroWidth = (character: string): boolean =>
  (zeroWidth ??= new RegExp('^[\\p{Mn}\\p{Me}\\p{Cf}\\u1160-\\u11ff]$', 'u')).test(character);

/** The cells of one code point: 0, 1 or 2. A tab and TAB_FILL count one each. */
export function codePointCells(codePoint: number): number {
  if (codePoint < 0x300) return codePoint === 0xad ? 0 : 1;
  if (codePoint === 0xdfff) return 1;
  if (isZeroWidth(String.fromCodePoint(codePoint))) return 0;
  return eastAsianWidth(codePoint);
}

export function textCells(text: string): number {
  if (PLAIN.test(text)) return text.length;
  let cells = 0;
  for (let at = 0; at < text.length; ) {
    const codePoint = text.codePointAt(at)!;
    cells += codePointCells(codePoint);
    at += codePoint > 0xffff ? 2 : 1;
  }
  return cells;
}

interface Cut {
  /** Where the text after the first `cells` cells starts (marks that follow a character stay with it). */
  index: number;
  /** Length of a two-cell character that the cut falls inside (it starts at `index`), else 0. */
  straddling: number;
}

function cutAt(text: string, cells: number): Cut {
  if (PLAIN.test(text)) return { index: Math.min(cells, text.length), straddling: 0 };
  let column = 0;
  for (let at = 0; at < text.length; ) {
    const codePoint = text.codePointAt(at)!;
    const width = codePointCells(codePoint);
    const length = codePoint > 0xffff ? 2 : 1;
    if (width > 0 && column + width > cells) return { index: at, straddling: column < cells ? length : 0 };
    column += width;
    at += length;
  }
  return { index: text.length, straddling: 0 };
}

/** The first `cells` cells of `text`; half of a wide character cut through is left a blank. */
export function firstCells(text: string, cells: number): string {
  const cut = cutAt(text, cells);
  return cut.straddling ? text.slice(0, cut.index) + ' ' : text.slice(0, cut.index);
}

/** `text` without its first `cells` cells; the other half of a wide character cut through is a blank. */
export function dropCells(text: string, cells: number): string {
  const cut = cutAt(text, cells);
  if (!cut.straddling) return text.slice(cut.index);
  let rest = cut.index + cut.straddling;
  while (rest < text.length && codePointCells(text.codePointAt(rest)!) === 0) rest += text.codePointAt(rest)! > 0xffff ? 2 : 1;
  return ' ' + text.slice(rest);
}

/** The cells a tab at `column` covers: up to the next tab stop. */
export function tabCells(column: number): number {
  return TAB_STOP_CELLS - (column % TAB_STOP_CELLS);
}

/** A tab's cells as held: `\t`, then a TAB_FILL for each further cell. */
export function heldTab(cells: number): string {
  return cells <= 0 ? '' : '\t' + TAB_FILL.repeat(cells - 1);
}

/** Text as it is shown, starting at `column`: a tab whose cells are all its own is one `\t`, any other tab cell a blank. */
export function shownText(text: string, column: number): string {
  if (!text.includes('\t') && !text.includes(TAB_FILL)) return text;
  let shown = '';
  let from = 0;
  let at = 0;
  const flush = (to: number) => {
    shown += text.slice(from, to);
    column += textCells(text.slice(from, to));
  };
  while (at < text.length) {
    const unit = text[at];
    if (unit !== '\t' && unit !== TAB_FILL) {
      at++;
      continue;
    }
    flush(at);
    let end = at + 1;
    if (unit === '\t') while (end < text.length && text[end] === TAB_FILL) end++;
    const cells = end - at;
    shown += unit === '\t' && (column + cells) % TAB_STOP_CELLS === 0 ? '\t' : ' '.repeat(cells);
    column += cells;
    at = from = end;
  }
  flush(text.length);
  return shown;
}

/** A line as shown (tabs at their columns) back in held form: each `\t` spans its cells again. */
export function heldText(text: string): string {
  if (!text.includes('\t')) return text;
  const parts = text.split('\t');
  let held = parts[0]!;
  let column = textCells(held);
  for (const part of parts.slice(1)) {
    const cells = tabCells(column);
    held += heldTab(cells) + part;
    column += cells + textCells(part);
  }
  return held;
}
