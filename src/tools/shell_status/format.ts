// Every sentence shell_status answers with: the list and detail views, elapsed times, log tails, the
// stop's lead lines and the errors. Pure: every limit and the clock's reading are passed in.
import { QUOTED_NAME_MAX_CHARS } from '../../limits.js';
import { ToolError } from '../../contract/errors.js';
import { clipChars } from '../../text/clip.js';
import { formatElapsed } from '../../text/elapsed.js';
import { lastLinesWithin } from '../../text/lines.js';
import { prefixWithinBytes, suffixWithinBytes, utf8Bytes } from '../../text/utf8.js';
import type { JobState, RecordProblem } from '../../workspace/jobs.js';
import { NO_OUTPUT_TEXT, cleanTerminalOutput } from '../shell/clean.js';

export type { JobState } from '../../workspace/jobs.js';
// The elapsed time is said the same way by every tool that says one.
export { formatElapsed } from '../../text/elapsed.js';

export function stateText(state: JobState): string {
  return state.kind === 'exited' ? `exited ${state.exitCode}` : state.kind;
}

/** The command's first line, clipped to `maxChars` code points with `…`. */
export function commandFirstLine(command: string, maxChars: number): string {
  const line = command.replace(/^\s*\n/, '').split('\n')[0]!.replace(/\r$/, '').trimEnd();
  return clipChars(line, maxChars);
}

export type ListEntry =
  | { id: string; state: JobState; elapsedMs: number; command: string }
  | { id: string; problem: RecordProblem };

const RECORD_PROBLEM_WORDS: Record<RecordProblem, string> = {
  unreadable: 'unreadable record',
  outside_folders: "record points outside the agent's folders",
};

export const NO_BACKGROUND_COMMANDS = 'no background commands';

function listLine(entry: ListEntry, commandMaxChars: number): string {
  if ('problem' in entry) return `${entry.id} (${RECORD_PROBLEM_WORDS[entry.problem]})`;
  const line = `${entry.id} ${stateText(entry.state)} ${formatElapsed(entry.elapsedMs)} ${commandFirstLine(entry.command, commandMaxChars)}`;
  return line.trimEnd();
}

/**
 * One line per job, oldest first. When they do not all fit in `maxBytes`, the oldest give way, and a
 * first line says how many.
 */
export function formatList(entries: readonly ListEntry[], commandMaxChars: number, maxBytes: number): string {
  if (entries.length === 0) return NO_BACKGROUND_COMMANDS;
  const lines = entries.map((entry) => listLine(entry, commandMaxChars));
  const whole = lines.join('\n');
  if (utf8Bytes(whole) <= maxBytes) return whole;
  // The marker's count is at most the number of lines, so its longest form bounds the room it takes.
  const markerFor = (left: number) => `[… ${left} older commands not shown]`;
  const kept = lastLinesWithin(lines, maxBytes, utf8Bytes(markerFor(lines.length)));
  return [markerFor(lines.length - kept.length), ...kept].join('\n');
}

/**
 * The last `maxLines` lines of a log, cleaned as shell output is, from a read of its end. `bytes` are
 * the file's last bytes; `fromStart` says whether they begin at the start of the file. A first line
 * that the read cut is dropped, unless it is all there is, when it shows with a leading `…`.
 */
export function logTail(bytes: Uint8Array, fromStart: boolean, maxLines: number): string {
  let start = 0;
  let clipped = false;
  if (!fromStart) {
    const newline = bytes.indexOf(0x0a);
    if (newline !== -1 && newline < bytes.length - 1) start = newline + 1;
    else clipped = true;
  }
  const text = cleanTerminalOutput(new TextDecoder('utf-8').decode(bytes.subarray(start)));
  const lines = text.replace(/\n$/, '').split('\n');
  const tail = lines.slice(-maxLines).join('\n');
  if (tail === '') return '';
  return clipped ? '…' + tail.replace(/^\uFFFD+/, '') : tail;
}

export interface DetailView {
  state: JobState;
  elapsedMs: number;
  logPath: string;
  /** The cleaned log tail; '' for an empty log; null when the log is gone. */
  tail: string | null;
}

