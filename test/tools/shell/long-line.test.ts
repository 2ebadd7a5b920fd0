import { describe, expect, it } from 'vitest';
import { dropCells, firstCells, shownText, textCells } from '../../../src/tools/shell/cells.js';
import {
  concatLines,
  dropLineStart,
  firstChars,
  lastChars,
  lineFromText,
  overwriteLine,
  takeLineStart,
} from '../../../src/tools/shell/long-line.js';

const K = 4;

describe('character cuts that keep less text', () => {
  it('firstChars never keeps half an emoji', () => expect(firstChars('ab😀', 3)).toBe('ab'));
  it('lastChars never keeps half an emoji', () => expect(lastChars('😀ab', 3)).toBe('ab'));
  it('plain cuts', () => {
    expect(firstChars('abcdef', 2)).toBe('ab');
    expect(lastChars('abcdef', 2)).toBe('ef');
  });
});

describe('cells, as a terminal counts columns', () => {
  it('an ASCII character is one cell', () => expect(textCells('abc')).toBe(3));
  it('an East Asian wide character is two cells', () => expect(textCells('全本')).toBe(4));
  it('a fullwidth form is two cells', () => expect(textCells('Ａ')).toBe(2));
  it('an emoji of emoji presentation is two cells', () => expect(textCells('✅😀')).toBe(4));
  it('a combining mark is no cell', () => expect(textCells('e\u0301')).toBe(1));
  it('an emoji of text presentation is one cell, its variation selector none', () => expect(textCells('❤\ufe0f')).toBe(1));
  it('a cut through a wide character leaves a blank for the half kept', () => expect(firstCells('全本', 3)).toBe('全 '));
  it('a cut through a wide character leaves a blank for the half left', () => expect(dropCells('全本', 1)).toBe(' 本'));
  it('a combining mark stays with the character before it', () => {
    expect(firstCells('e\u0301x', 1)).toBe('e\u0301');
    expect(dropCells('e\u0301x', 1)).toBe('x');
  });
  it('a tab whose cells are all its own shows as one tab', () => expect(shownText('a\t\udfff\udfff\udfff\udfff\udfff\udfffb', 0)).toBe('a\tb'));
  it('a tab whose last cells were written over shows as blanks', () => expect(shownText('a\t\udfff\udfff\udfffxyb', 0)).toBe('a    xyb'));
});

describe('LongLine', () => {
  it('a short line is held whole', () =>
    expect(lineFromText('abcdefghijkl', K)).toEqual({ head: 'abcdefghijkl', gap: null, tail: '', cells: 12 }));

  it('a line past three times the kept size becomes head, gap and tail with exact counts', () =>
    expect(lineFromText('abcd' + 'é'.repeat(10) + 'wxyz', K)).toEqual({
      head: 'abcd',
      gap: { cells: 10, bytes: 20 },
      tail: 'wxyz',
      cells: 18,
    }));

  it('a gap of wide characters counts two cells for each', () =>
    expect(lineFromText('abcd' + '全'.repeat(10) + 'wxyz', K).gap).toEqual({ cells: 20, bytes: 30 }));

  it('appending to a long line moves what cannot be shown into the gap', () => {
    const line = concatLines(lineFromText('a'.repeat(20), K), lineFromText('b'.repeat(9), K), K);
    expect(line).toEqual({ head: 'aaaa', gap: { cells: 21, bytes: 21 }, tail: 'bbbb', cells: 29 });
  });

  it('two long lines joined keep the outer ends', () => {
    const line = concatLines(lineFromText('a'.repeat(20), K), lineFromText('b'.repeat(20), K), K);
    expect(line).toEqual({ head: 'aaaa', gap: { cells: 32, bytes: 32 }, tail: 'bbbb', cells: 40 });
  });

  it('a short redraw covers only the start of a long line', () =>
    expect(overwriteLine(lineFromText('XY', K), lineFromText('a'.repeat(20), K), K)).toEqual({
      head: 'XYaa',
      gap: { cells: 12, bytes: 12 },
      tail: 'aaaa',
      cells: 20,
    }));

  it('a redraw at least as long replaces the line', () => {
    const redraw = lineFromText('b'.repeat(20), K);
    expect(overwriteLine(redraw, lineFromText('a'.repeat(20), K), K)).toBe(redraw);
  });

  it('a redraw ending inside the gap keeps the gap at its average width', () => {
    const line = lineFromText('aaaa' + 'é'.repeat(12) + 'zzzz', K); // gap: 12 cells, 24 bytes
    expect(dropLineStart(line, 10)).toEqual({ head: '', gap: { cells: 6, bytes: 12 }, tail: 'zzzz', cells: 10 });
  });

  it('a redraw ending in the tail keeps the rest of the tail', () =>
    expect(dropLineStart(lineFromText('a'.repeat(20), K), 18)).toEqual({ head: 'aa', gap: null, tail: '', cells: 2 }));

  it('the start of a line cut through a wide character ends in a blank', () =>
    expect(takeLineStart(lineFromText('全本', K), 3, K)).toEqual({ head: '全 ', gap: null, tail: '', cells: 3 }));
});
