// A clipped line whose window reached the line's end read `…xyz… [+N chars]`, as if more of
// the line followed the match.
import { expect, it } from 'vitest';
import { clipSearchLine } from '../../../src/tools/code_search/format.js';

const whole = (text: string, matchChar: number) => ({ text, startChar: 0, totalChars: [...text].length, matchChar });

it('a window that ends at the line end is cut only before it', () => {
  expect(clipSearchLine(whole('0123456789abcdefghij', 18), 10, 4)).toBe('…abcdefghij [+10 chars]');
});

it('one character short of the end, it is cut on both sides', () => {
  expect(clipSearchLine(whole('0123456789abcdefghijk', 13), 10, 4)).toBe('…9abcdefghi… [+11 chars]');
});
