// code_search: ripgrep over the code, its output read as a stream and reduced as it comes, so
// memory holds what will be shown and some counters, however much matched.
import { BINARY_SNIFF_BYTES, SEARCH_SPOOL_MAX_BYTES } from '../limits.js';
import { ToolError } from '../contract/legacy-tool-error.js';
import {
  clampInteger,
  SEARCH_LINE_MAX_CHARS,
  SEARCH_MAX_CONTEXT_LINES,
  SEARCH_MAX_FILES,
  SEARCH_MAX_LINES,
  SEARCH_MAX_MATCHES_PER_FILE,
  SEARCH_TIMEOUT_SECONDS,
} from '../contract/tools/legacy-search-limits.js';
import { copyBytes, isContinuationByte } from '../text/utf8.js';
import {
  clipSearchLine,
  echoedInput,
  formatContentResult,
  formatFilesResult,
  noMatchText,
  stoppedText,
  type ContentLine,
  type FileCount,
  type LineView,
  type Totals,
} from '../shape/search.js';
import { describeKind, openInsideHome, resolveInsideHome, type ResolvedPath } from '../workspace/confine.js';
import type { OpenFile } from '../io/types.js';
import type { Context, OpResult } from '../tools/context.js';
import { RUNS_FOLDER_NAME } from '../workspace/workdir.js';

// Characters shown before the match when a long line's window moves to hold it.
export const SEARCH_MATCH_LEAD_CHARS = 60;
// Characters of the model's pattern or glob that a sentence quotes back; the rest is `…`.
export const SEARCH_ECHO_MAX_CHARS = 200;
// A code point takes at most 4 bytes: this many bytes always hold the characters a clipped line shows.
const LINE_KEEP_BYTES = SEARCH_LINE_MAX_CHARS * 4;
// Longest output line kept whole where whole lines are needed (a path and a count, a stats line).
const SHORT_LINE_MAX_BYTES = 65_536;
// ripgrep's --stats block is a dozen lines; a few more in case of stray lines before it.
const STATS_LINES_KEPT = 24;

const NEWLINE = 0x0a;
const NUL = 0x00;
const COLON = 0x3a;
const DASH = 0x2d;
const CARRIAGE_RETURN = 0x0d;
// A single file is handed to ripgrep open, as its stdin; its name in the output is then ignored.
const STDIN_PATH = '-';

export type SearchMode = 'files' | 'content';

export interface SearchOptions {
  mode: SearchMode;
  pattern: string;
  fixed: boolean;
  ignoreCase: boolean;
  contextLines: number;
  glob: string | null;
  /** Leave out the home's .runs/ folder (the search starts at the home). */
  excludeRuns: boolean;
  /** The one file to search (`-` when it is ripgrep's stdin), relative to ripgrep's folder; null to search that folder. */
  fileName: string | null;
}

/**
 * ripgrep's argv. Every value travels inside the same argv element as its flag (`--regexp=…`,
 * `--glob=…`), so no pattern or glob can ever be read as an option. The exclusions come after the
 * model's glob because, of several globs that match, ripgrep lets the last one decide.
 */
export function ripgrepArgs(options: SearchOptions): string[] {
  const args = [
    '--no-config',
    '--hidden',
    // .gitignore is respected in a folder that is not (yet) a git repository too.
    '--no-require-git',
    // Unreadable files are skipped quietly; pattern and glob errors are still reported.
    '--no-messages',
    '--color=never',
    '--with-filename',
    '--null',
    options.ignoreCase ? '--ignore-case' : '--case-sensitive',
  ];
  if (options.fixed) args.push('--fixed-strings');
  if (options.mode === 'files') {
    args.push('--count-matches');
  } else {
    args.push('--line-number', '--column', '--no-heading', '--no-context-separator', '--stats');
    args.push(`--context=${options.contextLines}`);
  }
  if (options.glob !== null) args.push(`--glob=${options.glob}`);
  args.push('--glob=!.git');
  if (options.excludeRuns) args.push(`--glob=!/${RUNS_FOLDER_NAME}`);
  args.push(`--regexp=${options.pattern}`, '--');
  if (options.fileName !== null) args.push(options.fileName);
  return args;
}

const utf8 = new TextDecoder('utf-8');

