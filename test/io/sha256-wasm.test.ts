// The WebAssembly SHA-256 of file_read's content hash: known answers, node:crypto as the oracle for
// every padding edge and every way of splitting the input, and the embedded bytes kept in step with
// src/io/sha256.wat.
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assembleWat, BYTES_MODULE_PATH, bytesModuleSource, WAT_PATH } from '../../scripts/wasm.js';
import { bitLengthWords, WasmSha256 } from '../../src/io/sha256-wasm.js';

function wasmHash(...pieces: Uint8Array[]): string {
  const hasher = new WasmSha256();
  for (const piece of pieces) hasher.update(piece);
  return hasher.hexDigest();
}

const nodeHash = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');
const ascii = (text: string): Uint8Array => Buffer.from(text, 'latin1');

// The window a single compression call sees (src/io/sha256.wat).
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

describe('src/io/sha256-wasm-bytes.ts', () => {
  it('is what npm run wasm assembles from src/io/sha256.wat (run it when it is not)', async () => {
    const bytes = await assembleWat(WAT_PATH);
    expect(readFileSync(BYTES_MODULE_PATH, 'utf8')).toBe(bytesModuleSource(bytes));
  });
});
