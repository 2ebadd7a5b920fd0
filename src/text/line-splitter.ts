// Bytes of a stream in, lines out, one at a time: a child's output of any size is read with memory
// bounded by the longest line kept. Pure.

export type LineSink = (line: string, clipped: boolean) => void;

const NEWLINE = 0x0a;
const CARRIAGE_RETURN = '\r';

/**
 * Splits on `\n` (a `\r` before it is dropped) and decodes each line as UTF-8, invalid bytes as
 * U+FFFD. A line longer than `maxLineBytes` keeps its first `maxLineBytes` bytes (a character cut
 * there becomes U+FFFD) and is handed on with `clipped` set; the rest of it is skipped.
 */
export class LineSplitter {
  private pieces: Uint8Array[] = [];
  private heldBytes = 0;
  private clipped = false;
  private readonly decoder = new TextDecoder('utf-8');

  constructor(
    private readonly onLine: LineSink,
    private readonly maxLineBytes: number,
  ) {}

  /** The bytes are only lent: what must last is copied. */
  write(bytes: Uint8Array): void {
    let start = 0;
    while (start < bytes.length) {
      const end = bytes.indexOf(NEWLINE, start);
      if (end === -1) {
        this.hold(bytes.subarray(start));
        return;
      }
      this.hold(bytes.subarray(start, end));
      this.emit();
      start = end + 1;
    }
  }

  /** A last line without a final newline is a line too. */
  end(): void {
    if (this.heldBytes > 0 || this.clipped) this.emit();
  }

  private hold(bytes: Uint8Array): void {
    const room = this.maxLineBytes - this.heldBytes;
    if (bytes.length > room) this.clipped = true;
    const kept = bytes.length > room ? bytes.subarray(0, Math.max(0, room)) : bytes;
    if (kept.length === 0) return;
    this.pieces.push(new Uint8Array(kept));
    this.heldBytes += kept.length;
  }

  private emit(): void {
    let bytes: Uint8Array;
    if (this.pieces.length === 1) bytes = this.pieces[0]!;
    else {
      bytes = new Uint8Array(this.heldBytes);
      let offset = 0;
      for (const piece of this.pieces) {
        bytes.set(piece, offset);
        offset += piece.length;
      }
    }
    let line = this.decoder.decode(bytes);
    if (line.endsWith(CARRIAGE_RETURN)) line = line.slice(0, -1);
    const clipped = this.clipped;
    this.pieces = [];
    this.heldBytes = 0;
    this.clipped = false;
    this.onLine(line, clipped);
  }
}