function decode(bytes: Uint8Array): string {
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

// One result line whose header tryHeader takes: digits, then `:`, column digits and a byte that is
// neither a digit nor the line's end (a match), or `-` (context); then the rest of the line.
const MATCH_LINE = String.raw`\d*:\d*[^\d\n][^\n]*\n`;
const CONTEXT_LINE = String.raw`\d*-[^\n]*\n`;
// A run of whole lines that all start with the first one's path and NUL: matches only, or matches and
// context. Sticky, so that it is tried at one line start and nowhere else.
const MATCH_RUN = new RegExp(String.raw`([^\0\n]*\0)${MATCH_LINE}(?:\1${MATCH_LINE})*`, 'y');
const RESULT_RUN = new RegExp(String.raw`([^\0\n]*\0)(?:${MATCH_LINE}|${CONTEXT_LINE})(?:\1(?:${MATCH_LINE}|${CONTEXT_LINE}))*`, 'y');
const LINE_END_EVERYWHERE = /\n/g;
// At every line start of a run: its path (no NUL in it), the NUL, the line number, then a match's `:`.
const MATCH_HEADER_EVERYWHERE = /^[^\0\n]*\0\d*:/gm;

// Every run of bytes that are not UTF-8 continuation bytes: removing them leaves the continuation bytes.
const OTHER_THAN_CONTINUATION_BYTES = /[^\x80-\xbf]+/g;

/**
 * Each byte that does not continue a character starts one. Counted natively: a loop over every
 * byte would be compiled by V8 for each search that shows a few lines, and run uncompiled until then.
 */
function codePointsIn(bytes: Uint8Array): number {
  return bytes.length - byteString(bytes).replace(OTHER_THAN_CONTINUATION_BYTES, '').length;
}

const indexOfByte = Uint8Array.prototype.indexOf;

function joinBytes(a: Uint8Array, b: Uint8Array): Uint8Array {
  const joined = new Uint8Array(a.length + b.length);
  joined.set(a);
  joined.set(b, a.length);
  return joined;
}

/** Whether `a` holds the same bytes as b[start, end). */
function sameBytes(a: Uint8Array, b: Uint8Array, start: number, end: number): boolean {
  if (a.length !== end - start) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[start + i]) return false;
  return true;
}

/** Appends bytes up to a bound, dropping the rest. */
class BoundedBytes {
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
 * Splits ripgrep's stdout into lines without gathering them: each piece of a line is handed on as
 * a range of the chunk it arrived in (no copy, no allocation), and the line's end is announced.
 */
abstract class LineStream {
  feed(chunk: Uint8Array): void {
    const length = chunk.length;
    let start = 0;
    while (start < length) {
      const newline = chunk.indexOf(NEWLINE, start);
      const end = newline === -1 ? length : newline;
      if (end > start) this.piece(chunk, start, end);
      if (newline === -1) return;
      this.lineEnd();
      start = newline + 1;
    }
  }

  protected abstract piece(chunk: Uint8Array, start: number, end: number): void;
  protected abstract lineEnd(): void;
}

/**
 * A line's bytes: left where they arrived while the line lies in one chunk (nearly always), copied
 * only when it spans chunks.
 */
class LineBytes {
  private readonly spilled = new BoundedBytes(SHORT_LINE_MAX_BYTES);
  private chunk: Uint8Array | null = null;
  private start = 0;
  private end = 0;

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

/** Files mode: `path NUL count` lines; keeps the `limit` best (most matches, then by path). */
export class FileCountCollector extends LineStream {
  private readonly line = new LineBytes();
  readonly shown: { rgPath: string; count: number }[] = [];
  matches = 0;
  files = 0;

  constructor(private readonly limit: number) {
    super();
  }

  protected piece(chunk: Uint8Array, start: number, end: number): void {
    this.line.add(chunk, start, end);
  }

  protected lineEnd(): void {
    this.line.take((bytes, start, end) => this.countLine(bytes, start, end));
  }

