// The one pass over a file's bytes that file_read makes: the line count, the binary sniff, and the
// lines of the range, clipped as they come, with memory that does not grow with the file. Pure: the
// run step reads the file and hands each piece to the scanner.
import { clipLine, type ShownLine } from './format.js';
import { BinarySniffer } from '../../text/sniff.js';
import { codePointCount, copyBytes, joinBytes } from '../../text/utf8.js';
import { utf16ByteOrder, Utf16ToUtf8, type Utf16ByteOrder } from '../../text/utf16.js';

const NEWLINE = 0x0a;
const CARRIAGE_RETURN = 0x0d;

// One decoder for every line: creating one costs more than decoding a short line. A line that is
// never finished (the file turned out binary) may leave bytes in it, so each line flushes it first.
const sharedLineDecoder = new TextDecoder('utf-8');
// Never asked to stream, which keeps it on the platform's fast path; a stream once asked for leaves
// a decoder on the slow one for good. It keeps every U+FEFF: the one a line's own decode would drop
// is dropped by hand.
const wholeLinesDecoder = new TextDecoder('utf-8', { ignoreBOM: true });
const BYTE_ORDER_MARK = 0xfeff;
// A piece as one character a byte, for finding line ends: a string's indexOf stays in V8's generated
// code, where a Uint8Array's calls into the runtime at every line. `latin1` is windows-1252 here:
// still one UTF-16 unit a byte, so a character's index is its byte's.
const byteChars = new TextDecoder('latin1');

/** The line ends of the piece being scanned: `load` it, then count from any of its bytes on. */
export interface LineEndCounter {
  load(piece: Uint8Array): void;
  /** Up to `max` line ends from byte `from` on: how many there are; `stop` is then just past the last one counted (`from` when none). */
  count(from: number, max: number): number;
  readonly stop: number;
}

/**
 * Line ends found in plain JavaScript. The run step hands a scanner the WebAssembly counter
 * (src/tools/file_read/sha256-wasm.ts), which a cold call runs faster than this loop of one search a line.
 */
export class StringLineEnds implements LineEndCounter {
  stop = 0;
  private text = '';

  load(piece: Uint8Array): void {
    this.text = byteChars.decode(piece);
  }

  count(from: number, max: number): number {
    let found = 0;
    let at = from;
    while (found < max) {
      const newline = this.text.indexOf('\n', at);
      if (newline === -1) break;
      found++;
      at = newline + 1;
    }
    this.stop = at;
    return found;
  }
}

/** Gathers one line from pieces, keeping only what can be shown and counting the rest. */
class LineCollector {
  private kept = '';
  private keptChars = 0;
  private extraChars = 0;
  private heldCarriageReturn = false;

  constructor(
    private readonly maxChars: number,
    private readonly decoder: TextDecoder,
  ) {
    this.decoder.decode();
  }

  feed(bytes: Uint8Array): void {
    if (bytes.length === 0) return;
    if (this.heldCarriageReturn) {
      this.heldCarriageReturn = false;
      this.take(this.decoder.decode(Uint8Array.of(CARRIAGE_RETURN), { stream: true }));
    }
    // A \r at the end of a piece may be half of a \r\n line end; it waits for the next piece.
    if (bytes[bytes.length - 1] === CARRIAGE_RETURN) {
      this.heldCarriageReturn = true;
      bytes = bytes.subarray(0, bytes.length - 1);
    }
    this.take(this.decoder.decode(bytes, { stream: true }));
  }

  /** The line ended: at a \n (a held \r is its CRLF and is dropped) or at the end of the file. */
  finish(atNewline: boolean): ShownLine {
    if (this.heldCarriageReturn && !atNewline) {
      this.take(this.decoder.decode(Uint8Array.of(CARRIAGE_RETURN), { stream: true }));
    }
    this.take(this.decoder.decode());
    // Most lines are short, and their length is already counted.
    if (this.extraChars === 0 && this.keptChars <= this.maxChars) return { text: this.kept, cutChars: 0 };
    const clipped = clipLine(this.kept, this.maxChars);
    return { text: clipped.text, cutChars: clipped.cutChars + this.extraChars };
  }

  private take(text: string): void {
    if (text === '') return;
    if (this.keptChars > this.maxChars) {
      this.extraChars += codePointCount(text);
      return;
    }
    this.kept += text;
    this.keptChars += codePointCount(text);
  }
}

export interface Scan {
  /** The file's own bytes (a UTF-16 file's, not those of its UTF-8 form). */
  totalBytes: number;
  totalLines: number;
  binary: boolean;
  /** The lines of the range that exist; none for a binary file. */
  lines: ShownLine[];
  /** The encoding when it is not UTF-8: a file that starts with a UTF-16 byte-order mark. */
  encoding: Utf16ByteOrder | null;
}

