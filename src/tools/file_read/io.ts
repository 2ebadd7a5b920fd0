// file_read's I/O beyond what every tool has (src/io/types.ts): a SHA-256 of the whole file. Its Node
// implementation is node-io.ts.

export interface Hasher {
  update(bytes: Uint8Array): void;
  hexDigest(): string;
}

export interface FileReadIo {
  /**
   * A SHA-256 for about `expectedBytes` of input (the size a file had when it was opened): the way
   * that is quickest for that size. Any hasher is correct for input of any length.
   */
  sha256(expectedBytes: number): Hasher;
}
