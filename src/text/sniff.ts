// Whether a file is binary, said once: a NUL byte among its first BINARY_SNIFF_BYTES. Pure.
import { BINARY_SNIFF_BYTES } from '../limits.js';

const NUL = 0;

/** The test on a file's first bytes (a longer sample is cut to the sniffed size). */
export function looksBinary(firstBytes: Uint8Array): boolean {
  return firstBytes.subarray(0, BINARY_SNIFF_BYTES).indexOf(NUL) !== -1;
}

/** The same test on a file read in pieces, from its start. */
export class BinarySniffer {
  binary = false;
  private sniffed = 0;

  feed(chunk: Uint8Array): void {
    if (this.sniffed >= BINARY_SNIFF_BYTES) return;
    const sample = chunk.subarray(0, BINARY_SNIFF_BYTES - this.sniffed);
    if (sample.indexOf(NUL) !== -1) this.binary = true;
    this.sniffed += sample.length;
  }
}