  private countLine(bytes: Uint8Array, start: number, end: number): void {
    let nul = end - 1;
    while (nul >= start && bytes[nul] !== NUL) nul--;
    if (nul < start) return;
    let count = 0;
    for (let i = nul + 1; i < end; i++) count = count * 10 + (bytes[i]! - 0x30);
    this.matches += count;
    this.files++;
    const last = this.shown[this.shown.length - 1];
    // Most files lose to the last kept one on their count alone; their paths are never decoded.
    if (this.shown.length === this.limit && last && count < last.count) return;
    const rgPath = decode(bytes.subarray(start, nul));
    const entry = { rgPath, count };
    let at = this.shown.length;
    while (at > 0 && ranksBefore(entry, this.shown[at - 1]!)) at--;
    if (at >= this.limit) return;
    this.shown.splice(at, 0, entry);
    if (this.shown.length > this.limit) this.shown.pop();
  }
}

function ranksBefore(a: { rgPath: string; count: number }, b: { rgPath: string; count: number }): boolean {
  return a.count > b.count || (a.count === b.count && a.rgPath < b.rgPath);
}

/**
 * One line's text, seen once as it streams: its first bytes, the bytes around its first match, and
 * its length in characters, never more, however long the line.
 */
class LineText {
  private readonly head = new BoundedBytes(LINE_KEEP_BYTES);
  private readonly window: BoundedBytes | null;
  private readonly windowStart: number;
  private offset = 0;
  private chars = 0;
  private charsBeforeMatch = 0;
  private lastByte = -1;

  /** `matchByte`: the byte offset of the first match in the line, null for a context line. */
  constructor(private readonly matchByte: number | null) {
    this.windowStart = matchByte === null ? 0 : Math.max(0, matchByte - LINE_KEEP_BYTES);
    // Only a match that starts past what the head can show needs a window (a byte is at most a char).
    const windowNeeded = matchByte !== null && matchByte > SEARCH_LINE_MAX_CHARS - SEARCH_MATCH_LEAD_CHARS;
    this.window = windowNeeded ? new BoundedBytes(2 * LINE_KEEP_BYTES) : null;
  }

  feed(bytes: Uint8Array): void {
    const start = this.offset;
    const end = start + bytes.length;
    if (start < LINE_KEEP_BYTES) this.head.push(bytes.subarray(0, LINE_KEEP_BYTES - start));
    if (this.window !== null && end > this.windowStart) {
      this.window.push(bytes.subarray(Math.max(0, this.windowStart - start)));
    }
    this.chars += codePointsIn(bytes);
    if (this.matchByte !== null && start < this.matchByte) {
      this.charsBeforeMatch += codePointsIn(bytes.subarray(0, Math.min(bytes.length, this.matchByte - start)));
    }
    this.offset = end;
    if (bytes.length > 0) this.lastByte = bytes[bytes.length - 1]!;
  }

  view(maxChars: number, leadChars: number): LineView {
    // A CRLF file's lines reach us with their \r; it is part of the line end, not of the text.
    const carriageReturn = this.lastByte === CARRIAGE_RETURN;
    const totalChars = this.chars - (carriageReturn ? 1 : 0);
    const matchChar = this.matchByte === null ? null : this.charsBeforeMatch;
    const useWindow = this.window !== null && matchChar !== null && totalChars > maxChars && matchChar > maxChars - leadChars;
    if (!useWindow) {
      let text = decode(this.head.bytes());
      if (carriageReturn && this.offset <= LINE_KEEP_BYTES) text = text.slice(0, -1);
      return { text, startChar: 0, totalChars, matchChar };
    }
    let bytes = this.window!.bytes();
    let skipped = 0;
    while (skipped < bytes.length && isContinuationByte(bytes[skipped]!)) skipped++;
    bytes = bytes.subarray(skipped);
    const charsBeforeInWindow = codePointsIn(bytes.subarray(0, this.matchByte! - this.windowStart - skipped));
    return { text: decode(bytes), startChar: matchChar! - charsBeforeInWindow, totalChars, matchChar };
  }
}

interface GroupLine {
  lineNumber: number;
  isMatch: boolean;
  /** A context line within `context` lines after a match of the same file. */
  followsMatch: boolean;
  text: string;
}

interface FileGroup {
  rgPath: string;
  pathBytes: Uint8Array;
  lines: GroupLine[];
  matchLines: number;
  lastMatchLine: number;
  /** No more of this file's lines will be shown. */
  closed: boolean;
}

/** Drop context lines at the end that only led up to a match that is not shown. */
function trimLeadingContext(lines: GroupLine[]): void {
  while (lines.length > 0 && !lines[lines.length - 1]!.isMatch && !lines[lines.length - 1]!.followsMatch) lines.pop();
}

/**
 * Content mode: `path NUL line:column:text` for a match, `path NUL line-text` for context, then
 * ripgrep's --stats block. A file's lines come together (ripgrep writes each file's output at once);
 * the files shown are the first by path, so the result does not depend on ripgrep's thread timing.
 */
export class ContentCollector extends LineStream {
  private readonly header = new BoundedBytes(SHORT_LINE_MAX_BYTES);
  private state: 'header' | 'text' | 'skip' = 'header';
  private text: LineText | null = null;
  private pending: { lineNumber: number; isMatch: boolean; followsMatch: boolean } | null = null;
  private group: FileGroup | null = null;
  private readonly groups: FileGroup[] = [];
  private shownLines = 0;
  private full = false;
  private readonly otherLines: string[] = [];
  resultLines = 0;
  matchedLines = 0;
  files = 0;

