import { describe, expect, it } from 'vitest';
import { HeadTailBuilder, headTailBytes, headTailOf, wholeText } from '../../src/text/head-tail.js';

describe('headTailOf', () => {
  it('keeps a text exactly at the cap whole', () => {
    expect(headTailOf('abcdefgh', 8)).toEqual(wholeText('abcdefgh'));
  });

  it('keeps the two halves of a text one byte over the cap', () => {
    expect(headTailOf('abcdefghi', 8)).toEqual({ head: 'abcd', tail: 'fghi', elidedBytes: 1 });
  });

  it('never splits a multibyte character at either cut', () => {
    const value = headTailOf('€€€€€', 8); // 15 bytes
    expect(value).toEqual({ head: '€', tail: '€', elidedBytes: 9 });
    expect(headTailBytes(value)).toBe(15);
  });
});

describe('HeadTailBuilder', () => {
  it('gives back a short text whole, in any pieces', () => {
    const builder = new HeadTailBuilder(100);
    for (const piece of ['ab', '', 'c', 'def']) builder.append(piece);
    expect(builder.value()).toEqual(wholeText('abcdef'));
  });

  it('keeps the head and the tail of a long text and counts the middle', () => {
    const builder = new HeadTailBuilder(8);
    for (const piece of ['abc', 'def', 'ghi', 'jkl', 'mno']) builder.append(piece);
    expect(builder.value()).toEqual({ head: 'abcd', tail: 'lmno', elidedBytes: 7 });
  });

  it('holds a megabyte appended a line at a time in bounded pieces', () => {
    const builder = new HeadTailBuilder(1000);
    for (let i = 0; i < 20_000; i++) builder.append(`line ${i}\n`);
    const value = builder.value();
    expect(value.head.startsWith('line 0\n')).toBe(true);
    expect(value.tail.endsWith('line 19999\n')).toBe(true);
    expect(headTailBytes(value)).toBe(Array.from({ length: 20_000 }, (_, i) => `line ${i}\n`).join('').length);
  });

  it('says whether anything was appended', () => {
    const builder = new HeadTailBuilder(10);
    expect(builder.isEmpty()).toBe(true);
    builder.append('x');
    expect(builder.isEmpty()).toBe(false);
  });
});
