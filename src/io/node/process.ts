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

/** The real and saved uids of `pid` (/proc/<pid>/status); null when it is gone. */
export function processUids(pid: number): { real: number; saved: number } | null {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/status`, 'latin1');
  } catch {
    return null;
  }
  return parseUidLine(text);
}

/** The `Uid:` line of a /proc status text: real, effective, saved and file system uids. */
export function parseUidLine(status: string): { real: number; saved: number } | null {
  const line = /^Uid:\s+(\d+)\s+\d+\s+(\d+)/m.exec(status);
  return line === null ? null : { real: Number(line[1]), saved: Number(line[2]) };
}

/**
 * Whether a signal to `pid` (a process, or the leader of a group) may go out. A helper started as
 * root keeps root's real uid while it acts as the agent, and kill(2) lets a real uid of 0 reach every
 * root process: a pid it means to signal that has ended and been taken by a root process would be
 * reached. So such a helper signals only a process that the agent's own uid reaches (its real or saved
 * uid the agent's), checked immediately before the signal: Node offers no pidfd to make the check and
 * the signal one act, and the window left (the process ends and its pid is taken between the two) is
 * written up in docs/reliability.md. A group whose leader is gone is signalled as before: its id stays
 * taken while a member lives, and its members were the leader's. Elsewhere the kernel's own rule is
 * the whole check.
 */
function mayReach(pid: number, group: boolean): boolean {
  const agentUid = process.getuid?.() === 0 ? process.geteuid!() : 0;
  if (agentUid === 0) return true;
  const uids = processUids(pid);
  if (uids === null) return group;
  return uids.real === agentUid || uids.saved === agentUid;
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
  return Number.isInteger(pid) && pid > 1 && mayReach(pid, false) && sendSignal(pid, signal);
}

/** Send `signal` to every process of the group; false when there is none (or none we may signal). */
export function signalProcessGroup(processGroup: number, signal: NodeJS.Signals | 0): boolean {
  return Number.isInteger(processGroup) && processGroup > 1 && mayReach(processGroup, true) && sendSignal(-processGroup, signal);
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
