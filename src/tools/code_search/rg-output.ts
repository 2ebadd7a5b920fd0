// ripgrep's output, read as it streams: bytes in, events out. Pure and synchronous.
//
// Files mode (--count-matches --null --stats): `path NUL count` per file, then the --stats block.
// Content mode (--null --line-number --column --no-heading --stats): `path NUL line:column:text` for
// a match, `path NUL line-text` for context, then the --stats block. A file's lines come together
// (ripgrep's printer writes each file's output at once), and so does the line ripgrep adds after them
// when it stopped reading the file at a NUL byte (its binary rule): `path: WARNING: stopped searching
// binary file after match (found "\0" byte around offset N)`.
//
// A path is every byte up to its NUL, newlines included: no file name holds a NUL, and the stats and
// binary lines hold none, so a line end before a NUL never ends a path.
import { BoundedBytes, byteString, decode, sameBytes } from './bytes.js';
import { copyBytes, joinBytes } from '../../text/utf8.js';

const NEWLINE = 0x0a;
const NUL = 0x00;
const DIGIT_0 = 0x30;
const DIGIT_9 = 0x39;
const COLON = 0x3a;

// The grammar of a content-mode result line, written once. The header parser and the fast count
// path below are both made from these pieces, so they cannot disagree on what a result line is.
// A path is any bytes but NUL (line ends included); then the NUL, the line number, and either a
// match's `:column` with the one byte that ends the column (ripgrep's `:`), or a context line's `-`.
const PATH = String.raw`[^\0]*`;
const NUMBER = String.raw`\d*`;
const matchMark = (column: string) => String.raw`:${column}[^\d\n]`;
const CONTEXT_MARK = '-';
const REST_OF_LINE = String.raw`[^\n]*\n`;

/** One header at one place (sticky): where it ends is where the line's text starts. */
const HEADER = new RegExp(`${PATH}\\0${NUMBER}(?:${matchMark(NUMBER)}|${CONTEXT_MARK})`, 'y');

const MATCH_AFTER_PATH = `${NUMBER}${matchMark(NUMBER)}${REST_OF_LINE}`;
const RESULT_AFTER_PATH = `${NUMBER}(?:${matchMark(NUMBER)}|${CONTEXT_MARK})${REST_OF_LINE}`;
// A run of whole lines that all start with the first one's path and NUL: matches only, or matches and
// context. Sticky, so that it is tried at one line start and nowhere else.
const MATCH_RUN = new RegExp(`(${PATH}\\0)${MATCH_AFTER_PATH}(?:\\1${MATCH_AFTER_PATH})*`, 'y');
const RESULT_RUN = new RegExp(`(${PATH}\\0)${RESULT_AFTER_PATH}(?:\\1${RESULT_AFTER_PATH})*`, 'y');
const LINE_END_EVERYWHERE = /\n/g;
// What ripgrep prints after a file's lines (or, for a file named on its own, instead of them) when it
// met a NUL byte part-way, less the path before it.
const BINARY_NOTICE = /^: (?:WARNING: stopped searching binary file after match|binary file matches) \(found "\\0" byte around offset (\d+)\)$/;
const NEWLINE_BYTES = new Uint8Array([0x0a]);
// At every line start of a run of result lines: a match's header up to its mark.
const MATCH_HEADER_EVERYWHERE = new RegExp(`^${PATH}\\0${NUMBER}:`, 'gm');

function isDigit(byte: number | undefined): boolean {
  return byte !== undefined && byte >= DIGIT_0 && byte <= DIGIT_9;
}

export interface CountedRun {
  /** Where the first line that is not part of the run starts. */
  end: number;
  /** Result lines counted, from `from` to `end`. */
  lines: number;
  /** Of them, match lines. */
  matchedLines: number;
}

/**
 * The fast count path. `text` is a chunk as byteString gives it, `start` a line start in it. Counts
 * the whole lines from there that start with that line's path and are result lines (one run of a
 * file's lines), without a step per byte in JavaScript; null when there are none. `withContext`
 * false: only match lines (ripgrep prints no context then), so the match lines need no counting of
 * their own.
 *
 * The promise, tested on real and generated output: for the lines it covers, the counts are those the
 * header parser gives line by line (each of them a result line of the same file).
 */
export function countResultRun(text: string, start: number, withContext: boolean): CountedRun | null {
  // A path that holds a line end is left to the header parser: the run's lines are counted by their ends.
  const nul = text.indexOf('\0', start);
  if (nul === -1 || text.lastIndexOf('\n', nul) >= start) return null;
  const run = withContext ? RESULT_RUN : MATCH_RUN;
  run.lastIndex = start;
  if (!run.test(text)) return null;
  const end = run.lastIndex;
  const lines = text.slice(start, end);
  const count = lines.match(LINE_END_EVERYWHERE)!.length;
  const matchedLines = withContext ? (lines.match(MATCH_HEADER_EVERYWHERE)?.length ?? 0) : count;
  return { end, lines: count, matchedLines };
}

