// Every sentence a shell result and a shell failure read: the cleaned output whole when it fits,
// else its head, the elision line and its tail, then the trailers; the background start; the errors.
// Pure and synchronous; every limit comes in as an argument.
import { ToolError } from '../../contract/errors.js';
import { formatElapsed } from '../../text/elapsed.js';
import { isContinuationByte, suffixWithinBytes, utf8Bytes } from '../../text/utf8.js';
import { failuresWithin, type FailureLine, type FailureScan } from './failure-lines.js';
import { headCapBytes, type CollectedOutput, type ShellShapeLimits } from './collect.js';
import { NO_OUTPUT_TEXT } from './clean.js';

const NEWLINE = 0x0a;

/** Marks a log path in the elision line that keeps only its end. */
const PATH_CUT_MARK = '…';

export function timedOutLine(timeoutSeconds: number): string {
  return `[timed out after ${timeoutSeconds}s; the command was stopped]`;
}

export const INTERRUPTED_LINE = '[the helper was interrupted; the command was stopped]';

/**
 * The lines after the output: why it stopped, then its exit code when not 0. A command that took over
 * `slowAfterMs` says how long, on the exit code's line (`exit_code: 1 · 42s`), or on a line of its
 * own when it exited 0 (`(took 42s)`), so that an agent learns which checks are slow.
 */
export function shellTrailers(exitCode: number, stopLine: string | null, elapsedMs = 0, slowAfterMs = Infinity): string[] {
  const lines: string[] = [];
  if (stopLine !== null) lines.push(stopLine);
  const took = elapsedMs > slowAfterMs ? formatElapsed(elapsedMs) : null;
  if (exitCode !== 0) lines.push(`exit_code: ${exitCode}` + (took === null ? '' : ` · ${took}`));
  else if (took !== null) lines.push(`(took ${took})`);
  return lines;
}

export function elisionLine(elidedBytes: number, logPath: string): string {
  return `[… ${elidedBytes} bytes elided; full output: ${logPath} …]`;
}

export interface ShellText {
  text: string;
  elided: boolean;
  /** The bytes left out, as the elision line counts them; only when elided. */
  elidedBytes?: number;
}

const decoder = new TextDecoder('utf-8');

/**
 * The result's text. The output's own final line end makes no line of its own; output that is empty
 * (or only that line end) reads (no output). When the whole does not fit in maxBytes, the head (at
 * most its cap) and the tail (all the room left) go around the elision line, whose N counts the bytes
 * of cleaned output between the end of the head, with the line end it stops at, and the start of the
 * tail: with both cuts at line ends, the bytes of the lines left out, their line ends included.
 *
 * The trailers always survive and the tail always gets at least the head's cap: when a long log path
 * leaves less room than that, the head shrinks (down to nothing, its line then left out), then the
 * elision line names the log by `shortLogPath` (the same file from the home, `~/…`), and only if that
 * is still too long by the end of it after `…`.
 *
 * `failures`, asked only when the output is elided, gives the failure lines found in it: those lying
 * wholly in the elided part follow the elision line (failure-lines.ts), within their budget and never
 * leaving the tail less than the head's cap; the tail then starts after the last of them.
 */
