// Foreground commands: bash in its own process group, writing straight into the call's log file.
// No pipe exists between the command and the helper, so a process that the command leaves running
// neither holds the call open nor dies of a closed pipe once the helper is gone.
import * as buffer from 'node:buffer';
import * as fs from 'node:fs';
import { loadChildProcess, loadOs } from './node.js';
import type { ShellOutcome, ShellProcesses, ShellRun } from './shell-types.js';

const BASH = 'bash';
// How often a stopped group is checked for members still running, and how long SIGKILLed ones may take to stop.
const GROUP_POLL_MS = 20;
const GROUP_REAP_WAIT_MS = 1000;
// The log is read in pieces of this size, and looked at again this often while nothing new is in it.
const OUTPUT_CHUNK_BYTES = 1_048_576;
const OUTPUT_POLL_MS = 10;
const LOG_OPEN_FLAGS =
  fs.constants.O_WRONLY | fs.constants.O_APPEND | fs.constants.O_CREAT | fs.constants.O_TRUNC | fs.constants.O_NOFOLLOW;

type Stop = 'SIGTERM' | 'SIGINT';

/** Send `signal` to every process of the group; false once none is left. */
function signalGroup(groupId: number, signal: NodeJS.Signals | 0): boolean {
  try {
    process.kill(-groupId, signal);
    return true;
  } catch {
    return false;
  }
}

function signalNumber(signal: NodeJS.Signals): number {
  return loadOs().constants.signals[signal] ?? 0;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Whether a process of the group still runs. A dead member stays in the group as a zombie until its
 * parent reaps it, and an orphan's new parent (the container's init) may take seconds to, so zombies
 * are told apart through /proc; without /proc, any member counts.
 */
function groupRuns(groupId: number): boolean {
  if (!signalGroup(groupId, 0)) return false;
  let entries: string[];
  try {
    entries = fs.readdirSync('/proc');
  } catch {
    return true;
  }
  for (const entry of entries) {
    if (entry.charCodeAt(0) < 0x30 || entry.charCodeAt(0) > 0x39) continue;
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/${entry}/stat`, 'latin1');
    } catch {
      continue; // gone meanwhile
    }
    // pid (comm) state ppid pgrp …; comm may hold spaces and parentheses, so parse after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(fields[2]) === groupId && fields[0] !== 'Z' && fields[0] !== 'X') return true;
  }
  return false;
}

/** Wait until no process of the group runs or `deadline` passes; then SIGKILL whatever is left of it. */
async function finishGroup(groupId: number, deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    if (!groupRuns(groupId)) return;
    await sleep(GROUP_POLL_MS);
  }
  signalGroup(groupId, 'SIGKILL');
  const reapDeadline = Date.now() + GROUP_REAP_WAIT_MS;
  while (Date.now() < reapDeadline && groupRuns(groupId)) await sleep(GROUP_POLL_MS);
}

function runShell(request: ShellRun, onOutput: (bytes: Uint8Array) => void): Promise<ShellOutcome> {
  const logFd = fs.openSync(request.logPath, LOG_OPEN_FLAGS, 0o600);
  let readFd: number;
  let child: import('node:child_process').ChildProcess;
  try {
    readFd = fs.openSync(request.logPath, fs.constants.O_RDONLY | fs.constants.O_NOFOLLOW);
  } catch (error) {
    fs.closeSync(logFd);
    throw error;
  }
  try {
    child = loadChildProcess().spawn(BASH, ['-c', request.script], {
      cwd: request.cwd,
      env: request.env,
      stdio: ['ignore', logFd, logFd],
      detached: true,
    });
  } catch (error) {
    fs.closeSync(logFd);
    fs.closeSync(readFd);
    throw error;
  }

  return new Promise<ShellOutcome>((resolve, reject) => {
    let timedOut = false;
    let interruptedBy: Stop | null = null;
    let killDeadline = 0;
    let killTimer: NodeJS.Timeout | undefined;
    let exitCode = 0;
    const groupId = child.pid;

    const stop = (): void => {
      if (groupId === undefined || killDeadline !== 0) return;
      killDeadline = Date.now() + request.killGraceMs;
      signalGroup(groupId, 'SIGTERM');
      killTimer = setTimeout(() => signalGroup(groupId, 'SIGKILL'), request.killGraceMs);
    };
    const timeoutTimer = setTimeout(() => {
      timedOut = true;
      stop();
    }, request.timeoutMs);
    const onSignal = (signal: Stop): void => {
      if (interruptedBy === null) interruptedBy = signal;
      stop();
    };
    process.on('SIGTERM', onSignal);
    process.on('SIGINT', onSignal);

    let closed = false;
    const close = (): void => {
      if (closed) return;
      closed = true;
      clearTimeout(timeoutTimer);
      clearTimeout(killTimer);
      clearTimeout(pollTimer);
      clearImmediate(readNext);
      process.off('SIGTERM', onSignal);
      process.off('SIGINT', onSignal);
      fs.closeSync(logFd);
      fs.closeSync(readFd);
    };

    // The log is read while the command writes it, so that cleaning a large output overlaps its writing.
    // Once the command is over, reading stops at the log's size then: what processes it left running
    // write later is not its output.
    const buffer = Buffer.allocUnsafe(OUTPUT_CHUNK_BYTES);
    let position = 0;
    let endAt: number | null = null;
    let pollTimer: NodeJS.Timeout | undefined;
    let readNext: NodeJS.Immediate | undefined;
    const schedule = (now: boolean): void => {
      clearTimeout(pollTimer);
      clearImmediate(readNext);
      if (now) readNext = setImmediate(follow);
      else pollTimer = setTimeout(follow, OUTPUT_POLL_MS);
    };
    function follow(): void {
      if (closed) return;
      try {
        const want = Math.min(buffer.length, (endAt ?? Number.MAX_SAFE_INTEGER) - position);
        const read = want > 0 ? fs.readSync(readFd, buffer, 0, want, position) : 0;
        if (read > 0) {
          position += read;
          onOutput(buffer.subarray(0, read));
          schedule(true);
        } else if (endAt !== null) {
          close();
          resolve({ exitCode, timedOut, interruptedBy, logBytes: position });
        } else {
          schedule(false);
        }
      } catch (error) {
        stop();
        close();
        reject(error);
      }
    }
    schedule(false);

    child.once('error', (error) => {
      close();
      reject(error);
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timeoutTimer);
      exitCode = code ?? (signal ? 128 + signalNumber(signal) : 1);
      const finished = killDeadline !== 0 && groupId !== undefined ? finishGroup(groupId, killDeadline) : Promise.resolve();
      void finished.then(() => {
        if (closed) return;
        endAt = fs.fstatSync(logFd).size;
        schedule(true);
      });
    });
  });
}

const decoder = new TextDecoder('utf-8', { fatal: true });

export const nodeShellProcesses: ShellProcesses = {
  run: runShell,
  // buffer.isAscii arrived in Node 18.15.
  isAscii: typeof buffer.isAscii === 'function' ? (bytes) => buffer.isAscii(bytes) : undefined,
  isUtf8(bytes) {
    // buffer.isUtf8 arrived in Node 18.14; before it, decoding is the check.
    if (typeof buffer.isUtf8 === 'function') return buffer.isUtf8(bytes);
    try {
      decoder.decode(bytes);
      return true;
    } catch {
      return false;
    }
  },
};