/** What the run step feeds a file's pieces to. */
export interface LineScanner {
  feed(chunk: Uint8Array): void;
  finish(): Scan;
}

/** Lines `offset` to `offset + limit - 1`, from a file fed in pieces from its start. */
export class FileScanner implements LineScanner {
  private readonly lastWanted: number;
  private readonly lines: ShownLine[] = [];
  private readonly sniffer = new BinarySniffer();
  private lineNumber = 1;
  /** A wanted line that began in an earlier piece and has not ended yet. */
  private collector: LineCollector | null = null;
  private totalBytes = 0;
  private lastByte = -1;

  /** `lineDecoder`: a decoder of its own, for a scanner that runs beside another (MarkedFileScanner). */
  constructor(
    private readonly offset: number,
    limit: number,
    private readonly lineMaxChars: number,
    private readonly lineDecoder: TextDecoder = sharedLineDecoder,
    private readonly lineEnds: LineEndCounter = new StringLineEnds(),
  ) {
    this.lastWanted = offset + limit - 1;
  }

  feed(chunk: Uint8Array): void {
    if (chunk.length === 0) return;
    this.sniffer.feed(chunk);
    const binary = this.sniffer.binary;
    this.totalBytes += chunk.length;
    this.lastByte = chunk[chunk.length - 1]!;
    let start = 0;
    if (this.collector !== null) {
      const newline = chunk.indexOf(NEWLINE);
      if (newline === -1) {
        if (!binary) this.collector.feed(chunk);
        return;
      }
      if (!binary) {
        this.collector.feed(chunk.subarray(0, newline));
        this.lines.push(this.collector.finish(true));
      }
      this.collector = null;
      this.lineNumber++;
      start = newline + 1;
    }
    const lineEnds = this.lineEnds;
    lineEnds.load(chunk);
    let lineNumber = this.lineNumber;
    if (lineNumber < this.offset) {
      const skipped = this.offset - lineNumber;
      const found = lineEnds.count(start, skipped);
      lineNumber += found;
      start = lineEnds.stop;
      if (found < skipped) {
        this.lineNumber = lineNumber;
        return;
      }
    }
    // The wanted lines that begin and end in this piece, decoded together.
    const firstWhole = start;
    if (lineNumber <= this.lastWanted) {
      lineNumber += lineEnds.count(start, this.lastWanted - lineNumber + 1);
      start = lineEnds.stop;
    }
    if (start > firstWhole && !binary) this.takeWholeLines(chunk.subarray(firstWhole, start));
    if (lineNumber <= this.lastWanted) {
      this.lineNumber = lineNumber;
      // A wanted line that goes on into the next piece.
      if (start < chunk.length) {
        this.collector = new LineCollector(this.lineMaxChars, this.lineDecoder);
        if (!binary) this.collector.feed(chunk.subarray(start));
      }
      return;
    }
    this.lineNumber = lineNumber + lineEnds.count(start, Infinity);
  }

  /** Whole lines, each ended by its \n: one decode for all of them, where one per line cost thousands of instructions each. */
  private takeWholeLines(bytes: Uint8Array): void {
    const texts = wholeLinesDecoder.decode(bytes).split('\n');
    // The last is the empty text after the final \n.
    for (let i = 0; i < texts.length - 1; i++) {
      let text = texts[i]!;
      // As a fresh decode of the line alone would: one mark at its start dropped, the CR of a CRLF too.
      if (text.charCodeAt(0) === BYTE_ORDER_MARK) text = text.slice(1);
      if (text.charCodeAt(text.length - 1) === CARRIAGE_RETURN) text = text.slice(0, -1);
      this.lines.push(text.length <= this.lineMaxChars ? { text, cutChars: 0 } : clipLine(text, this.lineMaxChars));
    }
  }

  finish(): Scan {
    const binary = this.sniffer.binary;
    const endsWithNewline = this.lastByte === NEWLINE;
    if (this.collector && !binary && !endsWithNewline) this.lines.push(this.collector.finish(false));
    const totalLines = this.totalBytes === 0 ? 0 : endsWithNewline ? this.lineNumber - 1 : this.lineNumber;
    return { totalBytes: this.totalBytes, totalLines, binary, lines: binary ? [] : this.lines, encoding: null };
  }
}

/**
 * A UTF-16 file, scanned as its UTF-8 form: lines, the binary rule (a NUL character among the first
 * BINARY_SNIFF_BYTES of that form), clipping and CRLF all as for any file; sizes stay the file's own.
 */