/** What a content-mode reader reports; the collector is one (collect.ts). */
export interface ContentEvents {
  /**
   * The current file's lines, if any, are over, with `countedLines` of them (`countedMatchedLines`
   * match lines) counted by the fast path and never reported one by one; then the lines of the file
   * at `rgPath` (as ripgrep printed it) begin, or, null, the output ended. One call per file, so that
   * the collector's end and start of a file are compiled at one place of the reader.
   */
  nextFile(rgPath: string | null, countedLines: number, countedMatchedLines: number): void;
  /**
   * A result line of the current file: `matchByte` is the byte offset of its first match, null for a
   * context line. Returns whether its text is wanted (then `text` and `textEnd` follow).
   */
  resultLine(lineNumber: number, matchByte: number | null): boolean;
  /** A piece of the wanted line's text (valid only during the call). */
  text(bytes: Uint8Array): void;
  textEnd(): void;
  /** A line that is no result line: ripgrep's stats. */
  otherLine(line: string): void;
  /** ripgrep stopped reading the current file at a NUL byte near this offset. */
  binaryStop(offset: number): void;
  /** No further line of the current file is wanted: its lines may be counted without being read. */
  readonly fileClosed: boolean;
}

export interface ContentReaderOptions {
  /** Whether ripgrep was asked for context lines. */
  withContext: boolean;
  /** A header split across chunks is kept up to this many bytes, as is a stats line. */
  shortLineMaxBytes: number;
  /** The fast count path for closed files; off only to check that it changes nothing. */
  fastCount?: boolean;
}

/**
 * Content mode's reader. Lines are read in place as ranges of the chunk they arrived in; only a
 * header split across chunks is copied.
 */
export class ContentOutputReader {
  private readonly header: BoundedBytes;
  private state: 'header' | 'text' | 'skip' = 'header';
  private pathBytes: Uint8Array | null = null;
  /** The current file's lines counted by the fast path so far, handed on when the file ends. */
  private counted = 0;
  private countedMatched = 0;
  private readonly withContext: boolean;
  private readonly fastCount: boolean;
  private chunkText: string | null = null;

  constructor(
    private readonly events: ContentEvents,
    options: ContentReaderOptions,
  ) {
    this.header = new BoundedBytes(options.shortLineMaxBytes);
    this.withContext = options.withContext;
    this.fastCount = options.fastCount !== false;
  }

  feed(given: Uint8Array): void {
    // A plain view of Node's Buffer: the parse then sees one kind of array, the same as a header joined
    // from two chunks, and V8 keeps one compiled version of it.
    const chunk = given.constructor === Uint8Array ? given : new Uint8Array(given.buffer, given.byteOffset, given.length);
    const length = chunk.length;
    this.chunkText = null;
    let start = 0;
    while (start < length) {
      if (this.fastCount && this.state === 'header' && this.header.length === 0) {
        start = this.countClosedRun(chunk, start);
        if (start === length) return;
      }
      const newline = chunk.indexOf(NEWLINE, start);
      const end = newline === -1 ? length : newline;
      if (end > start) this.piece(chunk, start, end);
      if (newline === -1) return;
      this.lineEnd();
      start = newline + 1;
    }
  }

  /** Call once ripgrep is done (a line cut off by a kill is dropped). */
  finish(): void {
    // What no NUL followed is the stats block (a line cut off by a kill holds none of its lines).
    const rest = this.state === 'header' ? this.header.bytes() : new Uint8Array(0);
    if (rest.length > 0 && rest.indexOf(NUL) === -1) {
      const lines = decode(rest).split('\n');
      if (lines[lines.length - 1] === '') lines.pop();
      for (const line of lines) this.events.otherLine(line);
    }
    this.state = 'header';
    this.header.clear();
    if (this.pathBytes !== null) this.endFile(null);
    this.pathBytes = null;
  }

  private endFile(next: string | null): void {
    const { counted, countedMatched } = this;
    this.counted = 0;
    this.countedMatched = 0;
    this.events.nextFile(next, counted, countedMatched);
  }

  private textOf(chunk: Uint8Array): string {
    this.chunkText ??= byteString(chunk);
    return this.chunkText;
  }

