// SHA-256 through a small WebAssembly module (src/tools/file_read/sha256.wat), for files small enough that loading
// node:crypto would cost more than the whole hash: compiling the module takes well under a
// millisecond, loading node:crypto 6 to 8 (src/limits.ts, SHA256_WASM_MAX_BYTES). It needs only the
// WebAssembly global, no node: module.
import { sha256WasmBytes } from './sha256-wasm-bytes.js';
import type { Hasher } from './io.js';

// @types/node does not declare the WebAssembly global (it lives in the DOM library); what is used of it:
interface WasmGlobal {
  readonly value: number;
}
interface Sha256Exports {
  readonly memory: { readonly buffer: ArrayBuffer; grow(pages: number): number };
  /** Where the input window starts in memory, and its size: a whole number of blocks. */
  readonly window: WasmGlobal;
  readonly windowBytes: WasmGlobal;
  /** Where the eight state words lie, in native (little-endian) order. */
  readonly state: WasmGlobal;
  /** Compresses `count` 64-byte blocks from the start of the window into the state. */
  blocks(count: number): void;
  /** Counts up to `max` line ends in memory from `from` to `end`; `stop` is then just past the last one counted. */
  newlines(from: number, end: number, max: number): number;
  readonly stop: WasmGlobal;
}
declare const WebAssembly: {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object) => { readonly exports: unknown };
};

const BLOCK_BYTES = 64;
const LENGTH_FIELD_BYTES = 8;
const END_MARKER = 0x80;
// The bit length's high word counts units of 2^32 bits, that is 2^29 bytes.
const BYTES_PER_HIGH_LENGTH_UNIT = 2 ** 29;

/**
 * The message length in bits as the two big-endian words that end the padding, high word first. A
 * byte count times 8 passes 2^32 at 512 MiB, past what a 32-bit word holds, so it is split before
 * it is multiplied; exact for any byte count a Number holds.
 */
export function bitLengthWords(totalBytes: number): [high: number, low: number] {
  return [Math.floor(totalBytes / BYTES_PER_HIGH_LENGTH_UNIT), (totalBytes % BYTES_PER_HIGH_LENGTH_UNIT) * 8];
}

let compiled: object | undefined;
/**
 * Instances whose hash is done, for the next hash to take (a long-lived process, the warm stream,
 * hashes at every file_read: an instance costs more to make than a small file to hash). Bounded:
 * past it, a finished instance is left to the collector.
 */
const idle: Sha256Exports[] = [];
const IDLE_INSTANCES_MAX = 8;
const STATE_WORDS = 8;
/** H(0) as the module's data segment holds it, copied from a fresh instance's state. */
let initialState: Uint8Array | undefined;

function sha256Module(): object {
  compiled ??= new WebAssembly.Module(sha256WasmBytes());
  return compiled;
}

export class WasmSha256 implements Hasher {
  private readonly wasm: Sha256Exports;
  private readonly memory: Uint8Array;
  private readonly window: number;
  private readonly windowBytes: number;
  /** Bytes copied into the window and not compressed yet. */
  private filled = 0;
  private totalBytes = 0;
  private digest: string | null = null;

  constructor() {
    const reused = idle.pop();
    this.wasm = reused ?? (new WebAssembly.Instance(sha256Module()).exports as Sha256Exports);
    this.memory = new Uint8Array(this.wasm.memory.buffer);
    this.window = this.wasm.window.value;
    this.windowBytes = this.wasm.windowBytes.value;
    const state = this.wasm.state.value;
    // A new instance's data segments start the state at H(0); a reused one's is set back to it.
    if (reused === undefined) initialState ??= this.memory.slice(state, state + 4 * STATE_WORDS);
    else this.memory.set(initialState!, state);
  }

  update(bytes: Uint8Array): void {
    if (this.digest !== null) throw new Error('SHA-256: update after the digest was taken');
    this.totalBytes += bytes.length;
    let offset = 0;
    while (offset < bytes.length) {
      const take = Math.min(this.windowBytes - this.filled, bytes.length - offset);
      this.memory.set(bytes.subarray(offset, offset + take), this.window + this.filled);
      this.filled += take;
      offset += take;
      if (this.filled === this.windowBytes) {
        this.wasm.blocks(this.windowBytes / BLOCK_BYTES);
        this.filled = 0;
      }
    }
  }

  hexDigest(): string {
    if (this.digest !== null) return this.digest;
    const wholeBytes = this.filled - (this.filled % BLOCK_BYTES);
    if (wholeBytes > 0) {
      this.wasm.blocks(wholeBytes / BLOCK_BYTES);
      this.memory.copyWithin(this.window, this.window + wholeBytes, this.window + this.filled);
    }
    // The padding: the rest of the message, 0x80, zeros, and the length in bits as a big-endian
    // 64-bit number ending a block; two blocks when the length does not fit after the marker.
    const tail = this.filled - wholeBytes;
    const paddedBlocks = tail + 1 + LENGTH_FIELD_BYTES <= BLOCK_BYTES ? 1 : 2;
    const end = this.window + paddedBlocks * BLOCK_BYTES;
    this.memory.fill(0, this.window + tail, end);
    this.memory[this.window + tail] = END_MARKER;
    const view = new DataView(this.memory.buffer);
    const [high, low] = bitLengthWords(this.totalBytes);
    view.setUint32(end - LENGTH_FIELD_BYTES, high);
    view.setUint32(end - LENGTH_FIELD_BYTES + 4, low);
    this.wasm.blocks(paddedBlocks);

    let hex = '';
    const state = this.wasm.state.value;
    for (let word = 0; word < STATE_WORDS; word++) hex += view.getUint32(state + 4 * word, true).toString(16).padStart(8, '0');
    this.digest = hex;
    if (idle.length < IDLE_INSTANCES_MAX) idle.push(this.wasm);
    return hex;
  }
}

const PAGE_BYTES = 65_536;
/** The largest count `newlines` takes: its arguments are 32-bit. */
const NEWLINES_MAX = 0x7fff_ffff;

/**
 * file_read's line ends counted by the same module (src/tools/file_read/sha256.wat, `newlines`), in an instance of
 * its own whose window holds a copy of the piece. A cold file_read of 200 lines of 2,000 found them
 * with 1 million instructions fewer than by a string's indexOf at each line (callgrind, Node 24).
 * Shaped as src/tools/file_read/scan.ts's LineEndCounter.
 */
export class WasmLineEnds {
  stop = 0;
  private readonly wasm: Sha256Exports;
  private readonly base: number;
  private memory: Uint8Array;
  private end = 0;

  constructor() {
    this.wasm = new WebAssembly.Instance(sha256Module()).exports as Sha256Exports;
    this.base = this.wasm.window.value;
    this.memory = new Uint8Array(this.wasm.memory.buffer);
  }

  load(piece: Uint8Array): void {
    const end = this.base + piece.length;
    if (end > this.memory.length) {
      this.wasm.memory.grow(Math.ceil((end - this.memory.length) / PAGE_BYTES));
      this.memory = new Uint8Array(this.wasm.memory.buffer);
    }
    this.memory.set(piece, this.base);
    this.end = end;
  }

  count(from: number, max: number): number {
    const found = this.wasm.newlines(this.base + from, this.end, Math.min(max, NEWLINES_MAX));
    this.stop = this.wasm.stop.value - this.base;
    return found;
  }
}
