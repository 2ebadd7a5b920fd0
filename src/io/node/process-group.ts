// Foreground commands: bash in its own process group, writing straight into the call's log file.
// No pipe exists between the command and the helper, so a process that the command leaves running
// neither holds the call open nor dies of a closed pipe once the helper is gone.
import type { StdioOptions } from 'node:child_process';
import { closeSync, constants, fstatSync, openSync } from 'node:fs';
import { SupervisedChild } from './child.js';
import type { StartedChild } from './spawn.js';
import { loadOs } from './modules.js';
import { isRunningState, listProcessIds, readProcessStat, signalProcessGroup } from './process.js';
import { CALL_MARK_VARIABLE, callToken, markValue } from '../call-mark.js';
import { LogFollower } from './log-follower.js';
import { guardGroup, releaseGroup } from './group-guard.js';
import { markedProcesses, signalMarked, type Mark } from './sweep.js';
import type { Stop } from '../stop.js';

// How often a stopped group is checked for members still running, and how long SIGKILLed ones may take to stop.
const GROUP_POLL_MS = 20;
const GROUP_REAP_WAIT_MS = 1000;
// How often a stopped call looks for marked processes outside its group (a scan of /proc reads each
// process's environment, so less often than the group's cheaper check).
const MARK_POLL_MS = 100;
const LOG_OPEN_FLAGS =
  constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | constants.O_TRUNC | constants.O_NOFOLLOW;

export function signalNumber(signal: NodeJS.Signals): number {
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
export function groupRuns(groupId: number): boolean {
  if (!signalProcessGroup(groupId, 0)) return false;
  let pids: number[];
  try {
    pids = listProcessIds();
  } catch {
    return true;
  }
  for (const pid of pids) {
    const stat = readProcessStat(pid); // null: gone meanwhile
    if (stat !== null && stat.processGroup === groupId && isRunningState(stat.state)) return true;
  }
  return false;
}

/**
 * Wait until no process of the groups runs, nor any process carrying the call's mark (those that
 * left the group: setsid, a double fork, a daemon), or `deadline` passes; then SIGKILL whatever is
 * left of either, again and again (a process may fork while it is swept) until nothing is left or
 * the reap wait is over.
 */
export async function finishGroups(groupIds: readonly number[], deadline: number, mark?: Mark): Promise<void> {
  const markedRun = (): boolean => mark !== undefined && markedProcesses(mark).length > 0;
  const groupsRun = (): boolean => groupIds.some(groupRuns);
  let markCheckedAt = 0;
  let marked = true;
  while (Date.now() < deadline) {
    if (Date.now() - markCheckedAt >= MARK_POLL_MS) {
      marked = markedRun();
      markCheckedAt = Date.now();
    }
    if (!groupsRun() && !marked) return;
    await sleep(GROUP_POLL_MS);
  }
  for (const groupId of groupIds) signalProcessGroup(groupId, 'SIGKILL');
  if (mark !== undefined) signalMarked(mark, 'SIGKILL');
  const reapDeadline = Date.now() + GROUP_REAP_WAIT_MS;
  while (Date.now() < reapDeadline) {
    const left = mark === undefined ? 0 : signalMarked(mark, 'SIGKILL');
    if (left === 0 && !groupsRun()) return;
    await sleep(GROUP_POLL_MS);
  }
}

/** Both ends of the call's log: bash writes one, the helper reads the other. */
export function openLog(logPath: string): { logFd: number; readFd: number } {
  const logFd = openSync(logPath, LOG_OPEN_FLAGS, 0o600);
  try {
    return { logFd, readFd: openSync(logPath, constants.O_RDONLY | constants.O_NOFOLLOW) };
  } catch (error) {
    closeSync(logFd);
    throw error;
  }
}

/** A process run in a group of its own, writing straight into a log that is read back as it grows. */
export interface GroupRun {
  file: string;
  args: readonly string[];
  cwd: string;
  env: Record<string, string>;
  logPath: string;
  /** Written to stdin, which is then closed; absent: stdin is /dev/null. */
  input?: Uint8Array;
  timeoutMs: number;
  /** The call's stop: the group is stopped as at a timeout, and the run says it was interrupted. */
  stop: Stop;
  /** Between SIGTERM and SIGKILL, for the whole group. */
  killGraceMs: number;
  /** Whatever the leader left running in its group when it exited is stopped too. */
  stopLeftovers: boolean;
  /** The program enters `cwd` itself (src/io/node/spawn.ts). */
  entersFolderItself?: boolean;
  /** Told to this process's group guard, if it has one, while the leader runs (src/io/node/group-guard.ts). */
  guarded?: boolean;
  /**
   * The call's token (src/io/call-mark.ts): added to the environment's mark, so that a stop also
   * ends the processes that left the group. Absent: the group alone is stopped.
   */
  markToken?: string;
  /** Once the leader has started, with its group's id. */
  onStart?(groupId: number): void;
  /** Once the leader has exited and its group has been stopped where it had to be. */
  onGroupEnd?(groupId: number): void;
  /** When the run is over, however it ended. */
  onSettle?(): void;
}

export interface GroupEnd {
  /** null when a signal ended the leader. */
  code: number | null;
  signal: NodeJS.Signals | null;
  timedOut: boolean;
  interruptedBy: 'SIGTERM' | 'SIGINT' | null;
  /** The log's size when the leader and its group were gone. */
  logBytes: number;
}

/**
 * The one stop of a process group and of every process carrying the call's mark: SIGTERM to all of
 * them, SIGKILL after the grace; once is enough.
 * The leader gets each signal before the group: a bash whose foreground child died of the group's
 * signal before bash had its own prints "Terminated" (or "Killed") into the output. Linux delivers
 * a group's signal to every member at once; gVisor member by member, and a few stops in a
 * thousand read so there.
 */
export class GroupStop {
  /** When the SIGKILL is due; 0 while the group has not been stopped. */
  deadline = 0;
  private killTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly graceMs: number,
    private readonly mark?: Mark,
  ) {}

  /** `leader` is the group's leader, whose pid is the group's id; once it has exited, `kill` is a no-op. */
  stop(leader: StartedChild): void {
    const groupId = leader.pid;
    if (groupId === undefined || this.deadline !== 0) return;
    this.deadline = Date.now() + this.graceMs;
    leader.kill('SIGTERM');
    signalProcessGroup(groupId, 'SIGTERM');
    if (this.mark !== undefined) signalMarked(this.mark, 'SIGTERM');
    this.killTimer = setTimeout(() => {
      leader.kill('SIGKILL');
      signalProcessGroup(groupId, 'SIGKILL');
      if (this.mark !== undefined) signalMarked(this.mark, 'SIGKILL');
    }, this.graceMs);
  }

  /** Once the group has been waited for: the pending SIGKILL, if any, is no longer needed. */
  dispose(): void {
    clearTimeout(this.killTimer);
  }
}

