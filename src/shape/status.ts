// The texts of background commands: the start line, shell_status's list and detail views, elapsed
// times and log tails. Pure: every limit and the clock's reading are passed in.
import { cleanTerminalOutput } from './clean.js';
import { NO_OUTPUT_TEXT } from './shell.js';
import { firstCodePoints, codePointCount, prefixWithinBytes, suffixWithinBytes, utf8Bytes } from './utf8.js';

export type JobState =
  | { kind: 'running' }
  | { kind: 'exited'; exitCode: number }
  | { kind: 'stopping' }
  | { kind: 'stopped' }
  | { kind: 'ended' };

const SECOND_MS = 1000;
const MINUTE_SECONDS = 60;
const HOUR_SECONDS = 3600;
const DAY_SECONDS = 86_400;

export function stateText(state: JobState): string {
  return state.kind === 'exited' ? `exited ${state.exitCode}` : state.kind;
}

function twoDigits(value: number): string {
  return String(value).padStart(2, '0');
}

/** `45s`, `3m04s`, `2h05m`, `3d04h`: two units at most, the larger one first; whole units, rounded down. */
export function formatElapsed(milliseconds: number): string {
  const seconds = Math.max(0, Math.floor(milliseconds / SECOND_MS));
  if (seconds < MINUTE_SECONDS) return `${seconds}s`;
  if (seconds < HOUR_SECONDS) return `${Math.floor(seconds / MINUTE_SECONDS)}m${twoDigits(seconds % MINUTE_SECONDS)}s`;
  if (seconds < DAY_SECONDS) {
    return `${Math.floor(seconds / HOUR_SECONDS)}h${twoDigits(Math.floor((seconds % HOUR_SECONDS) / MINUTE_SECONDS))}m`;
  }
  return `${Math.floor(seconds / DAY_SECONDS)}d${twoDigits(Math.floor((seconds % DAY_SECONDS) / HOUR_SECONDS))}h`;
}

/** The command's first line, clipped to `maxChars` code points with `…`. */
export function commandFirstLine(command: string, maxChars: number): string {
  const line = command.replace(/^\s*\n/, '').split('\n')[0]!.replace(/\r$/, '').trimEnd();
  return codePointCount(line) > maxChars ? firstCodePoints(line, maxChars) + '…' : line;
}

export function startedText(id: string, pid: number, logPath: string): string {
  return [
    `started ${id} in the background (pid ${pid})`,
    `log: ${logPath}`,
    `check it with shell_status {"id": "${id}"}; stop it with {"id": "${id}", "stop": true}`,
  ].join('\n');
}

export type ListEntry =
  | { id: string; state: JobState; elapsedMs: number; command: string }
  | { id: string; problem: string };

export const NO_BACKGROUND_COMMANDS = 'no background commands';

function listLine(entry: ListEntry, commandMaxChars: number): string {
  if ('problem' in entry) return `${entry.id} (${entry.problem})`;
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
  const kept: string[] = [];
  let used = 0;
  // The marker's count is at most the number of lines, so its longest form bounds the room it takes.
  const markerFor = (left: number) => `[… ${left} older commands not shown]`;
  const markerRoom = utf8Bytes(markerFor(lines.length));
  for (let i = lines.length - 1; i >= 0; i--) {
    const size = utf8Bytes(lines[i]!) + 1;
    if (used + size + markerRoom > maxBytes) break;
    kept.unshift(lines[i]!);
    used += size;
  }
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
  const markerRoom = utf8Bytes(markerFor(lines.length));
  const kept: string[] = [];
  let used = 0;
  for (let i = lines.length - 1; i >= 0; i--) {
    const size = utf8Bytes(lines[i]!) + 1;
    if (used + size + markerRoom > room) break;
    kept.unshift(lines[i]!);
    used += size;
  }
  if (kept.length === 0) {
    const marker = markerFor(lines.length - 1);
    const last = lines[lines.length - 1]!;
    const end = suffixWithinBytes(last, room - utf8Bytes(marker) - 1 - utf8Bytes('…'));
    return prefixWithinBytes(`${header}\n${marker}\n…${end}`, maxBytes);
  }
  return `${header}\n${markerFor(lines.length - kept.length)}\n${kept.join('\n')}`;
}
