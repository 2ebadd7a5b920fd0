// Bytes of a stream in, whole lines of bytes out, each at most a cap: a line past it is reported once
// and skipped to its newline, and memory stays bounded by the cap. Pure.

const NEWLINE = 0x0a;

export interface ByteLineSink {
  /** A whole line without its `\n` (the last one may have had none: the input ended first). */
  line(bytes: Uint8Array): void;
  /** A line passed the cap; its bytes up to the next newline are dropped. */
  tooLong(): void;
}

export class ByteLines {
  private pieces: Uint8Array[] = [];
  private held = 0;
  private skipping = false;

  constructor(
    private readonly sink: ByteLineSink,
    private readonly maxLineBytes: number,
  ) {}

  /** The bytes are only lent: what must last is copied. */
  write(bytes: Uint8Array): void {
    let start = 0;
    while (start < bytes.length) {
      const newline = bytes.indexOf(NEWLINE, start);
      const end = newline === -1 ? bytes.length : newline;
      this.hold(bytes.subarray(start, end));
      if (newline === -1) return;
      if (this.skipping) this.skipping = false;
      else this.emit();
      start = newline + 1;
    }
  }

  /** A last line without a final newline is a line too. */
  end(): void {
    if (this.skipping) this.skipping = false;
    else if (this.held > 0) this.emit();
    this.pieces = [];
    this.held = 0;
  }

  private hold(bytes: Uint8Array): void {
    if (this.skipping || bytes.length === 0) return;
    if (this.held + bytes.length > this.maxLineBytes) {
      this.pieces = [];
      this.held = 0;
      this.skipping = true;
      this.sink.tooLong();
      return;
    }
    this.pieces.push(new Uint8Array(bytes));
    this.held += bytes.length;
  }

  private emit(): void {
    const line = this.pieces.length === 1 ? this.pieces[0]! : Buffer.concat(this.pieces, this.held);
    this.pieces = [];
    this.held = 0;
    this.sink.line(line);
  }
}