  /**
   * At a line start after a closed file's line: when the line is a result line of that file, counts
   * it and the lines of that file after it; returns where the first line it did not count starts.
   * (A file's first line is read whole, as the collector decides there whether to close it.)
   */
  private countClosedRun(chunk: Uint8Array, start: number): number {
    const path = this.pathBytes;
    if (path === null || !this.events.fileClosed) return start;
    const pathEnd = start + path.length;
    if (pathEnd >= chunk.length || chunk[pathEnd] !== NUL || !sameBytes(path, chunk, start, pathEnd)) return start;
    const counted = countResultRun(this.textOf(chunk), start, this.withContext);
    if (counted === null) return start;
    this.counted += counted.lines;
    this.countedMatched += counted.matchedLines;
    return counted.end;
  }

  private piece(chunk: Uint8Array, start: number, end: number): void {
    if (this.state === 'text') this.events.text(chunk.subarray(start, end));
    else if (this.state === 'header') {
      // Most headers arrive whole in one piece and are read in place; a split one is joined first.
      let bytes = chunk;
      let text: string;
      if (this.header.length > 0) {
        bytes = joinBytes(this.header.bytes(), chunk.subarray(start, end));
        start = 0;
        end = bytes.length;
        this.header.clear();
        text = byteString(bytes);
      } else text = this.textOf(chunk);
      const textStart = this.readHeader(bytes, text, start, end);
      if (textStart === -1) this.header.push(bytes.subarray(start, end));
      // readHeader has chosen whether this line's text is wanted (state 'text') or skipped.
      else if (this.wantsText() && textStart < end) this.events.text(bytes.subarray(textStart, end));
    }
  }

  private wantsText(): boolean {
    return this.state === 'text';
  }

  /**
   * A line end where no header has been read yet: the line is ripgrep's binary notice for the current
   * file, or a line of a path that goes on up to its NUL, or a stats line (finish sorts those out).
   * One that holds a NUL can be no part of a path: it is no result line, and is reported as such.
   */
  private lineEnd(): void {
    if (this.state === 'header') {
      const line = this.header.bytes();
      if (line.indexOf(NUL) !== -1) {
        this.header.clear();
        this.events.otherLine(decode(line));
      } else if (this.isBinaryNotice(line)) this.header.clear();
      else this.header.push(NEWLINE_BYTES);
    } else if (this.state === 'text') this.events.textEnd();
    this.state = 'header';
  }

  private isBinaryNotice(line: Uint8Array): boolean {
    const path = this.pathBytes;
    if (path === null || line.length <= path.length || line.indexOf(NEWLINE) !== -1) return false;
    if (!sameBytes(path, line, 0, path.length)) return false;
    const notice = BINARY_NOTICE.exec(byteString(line.subarray(path.length)));
    if (notice === null) return false;
    this.events.binaryStop(Number(notice[1]));
    return true;
  }

  /**
   * Reads the header at `start` (`end` is the piece's end, a line end or the end of `text`) and
   * starts its line; the offset where its text starts, or -1 while there is no whole header up to
   * `end` (not yet: its path goes on past a line end or into the next chunk; or never: a stats line). The grammar decides; once it has,
   * the fields are read where it put them: the path up to the first NUL, the line number, a match's column.
   */
  private readHeader(bytes: Uint8Array, text: string, start: number, end: number): number {
    HEADER.lastIndex = start;
    if (!HEADER.test(text)) return -1;
    const textStart = HEADER.lastIndex;
    if (textStart > end) return -1;
    const nul = bytes.indexOf(NUL, start);
    let at = nul + 1;
    let lineNumber = 0;
    while (isDigit(bytes[at])) lineNumber = lineNumber * 10 + bytes[at++]! - DIGIT_0;
    let matchByte: number | null = null;
    if (bytes[at++] === COLON) {
      let column = 0;
      while (isDigit(bytes[at])) column = column * 10 + bytes[at++]! - DIGIT_0;
      matchByte = column - 1;
    }
    // The file changes when the path does. This stays in the one function with the header's reading:
    // it runs for each file's first line, and split into small functions each was optimized by V8 on
    // its own with the collector inlined, which cost more CPU than the reading itself.
    if (this.pathBytes === null || !sameBytes(this.pathBytes, bytes, start, nul)) {
      this.pathBytes = copyBytes(bytes.subarray(start, nul));
      this.endFile(decode(this.pathBytes));
    }
    this.state = this.events.resultLine(lineNumber, matchByte) ? 'text' : 'skip';
    return textStart;
  }
}

/** ripgrep's own totals from the --stats block, when it lived to print them. */
export function parseStats(lines: readonly string[]): { matches: number; files: number } | null {
  let matches: number | null = null;
  let files: number | null = null;
  for (const line of lines) {
    const matchCount = /^(\d+) matches$/.exec(line);
    if (matchCount) matches = Number(matchCount[1]);
    const fileCount = /^(\d+) files contained matches$/.exec(line);
    if (fileCount) files = Number(fileCount[1]);
  }
  return matches === null || files === null ? null : { matches, files };
}
