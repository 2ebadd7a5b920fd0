// ripgrep's files-mode output, read as it streams: bytes in, a count per file out. Pure and
// synchronous. The grammar is rg-output.ts's: a path is every byte up to its NUL.
import { BoundedBytes, decode } from './bytes.js';
import { joinBytes } from '../../text/utf8.js';

const NEWLINE = 0x0a;
const NUL = 0x00;
const DIGIT_0 = 0x30;

/** What a files-mode reader reports; the collector is one (collect.ts). */
export interface CountEvents {
  /** One file's count: its path is bytes[start, nul), its count the digits after the NUL. */
  countedFile(bytes: Uint8Array, start: number, nul: number, count: number): void;
}

/**
 * Files mode's reader: `path NUL count \n` per file, then (when ripgrep lived to print them) its stats
 * lines, which hold no NUL. A path runs up to its NUL whatever it holds, newlines included, so each
 * record ends at the first line end after a NUL; what is left once ripgrep is done is the stats block.
 * Records are read in place; only one split across chunks is copied.
 */
export class CountOutputReader {
  private readonly held: BoundedBytes;

  constructor(
    private readonly events: CountEvents,
    shortLineMaxBytes: number,
  ) {
    this.held = new BoundedBytes(shortLineMaxBytes);
  }

  feed(given: Uint8Array): void {
    const chunk = given.constructor === Uint8Array ? given : new Uint8Array(given.buffer, given.byteOffset, given.length);
    const length = chunk.length;
    let start = this.held.length > 0 ? this.joinHeld(chunk) : 0;
    while (start < length) {
      const nul = chunk.indexOf(NUL, start);
      if (nul === -1) break;
      const newline = chunk.indexOf(NEWLINE, nul);
      if (newline === -1) break;
      this.events.countedFile(chunk, start, nul, countAfter(chunk, nul, newline));
      start = newline + 1;
    }
    if (start < length) this.held.push(chunk.subarray(start));
  }

  /** The lines after the last record: ripgrep's stats, or the start of a record cut off by a kill. */
  finish(): string[] {
    const rest = this.held.bytes();
    this.held.clear();
    return rest.indexOf(NUL) === -1 ? decode(rest).split('\n') : [];
  }

  /** Ends the record begun in the last chunk; returns where this chunk's own records start. */
  private joinHeld(chunk: Uint8Array): number {
    const heldNul = this.held.bytes().indexOf(NUL);
    const nul = heldNul === -1 ? chunk.indexOf(NUL) : 0;
    const newline = nul === -1 ? -1 : chunk.indexOf(NEWLINE, nul);
    if (newline === -1) {
      this.held.push(chunk);
      return chunk.length;
    }
    const record = joinBytes(this.held.bytes(), chunk.subarray(0, newline));
    this.held.clear();
    const recordNul = record.indexOf(NUL);
    this.events.countedFile(record, 0, recordNul, countAfter(record, recordNul, record.length));
    return newline + 1;
  }
}

/** Files mode: the count after the path's NUL. */
function countAfter(bytes: Uint8Array, nul: number, end: number): number {
  let count = 0;
  for (let i = nul + 1; i < end; i++) count = count * 10 + (bytes[i]! - DIGIT_0);
  return count;
}
