// Each rule of the cleaner's screen model, as a sentence with its exact text. The differential test
// (terminal-oracle.test.ts) checks the same rules against a real terminal on generated outputs.
import { describe, expect, it } from 'vitest';
import { SHELL_SCREEN_MAX_BYTES, SHELL_SCREEN_ROWS } from '../../../src/limits.js';
import { cleanTerminalOutput, StreamingCleaner } from '../../../src/tools/shell/clean.js';

const encode = (text: string): Uint8Array => new TextEncoder().encode(text);
const ESC = '\u001b';

function cleanInPieces(input: string, pieceBytes: number): string {
  const bytes = encode(input);
  const pieces: Uint8Array[] = [];
  const cleaner = new StreamingCleaner({ write: (piece) => void pieces.push(piece.slice()), skip: () => undefined }, { keepChars: 8192 });
  for (let at = 0; at < bytes.length; at += pieceBytes) cleaner.write(bytes.subarray(at, at + pieceBytes));
  cleaner.end();
  return new TextDecoder().decode(Buffer.concat(pieces));
}

/** The whole-text result, checked to be the same in pieces of every small size. */
function clean(input: string): string {
  const whole = cleanTerminalOutput(input);
  for (const piece of [1, 2, 3, 5, 7, 13]) expect(cleanInPieces(input, piece), `in pieces of ${piece}`).toBe(whole);
  return whole;
}

function rules(cases: Array<[string, string, string]>): void {
  for (const [name, input, expected] of cases) it(name, () => expect(clean(input)).toBe(expected));
}

describe('columns are counted as a terminal counts them', () => {
  rules([
    ['a tab moves to the next multiple of 8 and shows as a tab', 'a\tb\n', 'a\tb\n'],
    ['a tab over text moves the cursor and leaves the text', 'abcdefghij\r\tX\n', 'abcdefghXj\n'],
    ['a tab whose cells were later written over shows as blanks', 'a\tb\r\u001b[6Cxy\n', 'a     xyb\n'],
    ['a tab past the end of a redrawn line keeps its width', 'abcdefghijklm\tabcde\r' + 'z'.repeat(20) + '\n', 'z'.repeat(20) + 'e\n'],
    ['an East Asian wide character takes two columns', '全本\rab\n', 'ab本\n'],
    ['half a wide character written over leaves a blank for its other half', '全本\ra\n', 'a 本\n'],
    ['an emoji of emoji presentation takes two columns', `✅ step 1${ESC}[7G#\n`, '✅ ste# 1\n'],
    ['a combining mark takes no column', 'e\u0301xy\rZ\n', 'Zxy\n'],
    ['a line with wide characters and no control passes as it is', '全本 ✅ é\n', '全本 ✅ é\n'],
  ]);
});

describe('backspace moves one column left', () => {
  rules([
    ['a spinner drawn with backspaces shows its last state', 'spin |\b/\b-\b\\\bok\n', 'spin ok\n'],
    ['a backspace at the first column stays there', '\b\bab\n', 'ab\n'],
    ['text after a backspace into a wide character leaves a blank for its first half', '全\bX\n', ' X\n'],
  ]);
});

describe('the cursor moves between lines of the screen', () => {
  rules([
    ['ESC[nA moves the cursor up n lines, keeping its column', `one\ntwo\nthree${ESC}[2AX`, 'one  X\ntwo\nthree'],
    ['ESC[nB moves the cursor down n lines, keeping its column', `one\ntwo${ESC}[1A${ESC}[1BX`, 'one\ntwoX'],
    ['ESC[nF moves the cursor to the start of the line n lines up', `one\ntwo\nthree${ESC}[2FX`, 'Xne\ntwo\nthree'],
    ['ESC[nE moves the cursor to the start of the line n lines down', `one\ntwo\nthree${ESC}[2A${ESC}[EX`, 'one\nXwo\nthree'],
    ['ESC[r;cH moves the cursor to a row and a column of the screen', `one\ntwo\nthree${ESC}[2;2HX`, 'one\ntXo\nthree'],
    ['a line feed after a move up goes to the next line, which exists', `one\ntwo\nthree${ESC}[2A\nX`, 'one\nXwo\nthree'],
    ['a move down past the last line adds lines, as on a fresh screen', `a${ESC}[2Bb`, 'a\n\n b'],
    ['a move up stops at the first line', `a\nb${ESC}[9AX`, 'aX\nb'],
    [
      "a layer's progress redrawn on the line above shows its last state",
      `layer: waiting\nDigest: ok${ESC}[1A${ESC}[2K\rlayer: 50%\r${ESC}[1B${ESC}[1A${ESC}[2K\rlayer: done\r${ESC}[1B\n`,
      'layer: done\nDigest: ok\n',
    ],
  ]);

  it('lines that left the screen are final: a move up reaches the last 100 lines at most', () => {
    const lines = Array.from({ length: 150 }, (_, at) => `L${at}`);
    const expected = [...lines];
    expected[150 - SHELL_SCREEN_ROWS] = `X${150 - SHELL_SCREEN_ROWS}`;
    expect(clean(lines.join('\n') + `${ESC}[999A\rX`)).toBe(expected.join('\n'));
  });
});

