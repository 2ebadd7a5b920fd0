// Every sentence the model reads from code_search: results, their trailers and the errors. Pure and
// synchronous; every limit comes in as an argument.
import { ToolError } from '../../contract/errors.js';
import type { RipgrepFailure } from './io.js';
import { codePointCount, firstCodePoints, utf8Bytes } from '../../text/utf8.js';

export interface FileCount {
  /** Relative to the working directory. */
  path: string;
  count: number;
}

export interface Totals {
  matches: number;
  files: number;
}

/** What is known of one line ripgrep printed: a stretch of its text and where that stretch lies. */
export interface LineView {
  /** The part of the line that was kept (the whole line when it is short). */
  text: string;
  /** Index (in code points) in the line of the first character of `text`. */
  startChar: number;
  /** The line's length in code points. */
  totalChars: number;
  /** Index (in code points) of the line's first match; null for a context line. */
  matchChar: number | null;
}

export interface ContentLine {
  path: string;
  lineNumber: number;
  isMatch: boolean;
  /** The line as shown: already clipped. */
  text: string;
}

/** In content mode, after a file's lines: ripgrep stopped reading it at a NUL byte near `binaryAt`. */
export interface BinaryNote {
  path: string;
  binaryAt: number;
}

export type ContentEntry = ContentLine | BinaryNote;

export interface ShapedSearch {
  text: string;
  /** True when the byte cap left lines out. */
  cut: boolean;
}

export function totalsLine(totals: Totals): string {
  const matches = `${totals.matches} ${totals.matches === 1 ? 'match' : 'matches'}`;
  return `${matches} in ${totals.files} ${totals.files === 1 ? 'file' : 'files'}`;
}

/** A pattern or glob as a sentence quotes it: its first `maxChars` characters, then `…` when longer. */
export function echoedInput(input: string, maxChars: number): string {
  return codePointCount(input) <= maxChars ? input : `${firstCodePoints(input, maxChars)}…`;
}

/** The pattern is clipped so that a long one cannot crowd the rest of the sentence out of the cap. */
export function noMatchText(pattern: string, displayPath: string, patternMaxChars: number): string {
  return `no matches for '${echoedInput(pattern, patternMaxChars)}' in ${displayPath}`;
}

/** What ignore files hid from a search that showed all it found: counts, an example, and how to search them. */
export interface IgnoredFinding {
  matches: number;
  files: number;
  /** One of the files, as a result shows a path. */
  example: string;
  /** The path to search to see them (the example's first folder, or the example itself), as given in a request. */
  searchPath: string;
}

export function ignoredLine(ignored: IgnoredFinding): string {
  const matches = `${ignored.matches} more ${ignored.matches === 1 ? 'match' : 'matches'}`;
  const files = `${ignored.files} ${ignored.files === 1 ? 'file' : 'files'}`;
  return `(${matches} in ${files} ignored by .gitignore or .ignore, e.g. ${ignored.example}; search them with path: ${JSON.stringify(ignored.searchPath)})`;
}

export function stoppedText(timeoutSeconds: number): string {
  return `[the search was stopped after ${timeoutSeconds} s; these are the matches found until then]`;
}

/** The call was stopped (the helper's SIGTERM or SIGINT, a client's cancel): what ripgrep found until then stands. */
export function interruptedText(signal: string): string {
  return `[the search was interrupted (${signal}); these are the matches found until then]`;
}

export function byteCapLine(leftOut: number, maxBytes: number): string {
  return `[… ${leftOut} more ${leftOut === 1 ? 'line' : 'lines'} left out to stay under ${maxBytes} bytes]`;
}

/**
 * A line clipped to a window of `maxChars` characters, then ` [+N chars]`, N the characters not
 * shown. When the match starts too far in for `leadChars` of it to show, the window moves to hold
 * it, `leadChars` before it. A `…` stands on each side where the window cuts the line: after it when
 * text follows (`abc… [+N chars]`), before it when text precedes (`…xyz [+N chars]`), or both.
 */
export function clipSearchLine(view: LineView, maxChars: number, leadChars: number): string {
  if (view.totalChars <= maxChars) return view.text;
  const match = view.matchChar;
  const start =
    match === null || match <= maxChars - leadChars
      ? 0
      : Math.max(0, Math.min(match - leadChars, view.totalChars - maxChars));
  const skip = start - view.startChar;
  const shown = firstCodePoints(skip > 0 ? view.text.slice(codeUnitsOf(view.text, skip)) : view.text, maxChars);
  const cutBefore = start > 0 ? '…' : '';
  const cutAfter = start + maxChars < view.totalChars ? '…' : '';
  return `${cutBefore}${shown}${cutAfter} [+${view.totalChars - maxChars} chars]`;
}

