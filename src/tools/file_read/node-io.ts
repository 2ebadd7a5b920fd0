// file_read's I/O (io.ts), as Node gives it: SHA-256 in WebAssembly for a small input (src/limits.ts
// says why), through node:crypto for a large one; in a long-lived process, through node:crypto always.
import { SHA256_WASM_MAX_BYTES } from '../../limits.js';
import { WasmSha256 } from './sha256-wasm.js';
import type { FileReadIo, Hasher } from './io.js';
import { loadCrypto } from '../../io/node/modules.js';

class NodeHasher implements Hasher {
  private readonly hash = loadCrypto().createHash('sha256');
  update(bytes: Uint8Array): void {
    this.hash.update(bytes);
  }
  hexDigest(): string {
    return this.hash.digest('hex');
  }
}

export function sha256Hasher(expectedBytes: number): Hasher {
  if (expectedBytes <= SHA256_WASM_MAX_BYTES) {
    try {
      return new WasmSha256();
    } catch {
      // No WebAssembly in this Node (--jitless), or no address space for its memory (a ulimit -v
      // below the gigabytes V8 reserves around it): node:crypto always works.
    }
  }
  return new NodeHasher();
}

/**
 * node:crypto for every size. The WebAssembly hash spares a cold helper the loading of node:crypto
 * (6 to 8 ms), which a process that answers many calls (the warm stream, the MCP server) pays once;
 * after that OpenSSL hashes a 120 KB file in a tenth of the time (docs/performance.md, "Warm
 * file_read and shell_status").
 */
export function cryptoSha256Hasher(): Hasher {
  return new NodeHasher();
}

export const FILE_READ_NODE_IO: FileReadIo = { sha256: sha256Hasher };

/** file_read's I/O in a process that answers many calls: the load of node:crypto is paid once. */
export const FILE_READ_LONG_LIVED_NODE_IO: FileReadIo = { sha256: cryptoSha256Hasher };
