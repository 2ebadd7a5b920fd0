// Byte-level helpers for reading ripgrep's output in place: ranges of the chunk it arrived in,
// copied only when something must outlive the chunk.
import { copyBytes } from '../../text/utf8.js';

const utf8 = new TextDecoder('utf-8');

export function decode(bytes: Uint8Array): string {
  return utf8.decode(bytes);
}

// Node turns bytes into a string of one character per byte natively; outside Node the plain loop
// gives the same string.
const nativeLatin1: ((bytes: Uint8Array) => string) | undefined =
  typeof Buffer === 'function'
    ? (bytes) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString('latin1')
    : undefined;
const LATIN1_PIECE_BYTES = 8192;

/** The bytes as a string of one character per byte (codes 0–255): its offsets are the byte offsets. */
export function byteString(bytes: Uint8Array): string {
  if (nativeLatin1) return nativeLatin1(bytes);
  let text = '';
  for (let at = 0; at < bytes.length; at += LATIN1_PIECE_BYTES) {
    text += String.fromCharCode(...bytes.subarray(at, at + LATIN1_PIECE_BYTES));
  }
  return text;
}

// Every run of bytes that are not UTF-8 continuation bytes: removing them leaves the continuation bytes.
const OTHER_THAN_CONTINUATION_BYTES = /[^\x80-\xbf]+/g;

/**
 * Each byte that does not continue a character starts one. Counted natively: a loop over every
 * byte would be compiled by V8 for each search that shows a few lines, and run uncompiled until then.
 */
export function codePointsIn(bytes: Uint8Array): number {
  return bytes.length - byteString(bytes).replace(OTHER_THAN_CONTINUATION_BYTES, '').length;
}

/** Whether `a` holds the same bytes as b[start, end). */
export function sameBytes(a: Uint8Array, b: Uint8Array, start: number, end: number): boolean {
  if (a.length !== end - start) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[start + i]) return false;
  return true;
}

/** Appends bytes up to a bound, dropping the rest. */
export class BoundedBytes {
  private parts: Uint8Array[] = [];
  length = 0;

  constructor(private readonly maxBytes: number) {}

  push(bytes: Uint8Array): void {
    const room = this.maxBytes - this.length;
    const kept = bytes.length > room ? bytes.subarray(0, room) : bytes;
    if (kept.length === 0) return;
    this.parts.push(copyBytes(kept));
    this.length += kept.length;
  }

  bytes(): Uint8Array {
    if (this.parts.length === 1) return this.parts[0]!;
    const joined = new Uint8Array(this.length);
    let at = 0;
    for (const part of this.parts) {
      joined.set(part, at);
      at += part.length;
    }
    return joined;
  }

  clear(): void {
    this.parts = [];
    this.length = 0;
  }
}

/**
 * A line's bytes: left where they arrived while the line lies in one chunk (nearly always), copied
 * only when it spans chunks.
 */
export class LineBytes {
  private readonly spilled: BoundedBytes;
  private chunk: Uint8Array | null = null;
  private start = 0;
  private end = 0;

  constructor(maxBytes: number) {
    this.spilled = new BoundedBytes(maxBytes);
  }

  add(chunk: Uint8Array, start: number, end: number): void {
    if (this.chunk === null && this.spilled.length === 0) {
      this.chunk = chunk;
      this.start = start;
      this.end = end;
      return;
    }
    if (this.chunk !== null) {
      this.spilled.push(this.chunk.subarray(this.start, this.end));
      this.chunk = null;
    }
    this.spilled.push(chunk.subarray(start, end));
  }

  /** Hands over the line as (bytes, start, end) and forgets it. */
  take<T>(use: (bytes: Uint8Array, start: number, end: number) => T): T {
    let result: T;
    if (this.chunk !== null) result = use(this.chunk, this.start, this.end);
    else {
      const bytes = this.spilled.bytes();
      result = use(bytes, 0, bytes.length);
    }
    this.chunk = null;
    this.spilled.clear();
    return result;
  }
}

/**
 * Whether the bytes start with a UTF-16 byte-order mark (LE `FF FE` or BE `FE FF`): such a file is
 * text, though nearly every other byte of it is NUL, and ripgrep decodes it.
 */
export function startsWithUtf16Mark(bytes: Uint8Array): boolean {
  const [first, second] = bytes;
  return (first === 0xff && second === 0xfe) || (first === 0xfe && second === 0xff);
}
