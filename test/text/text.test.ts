// The text rules said once: clipping, keeping lines under a cap, the binary sniff, errno words, `~`.
import { describe, expect, it } from 'vitest';
import { BINARY_SNIFF_BYTES } from '../../src/limits.js';
import { clipChars, clipCharsWithin } from '../../src/text/clip.js';
import { codeOrMessage, errorCode, stateFailure } from '../../src/text/errno.js';
import { firstLinesWithin, lastLinesWithin } from '../../src/text/lines.js';
import { expandHome } from '../../src/text/paths.js';
import { BinarySniffer, looksBinary } from '../../src/text/sniff.js';

describe('clipChars', () => {
  it('keeps a text at the limit whole and clips one character over', () => {
    expect(clipChars('abc', 3)).toBe('abc');
    expect(clipChars('abcd', 3)).toBe('abc…');
    expect(clipChars('', 0)).toBe('');
  });

  it('counts a surrogate pair as one character and never splits it', () => {
    expect(clipChars('😀😀😀', 3)).toBe('😀😀😀');
    expect(clipChars('😀😀😀😀', 3)).toBe('😀😀😀…');
  });

  it('within: the … counts against the limit', () => {
    expect(clipCharsWithin('abc', 3)).toBe('abc');
    expect(clipCharsWithin('abcd', 3)).toBe('ab…');
    expect(clipCharsWithin('😀😀😀😀', 3)).toBe('😀😀…');
  });
});

describe('lines under a byte cap', () => {
  const lines = ['one', 'two', 'three', 'é'];
  it('keeps the last lines that fit beside the marker, each with its line end', () => {
    // é is 2 bytes: 'three\né\n' is 9 bytes; with a marker of 3 that is 12.
    expect(lastLinesWithin(lines, 12, 3)).toEqual(['three', 'é']);
    expect(lastLinesWithin(lines, 11, 3)).toEqual(['é']);
    expect(lastLinesWithin(lines, 5, 3)).toEqual([]);
  });

  it('keeps the first lines that fit beside the marker', () => {
    expect(firstLinesWithin(lines, 8, 0)).toEqual(['one', 'two']);
    expect(firstLinesWithin(lines, 7, 0)).toEqual(['one']);
    expect(firstLinesWithin([], 7, 0)).toEqual([]);
  });
});

describe('the binary sniff', () => {
  it('looks only at the first BINARY_SNIFF_BYTES', () => {
    const atEdge = new Uint8Array(BINARY_SNIFF_BYTES);
    atEdge.fill(0x61);
    atEdge[BINARY_SNIFF_BYTES - 1] = 0;
    expect(looksBinary(atEdge)).toBe(true);
    const past = new Uint8Array(BINARY_SNIFF_BYTES + 1).fill(0x61);
    past[BINARY_SNIFF_BYTES] = 0;
    expect(looksBinary(past)).toBe(false);
  });

  it('gives the same answer for a file fed in pieces of any size', () => {
    const bytes = new Uint8Array(BINARY_SNIFF_BYTES).fill(0x61);
    bytes[BINARY_SNIFF_BYTES - 1] = 0;
    for (const piece of [1, 7, 4096, BINARY_SNIFF_BYTES]) {
      const sniffer = new BinarySniffer();
      for (let at = 0; at < bytes.length; at += piece) sniffer.feed(bytes.subarray(at, at + piece));
      sniffer.feed(new Uint8Array([0]));
      expect(sniffer.binary).toBe(true);
    }
    const late = new BinarySniffer();
    late.feed(new Uint8Array(BINARY_SNIFF_BYTES).fill(0x61));
    late.feed(new Uint8Array([0]));
    expect(late.binary).toBe(false);
  });
});

describe('errno words', () => {
  it('name a state file failure in words with its code', () => {
    expect(stateFailure(Object.assign(new Error('x'), { code: 'ENOSPC' }))).toBe('no space left on the device (ENOSPC)');
    expect(stateFailure(Object.assign(new Error('x'), { code: 'ERR_FS_EISDIR' }))).toBe('a folder stands where a file should be (EISDIR)');
    expect(stateFailure(Object.assign(new Error('x'), { code: 'EWEIRD' }))).toBe('EWEIRD');
    expect(stateFailure(new Error('no code'))).toBe('unknown error');
  });

  it('read the code of what was thrown, or its message', () => {
    expect(errorCode({ code: 'EIO' })).toBe('EIO');
    expect(errorCode({ code: 5 })).toBeUndefined();
    expect(codeOrMessage(Object.assign(new Error('x'), { code: 'EAGAIN' }))).toBe('EAGAIN');
    expect(codeOrMessage(new Error('bash could not be started'))).toBe('bash could not be started');
  });
});

describe('~ expansion', () => {
  it('starts ~ and ~/x at the home, an absolute path as it is, anything else at the base', () => {
    expect(expandHome('~', '/h', '/h/repos/app')).toBe('/h');
    expect(expandHome('~/x/../y', '/h', '/h/repos/app')).toBe('/h/y');
    expect(expandHome('/etc', '/h', '/h/repos/app')).toBe('/etc');
    expect(expandHome('src', '/h', '/h/repos/app')).toBe('/h/repos/app/src');
    expect(expandHome('~user', '/h', '/h/repos/app')).toBe('/h/repos/app/~user');
  });
});