/** How many UTF-16 units the first `chars` code points of `text` take. */
function codeUnitsOf(text: string, chars: number): number {
  return firstCodePoints(text, chars).length;
}

/**
 * A path as the result shows it: as it is, unless it holds a control character (a newline, a tab),
 * a `"` or a `\`; then as a JSON string, in double quotes with those escaped, so that no name reads as
 * two lines or as another file's, and the quoted form can be handed back in a request as it is.
 */
export function shownPath(path: string): string {
  return NEEDS_QUOTING.test(path) ? JSON.stringify(path) : path;
}

const NEEDS_QUOTING = /[\x00-\x1f\x7f"\\]/;

export function fileCountLine(entry: FileCount): string {
  return `${entry.path}: ${entry.count}`;
}

/** Content mode, after the lines of a file ripgrep stopped reading at a NUL byte (its binary rule). */
export function binaryNoteText(note: BinaryNote): string {
  return `${note.path}: [binary from about byte ${note.binaryAt} (a NUL byte); not searched past it]`;
}

/**
 * Files mode: the matches ripgrep counted in files it stopped reading at a NUL byte part-way, whose
 * own counts it does not print.
 */
export function binaryFilesLine(matches: number, files: number): string {
  const matchWords = `${matches} ${matches === 1 ? 'match' : 'matches'}`;
  const fileWords = files === 1 ? '1 binary file' : `${files} binary files`;
  const their = files === 1 ? 'its' : 'their';
  return `\u2026 ${matchWords} in ${fileWords} not listed (ripgrep stopped reading at a NUL byte part-way; mode "content" shows ${their} lines before it)`;
}

export function contentLineText(line: ContentLine): string {
  const mark = line.isMatch ? ':' : '-';
  return `${line.path}${mark}${line.lineNumber}${mark} ${line.text}`;
}

/** Content lines with `--` before each line that does not follow the one before it. */
export function contentEntries(entries: readonly ContentEntry[], withGroups: boolean): string[] {
  let previous: ContentLine | null = null;
  return entries.map((entry) => {
    if ('binaryAt' in entry) return binaryNoteText(entry);
    const newGroup =
      withGroups && previous !== null && (previous.path !== entry.path || previous.lineNumber + 1 !== entry.lineNumber);
    previous = entry;
    return (newGroup ? '--\n' : '') + contentLineText(entry);
  });
}

/**
 * The shown entries, the `… N more` line when the caps left some out, and the trailer lines, all
 * under `maxBytes`. When the entries do not all fit, as many as do are kept and one line says how
 * many result lines were left out in all (by the caps and by the byte cap).
 */
export function fitSearchResult(
  entries: readonly string[],
  moreLeftOut: number,
  moreLine: (count: number) => string,
  trailers: readonly string[],
  maxBytes: number,
): ShapedSearch {
  const trailerBytes = trailers.reduce((sum, line) => sum + 1 + utf8Bytes(line), 0);
  const entryBytes = entries.map((entry) => utf8Bytes(entry) + 1);
  const allEntries = entryBytes.reduce((sum, bytes) => sum + bytes, 0);
  const moreText = moreLeftOut > 0 ? moreLine(moreLeftOut) : null;
  const full = allEntries + (moreText === null ? 0 : utf8Bytes(moreText) + 1) + trailerBytes - 1;
  if (full <= maxBytes) {
    const parts = [...entries];
    if (moreText !== null) parts.push(moreText);
    return { text: [...parts, ...trailers].join('\n'), cut: false };
  }
  let kept = entries.length;
  let keptBytes = allEntries;
  for (;;) {
    kept--;
    keptBytes -= entryBytes[kept]!;
    const capLine = byteCapLine(entries.length - kept + moreLeftOut, maxBytes);
    if (kept === 0 || keptBytes + utf8Bytes(capLine) + trailerBytes <= maxBytes) {
      const shown = entries.slice(0, kept);
      return { text: [...shown, capLine, ...trailers].join('\n'), cut: true };
    }
  }
}

export function formatFilesResult(
  shown: readonly FileCount[],
  moreFiles: number,
  totals: Totals,
  maxBytes: number,
  stoppedLine: string | null,
  binaryFiles: Totals | null = null,
): ShapedSearch {
  const trailers = [totalsLine(totals)];
  if (stoppedLine !== null) trailers.unshift(stoppedLine);
  if (binaryFiles !== null && binaryFiles.files > 0) trailers.unshift(binaryFilesLine(binaryFiles.matches, binaryFiles.files));
  return fitSearchResult(
    shown.map(fileCountLine),
    moreFiles,
    (count) => `… ${count} more ${count === 1 ? 'file' : 'files'}`,
    trailers,
    maxBytes,
  );
}

export function formatContentResult(
  shown: readonly ContentEntry[],
  moreLines: number,
  totals: Totals,
  withGroups: boolean,
  maxBytes: number,
  stoppedLine: string | null,
): ShapedSearch {
  const trailers = stoppedLine === null ? [totalsLine(totals)] : [stoppedLine, totalsLine(totals)];
  return fitSearchResult(
    contentEntries(shown, withGroups),
    moreLines,
    (count) => `… ${count} more ${count === 1 ? 'line' : 'lines'}`,
    trailers,
    maxBytes,
  );
}

// The errors. Each is one line; codeSearchErrors (below) pairs it with its kind, and the run step throws that.

export function nulInInputText(input: 'pattern' | 'glob'): string {
  return `the ${input} contains a NUL byte`;
}

/** `kindWords`: what the path is instead (`a FIFO`, `a socket`, …). */
export function notSearchableText(named: string, kindWords: string): string {
  return `${named} is ${kindWords}; code_search takes a file or a folder`;
}

export function changedWhileOpenedText(named: string): string {
  return `${named} changed while it was opened; code_search takes a file or a folder`;
}

export function binaryFileText(display: string): string {
  return `${display} is binary; not searched`;
}

/** Why no ripgrep could be used, from the I/O layer's code. */
export function ripgrepFailureText(missing: RipgrepFailure): string {
  switch (missing.code) {
    case 'RG_CONFIGURED_NOT_EXECUTABLE':
      // An explicit choice that does not work is reported, not silently replaced by another ripgrep.
      return `ripgrep not found: GUILDS_RG=${missing.configured} is not an executable file (an absolute path)`;
    case 'RG_NOT_FOUND':
      return `ripgrep not found: GUILDS_RG is not set, there is no rg on PATH, and no node_modules/${missing.packageName}/bin/rg in ${missing.searchedFrom} or above it`;
    case 'RG_CANNOT_START':
      return `cannot run ripgrep (${missing.binary}): ${missing.cause}`;
  }
}

export const REGEX_ERROR_HINT = ' (the pattern is a regular expression; set fixed: true to search for it as plain text)';

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

/**
 * ripgrep quotes a bad glob whole in its complaint; a long pattern or glob is clipped there so the
 * reason after it still fits the error line.
 */
export function clipEchoedInputs(reason: string, inputs: readonly (string | null)[], echoMaxChars: number): string {
  let clipped = reason;
  for (const input of inputs) {
    if (input === null || !clipped.includes(input)) continue;
    const shown = echoedInput(input, echoMaxChars);
    if (shown !== input) clipped = clipped.split(input).join(shown);
  }
  return clipped;
}

/**
 * ripgrep's refusal (exit 2 with a reason): its one line, a long pattern or glob clipped in it. A
 * model that meant the text itself (`render(`) learns the way to say so in the same answer.
 */
export function ripgrepRefusalText(stderr: string, pattern: string, glob: string | null, fixed: boolean, echoMaxChars: number): string {
  const reason = clipEchoedInputs(ripgrepReason(stderr), [pattern, glob], echoMaxChars);
  const hint = reason.startsWith('regex parse error') && !fixed ? REGEX_ERROR_HINT : '';
  return `ripgrep: ${reason}${hint}`;
}

/** code_search's failures, each its kind with its sentence: the run step throws what this gives it. */
export const codeSearchErrors = {
  nulInInput: (input: 'pattern' | 'glob') => new ToolError('invalid_pattern', nulInInputText(input)),
  notSearchable: (named: string, kindWords: string) => new ToolError('not_a_file', notSearchableText(named, kindWords)),
  changedWhileOpened: (named: string) => new ToolError('not_a_file', changedWhileOpenedText(named)),
  ripgrepUnavailable: (failure: RipgrepFailure) => new ToolError('unavailable', ripgrepFailureText(failure)),
  /** Exit 2 with a reason is a refusal of the pattern or the glob; any other exit ripgrep's own fault. */
  ripgrepRefused: (exitCode: number | null, stderr: string, pattern: string, glob: string | null, fixed: boolean, echoMaxChars: number) =>
    new ToolError(exitCode === 2 ? 'invalid_pattern' : 'internal', ripgrepRefusalText(stderr, pattern, glob, fixed, echoMaxChars)),
};
