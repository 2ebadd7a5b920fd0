import { describe, expect, it } from 'vitest';
import {
  binaryText,
  clipLine,
  emptyText,
  formatFileRead,
  pastEndText,
  type ShownLine,
} from '../../../src/tools/file_read/format.js';
import { utf8Bytes } from '../../../src/text/utf8.js';

const plain = (...texts: string[]): ShownLine[] => texts.map((text) => ({ text, cutChars: 0 }));

describe('clipLine', () => {
  it('keeps a line of exactly the limit whole', () => {
    expect(clipLine('a'.repeat(400), 400)).toEqual({ text: 'a'.repeat(400), cutChars: 0 });
  });

  it('clips a line one character over the limit and counts one cut character', () => {
    expect(clipLine('a'.repeat(401), 400)).toEqual({ text: 'a'.repeat(400), cutChars: 1 });
  });

  it('counts code points, so an emoji is one character and is never split', () => {
    expect(clipLine('😀'.repeat(5), 3)).toEqual({ text: '😀😀😀', cutChars: 2 });
  });

  it('keeps an empty line empty', () => {
    expect(clipLine('', 400)).toEqual({ text: '', cutChars: 0 });
  });
});

describe('formatFileRead', () => {
  it('numbers lines with a tab after the number, under a header with the range and total', () => {
    expect(formatFileRead('src/call/request.ts', 1, plain('one', 'two', 'three'), 3, 8192)).toEqual({
      text: 'src/call/request.ts · lines 1–3 of 3\n1\tone\n2\ttwo\n3\tthree',
      lastLine: 3,
      stopped: false,
    });
  });

  it('right-aligns numbers to the width of the last line shown', () => {
    const lines = plain(...Array.from({ length: 4 }, (_, i) => `line ${i + 8}`));
    expect(formatFileRead('a.txt', 8, lines, 20, 8192).text).toBe(
      'a.txt · lines 8–11 of 20\n 8\tline 8\n 9\tline 9\n10\tline 10\n11\tline 11',
    );
  });

  it('shows a clipped line with the count of what was cut', () => {
    const lines: ShownLine[] = [{ text: 'abc', cutChars: 17 }];
    expect(formatFileRead('a.txt', 1, lines, 1, 8192).text).toBe('a.txt · lines 1–1 of 1\n1\tabc… [+17 chars]');
  });

  it('returns everything when the text is exactly at the cap', () => {
    const text = 'a.txt · lines 1–2 of 2\n1\tone\n2\ttwo';
    const shaped = formatFileRead('a.txt', 1, plain('one', 'two'), 2, utf8Bytes(text));
    expect(shaped).toEqual({ text, lastLine: 2, stopped: false });
  });

  it('stops before the line that would pass the cap and says which offset continues', () => {
    const lines = plain(...Array.from({ length: 50 }, (_, i) => `line number ${i + 1} `.padEnd(40, '.')));
    const shaped = formatFileRead('big.txt', 1, lines, 50, 1024);
    expect(shaped.stopped).toBe(true);
    expect(utf8Bytes(shaped.text)).toBeLessThanOrEqual(1024);
    const last = shaped.lastLine;
    expect(shaped.text.split('\n')[0]).toBe(`big.txt · lines 1–${last} of 50`);
    expect(shaped.text.endsWith(`\n[stopped at line ${last} to stay under 1024 bytes; continue with offset ${last + 1}]`)).toBe(true);
    // One more line would not have fitted.
    const withOneMore = formatFileRead('big.txt', 1, lines.slice(0, last + 1), 50, 100_000).text;
    const oneMoreBytes = utf8Bytes(withOneMore) + 1 + utf8Bytes(`[stopped at line ${last + 1} to stay under 1024 bytes; continue with offset ${last + 2}]`);
    expect(oneMoreBytes).toBeGreaterThan(1024);
  });

  it('stops one byte over the cap at the last line that fits with its stop line', () => {
    const lines = plain(...Array.from({ length: 12 }, () => 'x'.repeat(90)));
    const body = (count: number, width: number) =>
      Array.from({ length: count }, (_, i) => `${String(i + 1).padStart(width)}\t${'x'.repeat(90)}`).join('\n');
    const full = `a.txt · lines 1–12 of 12\n${body(12, 2)}`;
    const cap = utf8Bytes(full) - 1;
    expect(formatFileRead('a.txt', 1, lines, 12, cap + 1).text).toBe(full);
    expect(formatFileRead('a.txt', 1, lines, 12, cap).text).toBe(
      `a.txt · lines 1–11 of 12\n${body(11, 2)}\n[stopped at line 11 to stay under ${cap} bytes; continue with offset 12]`,
    );
  });

  it('squeezes a first line too long for the cap instead of showing no line', () => {
    const line = 'é'.repeat(400);
    const shaped = formatFileRead('a.txt', 1, [{ text: line, cutChars: 0 }, { text: 'x', cutChars: 0 }], 2, 200);
    expect(utf8Bytes(shaped.text)).toBeLessThanOrEqual(200);
    const [header, body, stop] = shaped.text.split('\n');
    expect(header).toBe('a.txt · lines 1–1 of 2');
    expect(stop).toBe('[stopped at line 1 to stay under 200 bytes; continue with offset 2]');
    const match = /^1\t(é*)… \[\+(\d+) chars\]$/.exec(body!);
    expect(match).not.toBeNull();
    expect(match![1]!.length + Number(match![2])).toBe(400);
  });

  it('never cuts inside a multibyte character when it squeezes', () => {
    const shaped = formatFileRead('a.txt', 1, [{ text: '中'.repeat(400), cutChars: 0 }], 1, 150);
    expect(shaped.text).not.toContain('\uFFFD');
    expect(utf8Bytes(shaped.text)).toBeLessThanOrEqual(150);
  });
});

describe('the one-line answers', () => {
  it('names a binary file with its size', () => {
    expect(binaryText('img/logo.png', 2048)).toBe('img/logo.png is binary (2048 bytes); not shown');
  });

  it('says a file is empty', () => {
    expect(emptyText('a.txt')).toBe('a.txt is empty');
  });

  it('says an offset is past the end, with the line count', () => {
    expect(pastEndText('a.txt', 3, 10)).toBe('a.txt has 3 lines; offset 10 is past the end');
  });

  it('says "1 line" for a one-line file', () => {
    expect(pastEndText('a.txt', 1, 5)).toBe('a.txt has 1 line; offset 5 is past the end');
  });
});
