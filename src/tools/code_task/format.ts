// Every sentence of code_task that a model or a harness reads, and the shaping of the answer under
// its byte cap (SPEC section 6). Pure: the limits come in as arguments.
import { clipChars, joinedLines } from '../../text/clip.js';
import { CODE_TASK_MESSAGE_MIN_BYTES, HARNESS_REASON_MAX_CHARS, SHELL_LINE_END_REACH_PERCENT } from '../../limits.js';
import { ToolError } from '../../contract/errors.js';
import type { CodeTaskStatus } from './contract.js';
import { formatElapsed } from '../shell_status/format.js';
import { capText, prefixWithinBytes, suffixWithinBytes, utf8Bytes } from '../../text/utf8.js';
import { headTailBytes, type HeadTail } from '../../text/head-tail.js';
import type { Diffstat } from './diffstat.js';
import type { DiffstatOutcome, SnapshotProblem } from './snapshot.js';

export const NO_FINAL_MESSAGE = '(no final message)';
export const NO_CHANGES = 'no changes';

/** Why a harness failed, as the first line says it. */
export type FailureReason =
  | { kind: 'reported'; message: string }
  | { kind: 'exit_code'; exitCode: number }
  | { kind: 'signal'; signal: string };

export interface CodeTaskReport {
  status: CodeTaskStatus;
  elapsedMs: number;
  /** Only for `failed`. */
  reason: FailureReason | null;
  harness: string;
  sessionId: string | null;
  diff: DiffstatOutcome;
  finalMessage: HeadTail | null;
  logPath: string;
}

export interface CodeTaskShapeLimits {
  maxBytes: number;
  /** The final message keeps at least this much of its head and tail before diffstat lines go. */
  messageMinBytes: number;
  /** A cut moves to a line end when one lies within this share of the part's size (percent). */
  lineEndReachPercent: number;
  reasonMaxChars: number;
}

/** The tool's own shaping limits: a caller gives the byte cap, and what else differs. */
export const CODE_TASK_SHAPE_DEFAULTS: Omit<CodeTaskShapeLimits, 'maxBytes'> = {
  messageMinBytes: CODE_TASK_MESSAGE_MIN_BYTES,
  lineEndReachPercent: SHELL_LINE_END_REACH_PERCENT,
  reasonMaxChars: HARNESS_REASON_MAX_CHARS,
};

const SEPARATOR = ' · ';

/** One line, at most `maxChars` code points: a harness's reason may be a whole stack. */
export function oneLineReason(text: string, maxChars: number): string {
  const line = joinedLines(text);
  if (line === '') return 'no reason given';
  return clipChars(line, maxChars);
}

export function reasonText(reason: FailureReason, maxChars: number): string {
  switch (reason.kind) {
    case 'reported':
      return oneLineReason(reason.message, maxChars);
    case 'exit_code':
      return `the harness exited with code ${reason.exitCode}`;
    case 'signal':
      return `the harness was ended by ${reason.signal}`;
  }
}

export function statusLine(report: CodeTaskReport, reasonMaxChars: number): string {
  const elapsed = formatElapsed(report.elapsedMs);
  let line: string;
  switch (report.status) {
    case 'completed':
      line = `completed in ${elapsed}`;
      break;
    case 'failed':
      line = `failed after ${elapsed}: ${reasonText(report.reason ?? { kind: 'reported', message: '' }, reasonMaxChars)}`;
      break;
    case 'timed_out':
      line = `timed out after ${elapsed}; the harness was stopped`;
      break;
    case 'stopped':
      line = `stopped after ${elapsed}; the call was cancelled`;
      break;
  }
  line += SEPARATOR + report.harness;
  if (report.sessionId !== null) line += `${SEPARATOR}session ${report.sessionId}`;
  return line;
}

const STEP_WORDS = {
  find: 'find the repository',
  before: 'snapshot the working tree before the task',
  after: 'snapshot the working tree after the task',
  diff: 'compare the two snapshots',
} as const;

export function diffstatProblemLine(problem: SnapshotProblem): string {
  switch (problem.kind) {
    case 'not_a_repository':
      return `no diffstat: ${problem.folder} is not a git repository`;
    case 'timed_out':
      return `no diffstat: git took over ${formatElapsed(problem.timeoutMs)} to ${STEP_WORDS[problem.step]}`;
    case 'failed':
      return `no diffstat: git could not ${STEP_WORDS[problem.step]}: ${oneLineReason(problem.detail, 200)}`;
  }
}

export function moreFilesLine(count: number): string {
  return ` … ${count} more ${count === 1 ? 'file' : 'files'}`;
}

export function messageElisionLine(elidedBytes: number): string {
  return `[… ${elidedBytes} bytes elided; full message in the log]`;
}

export function logLine(logPath: string): string {
  return `log: ${logPath}`;
}