export function shapeShellText(
  output: CollectedOutput,
  trailers: readonly string[],
  logPath: string,
  limits: ShellShapeLimits,
  shortLogPath: string = logPath,
  failures?: () => FailureScan,
): ShellText {
  const trailerText = trailers.map((line) => '\n' + line).join('');
  const trailerBytes = utf8Bytes(trailerText);
  const endsWithNewline =
    output.totalBytes > 0 && output.tail.length > 0 && output.tail[output.tail.length - 1] === NEWLINE;
  const shownTotal = output.totalBytes - (endsWithNewline ? 1 : 0);

  if (output.whole && shownTotal + trailerBytes <= limits.maxBytes) {
    const body = shownTotal === 0 ? NO_OUTPUT_TEXT : decoder.decode(output.tail.subarray(0, shownTotal));
    return { text: body + trailerText, elided: false };
  }

  // What the head and tail share: the cap less the elision line (its N at most the whole output's
  // size), the trailers and the line ends around the elision line.
  const headCap = headCapBytes(limits);
  const partsRoom = (path: string): number =>
    limits.maxBytes - utf8Bytes(elisionLine(output.totalBytes, path)) - 2 - trailerBytes;
  const shownPath = elisionLogPath(partsRoom, headCap, logPath, shortLogPath);
  const markerRoom = utf8Bytes(elisionLine(output.totalBytes, shownPath));
  const headRoom = Math.max(0, Math.min(headCap, partsRoom(shownPath) - headCap));
  const reach = (size: number): number => Math.floor((size * limits.lineEndReachPercent) / 100);
  const head = output.head;
  const { headShown, headEnd } = cutHead(head, headRoom, reach(headRoom));

  // The tail: all the room left, starting just after a line end when one lies near the start.
  const tail = output.tail;
  const tailShownEnd = tail.length - (endsWithNewline ? 1 : 0);
  const tailOffset = output.totalBytes - tail.length; // where `tail` starts in the whole output
  const room = Math.max(0, limits.maxBytes - headShown - 1 - markerRoom - 1 - trailerBytes);
  const earliest = Math.max(0, headEnd - tailOffset);
  const tailStart = (tailRoom: number): number => tailStartWithin(tail, tailShownEnd, earliest, tailRoom, reach(tailRoom));
  const { kept, start } = withFailures(failures?.(), { limits, room, headCap, headEnd, tailOffset, tailStart });

  const elidedBytes = Math.max(0, tailOffset + start - headEnd);
  const text =
    (headShown > 0 ? decoder.decode(head.subarray(0, headShown)) + '\n' : '') +
    elisionLine(elidedBytes, shownPath) +
    '\n' +
    kept +
    decoder.decode(tail.subarray(start, tailShownEnd)) +
    trailerText;
  return { text, elided: true, elidedBytes };
}

/**
 * Where the tail starts in `tail` for `tailRoom` bytes of it: just after a line end when one lies
 * within `reachBytes` of the cut, else at the cut moved past any UTF-8 continuation byte; never
 * before `earliest` (the end of the head).
 */
function tailStartWithin(tail: Uint8Array, tailShownEnd: number, earliest: number, tailRoom: number, reachBytes: number): number {
  let start = Math.min(tailShownEnd, Math.max(earliest, tailShownEnd - tailRoom));
  const windowStart = start;
  for (let i = Math.max(windowStart - 1, earliest); i < Math.min(tailShownEnd, windowStart + reachBytes); i++) {
    if (tail[i] === NEWLINE) return i + 1;
  }
  while (start < tailShownEnd && isContinuationByte(tail[start])) start++;
  return start;
}

/** Where an elided text's parts meet: the room for the tail, where the head ends, and the tail's starts. */
interface ElidedParts {
  limits: ShellShapeLimits;
  room: number;
  headCap: number;
  headEnd: number;
  tailOffset: number;
  tailStart(tailRoom: number): number;
}

/**
 * The failure lines of the elided part kept after the elision line, looked for only among the lines
 * the smallest tail would leave out, and where the tail then starts (after the last of them).
 */
function withFailures(scan: FailureScan | undefined, parts: ElidedParts): { kept: string; start: number } {
  const { limits, room, headCap, headEnd, tailOffset, tailStart } = parts;
  const budget = scan ? Math.min(Math.floor((limits.maxBytes * scan.maxPercent) / 100), room - headCap - 1) : 0;
  if (scan && budget > 0) {
    const block = keptFailures(scan, headEnd, tailOffset + tailStart(room - budget - 1), budget);
    if (block) return { kept: block.text + '\n', start: Math.max(tailStart(room - block.bytes - 1), block.end - tailOffset) };
  }
  return { kept: '', start: tailStart(room) };
}

/** The log's path as the elision line names it: whole, from the home, or its end after `…`. */
function elisionLogPath(partsRoom: (path: string) => number, headCap: number, logPath: string, shortLogPath: string): string {
  if (partsRoom(logPath) >= headCap) return logPath;
  if (partsRoom(shortLogPath) >= headCap) return shortLogPath;
  const pathRoom = Math.max(0, partsRoom('') - headCap - utf8Bytes(PATH_CUT_MARK));
  return PATH_CUT_MARK + suffixWithinBytes(shortLogPath, pathRoom);
}

/**
 * The head: up to its room, ending at the last line end when that lies within `reach` of the room's
 * end. `headShown` bytes are shown; the elided bytes start at `headEnd` (past the line end it stops at).
 */
