// How long the try-out lives: until SIGINT, SIGTERM or SIGHUP, until the reader of its output goes
// (`npm start | head`), or until the process that started it goes. `npm start` runs it as npm → sh → tsx → node, and npm, killed, leaves tsx and this process
// running, reparented; so this process watches each process of that chain (its own process group,
// up to the first process outside it: the shell or program that ran `npm start`) and ends when one is
// gone. Linux's /proc says who they are; elsewhere a changed parent pid is the sign.
import { readFileSync } from 'node:fs';

/** How often the chain of starting processes is looked at, in milliseconds. */
export const LIFETIME_CHECK_MS = 500;

const SIGNAL_NUMBERS = { SIGHUP: 1, SIGINT: 2, SIGTERM: 15 } as const;
/**
 * A write to a pipe nobody reads: the signal that ends a command whose reader went. Node ignores it
 * and fails the write with EPIPE instead, which the watch takes as this signal.
 */
const SIGPIPE_NUMBER = 13;
export type StopSignal = keyof typeof SIGNAL_NUMBERS | 'SIGPIPE';

/** The fields of /proc/<pid>/stat the watch uses. */
export interface ProcStat {
  state: string;
  ppid: number;
  pgrp: number;
  /** Clock ticks after boot: with the pid, names one process for good. */
  startTime: string;
}

/**
 * `/proc/<pid>/stat`'s fields, read after the command name's closing parenthesis (the name may hold
 * blanks and parentheses of its own). Undefined for a text that is not one.
 */
export function parseProcStat(text: string): ProcStat | undefined {
  const close = text.lastIndexOf(')');
  if (close < 0) return undefined;
  const fields = text.slice(close + 2).trim().split(' ');
  // Fields 3, 4, 5 and 22 of proc(5), counted from the state.
  const [state, ppid, pgrp, startTime] = [fields[0], Number(fields[1]), Number(fields[2]), fields[19]];
  if (state === undefined || startTime === undefined || !Number.isInteger(ppid) || !Number.isInteger(pgrp)) return undefined;
  return { state, ppid, pgrp, startTime };
}

export interface ChainLink {
  pid: number;
  startTime: string;
}

/**
 * The processes whose going ends this one: its ancestors in its own process group, then the first
 * ancestor outside it. `stat` reads a process's fields (undefined for one that is gone).
 */
export function startingChain(self: number, stat: (pid: number) => ProcStat | undefined): ChainLink[] {
  const own = stat(self);
  if (own === undefined) return [];
  const chain: ChainLink[] = [];
  for (let pid = own.ppid; pid > 1; ) {
    const link = stat(pid);
    if (link === undefined) break;
    chain.push({ pid, startTime: link.startTime });
    if (link.pgrp !== own.pgrp) break;
    pid = link.ppid;
  }
  return chain;
}

/** Whether every process of the chain is still the one it was and has not exited. */
export function chainAlive(chain: readonly ChainLink[], stat: (pid: number) => ProcStat | undefined): boolean {
  return chain.every((link) => {
    const now = stat(link.pid);
    return now !== undefined && now.startTime === link.startTime && now.state !== 'Z' && now.state !== 'X';
  });
}

function procStat(pid: number): ProcStat | undefined {
  try {
    return parseProcStat(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return undefined;
  }
}

export interface Lifetime {
  /** Aborted at the first stop signal, or when a starting process went. */
  signal: AbortSignal;
  /** The signal that stopped it; undefined while running or when its starter went. */
  stoppedBy(): StopSignal | undefined;
  /** 128 + the signal's number, as a shell reports a process a signal ended; 129 (a hang-up) when the starter went. */
  exitCode(): number;
}

export function watchLifetime(): Lifetime {
  const controller = new AbortController();
  let stoppedBy: StopSignal | undefined;
  const stop = (why: string): void => {
    if (!controller.signal.aborted) controller.abort(new Error(why));
  };
  for (const name of Object.keys(SIGNAL_NUMBERS) as StopSignal[]) {
    process.on(name, () => {
      stoppedBy ??= name;
      stop(name);
    });
  }
  // Its output's reader went: the calls stop and the sandbox goes, without a word (there is no one to
  // read it) and without the stack of an unhandled EPIPE, which skipped the sandbox's cleanup.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE' && error.code !== 'ERR_STREAM_DESTROYED') throw error;
    stoppedBy ??= 'SIGPIPE';
    stop('SIGPIPE');
  });
  const chain = procStat(process.pid) === undefined ? undefined : startingChain(process.pid, procStat);
  const parent = process.ppid;
  const timer = setInterval(() => {
    const alive = chain === undefined ? process.ppid === parent : chainAlive(chain, procStat);
    if (!alive) stop('the process that started it went');
  }, LIFETIME_CHECK_MS);
  timer.unref();
  controller.signal.addEventListener('abort', () => clearInterval(timer), { once: true });
  return {
    signal: controller.signal,
    stoppedBy: () => stoppedBy,
    exitCode: () =>
      128 + (stoppedBy === undefined ? SIGNAL_NUMBERS.SIGHUP : stoppedBy === 'SIGPIPE' ? SIGPIPE_NUMBER : SIGNAL_NUMBERS[stoppedBy]),
  };
}
