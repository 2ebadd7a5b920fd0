// SHA-256 without loading node:crypto: loading it runs the JavaScript of the whole crypto API (ciphers,
// keys, WebCrypto, X.509), about 8 ms at every file_read, while the hash itself lives in the crypto
// binding (src/io/node-internal.ts says when that is used).
import { internalBinding } from './node-internal.js';

export interface Sha256Handle {
  update(bytes: Uint8Array): unknown;
  digest(encoding: 'hex'): string;
}

// The binding's Hash(algorithm, outputLength, cachedAlgorithmId, cache), as lib/internal/crypto/hash.js
// calls it; an algorithm id of -1 makes it look the name up itself.
type InternalHash = new (algorithm: string, outputLength: undefined, algorithmId: number, cache: object) => Sha256Handle;

const UNCACHED_ALGORITHM_ID = -1;
const KNOWN_INPUT = 'abc';
const KNOWN_SHA256 = 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad';

let internalHash: InternalHash | null | undefined;

function newInternal(Hash: InternalHash): Sha256Handle {
  return new Hash('sha256', undefined, UNCACHED_ALGORITHM_ID, {});
}

/** The binding's Hash, when it may be used and gives the right answer for a known input; else null. */
export function internalSha256(): InternalHash | null {
  if (internalHash !== undefined) return internalHash;
  internalHash = null;
  const Hash = internalBinding<{ Hash?: unknown }>('crypto')?.Hash;
  if (typeof Hash !== 'function') return null;
  try {
    const probe = newInternal(Hash as InternalHash);
    probe.update(Buffer.from(KNOWN_INPUT, 'latin1'));
    if (probe.digest('hex') === KNOWN_SHA256) internalHash = Hash as InternalHash;
  } catch {
    // node:crypto it is.
  }
  return internalHash;
}

/** A streaming SHA-256: the binding's when it may be used, node:crypto's otherwise. */
export function newSha256(loadCrypto: () => typeof import('node:crypto')): Sha256Handle {
  const Hash = internalSha256();
  return Hash !== null ? newInternal(Hash) : loadCrypto().createHash('sha256');
}
