import { describe, expect, it } from 'vitest';
import {
  capText,
  codePointCount,
  firstCodePoints,
  isContinuationByte,
  prefixWithinBytes,
  suffixWithinBytes,
  utf8Bytes,
} from '../../src/text/utf8.js';

describe('utf8 helpers', () => {
  it('counts UTF-8 bytes of ASCII, accents, CJK and emoji', () => {
    expect(utf8Bytes('a')).toBe(1);
    expect(utf8Bytes('é')).toBe(2);
    expect(utf8Bytes('中')).toBe(3);
    expect(utf8Bytes('😀')).toBe(4);
    expect(utf8Bytes('a😀é')).toBe(Buffer.byteLength('a😀é'));
  });

  it('counts a lone surrogate as the three bytes of U+FFFD it becomes', () => {
    expect(utf8Bytes('\uD800')).toBe(3);
  });

  it('counts code points and takes the first ones without splitting a pair', () => {
    expect(codePointCount('a😀b')).toBe(3);
    expect(firstCodePoints('😀😀😀', 2)).toBe('😀😀');
  });

  it('never cuts inside a character when it cuts at a byte limit', () => {
    expect(prefixWithinBytes('aé中😀', 1)).toBe('a');
    expect(prefixWithinBytes('aé中😀', 2)).toBe('a');
    expect(prefixWithinBytes('aé中😀', 3)).toBe('aé');
    expect(prefixWithinBytes('aé中😀', 9)).toBe('aé中');
    expect(prefixWithinBytes('aé中😀', 10)).toBe('aé中😀');
  });

  it('leaves a text at the cap alone and cuts one byte over with a marker, within the cap', () => {
    expect(capText('abcd', 4)).toBe('abcd');
    const cut = capText('x'.repeat(100), 99);
    expect(cut).toBe('x'.repeat(99 - utf8Bytes('\n[… cut to stay under 99 bytes]')) + '\n[… cut to stay under 99 bytes]');
    expect(utf8Bytes(cut)).toBe(99);
  });

  it('gives the same answers on the quick paths for ASCII text and text without surrogate pairs', () => {
    expect(utf8Bytes('')).toBe(0);
    expect(utf8Bytes('plain ascii')).toBe(11);
    expect(utf8Bytes('\uDC00 lone low surrogate')).toBe(3 + 19);
    expect(codePointCount('héllo wörld')).toBe(11);
    expect(firstCodePoints('héllo', 2)).toBe('hé');
    expect(firstCodePoints('abc', 0)).toBe('');
    expect(prefixWithinBytes('abcdef', 3)).toBe('abc');
    expect(prefixWithinBytes('abc', 10)).toBe('abc');
  });
});

describe('suffixWithinBytes', () => {
  it('empty', () => {
    expect(suffixWithinBytes('', 5)).toBe('');
    expect(suffixWithinBytes('abc', 0)).toBe('');
  });
  it('keeps the whole text when it fits', () => {
    expect(suffixWithinBytes('abc', 3)).toBe('abc');
  });
  it('never splits a multibyte character', () => {
    expect(suffixWithinBytes('aé', 1)).toBe('');
    expect(suffixWithinBytes('aé', 2)).toBe('é');
  });
  it('never splits a surrogate pair', () => {
    expect(suffixWithinBytes('a😀', 3)).toBe('');
    expect(suffixWithinBytes('a😀', 4)).toBe('😀');
  });
});

describe('isContinuationByte', () => {
  it('is true only for the bytes after the first of a multibyte character', () => {
    expect([...new TextEncoder().encode('aé😀')].map(isContinuationByte)).toEqual([false, false, true, false, true, true, true]);
  });
  it('past the end of the bytes is no continuation', () => expect(isContinuationByte(undefined)).toBe(false));
});