  constructor(
    private readonly limit: number,
    private readonly matchesPerFile: number,
    private readonly contextLines: number,
  ) {
    super();
  }

  override feed(given: Uint8Array): void {
    // A plain view of Node's Buffer: the parse then sees one kind of array, the same as a header joined
    // from two chunks, and V8 keeps one compiled version of it.
    const chunk = given.constructor === Uint8Array ? given : new Uint8Array(given.buffer, given.byteOffset, given.length);
    const length = chunk.length;
    let text: string | null = null;
    let start = 0;
    // The start of the last line read whole from this chunk, when there is one: its file's lines go on
    // from there, and once the file is closed they only need counting (countClosedRun).
    let lineStart = -1;
    while (start < length) {
      if (lineStart !== -1 && this.group !== null && this.group.closed) {
        text ??= byteString(chunk);
        start = this.countClosedRun(text, lineStart, start);
        if (start === length) return;
      }
      const newline = chunk.indexOf(NEWLINE, start);
      const end = newline === -1 ? length : newline;
      const wholeLine = this.state === 'header' && this.header.length === 0;
      if (end > start) this.piece(chunk, start, end);
      if (newline === -1) return;
      this.lineEnd();
      lineStart = wholeLine ? start : -1;
      start = newline + 1;
    }
  }

  /**
   * Nearly all the lines of a large result belong to a file none of whose further lines will be
   * shown: they only need counting, and a file's lines come together. One regular expression finds,
   * from the line just read at `runStart` (the current file's), how far the lines that start with the
   * same path and a header tryHeader would take go on; those from `start` are counted without a step
   * per byte in JavaScript. Returns where the first other line starts (another file's, the stats, one
   * the chunk cuts), which the full parse then reads.
   */
  private countClosedRun(text: string, runStart: number, start: number): number {
    const run = this.contextLines === 0 ? MATCH_RUN : RESULT_RUN;
    run.lastIndex = runStart;
    if (!run.test(text) || run.lastIndex <= start) return start;
    const end = run.lastIndex;
    const lines = text.slice(start, end);
    const count = lines.match(LINE_END_EVERYWHERE)!.length;
    this.resultLines += count;
    this.matchedLines += run === MATCH_RUN ? count : (lines.match(MATCH_HEADER_EVERYWHERE)?.length ?? 0);
    return end;
  }

  protected piece(chunk: Uint8Array, start: number, end: number): void {
    if (this.state === 'text') this.text!.feed(chunk.subarray(start, end));
    else if (this.state === 'header') {
      // Most headers arrive whole in one piece and are read in place; a split one is joined first.
      let bytes = chunk;
      if (this.header.length > 0) {
        bytes = joinBytes(this.header.bytes(), chunk.subarray(start, end));
        start = 0;
        end = bytes.length;
        this.header.clear();
      }
      const textStart = this.tryHeader(bytes, start, end);
      if (textStart === -1) this.header.push(bytes.subarray(start, end));
      // startLine has chosen whether this line's text is kept (a LineText) or skipped (none).
      else if (this.text !== null && textStart < end) this.text.feed(bytes.subarray(textStart, end));
    }
  }

  protected lineEnd(): void {
    if (this.state === 'header') {
      // A line without a result header: ripgrep's stats.
      const line = decode(this.header.bytes());
      this.header.clear();
      this.otherLines.push(line);
      if (this.otherLines.length > STATS_LINES_KEPT) this.otherLines.shift();
    } else if (this.state === 'text') {
      const view = this.text!.view(SEARCH_LINE_MAX_CHARS, SEARCH_MATCH_LEAD_CHARS);
      const text = clipSearchLine(view, SEARCH_LINE_MAX_CHARS, SEARCH_MATCH_LEAD_CHARS);
      this.group!.lines.push({ ...this.pending!, text });
    }
    this.state = 'header';
    this.text = null;
    this.pending = null;
  }

