// SHA-256 through the crypto binding (src/io/node-hash.ts) gives node:crypto's answers.
import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { internalSha256, newSha256 } from '../../src/io/node-hash.js';
import { CHECKED_NODE_VERSIONS } from '../../src/io/node-internal.js';

const loadCrypto = () => ({ createHash }) as unknown as typeof import('node:crypto');

function both(pieces: Uint8Array[]): { ours: string; theirs: string } {
  const ours = newSha256(loadCrypto);
  const theirs = createHash('sha256');
  for (const piece of pieces) {
    ours.update(piece);
    theirs.update(piece);
  }
  return { ours: ours.digest('hex'), theirs: theirs.digest('hex') };
}

describe('newSha256', () => {
  it('on a Node whose binding was checked, the binding is used', () => {
    expect(internalSha256() !== null).toBe(CHECKED_NODE_VERSIONS.has(process.versions.node));
  });

  it('empty input', () => {
    const { ours, theirs } = both([]);
    expect(ours).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(ours).toBe(theirs);
  });

  it('many pieces of different sizes, one of them empty, give the hash of the whole', () => {
    const data = randomBytes(3 * 1_048_576 + 17);
    const pieces = [data.subarray(0, 1), data.subarray(1, 1), data.subarray(1, 65_537), data.subarray(65_537)];
    const { ours, theirs } = both(pieces);
    expect(ours).toBe(theirs);
    expect(ours).toBe(createHash('sha256').update(data).digest('hex'));
  });
});
