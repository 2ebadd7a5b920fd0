// The sinks ripgrep's output is fed into, one per mode, as ripgrep's own printer is a Sink: each
// reduces the output as it comes to what will be shown and some counters. Pure and synchronous;
// every limit comes in as an argument.
import {
  SEARCH_LINE_MAX_CHARS,
  SEARCH_MATCH_LEAD_CHARS,
  SEARCH_MAX_MATCHES_PER_FILE,
  SEARCH_SHORT_LINE_MAX_BYTES,
  SEARCH_STATS_MAX_LINES,
} from '../../limits.js';
import { decode } from './bytes.js';
import type { ContentEntry, Totals } from './format.js';
import { clipSearchLine } from './format.js';
import { LineText } from './line-text.js';
import { CountOutputReader, type CountEvents } from './rg-count-output.js';
import { ContentOutputReader, parseStats, type ContentEvents } from './rg-output.js';

/** What the I/O layer feeds ripgrep's stdout into: pieces in order, each valid only during the call. */
export interface SearchSink {
  feed(chunk: Uint8Array): void;
}

export interface FileCountLimits {
  /** Files shown. */
  files: number;
  /** A line longer than this (a path and a count) is cut. */
  shortLineMaxBytes: number;
}

/** The tool's own limits of files mode: a caller gives the number of files, and what else differs. */
export const FILE_COUNT_DEFAULTS: Omit<FileCountLimits, 'files'> = { shortLineMaxBytes: SEARCH_SHORT_LINE_MAX_BYTES };

export interface CountedFile {
  rgPath: string;
  count: number;
}

/**
 * Files mode: a count per file; keeps the `limit` best (most matches, then by path). ripgrep's stats
 * also count the files it stopped reading at a NUL byte, whose counts it does not print.
 */
export class FileCountCollector implements SearchSink, CountEvents {
  private readonly reader: CountOutputReader;
  private readonly limit: number;
  readonly shown: CountedFile[] = [];
  /** Of the files ripgrep printed a count for. */
  matches = 0;
  files = 0;
  private statsLines: string[] = [];
  private finished = false;

  constructor(given: Pick<FileCountLimits, 'files'> & Partial<FileCountLimits>) {
    const limits: FileCountLimits = { ...FILE_COUNT_DEFAULTS, ...given };
    this.limit = limits.files;
    this.reader = new CountOutputReader(this, limits.shortLineMaxBytes);
  }

  feed(chunk: Uint8Array): void {
    this.reader.feed(chunk);
  }

  /** Call once ripgrep is done (again: no change). */
  finish(): void {
    if (this.finished) return;
    this.finished = true;
    this.statsLines = this.reader.finish();
  }

  /** ripgrep's own totals from --stats, when it lived to print them. */
  stats(): Totals | null {
    return parseStats(this.statsLines);
  }

  countedFile(bytes: Uint8Array, start: number, nul: number, count: number): void {
    this.matches += count;
    this.files++;
    const last = this.shown[this.shown.length - 1];
    // Most files lose to the last kept one on their count alone; their paths are never decoded.
    if (this.shown.length === this.limit && last && count < last.count) return;
    const entry = { rgPath: decode(bytes.subarray(start, nul)), count };
    let at = this.shown.length;
    while (at > 0 && ranksBefore(entry, this.shown[at - 1]!)) at--;
    if (at >= this.limit) return;
    this.shown.splice(at, 0, entry);
    if (this.shown.length > this.limit) this.shown.pop();
  }
}

function ranksBefore(a: CountedFile, b: CountedFile): boolean {
  return a.count > b.count || (a.count === b.count && a.rgPath < b.rgPath);
}

export interface ContentLimits {
  /** Result lines shown in all. */
  lines: number;
  /** Match lines shown of one file. */
  matchesPerFile: number;
  /** Context lines asked of ripgrep around each match. */
  contextLines: number;
  /** Characters a shown line keeps. */
  lineMaxChars: number;
  /** Characters shown before the match when a long line's window moves to hold it. */
  matchLeadChars: number;
  /** A header split across chunks, or a stats line, is kept up to this many bytes. */
  shortLineMaxBytes: number;
  /** Lines other than result lines kept (ripgrep's stats block is the last of them). */
  statsMaxLines: number;
}

/** The tool's own limits of content mode: a caller gives the lines and the context, and what else differs. */
export const CONTENT_DEFAULTS: Omit<ContentLimits, 'lines' | 'contextLines'> = {
  matchesPerFile: SEARCH_MAX_MATCHES_PER_FILE,
  lineMaxChars: SEARCH_LINE_MAX_CHARS,
  matchLeadChars: SEARCH_MATCH_LEAD_CHARS,
  shortLineMaxBytes: SEARCH_SHORT_LINE_MAX_BYTES,
  statsMaxLines: SEARCH_STATS_MAX_LINES,
};

interface GroupLine {
  lineNumber: number;
  isMatch: boolean;
  /** A context line within `context` lines after a match of the same file. */
  followsMatch: boolean;
  text: string;
}