function cutHead(head: Uint8Array, headRoom: number, reach: number): { headShown: number; headEnd: number } {
  const lastNewline = headRoom === 0 ? -1 : head.subarray(0, Math.min(headRoom + 1, head.length)).lastIndexOf(NEWLINE);
  if (lastNewline !== -1 && lastNewline >= headRoom - reach) return { headShown: lastNewline, headEnd: lastNewline + 1 };
  let headShown = Math.min(headRoom, head.length);
  while (headShown > 0 && isContinuationByte(head[headShown])) headShown--;
  return { headShown, headEnd: headShown };
}

// The failure lines kept from the elided part (failure-lines.ts finds them).

export interface KeptFailures {
  text: string;
  bytes: number;
  /** Where the last kept line ends in the cleaned output: the tail starts at or after it. */
  end: number;
}

/** `L<number>: <text>`, the text followed by `… [+N bytes]` when the line was longer than kept. */
export function keptLineText(line: FailureLine): string {
  const shownBytes = utf8Bytes(line.text);
  return `L${line.number}: ${line.text}` + (line.bytes > shownBytes ? `… [+${line.bytes - shownBytes} bytes]` : '');
}

/** The line before the kept lines: how many follow, and whether the log holds more. */
export function keptLinesHeader(count: number, more: boolean, searchedTo: number): string {
  const what = count === 1 ? '1 line that looks like an error' : `${count} lines that look like errors`;
  const searched = Number.isFinite(searchedTo) ? ` (searched up to byte ${searchedTo})` : '';
  return more
    ? `[… kept the first ${what} from the elided part${searched}; the log has more …]`
    : `[… kept ${what} from the elided part${searched} …]`;
}

/**
 * The block shown after the elision line: the header, then one `L<n>: …` line per kept failure line
 * lying wholly between `from` and `to` (byte offsets of the elided part), first ones first, as many
 * as fit in `budgetBytes` and the scan's line limit. Null when none is kept.
 */
export function keptFailures(scan: FailureScan, from: number, to: number, budgetBytes: number): KeptFailures | null {
  const { lines: eligible, searchedTo } = failuresWithin(scan, from, to);
  let best: KeptFailures | null = null;
  const shown: string[] = [];
  for (const line of eligible.slice(0, scan.maxLines)) {
    shown.push(keptLineText(line));
    const text = [keptLinesHeader(shown.length, eligible.length > shown.length, searchedTo), ...shown].join('\n');
    const bytes = utf8Bytes(text);
    // The header changes with the count (`the first …; the log has more`), so each count is tried.
    if (bytes <= budgetBytes) best = { text, bytes, end: line.end };
  }
  return best;
}

export function startedText(id: string, pid: number, logPath: string): string {
  return [
    `started ${id} in the background (pid ${pid})`,
    `log: ${logPath}`,
    `check it with shell_status {"id": "${id}"}; stop it with {"id": "${id}", "stop": true}`,
  ].join('\n');
}

/** The run's new directory could not be recorded: said beside the output, never instead of it. */
export function notRecordedLine(reason: string, cwd: string): string {
  return `[${reason}; the next call starts in ${cwd}]`;
}

export const shellErrors = {
  emptyCommand: () => new ToolError('invalid_request', 'shell: command is empty'),
  nulInCommand: () => new ToolError('invalid_request', 'shell: the command contains a NUL byte'),
  cannotPrepare: (what: 'create' | 'clear', path: string, reason: string) =>
    new ToolError('io', `shell: cannot run the command: cannot ${what} ${path}: ${reason}`),
  cannotRun: (cwd: string, reason: string) =>
    new ToolError('unavailable', `shell: could not run the command in ${cwd}: ${reason}`),
  noBackgroundId: () => new ToolError('busy', 'could not allocate a background id: too many starts at once'),
  cannotCreateForBackground: (path: string, reason: string) =>
    new ToolError('io', `shell: cannot start a background command: cannot create ${path}: ${reason}`),
  cannotClaimBackgroundId: (folder: string, reason: string) =>
    new ToolError('io', `shell: cannot start a background command: cannot record it in ${folder}: ${reason}`),
  cannotStartBackground: (id: string, reason: string) =>
    new ToolError('unavailable', `shell: could not start ${id} in the background: ${reason}`),
  cannotRecordBackground: (id: string, folder: string, reason: string) =>
    new ToolError('io', `shell: could not record ${id} in ${folder}: ${reason}; the command was stopped`),
};
