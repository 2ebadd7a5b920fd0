// file_read: numbered lines of one range of a file, read in a single streaming pass that also
// hashes the whole file and counts its lines, with memory that does not grow with the file.
import type { OpenFile } from '../io/types.js';
import {
  BINARY_SNIFF_BYTES,
  FILE_READ_DEFAULT_LIMIT_LINES,
  FILE_READ_LINE_MAX_CHARS,
  FILE_READ_MAX_LIMIT_LINES,
  READ_CHUNK_BYTES,
} from '../limits.js';
import { clampInteger } from '../protocol/tools.js';
import {
  binaryText,
  clipLine,
  emptyText,
  formatFileRead,
  pastEndText,
  type ShownLine,
} from '../shape/file_read.js';
import { codePointCount } from '../shape/utf8.js';
import { openFileInsideHome } from './confine.js';
import type { Context, OpResult } from './context.js';

const NEWLINE = 0x0a;
const CARRIAGE_RETURN = 0x0d;

// One decoder for every line: creating one costs more than decoding a short line. A line that is
// never finished (the file turned out binary) may leave bytes in it, so each line flushes it first.
const lineDecoder = new TextDecoder('utf-8');

/** Gathers one line from pieces, keeping only what can be shown and counting the rest. */
class LineCollector {
  private readonly decoder = lineDecoder;
  private kept = '';
  private keptChars = 0;
  private extraChars = 0;
  private heldCarriageReturn = false;

  constructor(private readonly maxChars: number) {
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

interface Scan {
  totalBytes: number;
  totalLines: number;
  binary: boolean;
  lines: ShownLine[];
  hash: string;
}

/** One pass over the file: hash, line count, binary sniff, and the lines of the range. */
function scanFile(context: Context, file: OpenFile, sizeBytes: number, offset: number, limit: number): Scan {
  // The size at open chooses the hasher; a file that grows meanwhile is still hashed whole.
  const hasher = context.io.sha256(sizeBytes);
  const buffer = new Uint8Array(READ_CHUNK_BYTES);
  const lastWanted = offset + limit - 1;
  const lines: ShownLine[] = [];
  let lineNumber = 1;
  let collector: LineCollector | null = offset === 1 ? new LineCollector(FILE_READ_LINE_MAX_CHARS) : null;
  let totalBytes = 0;
  let lastByte = -1;
  let binary = false;
  let sniffed = 0;

  for (;;) {
    const read = file.read(buffer);
    if (read === 0) break;
    const chunk = buffer.subarray(0, read);
    hasher.update(chunk);
    if (sniffed < BINARY_SNIFF_BYTES) {
      const sniff = chunk.subarray(0, BINARY_SNIFF_BYTES - sniffed);
      if (sniff.indexOf(0) !== -1) binary = true;
      sniffed += sniff.length;
    }
    totalBytes += read;
    lastByte = chunk[read - 1]!;

    let start = 0;
    for (;;) {
      const newline = chunk.indexOf(NEWLINE, start);
      if (newline === -1) {
        if (collector && !binary) collector.feed(chunk.subarray(start));
        break;
      }
      if (collector) {
        if (!binary) {
          collector.feed(chunk.subarray(start, newline));
          lines.push(collector.finish(true));
        }
        collector = null;
      }
      lineNumber++;
      if (lineNumber >= offset && lineNumber <= lastWanted) collector = new LineCollector(FILE_READ_LINE_MAX_CHARS);
      start = newline + 1;
    }
  }
  const endsWithNewline = lastByte === NEWLINE;
  if (collector && !binary && totalBytes > 0 && !endsWithNewline) lines.push(collector.finish(false));
  const totalLines = totalBytes === 0 ? 0 : endsWithNewline ? lineNumber - 1 : lineNumber;
  return { totalBytes, totalLines, binary, lines: binary ? [] : lines, hash: hasher.hexDigest() };
}

export function fileRead(context: Context): OpResult {
  const { args, maxBytes } = context.request;
  const offset = Math.max(1, (args.offset as number | undefined) ?? 1);
  const limit = clampInteger(
    (args.limit as number | undefined) ?? FILE_READ_DEFAULT_LIMIT_LINES,
    1,
    FILE_READ_MAX_LIMIT_LINES,
  );
  const { file, path, info } = openFileInsideHome(context, args.path as string);
  let scan: Scan;
  try {
    scan = scanFile(context, file, info.size, offset, limit);
  } finally {
    file.close();
  }
  const meta = { path: path.real, range: null as [number, number] | null, content_hash: scan.hash, lines: scan.totalLines };
  if (scan.binary) return { text: binaryText(path.display, scan.totalBytes), meta };
  if (scan.totalBytes === 0) return { text: emptyText(path.display), meta };
  if (offset > scan.totalLines) return { text: pastEndText(path.display, scan.totalLines, offset), meta };
  const shaped = formatFileRead(path.display, offset, scan.lines, scan.totalLines, maxBytes);
  meta.range = [offset, shaped.lastLine];
  return { text: shaped.text, meta };
}
