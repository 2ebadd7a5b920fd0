// When a read of a regular file is its end without a read of 0 bytes after it (src/io/read-end.ts).
import { describe, expect, it } from 'vitest';
import { readReachedEnd } from '../../src/io/read-end.js';

describe('a read reached the end of the file', () => {
  it('when it took the size at open whole and came back short of its room', () => {
    expect(readReachedEnd(12, 12, 12, 13)).toBe(true);
  });

  it('when the last of several reads took the rest of the size and came back short', () => {
    expect(readReachedEnd(2_500_000, 2_500_000, 402_848, 1_048_576)).toBe(true);
  });

  it('not when it filled its room: the file grew past its size at open', () => {
    expect(readReachedEnd(12, 13, 13, 13)).toBe(false);
  });

  it('not when it filled its room exactly at the size (a size that is a whole number of buffers)', () => {
    expect(readReachedEnd(2_097_152, 2_097_152, 1_048_576, 1_048_576)).toBe(false);
  });

  it('not when it came back short before the size: some file systems read short', () => {
    expect(readReachedEnd(100_000, 65_536, 65_536, 100_001)).toBe(false);
  });

  it('not when the file is past its size at open, a read short of its room after it grew', () => {
    expect(readReachedEnd(12, 14, 14, 20)).toBe(false);
  });

  it('not when the size says 0 (a /proc file, some FUSE files): those read on to a read of 0 bytes', () => {
    expect(readReachedEnd(0, 300, 300, 65_536)).toBe(false);
  });

  it('not for an empty file, which its first read of 0 bytes ends', () => {
    expect(readReachedEnd(0, 0, 0, 65_536)).toBe(false);
  });
});
