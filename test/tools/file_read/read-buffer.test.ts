// The size of file_read's read buffer, chosen from the file's size at open.
import { describe, expect, it } from 'vitest';
import { READ_CHUNK_BYTES, READ_CHUNK_MIN_BYTES } from '../../../src/limits.js';
import { readBufferBytes } from '../../../src/tools/file_read/scan.js';

const bufferFor = (sizeBytes: number): number => readBufferBytes(sizeBytes, READ_CHUNK_MIN_BYTES, READ_CHUNK_BYTES);

describe('the read buffer', () => {
  it('for an empty file, or one whose size says 0 (a /proc file), is the least size', () => {
    expect(bufferFor(0)).toBe(65_536);
  });

  it('for a small file is the least size', () => {
    expect(bufferFor(80)).toBe(65_536);
  });

  it('for a file one byte under the least size holds it and the read that finds its end', () => {
    expect(bufferFor(65_535)).toBe(65_536);
  });

  it('for a file exactly at the least size is one byte over it', () => {
    expect(bufferFor(65_536)).toBe(65_537);
  });

  it('for a file of 80 KB holds all of it and one byte more', () => {
    expect(bufferFor(80_000)).toBe(80_001);
  });

  it('for a file one byte under the largest size is the largest size', () => {
    expect(bufferFor(1_048_575)).toBe(1_048_576);
  });

  it('for a file at or over the largest size is the largest size', () => {
    expect(bufferFor(1_048_576)).toBe(1_048_576);
    expect(bufferFor(512 * 1_048_576)).toBe(1_048_576);
  });
});
