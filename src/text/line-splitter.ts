// Bytes of a stream in, lines out, one at a time, with memory bounded by a cap on a line: the one
// line splitter of the project (the warm stream both ways, the MCP server's stdin, the Docker
// Engine's events, a harness's and git's output). Pure.

const NEWLINE = 0x0a;
const CARRIAGE_RETURN = '\r';

export interface LineBytesSink {
  /** A whole line without its `\n`; only its first `maxLineBytes` bytes when `clipped`. */
  line(bytes: Uint8Array, clipped: boolean): void;
  /** The line being read has just passed the cap: said once a line, before its end arrives. */
  overflow?(): void;
}

/**
 * Splits on `\n`. A line longer than `maxLineBytes` keeps its first `maxLineBytes` bytes and is handed
 * on with `clipped` set; the rest of it is skipped. A last line without a final newline is a line too.
 */
export class LineBytes {
  private pieces: Uint8Array[] = [];
  private heldBytes = 0;
  private clipped = false;

  constructor(
    private readonly sink: LineBytesSink,
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

  end(): void {
    if (this.heldBytes > 0 || this.clipped) this.emit();
  }

  private hold(bytes: Uint8Array): void {
    const room = this.maxLineBytes - this.heldBytes;
    if (bytes.length > room && !this.clipped) {
      this.clipped = true;
      this.sink.overflow?.();
    }
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
    const clipped = this.clipped;
    this.pieces = [];
    this.heldBytes = 0;
    this.clipped = false;
    this.sink.line(bytes, clipped);
  }
}

export type LineSink = (line: string, clipped: boolean) => void;

/**
 * LineBytes' lines decoded as UTF-8 (invalid bytes, and a character cut by the cap, as U+FFFD), a
 * `\r` before the `\n` dropped.
 */
export class LineSplitter {
  private readonly lines: LineBytes;
  private readonly decoder = new TextDecoder('utf-8');

  constructor(onLine: LineSink, maxLineBytes: number) {
    this.lines = new LineBytes(
      {
        line: (bytes, clipped) => {
          const line = this.decoder.decode(bytes);
          onLine(line.endsWith(CARRIAGE_RETURN) ? line.slice(0, -1) : line, clipped);
        },
      },
      maxLineBytes,
    );
  }

  /** The bytes are only lent. */
  write(bytes: Uint8Array): void {
    this.lines.write(bytes);
  }

  end(): void {
    this.lines.end();
  }
}

export interface ByteLineSink {
  /** A whole line without its `\n` (the last one may have had none: the input ended first). */
  line(bytes: Uint8Array): void;
  /** A line passed the cap; its bytes up to the next newline are dropped. */
  tooLong(): void;
}

/** LineBytes for a protocol of whole lines: a line past the cap is reported once, as it passes it, and dropped. */
export class ByteLines {
  private readonly lines: LineBytes;

  constructor(sink: ByteLineSink, maxLineBytes: number) {
    this.lines = new LineBytes(
      {
        line: (bytes, clipped) => {
          if (!clipped) sink.line(bytes);
        },
        overflow: () => sink.tooLong(),
      },
      maxLineBytes,
    );
  }

  /** The bytes are only lent: what must last is copied. */
  write(bytes: Uint8Array): void {
    this.lines.write(bytes);
  }

  end(): void {
    this.lines.end();
  }
}