  /**
   * Parse `path NUL digits (':' digits ':' | '-')` in bytes[start, end) and start the line; the
   * offset where its text starts, or -1 while the header is not all there yet.
   */
  private tryHeader(bytes: Uint8Array, start: number, end: number): number {
    // One function whether the bytes are a chunk as it came or a header joined from two.
    const nul = indexOfByte.call(bytes, NUL, start);
    if (nul === -1 || nul >= end) return -1;
    let at = nul + 1;
    let lineNumber = 0;
    while (at < end && bytes[at]! >= 0x30 && bytes[at]! <= 0x39) lineNumber = lineNumber * 10 + bytes[at++]! - 0x30;
    if (at >= end) return -1;
    const isMatch = bytes[at] === COLON;
    if (!isMatch && bytes[at] !== DASH) return -1;
    at++;
    let column = 0;
    if (isMatch) {
      while (at < end && bytes[at]! >= 0x30 && bytes[at]! <= 0x39) column = column * 10 + bytes[at++]! - 0x30;
      if (at >= end) return -1;
      at++;
    }
    this.startLine(bytes, start, nul, lineNumber, isMatch, isMatch ? column - 1 : null);
    return at;
  }

  private startLine(
    bytes: Uint8Array,
    pathStart: number,
    pathEnd: number,
    lineNumber: number,
    isMatch: boolean,
    matchByte: number | null,
  ): void {
    this.resultLines++;
    if (isMatch) this.matchedLines++;
    if (this.group === null || !sameBytes(this.group.pathBytes, bytes, pathStart, pathEnd)) {
      this.startGroup(copyBytes(bytes.subarray(pathStart, pathEnd)));
    }
    const group = this.group!;
    this.state = 'skip';
    if (group.closed) return;
    const previous = group.lines[group.lines.length - 1];
    if (group.lines.length >= this.limit) {
      this.closeGroup(group);
      return;
    }
    if (isMatch && group.matchLines >= this.matchesPerFile) {
      this.closeGroup(group);
      return;
    }
    if (!isMatch && group.matchLines >= this.matchesPerFile && previous?.lineNumber !== lineNumber - 1) {
      this.closeGroup(group);
      return;
    }
    if (isMatch) {
      group.matchLines++;
      group.lastMatchLine = lineNumber;
    }
    const followsMatch = !isMatch && group.matchLines > 0 && lineNumber - group.lastMatchLine <= this.contextLines;
    this.pending = { lineNumber, isMatch, followsMatch };
    this.text = new LineText(matchByte);
    this.state = 'text';
  }

  private closeGroup(group: FileGroup): void {
    group.closed = true;
    trimLeadingContext(group.lines);
  }

  private startGroup(pathBytes: Uint8Array): void {
    this.finishGroup();
    this.files++;
    const rgPath = decode(pathBytes);
    const lastKept = this.groups[this.groups.length - 1];
    const hopeless = this.full && lastKept !== undefined && rgPath > lastKept.rgPath;
    this.group = { rgPath, pathBytes, lines: [], matchLines: 0, lastMatchLine: 0, closed: hopeless };
  }

  private finishGroup(): void {
    const group = this.group;
    this.group = null;
    if (group === null) return;
    trimLeadingContext(group.lines);
    if (group.lines.length === 0) return;
    let at = this.groups.length;
    while (at > 0 && group.rgPath < this.groups[at - 1]!.rgPath) at--;
    this.groups.splice(at, 0, group);
    // Keep the first `limit` lines in path order; the file where the limit falls is cut there.
    let room = this.limit;
    let kept = 0;
    for (; kept < this.groups.length && room > 0; kept++) {
      const lines = this.groups[kept]!.lines;
      if (lines.length > room) {
        lines.length = room;
        trimLeadingContext(lines);
        this.full = true;
      }
      room -= lines.length;
      if (room === 0) this.full = true;
    }
    if (kept < this.groups.length) this.full = true;
    this.groups.length = kept;
    while (this.groups.length > 0 && this.groups[this.groups.length - 1]!.lines.length === 0) this.groups.pop();
    this.shownLines = this.groups.reduce((sum, kept) => sum + kept.lines.length, 0);
  }