interface FileGroup {
  rgPath: string;
  lines: GroupLine[];
  /** Where ripgrep stopped reading the file at a NUL byte, when it did. */
  binaryAt: number | null;
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
 * Content mode. The files shown are the first by path, so the result does not depend on ripgrep's
 * thread timing; a file shows at most `matchesPerFile` match lines and the context after the last.
 */
export class ContentCollector implements SearchSink, ContentEvents {
  private readonly reader: ContentOutputReader;
  private lineText: LineText | null = null;
  private pending: { lineNumber: number; isMatch: boolean; followsMatch: boolean } | null = null;
  private group: FileGroup | null = null;
  private readonly groups: FileGroup[] = [];
  private shownLines = 0;
  private full = false;
  private readonly otherLines: string[] = [];
  resultLines = 0;
  matchedLines = 0;
  files = 0;

  /** `fastCount`: off only to check that the fast count path changes nothing. */
  private readonly limits: ContentLimits;

  constructor(given: Pick<ContentLimits, 'lines' | 'contextLines'> & Partial<ContentLimits>, fastCount = true) {
    const limits: ContentLimits = { ...CONTENT_DEFAULTS, ...given };
    this.limits = limits;
    this.reader = new ContentOutputReader(this, {
      withContext: limits.contextLines > 0,
      shortLineMaxBytes: limits.shortLineMaxBytes,
      fastCount,
    });
  }

  feed(chunk: Uint8Array): void {
    this.reader.feed(chunk);
  }

  /** Call once ripgrep is done (a line cut off by a kill is dropped). */
  finish(): void {
    this.reader.finish();
  }

  get fileClosed(): boolean {
    return this.group !== null && this.group.closed;
  }

  nextFile(rgPath: string | null, countedLines: number, countedMatchedLines: number): void {
    this.resultLines += countedLines;
    this.matchedLines += countedMatchedLines;
    if (this.group !== null) this.fileEnd();
    if (rgPath !== null) this.fileStart(rgPath);
  }

  private fileStart(rgPath: string): void {
    this.files++;
    const lastKept = this.groups[this.groups.length - 1];
    const hopeless = this.full && lastKept !== undefined && rgPath > lastKept.rgPath;
    this.group = { rgPath, lines: [], binaryAt: null, matchLines: 0, lastMatchLine: 0, closed: hopeless };
  }

  resultLine(lineNumber: number, matchByte: number | null): boolean {
    const isMatch = matchByte !== null;
    this.resultLines++;
    if (isMatch) this.matchedLines++;
    const group = this.group!;
    if (group.closed) return false;
    const { lines: limit, matchesPerFile, contextLines } = this.limits;
    const previous = group.lines[group.lines.length - 1];
    const full = group.lines.length >= limit;
    const pastMatches = group.matchLines >= matchesPerFile;
    // Past the file's matches, only the context that goes on from the last line shown is shown.
    if (full || (pastMatches && (isMatch || previous?.lineNumber !== lineNumber - 1))) {
      group.closed = true;
      trimLeadingContext(group.lines);
      return false;
    }
    if (isMatch) {
      group.matchLines++;
      group.lastMatchLine = lineNumber;
    }
    const followsMatch = !isMatch && group.matchLines > 0 && lineNumber - group.lastMatchLine <= contextLines;
    this.pending = { lineNumber, isMatch, followsMatch };
    this.lineText = new LineText(matchByte, { maxChars: this.limits.lineMaxChars, leadChars: this.limits.matchLeadChars });
    return true;
  }

  text(bytes: Uint8Array): void {
    this.lineText!.feed(bytes);
  }

  textEnd(): void {
    const text = clipSearchLine(this.lineText!.view(), this.limits.lineMaxChars, this.limits.matchLeadChars);
    this.group!.lines.push({ ...this.pending!, text });
    this.lineText = null;
    this.pending = null;
  }

  otherLine(line: string): void {
    this.otherLines.push(line);
    if (this.otherLines.length > this.limits.statsMaxLines) this.otherLines.shift();
  }

  binaryStop(offset: number): void {
    this.group!.binaryAt = offset;
  }

  private fileEnd(): void {
    const group = this.group;
    this.group = null;
    if (group === null) return;
    trimLeadingContext(group.lines);
    if (group.lines.length === 0) return;
    let at = this.groups.length;
    while (at > 0 && group.rgPath < this.groups[at - 1]!.rgPath) at--;
    this.groups.splice(at, 0, group);
    // Keep the first `lines` lines in path order; the file where the limit falls is cut there.
    let room = this.limits.lines;
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

  /** The shown lines by file, each file that ripgrep stopped reading at a NUL byte followed by a note saying so. */
  shown(displayOf: (rgPath: string) => string): ContentEntry[] {
    const out: ContentEntry[] = [];
    for (const group of this.groups) {
      const path = displayOf(group.rgPath);
      for (const line of group.lines) out.push({ path, lineNumber: line.lineNumber, isMatch: line.isMatch, text: line.text });
      if (group.binaryAt !== null) out.push({ path, binaryAt: group.binaryAt });
    }
    return out;
  }

  get shownCount(): number {
    return this.shownLines;
  }

  /** ripgrep's own totals from --stats, when it lived to print them. */
  stats(): Totals | null {
    return parseStats(this.otherLines);
  }

  /** The paths (as ripgrep printed them) of the files shown. */
  shownPaths(): string[] {
    return this.groups.map((group) => group.rgPath);
  }
}