export class Utf16FileScanner implements LineScanner {
  private readonly transcoder: Utf16ToUtf8;
  private readonly inner: FileScanner;
  private totalBytes = 0;

  constructor(
    private readonly byteOrder: Utf16ByteOrder,
    offset: number,
    limit: number,
    lineMaxChars: number,
  ) {
    this.transcoder = new Utf16ToUtf8(byteOrder);
    this.inner = new FileScanner(offset, limit, lineMaxChars);
  }

  feed(chunk: Uint8Array): void {
    this.totalBytes += chunk.length;
    this.inner.feed(this.transcoder.transcode(chunk));
  }

  finish(): Scan {
    this.inner.feed(this.transcoder.finish());
    return { ...this.inner.finish(), totalBytes: this.totalBytes, encoding: this.byteOrder };
  }
}

/**
 * A file that starts with a UTF-16 mark, scanned both ways until its end: UTF-16 text is made of
 * 2-byte units, so a file of odd length is not UTF-16 whatever its first bytes, and is read as
 * UTF-8 (the mark's bytes showing as U+FFFD). Only files that start with a mark pay the second scan.
 */
class MarkedFileScanner implements LineScanner {
  private readonly utf16: Utf16FileScanner;
  private readonly utf8: FileScanner;

  constructor(byteOrder: Utf16ByteOrder, offset: number, limit: number, lineMaxChars: number) {
    this.utf16 = new Utf16FileScanner(byteOrder, offset, limit, lineMaxChars);
    // The UTF-16 side's lines share the module's decoder; these need their own, open at the same time.
    this.utf8 = new FileScanner(offset, limit, lineMaxChars, new TextDecoder('utf-8'));
  }

  feed(chunk: Uint8Array): void {
    this.utf16.feed(chunk);
    this.utf8.feed(chunk);
  }

  finish(): Scan {
    const utf8 = this.utf8.finish();
    return utf8.totalBytes % 2 === 1 ? utf8 : this.utf16.finish();
  }
}

/** Bytes that tell a UTF-16 LE mark (`FF FE`) from UTF-32 LE's (`FF FE 00 00`). */
const BYTE_ORDER_MARK_SNIFF_BYTES = 4;

/**
 * The scanner for a whole file, fed from its first byte: UTF-16 when the file starts with a UTF-16
 * mark and its length is even, else UTF-8. It looks for the mark once it holds the first
 * BYTE_ORDER_MARK_SNIFF_BYTES bytes (or the whole file, if shorter), and a marked file's length is
 * known at its end, so how the reads happen to be cut never changes the choice.
 */
export class FileScannerByMark implements LineScanner {
  private scanner: LineScanner | null = null;
  // The first bytes, copied: the run step reuses its read buffer.
  private head: Uint8Array = new Uint8Array(0);

  /** `lineEnds`: the counter for a UTF-8 file's pieces (a UTF-16 one's scanners make their own). */
  constructor(
    private readonly offset: number,
    private readonly limit: number,
    private readonly lineMaxChars: number,
    private readonly lineEnds: LineEndCounter = new StringLineEnds(),
  ) {}

  feed(chunk: Uint8Array): void {
    if (this.scanner !== null) {
      this.scanner.feed(chunk);
      return;
    }
    if (chunk.length === 0) return;
    const head = this.head.length > 0 ? joinBytes(this.head, chunk) : chunk;
    if (head.length < BYTE_ORDER_MARK_SNIFF_BYTES) {
      this.head = head === chunk ? copyBytes(chunk) : head;
      return;
    }
    this.choose(head).feed(head);
  }

  finish(): Scan {
    if (this.scanner === null) {
      const head = this.head;
      this.choose(head).feed(head);
    }
    return this.scanner!.finish();
  }

  private choose(firstBytes: Uint8Array): LineScanner {
    const byteOrder = utf16ByteOrder(firstBytes);
    this.scanner = byteOrder === null
      ? new FileScanner(this.offset, this.limit, this.lineMaxChars, sharedLineDecoder, this.lineEnds)
      : new MarkedFileScanner(byteOrder, this.offset, this.limit, this.lineMaxChars);
    this.head = new Uint8Array(0);
    return this.scanner;
  }
}

/**
 * The read buffer for a file of `sizeBytes` at open: room for all of it and one byte more (so that
 * the read that takes all of it comes back short and is the end: src/io/read-end.ts), within
 * `minBytes` and `maxBytes`. A buffer of
 * the largest size for every file cost each small read the zeroing and the page faults of 1 MiB.
 */
export function readBufferBytes(sizeBytes: number, minBytes: number, maxBytes: number): number {
  return Math.min(maxBytes, Math.max(minBytes, sizeBytes + 1));
}