/** The diffstat's lines with the first `shownFiles` file lines; never the summary alone without them counted. */
function diffstatLines(diffstat: Diffstat, shownFiles: number): string[] {
  if (diffstat.summary === null) return [NO_CHANGES];
  const shown = diffstat.fileLines.slice(0, shownFiles);
  const lines = [...shown];
  if (diffstat.fileLineCount > shown.length) lines.push(moreFilesLine(diffstat.fileLineCount - shown.length));
  lines.push(diffstat.summary);
  return lines;
}

/** The position of the last line end in `text` within its last `reach` characters, else -1. */
function reachLineEnd(text: string, reachChars: number, fromEnd: boolean): number {
  if (fromEnd) {
    const at = text.lastIndexOf('\n');
    return at !== -1 && at >= text.length - reachChars ? at : -1;
  }
  const at = text.indexOf('\n');
  return at !== -1 && at < reachChars ? at : -1;
}

/**
 * The final message within `roomBytes`: whole when it fits, else its head, the elision line and its
 * tail, each cut at a line end when one is near. N counts every byte of the message not shown.
 */
export function shapeMessage(message: HeadTail, roomBytes: number, lineEndReachPercent: number): string {
  const totalBytes = headTailBytes(message);
  if (message.elidedBytes === 0 && totalBytes <= roomBytes) return message.head + message.tail;
  // The elision line's N is at most the whole message's size: room for it is reserved at that size.
  const partsRoom = Math.max(0, roomBytes - utf8Bytes(messageElisionLine(totalBytes)) - 2);
  const reach = (size: number): number => Math.floor((size * lineEndReachPercent) / 100);
  const headRoom = Math.floor(partsRoom / 2);
  let head = prefixWithinBytes(message.head, headRoom);
  const headCut = reachLineEnd(head, reach(head.length), true);
  if (headCut !== -1 && head.length < message.head.length) head = head.slice(0, headCut);
  const tailSource = message.elidedBytes === 0 ? message.head.slice(head.length) : message.tail;
  let tail = suffixWithinBytes(tailSource, partsRoom - utf8Bytes(head));
  const tailCut = reachLineEnd(tail, reach(tail.length), false);
  if (tailCut !== -1 && tail.length < tailSource.length) tail = tail.slice(tailCut + 1);
  const elided = totalBytes - utf8Bytes(head) - utf8Bytes(tail);
  const headPart = head.replace(/\n$/, '');
  return [headPart, messageElisionLine(elided), tail].filter((part) => part !== '').join('\n');
}

function assemble(first: string, diffLines: string[], message: string, log: string): string {
  return [first, ...diffLines, '', message, '', log].join('\n');
}

/**
 * The answer's text: the first line, the diffstat, the final message, the log line. Over the cap the
 * final message loses its middle first (down to `messageMinBytes`), then the diffstat its file lines
 * from the last, then the message the rest of its room; the first line, the diffstat's summary and
 * the log line always stay.
 */
export function formatCodeTask(report: CodeTaskReport, given: Pick<CodeTaskShapeLimits, 'maxBytes'> & Partial<CodeTaskShapeLimits>): string {
  const limits: CodeTaskShapeLimits = { ...CODE_TASK_SHAPE_DEFAULTS, ...given };
  const first = statusLine(report, limits.reasonMaxChars);
  const log = logLine(report.logPath);
  const message = report.finalMessage;
  const messageText = (room: number): string =>
    message === null ? NO_FINAL_MESSAGE : shapeMessage(message, room, limits.lineEndReachPercent);

  if (report.diff.kind === 'none') {
    const problem = [diffstatProblemLine(report.diff.problem)];
    const room = limits.maxBytes - utf8Bytes(assemble(first, problem, '', log));
    return capText(assemble(first, problem, messageText(room), log), limits.maxBytes);
  }
  const diffstat = report.diff.diffstat;
  const roomWith = (shownFiles: number): number =>
    limits.maxBytes - utf8Bytes(assemble(first, diffstatLines(diffstat, shownFiles), '', log));

  // The message gives up its middle first, down to its minimum; then file lines go, last first.
  const messageBytes = message === null ? utf8Bytes(NO_FINAL_MESSAGE) : headTailBytes(message);
  const messageNeed = Math.min(limits.messageMinBytes, messageBytes);
  let shownFiles = diffstat.fileLines.length;
  while (shownFiles > 0 && roomWith(shownFiles) < messageNeed) shownFiles--;
  const text = assemble(first, diffstatLines(diffstat, shownFiles), messageText(roomWith(shownFiles)), log);
  return capText(text, limits.maxBytes);
}

/** What the harness reads on stdin: the brief, then the notes when there are any. */
export function harnessInput(brief: string, notes: string | undefined): string {
  const text = notes === undefined ? brief : `${brief.trimEnd()}\n\nNotes:\n${notes}`;
  return text.endsWith('\n') ? text : text + '\n';
}

