// Harnesses for code_task: a child in its own process group, its stdin the brief, its stdout and stderr
// straight into the call's log, which is read back while it runs. The group is stopped when the task
// ends, however it ends. The group helpers follow src/io/node-shell.ts; both are to share one
// supervised-child module.
import { accessSync, closeSync, constants, fstatSync, linkSync, openSync, readSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { loadChildProcess, loadCrypto } from './node.js';
import { isRunningState, listProcessIds, readProcessStat, signalProcessGroup, temporaryPathBeside } from './node-process.js';
import { errorCode } from './types.js';
import type { HarnessOutcome, HarnessProcesses, HarnessRun, StopWatch } from './harness-types.js';

const GROUP_POLL_MS = 20;
const GROUP_REAP_WAIT_MS = 1000;
const OUTPUT_CHUNK_BYTES = 1_048_576;
const OUTPUT_POLL_MS = 10;
const LOG_OPEN_FLAGS =
  constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | constants.O_TRUNC | constants.O_NOFOLLOW;

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Whether a process of the group still runs; zombies (dead, not yet reaped) do not count. */
function groupRuns(groupId: number): boolean {
  if (!signalProcessGroup(groupId, 0)) return false;
  let pids: number[];
  try {
    pids = listProcessIds();
  } catch {
    return true;
  }
  for (const pid of pids) {
    const stat = readProcessStat(pid);
    if (stat !== null && stat.processGroup === groupId && isRunningState(stat.state)) return true;
  }
  return false;
}

/** SIGTERM to the group, then wait until it is gone or the deadline passes, then SIGKILL what is left. */
async function stopGroup(groupId: number, deadline: number): Promise<void> {
  if (!groupRuns(groupId)) return;
  signalProcessGroup(groupId, 'SIGTERM');
  while (Date.now() < deadline) {
    if (!groupRuns(groupId)) return;
    await sleep(GROUP_POLL_MS);
  }
  signalProcessGroup(groupId, 'SIGKILL');
  const reapDeadline = Date.now() + GROUP_REAP_WAIT_MS;
  while (Date.now() < reapDeadline && groupRuns(groupId)) await sleep(GROUP_POLL_MS);
}

function watchStop(): StopWatch {
  let requested = false;
  const listeners: (() => void)[] = [];
  const onSignal = (): void => {
    if (requested) return;
    requested = true;
    for (const listener of listeners.splice(0)) listener();
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
  return {
    get requested() {
      return requested;
    },
    onStop(listener) {
      if (requested) listener();
      else listeners.push(listener);
    },
    dispose() {
      process.off('SIGTERM', onSignal);
      process.off('SIGINT', onSignal);
    },
  };
}

function runHarness(request: HarnessRun, stop: StopWatch, onOutput: (bytes: Uint8Array) => void): Promise<HarnessOutcome> {
  const logFd = openSync(request.logPath, LOG_OPEN_FLAGS, 0o600);
  let readFd: number;
  try {
    readFd = openSync(request.logPath, constants.O_RDONLY | constants.O_NOFOLLOW);
  } catch (error) {
    closeSync(logFd);
    throw error;
  }
  let child: import('node:child_process').ChildProcess;
  try {
    child = loadChildProcess().spawn(request.argv[0]!, request.argv.slice(1), {
      cwd: request.cwd,
      env: request.env,
      stdio: ['pipe', logFd, logFd],
      detached: true,
    });
  } catch (error) {
    closeSync(logFd);
    closeSync(readFd);
    throw error;
  }

  return new Promise<HarnessOutcome>((resolve, reject) => {
    let timedOut = false;
    let stopped = false;
    let stopping: Promise<void> | null = null;
    let exitCode: number | null = null;
    let signal: string | null = null;
    const groupId = child.pid;

    const stopAll = (): Promise<void> => {
      if (groupId === undefined) return Promise.resolve();
      stopping ??= stopGroup(groupId, Date.now() + request.killGraceMs);
      return stopping;
    };
    const timeoutTimer = setTimeout(() => {
      timedOut = true;
      void stopAll();
    }, request.timeoutMs);
    stop.onStop(() => {
      stopped = true;
      void stopAll();
    });

    // A harness that never reads its stdin, or exits before reading all of it, closes the pipe: not an error.
    child.stdin!.on('error', () => {});
    child.stdin!.end(request.input);

    let closed = false;
    const close = (): void => {
      if (closed) return;
      closed = true;
      clearTimeout(timeoutTimer);
      clearTimeout(pollTimer);
      clearImmediate(readNext);
      closeSync(logFd);
      closeSync(readFd);
    };

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
        const read = want > 0 ? readSync(readFd, buffer, 0, want, position) : 0;
        if (read > 0) {
          position += read;
          onOutput(buffer.subarray(0, read));
          schedule(true);
        } else if (endAt !== null) {
          close();
          resolve({ exitCode, signal, timedOut, stopped, logBytes: position });
        } else {
          schedule(false);
        }
      } catch (error) {
        void stopAll();
        close();
        reject(error);
      }
    }
    schedule(false);

    child.once('error', (error) => {
      close();
      reject(error);
    });
    child.once('exit', (code, exitSignal) => {
      clearTimeout(timeoutTimer);
      exitCode = code;
      signal = exitSignal;
      // What the harness left running in its group goes with it.
      void stopAll().then(() => {
        if (closed) return;
        endAt = fstatSync(logFd).size;
        schedule(true);
      });
    });
  });
}

function findOnPath(program: string, pathVariable: string | undefined): string | null {
  if (program.includes('/')) return null;
  for (const folder of (pathVariable ?? '').split(':')) {
    if (!folder.startsWith('/')) continue;
    const candidate = `${folder.replace(/\/+$/, '')}/${program}`;
    try {
      if (!statSync(candidate).isFile()) continue;
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return null;
}

function createExclusive(path: string, content: string): boolean {
  // Written whole beside it, then linked into place: a reader never sees a half-written file, and
  // link() fails when the name is taken, whoever took it.
  const temporary = temporaryPathBeside(path);
  writeFileSync(temporary, content, { mode: 0o600, flag: 'wx' });
  try {
    linkSync(temporary, path);
    return true;
  } catch (error) {
    if (errorCode(error) === 'EEXIST') return false;
    throw error;
  } finally {
    rmSync(temporary, { force: true });
  }
}

function isRunning(pid: number, startTicks: string | null): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  const stat = readProcessStat(pid);
  if (stat !== null) return isRunningState(stat.state) && (startTicks === null || stat.startTicks === startTicks);
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return errorCode(error) === 'EPERM';
  }
}

export const nodeHarnessProcesses: HarnessProcesses = {
  watchStop,
  run: runHarness,
  findOnPath,
  randomUuid: () => loadCrypto().randomUUID(),
  self: () => ({ pid: process.pid, startTicks: readProcessStat(process.pid)?.startTicks ?? null }),
  isRunning,
  createExclusive,
};
