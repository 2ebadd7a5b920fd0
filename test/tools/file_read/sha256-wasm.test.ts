// The WebAssembly SHA-256 of file_read's content hash: known answers, node:crypto as the oracle for
// every padding edge and every way of splitting the input, and the embedded bytes kept in step with
// src/tools/file_read/sha256.wat.
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assembleWat, BYTES_MODULE_PATH, bytesModuleSource, WAT_PATH } from '../../../scripts/wasm.js';
import { bitLengthWords, WasmLineEnds, WasmSha256 } from '../../../src/tools/file_read/sha256-wasm.js';
import { StringLineEnds, type LineEndCounter } from '../../../src/tools/file_read/scan.js';

function wasmHash(...pieces: Uint8Array[]): string {
  const hasher = new WasmSha256();
  for (const piece of pieces) hasher.update(piece);
  return hasher.hexDigest();
}

const nodeHash = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');
const ascii = (text: string): Uint8Array => Buffer.from(text, 'latin1');

// The window a single compression call sees (src/tools/file_read/sha256.wat).
const WINDOW_BYTES = 0x8000;

describe('the WebAssembly SHA-256', () => {
  it('gives the FIPS 180-4 known answers', () => {
    expect(wasmHash(ascii(''))).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(wasmHash()).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(wasmHash(ascii('abc'))).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(wasmHash(ascii('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq'))).toBe(
      '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
    );
    expect(
      wasmHash(ascii('abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu')),
    ).toBe('cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1');
    expect(wasmHash(ascii('a'.repeat(1_000_000)))).toBe('cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0');
  });

  it('starts every hash at H(0), on an instance another hash finished with or beside hashes still open', () => {
    const open = new WasmSha256();
    open.update(ascii('half of a message'));
    const abandoned = new WasmSha256();
    abandoned.update(randomBytes(100));
    // Each finished instance goes back for the next hash to take; the known answer holds on every one.
    for (let round = 0; round < 20; round++) expect(wasmHash(ascii('abc'))).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    const many = Array.from({ length: 12 }, () => new WasmSha256());
    many.forEach((hasher, index) => hasher.update(ascii(`message ${index}`)));
    expect(many.map((hasher) => hasher.hexDigest())).toEqual(many.map((_, index) => nodeHash(ascii(`message ${index}`))));
    open.update(ascii(' and the rest'));
    expect(open.hexDigest()).toBe(nodeHash(ascii('half of a message and the rest')));
    expect(wasmHash(ascii('abc'))).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('pads right at every length around a block end: 55, 56, 63, 64, 65 bytes and their neighbours', () => {
    for (const length of [0, 1, 54, 55, 56, 57, 63, 64, 65, 119, 120, 127, 128, 129]) {
      const bytes = randomBytes(length);
      expect(wasmHash(bytes), `${length} bytes`).toBe(nodeHash(bytes));
    }
  });

  it('gives the same hash however one input is split into two updates, at every position', () => {
    const bytes = randomBytes(200);
    const expected = nodeHash(bytes);
    for (let split = 0; split <= bytes.length; split++) {
      expect(wasmHash(bytes.subarray(0, split), bytes.subarray(split)), `split at ${split}`).toBe(expected);
    }
  });

  it('agrees with node:crypto for random lengths up to 300 bytes split at random points', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 0, maxLength: 300 }),
        fc.array(fc.nat({ max: 300 }), { maxLength: 6 }),
        (bytes, cuts) => {
          const points = [0, ...cuts.map((cut) => Math.min(cut, bytes.length)).sort((a, b) => a - b), bytes.length];
          const pieces = points.slice(1).map((end, i) => bytes.subarray(points[i], end));
          expect(wasmHash(...pieces)).toBe(nodeHash(bytes));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('hashes an input many windows long, in pieces that straddle the window edges', () => {
    const bytes = randomBytes(3 * 1_048_576 + 17);
    expect(bytes.length).toBeGreaterThan(90 * WINDOW_BYTES);
    const pieces: Uint8Array[] = [];
    for (let start = 0, size = 1; start < bytes.length; start += size, size = (size * 7 + 13) % 100_003) {
      pieces.push(bytes.subarray(start, start + size));
    }
    expect(wasmHash(...pieces)).toBe(nodeHash(bytes));
    expect(wasmHash(bytes)).toBe(nodeHash(bytes));
  });

  it('hashes exactly one window, and one window and one byte', () => {
    for (const length of [WINDOW_BYTES - 1, WINDOW_BYTES, WINDOW_BYTES + 1, 2 * WINDOW_BYTES]) {
      const bytes = randomBytes(length);
      expect(wasmHash(bytes), `${length} bytes`).toBe(nodeHash(bytes));
    }
  });

  it('gives the same digest when asked twice, and refuses more input after it', () => {
    const hasher = new WasmSha256();
    hasher.update(ascii('abc'));
    expect(hasher.hexDigest()).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(hasher.hexDigest()).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(() => hasher.update(ascii('d'))).toThrow('SHA-256: update after the digest was taken');
  });

  it('keeps two hashes apart', () => {
    const first = new WasmSha256();
    const second = new WasmSha256();
    first.update(ascii('ab'));
    second.update(ascii('xyz'));
    first.update(ascii('c'));
    expect(first.hexDigest()).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(second.hexDigest()).toBe(nodeHash(ascii('xyz')));
  });
});

/** What a counter finds in `bytes` from `from` on, up to `max`: the count and where it stopped. */
function counted(counter: LineEndCounter, bytes: Uint8Array, from: number, max: number): [found: number, stop: number] {
  counter.load(bytes);
  const found = counter.count(from, max);
  return [found, counter.stop];
}

describe('the line ends counted by the same module', () => {
  it('counts up to the maximum and stops just past the last one counted', () => {
    const bytes = ascii('ab\ncd\n\nefghijklmnop\nq');
    const wasm = new WasmLineEnds();
    expect(counted(wasm, bytes, 0, 2)).toEqual([2, 6]);
    expect(counted(wasm, bytes, 0, 10)).toEqual([4, 20]);
    expect(counted(wasm, bytes, 3, 1)).toEqual([1, 6]);
    expect(counted(wasm, bytes, 0, 0)).toEqual([0, 0]);
    expect(counted(wasm, bytes, 20, 5)).toEqual([0, 20]);
    expect(counted(wasm, bytes, 21, Infinity)).toEqual([0, 21]);
  });

  it('finds a line end at every place in a word, beside bytes one bit away from it', () => {
    for (let at = 0; at < 24; at++) {
      const bytes = new Uint8Array(24).fill(0x0b);
      bytes[at] = 0x0a;
      bytes[(at + 5) % 24] = 0x8a;
      expect(counted(new WasmLineEnds(), bytes, 0, Infinity), `at ${at}`).toEqual([1, at + 1]);
    }
  });

  it('agrees with the plain counter on random pieces, starts and maxima', () => {
    const wasm = new WasmLineEnds();
    const plain = new StringLineEnds();
    fc.assert(
      fc.property(
        fc.uint8Array({ maxLength: 200 }).map((bytes) => bytes.map((byte) => (byte < 96 ? 0x0a : byte))),
        fc.nat({ max: 200 }),
        fc.nat({ max: 60 }),
        (bytes, from, max) => {
          const start = Math.min(from, bytes.length);
          expect(counted(wasm, bytes, start, max)).toEqual(counted(plain, bytes, start, max));
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('grows its memory for a piece of more than a megabyte, and counts a smaller one after it', () => {
    const wasm = new WasmLineEnds();
    const big = new Uint8Array(1_048_576 + 3).fill(0x61);
    big[1_048_576] = 0x0a;
    big[10] = 0x0a;
    expect(counted(wasm, big, 0, Infinity)).toEqual([2, 1_048_577]);
    expect(counted(wasm, ascii('x\ny'), 0, Infinity)).toEqual([1, 2]);
  });
});

describe('the bit length that ends the padding', () => {
  it('is the byte count times 8 in the low word below 512 MiB', () => {
    expect(bitLengthWords(0)).toEqual([0, 0]);
    expect(bitLengthWords(3)).toEqual([0, 24]);
    expect(bitLengthWords(536_870_911)).toEqual([0, 4_294_967_288]);
  });

  it('carries into the high word from 512 MiB on', () => {
    expect(bitLengthWords(536_870_912)).toEqual([1, 0]);
    expect(bitLengthWords(536_870_913)).toEqual([1, 8]);
    expect(bitLengthWords(4_294_967_296 + 5)).toEqual([8, 40]);
  });

  it('is exact up to the largest safe byte count', () => {
    const [high, low] = bitLengthWords(Number.MAX_SAFE_INTEGER);
    expect(BigInt(high) * 2n ** 32n + BigInt(low)).toBe(BigInt(Number.MAX_SAFE_INTEGER) * 8n);
  });
});

describe('src/tools/file_read/sha256-wasm-bytes.ts', () => {
  it('is what npm run wasm assembles from src/tools/file_read/sha256.wat (run it when it is not)', async () => {
    const bytes = await assembleWat(WAT_PATH);
    expect(readFileSync(BYTES_MODULE_PATH, 'utf8')).toBe(bytesModuleSource(bytes));
  });
});