describe('the cursor is saved and restored', () => {
  rules([
    ['ESC 7 saves the cursor and ESC 8 puts it back', `progress 10%${ESC}7 20%${ESC}8 50%${ESC}8100%\n`, 'progress 10%100%\n'],
    ['ESC[s saves the cursor and ESC[u puts it back, on another line too', `a${ESC}[s\nb${ESC}[uX`, 'aX\nb'],
    ['a restore goes back to the saved row of the screen', `a${ESC}7\nb\nc${ESC}8X`, 'aX\nb\nc'],
    ['a restore with nothing saved goes to the first column of the first row', `ab${ESC}8X`, 'Xb'],
  ]);
});

describe('erase in display blanks part of the screen', () => {
  rules([
    ['ESC[J erases from the cursor to the end of the screen', `one\ntwo\nthree${ESC}[2A${ESC}[2D${ESC}[J`, 'one\n\n'],
    ['ESC[1J erases from the start of the screen to the cursor, included', `one\ntwo\nthree${ESC}[1A${ESC}[2D${ESC}[1J`, '\n\nthree'],
    ['ESC[2J erases the whole screen and leaves the cursor where it is', `one\ntwo${ESC}[2Jx`, '\n   x'],
    ['ESC[3J leaves every line: a log keeps what a terminal would forget', `one\ntwo${ESC}[3Jx`, 'one\ntwox'],
    ['the clear command draws on a blank screen from its top', `one\ntwo\n${ESC}[H${ESC}[2J${ESC}[3Jnew\n`, 'new\n\n'],
  ]);
});

describe('every other control is dropped', () => {
  rules([
    ['BEL, NUL, VT, FF, SO, DEL and C1 controls show nothing', 'a\u0007b\u0000c\u000bd\u000ce\u000ef\u007fg\u0085h\n', 'abcdefgh\n'],
    ['a lone ESC shows nothing', `a${ESC}\n`, 'a\n'],
  ]);
});

describe('the screen keeps its memory bounded', () => {
  it('a hundred lines of 64 KiB each hold at most the screen byte cap', () => {
    const pieces: number[] = [];
    const cleaner = new StreamingCleaner({ write: (piece) => void pieces.push(piece.length), skip: () => undefined }, { keepChars: 8192 });
    const line = encode('x'.repeat(65_535) + '\n');
    let mostHeld = 0;
    for (let at = 0; at < 200; at++) {
      cleaner.write(line);
      mostHeld = Math.max(mostHeld, cleaner.heldChars());
    }
    cleaner.end();
    expect(mostHeld).toBeLessThanOrEqual(SHELL_SCREEN_MAX_BYTES);
    expect(pieces.reduce((sum, bytes) => sum + bytes, 0)).toBe(200 * 65_536);
  });

  it('lines held past the byte cap are final sooner: a move up stops below them', () => {
    // Whole, these three lines are held as their bytes, 1.2 MB: the first becomes final at once.
    const long = 'y'.repeat(400_000);
    expect(cleanTerminalOutput(`${long}\n${long}\n${long}\nshort${ESC}[5A\rX`)).toBe(`${long}\nX${long.slice(1)}\n${long}\nshort`);
  });
});
