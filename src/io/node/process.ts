// What the foreground shell, background jobs and atomic writes share: process groups, /proc, and the
// names of temporary files.
import { readdirSync, readFileSync } from 'node:fs';
import type { ProcessStat } from '../background-types.js';

// Fields of /proc/<pid>/stat counted after the command name, which may itself hold spaces and ')'.
const STAT_STATE_INDEX = 0;
const STAT_PARENT_INDEX = 1;
const STAT_PROCESS_GROUP_INDEX = 2;
const STAT_SESSION_INDEX = 3;
const STAT_START_TICKS_INDEX = 19;

let temporaryCounter = 0;

/**
 * A fresh name beside `path` for a file written whole and then renamed or linked into place: the pid
 * and a counter keep two writers, in this process or another, apart.
 */
export function temporaryPathBeside(path: string): string {
  return `${path}.${process.pid}.${++temporaryCounter}.tmp`;
}

/** kill(2) that says whether the signal went out, rather than throwing. */
function sendSignal(target: number, signal: NodeJS.Signals | 0): boolean {
  try {
    process.kill(target, signal);
    return true;
  } catch {
    return false;
  }
}

/** Send `signal` to one process; false when it is gone (or may not be signalled). */
export function signalProcess(pid: number, signal: NodeJS.Signals): boolean {
  return Number.isInteger(pid) && pid > 1 && sendSignal(pid, signal);
}

/** Send `signal` to every process of the group; false when there is none (or none we may signal). */
export function signalProcessGroup(processGroup: number, signal: NodeJS.Signals | 0): boolean {
  return Number.isInteger(processGroup) && processGroup > 1 && sendSignal(-processGroup, signal);
}

export function parseProcessStat(pid: number, text: string): ProcessStat | null {
  // pid (comm) state ppid pgrp …; comm may hold spaces and parentheses, so parse after the last ')'.
  const close = text.lastIndexOf(')');
  if (close === -1) return null;
  const fields = text.slice(close + 2).trim().split(' ');
  const startTicks = fields[STAT_START_TICKS_INDEX];
  if (startTicks === undefined || !/^\d+$/.test(startTicks)) return null;
  return {
    pid,
    state: fields[STAT_STATE_INDEX] ?? '?',
    parent: Number(fields[STAT_PARENT_INDEX]),
    processGroup: Number(fields[STAT_PROCESS_GROUP_INDEX]),
    session: Number(fields[STAT_SESSION_INDEX]),
    startTicks,
  };
}

/** The process's /proc/<pid>/stat; null when it is gone (or /proc is not there). */
export function readProcessStat(pid: number): ProcessStat | null {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'latin1');
  } catch {
    return null;
  }
  return parseProcessStat(pid, text);
}

/** The pids in /proc; throws when /proc cannot be read. */
export function listProcessIds(): number[] {
  return readdirSync('/proc')
    .filter((name) => /^[1-9][0-9]*$/.test(name))
    .map(Number);
}

/** A zombie or a dead process holds its pid and group id but runs nothing. */
export function isRunningState(state: string): boolean {
  return state !== 'Z' && state !== 'X';
}