let callCounter = 0;

/** A fresh token of the call whose key is `key` (src/io/call-mark.ts): the key, this helper's pid, the time, a counter and random digits. */
export function newCallToken(key: string): string {
  return callToken(key, process.pid, Date.now(), ++callCounter, Math.random());
}

/** The run's environment with the call's token added to its mark. */
function markedEnvironment(env: Record<string, string>, token: string | undefined): Record<string, string> {
  if (token === undefined) return env;
  return { ...env, [CALL_MARK_VARIABLE]: markValue(env[CALL_MARK_VARIABLE], token) };
}

/** The group's leader, supervised, writing into the log, its stdin fed; both ends of the log closed when it cannot start. */
function startLeader(run: GroupRun, log: { logFd: number; readFd: number }, onStop: () => void): SupervisedChild {
  let supervised: SupervisedChild;
  try {
    const stdio: StdioOptions = [run.input === undefined ? 'ignore' : 'pipe', log.logFd, log.logFd];
    const env = markedEnvironment(run.env, run.markToken);
    const start = { file: run.file, args: [...run.args], cwd: run.cwd, env, stdio, detached: true, entersFolderItself: run.entersFolderItself };
    supervised = new SupervisedChild(start, run.timeoutMs, onStop, run.stop);
  } catch (error) {
    closeSync(log.logFd);
    closeSync(log.readFd);
    throw error;
  }
  if (run.input !== undefined) {
    // A process that never reads its stdin, or exits before reading all of it, closes the pipe: not an error.
    supervised.process.stdin?.on('error', () => undefined);
    supervised.process.stdin?.end(run.input);
  }
  return supervised;
}

/**
 * Runs a process in its own group through the supervised child. A stopped group (timeout, the call's
 * stop) gets SIGTERM, then SIGKILL after the grace. The output is read back from the log while it is
 * written and handed to `onOutput` piece by piece.
 */
export function runInGroup(run: GroupRun, onOutput: (bytes: Uint8Array) => void): Promise<GroupEnd> {
  const log = openLog(run.logPath);
  const mark: Mark | undefined = run.markToken === undefined ? undefined : { token: run.markToken };
  const groupStop = new GroupStop(run.killGraceMs, mark);
  const supervised = startLeader(run, log, () => groupStop.stop(supervised.process));
  const child = supervised.process;
  const groupId = child.pid;
  if (groupId !== undefined) {
    if (run.guarded === true) guardGroup(groupId);
    run.onStart?.(groupId);
  }

  return new Promise<GroupEnd>((resolve, reject) => {
    let code: number | null = null;
    let signal: NodeJS.Signals | null = null;
    const close = (): void => {
      if (!supervised.settle()) return;
      groupStop.dispose();
      run.onSettle?.();
      follower.stop();
      closeSync(log.logFd);
      closeSync(log.readFd);
    };
    const follower = new LogFollower(
      log.readFd,
      onOutput,
      (logBytes) => {
        close();
        resolve({ code, signal, timedOut: supervised.timedOut, interruptedBy: supervised.interruptedBy, logBytes });
      },
      (error) => {
        groupStop.stop(child);
        close();
        reject(error);
      },
    );
    child.once('error', (error) => {
      close();
      reject(error);
    });
    child.once('exit', (exitCode, exitSignal) => {
      supervised.disarmTimer();
      code = exitCode;
      signal = exitSignal;
      const finishLog = (): void => {
        if (!supervised.isSettled) follower.finishAt(fstatSync(log.logFd).size);
      };
      if (groupId === undefined) return finishLog();
      if (run.stopLeftovers && groupStop.deadline === 0 && (groupRuns(groupId) || (mark !== undefined && markedProcesses(mark).length > 0))) {
        groupStop.stop(child);
      }
      const finished = groupStop.deadline !== 0 ? finishGroups([groupId], groupStop.deadline, mark) : Promise.resolve();
      void finished.then(() => {
        if (run.guarded === true) releaseGroup(groupId);
        run.onGroupEnd?.(groupId);
        finishLog();
      });
    });
  });
}
