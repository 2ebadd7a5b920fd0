import { describe, expect, it } from 'vitest';
import {
  concatLines,
  dropChars,
  dropLineStart,
  firstChars,
  lastChars,
  lineChars,
  lineFromText,
  overwriteLine,
} from '../../../src/tools/shell/long-line.js';

const K = 4;

describe('character cuts', () => {
  it('firstChars never keeps half an emoji', () => expect(firstChars('ab😀', 3)).toBe('ab'));
  it('lastChars never keeps half an emoji', () => expect(lastChars('😀ab', 3)).toBe('ab'));
  it('dropChars drops a whole emoji at the cut', () => expect(dropChars('😀ab', 1)).toBe('ab'));
  it('plain cuts', () => {
    expect(firstChars('abcdef', 2)).toBe('ab');
    expect(lastChars('abcdef', 2)).toBe('ef');
    expect(dropChars('abcdef', 2)).toBe('cdef');
  });
});

describe('LongLine', () => {
  it('a short line is held whole', () =>
    expect(lineFromText('abcdefghijkl', K)).toEqual({ head: 'abcdefghijkl', gap: null, tail: '' }));

  it('a line past three times the kept size becomes head, gap and tail with exact counts', () =>
    expect(lineFromText('abcd' + 'é'.repeat(10) + 'wxyz', K)).toEqual({
      head: 'abcd',
      gap: { chars: 10, bytes: 20 },
      tail: 'wxyz',
    }));

  it('appending to a long line moves what cannot be shown into the gap', () => {
    const line = concatLines(lineFromText('a'.repeat(20), K), lineFromText('b'.repeat(9), K), K);
    expect(line).toEqual({ head: 'aaaa', gap: { chars: 21, bytes: 21 }, tail: 'bbbb' });
    expect(lineChars(line)).toBe(29);
  });

  it('two long lines joined keep the outer ends', () => {
    const line = concatLines(lineFromText('a'.repeat(20), K), lineFromText('b'.repeat(20), K), K);
    expect(line).toEqual({ head: 'aaaa', gap: { chars: 32, bytes: 32 }, tail: 'bbbb' });
  });

  it('a short redraw covers only the start of a long line', () =>
    expect(overwriteLine(lineFromText('XY', K), lineFromText('a'.repeat(20), K), K)).toEqual({
      head: 'XYaa',
      gap: { chars: 12, bytes: 12 },
      tail: 'aaaa',
    }));

  it('a redraw at least as long replaces the line', () => {
    const redraw = lineFromText('b'.repeat(20), K);
    expect(overwriteLine(redraw, lineFromText('a'.repeat(20), K), K)).toBe(redraw);
  });

  it('a redraw ending inside the gap keeps the gap at its average width', () => {
    const line = lineFromText('aaaa' + 'é'.repeat(12) + 'zzzz', K); // gap: 12 chars, 24 bytes
    expect(dropLineStart(line, 10)).toEqual({ head: '', gap: { chars: 6, bytes: 12 }, tail: 'zzzz' });
  });

  it('a redraw ending in the tail keeps the rest of the tail', () =>
    expect(dropLineStart(lineFromText('a'.repeat(20), K), 18)).toEqual({ head: 'aa', gap: null, tail: '' }));
});