/** An empty log of a job that can still write to it. */
export const EMPTY_LOG_TEXT = '(no output yet)';
export const MISSING_LOG_TEXT = '(the log is gone)';

/**
 * `state: …`, `elapsed: …`, `log: PATH`, then the log's tail. A tail that would pass `maxBytes` keeps
 * its last lines, after a line that says how many earlier ones were left out; a single last line too
 * long for the room left keeps its end, after `…`.
 */
export function formatDetail(view: DetailView, maxBytes: number, lead: readonly string[] = []): string {
  const header = [
    ...lead,
    `state: ${stateText(view.state)}`,
    `elapsed: ${formatElapsed(view.elapsedMs)}`,
    `log: ${view.logPath}`,
  ].join('\n');
  const stillWriting = view.state.kind === 'running' || view.state.kind === 'stopping';
  const emptyText = stillWriting ? EMPTY_LOG_TEXT : NO_OUTPUT_TEXT;
  const body = view.tail === null ? MISSING_LOG_TEXT : view.tail === '' ? emptyText : view.tail;
  const whole = `${header}\n${body}`;
  if (utf8Bytes(whole) <= maxBytes) return whole;

  const lines = body.split('\n');
  const room = maxBytes - utf8Bytes(header) - 1;
  const markerFor = (left: number) => `[… ${left} earlier lines left out to stay under ${maxBytes} bytes]`;
  const kept = lastLinesWithin(lines, room, utf8Bytes(markerFor(lines.length)));
  if (kept.length === 0) {
    const marker = markerFor(lines.length - 1);
    const last = lines[lines.length - 1]!;
    const end = suffixWithinBytes(last, room - utf8Bytes(marker) - 1 - utf8Bytes('…'));
    return prefixWithinBytes(`${header}\n${marker}\n…${end}`, maxBytes);
  }
  return `${header}\n${markerFor(lines.length - kept.length)}\n${kept.join('\n')}`;
}

/** The first line of a stop's answer, when the job was not running: no signal was sent. */
export function notSignalledLead(id: string, state: JobState): string {
  const done = state.kind === 'stopped' ? 'was already stopped' : `has already ${stateText(state)}`;
  return `${id} ${done}; no signal was sent`;
}

/** The job ended between the look and the signal. */
export function endedFirstLead(id: string): string {
  return `${id} ended before it could be signalled; no signal was sent`;
}

/** The SIGTERM was sent: the job has stopped, or the SIGKILL follows. */
export function signalledLead(id: string, processGroup: number, stopped: boolean, killDelaySeconds: number): string {
  return stopped
    ? `sent SIGTERM to ${id} (process group ${processGroup}); it has stopped`
    : `sent SIGTERM to ${id} (process group ${processGroup}); SIGKILL follows in ${killDelaySeconds}s if it is still running`;
}

/** What `shell_status {"id": …}` says when the id names no command it knows. */
export function knownIdsHint(numbers: readonly number[]): string {
  if (numbers.length === 0) return 'there are no background commands';
  if (numbers.length === 1) return `the only one is b${numbers[0]}`;
  return `known ids: b${numbers[0]} to b${numbers[numbers.length - 1]}`;
}

export const shellStatusErrors = {
  stopWithoutId: () => new ToolError('invalid_request', 'shell_status: stop needs the id of the command to stop, such as b1'),
  invalidId: (id: string) =>
    new ToolError('invalid_request', `shell_status: invalid id '${id.slice(0, QUOTED_NAME_MAX_CHARS)}': background ids look like b1, b2, …`),
  noSuchJob: (id: string, knownIds: readonly number[]) =>
    new ToolError('not_found', `shell_status: no background command ${id} (${knownIdsHint(knownIds)})`),
  unusableRecord: (id: string, problem: RecordProblem | undefined) =>
    new ToolError('io', `shell_status: the record of ${id} cannot be used (${RECORD_PROBLEM_WORDS[problem ?? 'unreadable']}); nothing was done to it`),
};