  /** Call once ripgrep is done (a line cut off by a kill is dropped). */
  finish(): void {
    this.state = 'header';
    this.header.clear();
    this.finishGroup();
  }

  shown(displayOf: (rgPath: string) => string): ContentLine[] {
    const out: ContentLine[] = [];
    for (const group of this.groups) {
      const path = displayOf(group.rgPath);
      for (const line of group.lines) out.push({ path, lineNumber: line.lineNumber, isMatch: line.isMatch, text: line.text });
    }
    return out;
  }

  get shownCount(): number {
    return this.shownLines;
  }

  /** ripgrep's own totals from --stats, when it lived to print them. */
  stats(): Totals | null {
    let matches: number | null = null;
    let files: number | null = null;
    for (const line of this.otherLines) {
      const matchCount = /^(\d+) matches$/.exec(line);
      if (matchCount) matches = Number(matchCount[1]);
      const fileCount = /^(\d+) files contained matches$/.exec(line);
      if (fileCount) files = Number(fileCount[1]);
    }
    return matches === null || files === null ? null : { matches, files };
  }
}

export const REGEX_ERROR_HINT = ' (the pattern is a regular expression; set fixed: true to search for it as plain text)';

/**
 * ripgrep quotes a bad glob whole in its complaint; a long pattern or glob is clipped there so the
 * reason after it still fits the error line.
 */
export function clipEchoedInputs(reason: string, inputs: readonly (string | null)[]): string {
  let clipped = reason;
  for (const input of inputs) {
    if (input === null || !clipped.includes(input)) continue;
    const shown = echoedInput(input, SEARCH_ECHO_MAX_CHARS);
    if (shown !== input) clipped = clipped.split(input).join(shown);
  }
  return clipped;
}

/** ripgrep's complaint in one line: its first line, with the `error:` line that gives the reason. */
export function ripgrepReason(stderr: string): string {
  const lines = stderr
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
  if (lines.length === 0) return 'ripgrep failed without saying why';
  const first = lines[0]!.replace(/^rg: /, '').replace(/:$/, '');
  const reason = lines.find((line, index) => index > 0 && line.startsWith('error: '));
  return reason ? `${first}: ${reason.slice('error: '.length)}` : first;
}

function stringArg(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

export async function codeSearch(context: Context): Promise<OpResult> {
  const { io, request } = context;
  const { args } = request;
  const pattern = args.pattern as string;
  if (pattern.includes('\0')) throw new ToolError('the pattern contains a NUL byte');
  const glob = stringArg(args.glob) || null;
  if (glob !== null && glob.includes('\0')) throw new ToolError('the glob contains a NUL byte');
  const mode: SearchMode = args.mode === 'content' ? 'content' : 'files';
  const contextLines = clampInteger((args.context as number | undefined) ?? 0, 0, SEARCH_MAX_CONTEXT_LINES);
  const maximum = mode === 'files' ? SEARCH_MAX_FILES : SEARCH_MAX_LINES;
  const limit = clampInteger((args.limit as number | undefined) ?? maximum, 1, maximum);

  const given = stringArg(args.path);
  const root = resolveInsideHome(context, given ?? '.');
  const kind = io.fs.stat(root.real)?.kind;
  // Gone since it was resolved (a link re-pointed, a folder moved): the same words as a missing path.
  if (kind === undefined) throw new ToolError(`no such file or folder: ${root.named}`);
  if (kind !== 'folder' && kind !== 'file') {
    throw new ToolError(`${root.named} is ${describeKind(kind)}; code_search takes a file or a folder`);
  }
  // ripgrep is handed the checked folder or file itself, never its path: a link swapped in since the
  // check would otherwise take it outside the home.
  const { file: opened } = openInsideHome(context, root);
  try {
    return await searchOpened(context, { root, given, kind, opened, pattern, glob, mode, contextLines, limit });
  } finally {
    opened.close();
  }
}

interface OpenedSearch {
  root: ResolvedPath;
  given: string | null;
  kind: 'file' | 'folder';
  opened: OpenFile;
  pattern: string;
  glob: string | null;
  mode: SearchMode;
  contextLines: number;
  limit: number;
}

async function searchOpened(context: Context, search: OpenedSearch): Promise<OpResult> {
  const { io, request } = context;
  const { args, maxBytes } = request;
  const { root, given, opened, pattern, glob, mode, contextLines, limit } = search;
  const kind = opened.info().kind;
  if (kind !== search.kind) {
    throw new ToolError(`${root.named} changed while it was opened; code_search takes a file or a folder`);
  }
  const shownRoot = given === null ? '.' : root.display;
  if (kind === 'file' && isBinaryFile(opened)) {
    return { text: `${root.display} is binary; not searched`, meta: { matches: 0, files: 0, truncated: false } };
  }
  const displayOf =
    kind === 'file'
      ? () => root.display
      : root.display === '.'
        ? (rgPath: string) => rgPath
        : (rgPath: string) => `${root.display}/${rgPath}`;

  const binary = io.search.findRipgrep(io.env);
  const real = opened.realPath();
  const options: SearchOptions = {
    mode,
    pattern,
    fixed: args.fixed === true,
    ignoreCase: args.ignore_case === true,
    contextLines,
    glob,
    excludeRuns: kind === 'folder' && real === io.home,
    fileName: kind === 'file' ? STDIN_PATH : null,
  };
  const newCollector = () =>
    mode === 'files' ? new FileCountCollector(limit) : new ContentCollector(limit, SEARCH_MAX_MATCHES_PER_FILE, contextLines);
  let collector = newCollector();
  const exit = await io.search.run({
    binary,
    args: ripgrepArgs(options),
    // A file comes as stdin, so ripgrep's folder is only where it starts; the home is always there.
    cwd: kind === 'file' ? io.home : real,
    folder: kind === 'folder' ? opened : undefined,
    input: kind === 'file' ? opened : undefined,
    timeoutMs: SEARCH_TIMEOUT_SECONDS * 1000,
    outputBoundedByFiles: mode === 'files',
    spool: mode === 'content' ? { maxBytes: SEARCH_SPOOL_MAX_BYTES, restart: () => (collector = newCollector()) } : undefined,
    onStdout: (chunk) => collector.feed(chunk),
  });
  if (exit.interruptedBy !== undefined) {
    throw new ToolError(`code_search: the helper was interrupted (${exit.interruptedBy}); ripgrep was stopped`);
  }
  if (!exit.timedOut && exit.exitCode !== 0 && exit.exitCode !== 1) {
    // Exit 2 with nothing on stderr is an unreadable file that --no-messages kept quiet; what was
    // found elsewhere still stands.
    if (exit.exitCode !== 2 || exit.stderr.trim() !== '') {
      const reason = clipEchoedInputs(ripgrepReason(exit.stderr), [pattern, glob]);
      // A model that meant the text itself (`render(`) learns the way to say so in the same answer.
      const hint = reason.startsWith('regex parse error') && args.fixed !== true ? REGEX_ERROR_HINT : '';
      throw new ToolError(`ripgrep: ${reason}${hint}`);
    }
  }
  const stopped = exit.timedOut ? stoppedText(SEARCH_TIMEOUT_SECONDS) : null;

  let totals: Totals;
  let shaped: { text: string; cut: boolean };
  let leftOut: number;
  if (collector instanceof FileCountCollector) {
    totals = { matches: collector.matches, files: collector.files };
    const shown: FileCount[] = collector.shown.map((entry) => ({ path: displayOf(entry.rgPath), count: entry.count }));
    leftOut = totals.files - shown.length;
    shaped = formatFilesResult(shown, leftOut, totals, maxBytes, stopped);
  } else {
    collector.finish();
    // Killed before its stats: each matched line holds at least one match.
    totals = collector.stats() ?? { matches: collector.matchedLines, files: collector.files };
    leftOut = collector.resultLines - collector.shownCount;
    shaped = formatContentResult(collector.shown(displayOf), leftOut, totals, contextLines > 0, maxBytes, stopped);
  }
  const truncated = exit.timedOut || leftOut > 0 || shaped.cut;
  const meta = { matches: totals.matches, files: totals.files, truncated };
  if (totals.files === 0) {
    const none = noMatchText(pattern, shownRoot, SEARCH_ECHO_MAX_CHARS);
    return { text: stopped === null ? none : `${none}\n${stopped}`, meta };
  }
  return { text: shaped.text, meta };
}

/** The same test as file_read's: a NUL byte in the first bytes. */
function isBinaryFile(file: OpenFile): boolean {
  const buffer = new Uint8Array(BINARY_SNIFF_BYTES);
  const read = file.readAt(buffer, BINARY_SNIFF_BYTES, 0);
  return buffer.subarray(0, read).indexOf(NUL) !== -1;
}