// The one-line errors of code_task. Each names what to do about it.

const HARNESS_CHOICES = 'claude, codex, gemini, opencode or command';

export function noHarnessError(detected: readonly string[]): string {
  return (
    `code_task: no harness: none of ${detected.join(', ')} is on PATH; set GUILDS_HARNESS to one of them, ` +
    'or to command with GUILDS_HARNESS_COMMAND (a command line that reads the brief on stdin)'
  );
}

export function unknownHarnessError(value: string): string {
  const shown = /^[A-Za-z0-9_.-]{1,40}$/.test(value) ? `'${value}'` : 'not a harness name';
  return `code_task: GUILDS_HARNESS is ${shown}; it must be ${HARNESS_CHOICES}`;
}

export const NO_HARNESS_COMMAND_ERROR = 'code_task: GUILDS_HARNESS is command but GUILDS_HARNESS_COMMAND is not set';

export function notInstalledError(harness: string, program: string): string {
  return `code_task: the ${harness} harness is not installed (no ${program} on PATH)`;
}

export function cannotStartError(harness: string, reason: string): string {
  return `code_task: could not start the ${harness} harness: ${reason}`;
}

export function noSuchRepoError(named: string): string {
  return `code_task: no such repository: ${named}`;
}

export function bareNameMissingError(name: string, relative: string): string {
  return `code_task: no repository ${name}: neither ~/repos/${name} nor ${relative} exists`;
}

export function repoOutsideHomeError(named: string): string {
  return `code_task: ${named} is outside the home; give a repository inside it`;
}

export function repoNotAFolderError(named: string): string {
  return `code_task: ${named} is not a folder`;
}

const CHOICES_SHOWN = 20;

export function noDefaultRepoError(choices: readonly string[]): string {
  if (choices.length === 0) {
    return 'code_task: the working directory is in no git repository and ~/repos/ holds none; give repo, a folder inside the home';
  }
  const shown = choices.slice(0, CHOICES_SHOWN).join(', ') + (choices.length > CHOICES_SHOWN ? `, … ${choices.length - CHOICES_SHOWN} more` : '');
  return `code_task: the working directory is in no git repository and ~/repos/ holds ${choices.length} repositories; give repo: one of ${shown}`;
}

export function unknownSessionError(sessionId: string): string {
  return `code_task: no session ${sessionId} for this agent`;
}

export function sessionRepoMismatchError(sessionId: string, sessionRepo: string): string {
  return `code_task: session ${sessionId} works in ${sessionRepo}; resume it there (leave repo out)`;
}

export function busyError(repo: string, callId: string, elapsedMs: number): string {
  return `a code_task is already running in ${repo} (call ${callId}, ${formatElapsed(elapsedMs)})`;
}

export function stateError(what: string, path: string, reason: string): string {
  return `code_task: cannot ${what} ${path}: ${reason}`;
}

/** code_task's failures, each its kind with its sentence: the run step throws what this gives it. */
export const codeTaskErrors = {
  noHarness: (detected: readonly string[]) => new ToolError('unavailable', noHarnessError(detected)),
  unknownHarness: (value: string) => new ToolError('unavailable', unknownHarnessError(value)),
  noHarnessCommand: () => new ToolError('unavailable', NO_HARNESS_COMMAND_ERROR),
  notInstalled: (harness: string, program: string) => new ToolError('unavailable', notInstalledError(harness, program)),
  cannotStart: (harness: string, reason: string) => new ToolError('unavailable', cannotStartError(harness, reason)),
  /** A repository that is not there (not_found), or a path that cannot lead to one (invalid_path). */
  noSuchRepo: (named: string, missing: boolean) => new ToolError(missing ? 'not_found' : 'invalid_path', noSuchRepoError(named)),
  bareNameMissing: (name: string, relative: string) => new ToolError('not_found', bareNameMissingError(name, relative)),
  repoOutsideHome: (named: string) => new ToolError('outside_home', repoOutsideHomeError(named)),
  repoNotAFolder: (named: string) => new ToolError('not_a_folder', repoNotAFolderError(named)),
  noDefaultRepo: (choices: readonly string[]) => new ToolError('invalid_request', noDefaultRepoError(choices)),
  unknownSession: (sessionId: string) => new ToolError('not_found', unknownSessionError(sessionId)),
  sessionRepoMismatch: (sessionId: string, sessionRepo: string) => new ToolError('invalid_request', sessionRepoMismatchError(sessionId, sessionRepo)),
  busy: (repo: string, callId: string, elapsedMs: number) => new ToolError('busy', busyError(repo, callId, elapsedMs)),
  state: (what: string, path: string, reason: string) => new ToolError('io', stateError(what, path, reason)),
};
