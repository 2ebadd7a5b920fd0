// Harnesses for code_task: a supervised child (src/io/node/child.ts) in its own process group, its
// stdin the brief, its stdout and stderr straight into the call's log, which is read back while it
// runs (one group run with a shell command: runInGroup in src/io/node/shell.ts).
// The group is stopped when the task ends, however it ends.
import { accessSync, constants, linkSync, statSync, writeFileSync } from 'node:fs';
import { removeFileIfPresent } from './files.js';
import { errorCode } from '../../text/errno.js';
import type { HarnessOutcome, HarnessProcesses, HarnessRun } from '../harness-types.js';
import { loadChildProcess, loadCrypto } from './modules.js';
import { isRunningState, readProcessStat, temporaryPathBeside } from './process.js';
import { runInGroup } from './shell.js';

/**
 * The lifeline: a watcher in a session of its own that asks once a second whether the helper is still
 * there, waiting in `read -t 1` on a pipe whose both ends it holds (no child process of its own). When
 * the helper died mid-task (SIGKILL from the orchestrator's deadline, the OOM killer, a container stop),
 * it stops the harness's group as a timeout would: SIGTERM, then SIGKILL after the grace. A helper that
 * ends normally ends the watcher itself. Best effort: without bash the task still runs, unwatched.
 */
function startLifeline(groupId: number, graceMs: number): number | undefined {
  const watcher =
    'exec </dev/null >/dev/null 2>&1 9<> <(:); while builtin kill -0 "$1"; do read -t 1 -u 9 _; done; ' +
    'builtin kill -0 -- "-$2" || exit 0; builtin kill -TERM -- "-$2"; sleep "$3"; builtin kill -KILL -- "-$2"';
  try {
    const child = loadChildProcess().spawn(
      'bash',
      ['-c', watcher, 'guilds-harness-lifeline', String(process.pid), String(groupId), String(Math.ceil(graceMs / 1000))],
      { detached: true, stdio: 'ignore' },
    );
    child.on('error', () => undefined);
    child.unref();
    return child.pid;
  } catch {
    return undefined;
  }
}

function endLifeline(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // already gone
  }
}

async function runHarness(request: HarnessRun, onOutput: (bytes: Uint8Array) => void): Promise<HarnessOutcome> {
  let lifeline: number | undefined;
  const end = await runInGroup(
    {
      file: request.argv[0]!,
      args: request.argv.slice(1),
      cwd: request.cwd,
      env: request.env,
      logPath: request.logPath,
      input: request.input,
      timeoutMs: request.timeoutMs,
      stop: request.stop,
      killGraceMs: request.killGraceMs,
      // What the harness left running in its group goes with it, stopped as a timed-out harness is.
      stopLeftovers: true,
      onStart: (groupId) => {
        lifeline = startLifeline(groupId, request.killGraceMs);
      },
      onSettle: () => endLifeline(lifeline),
    },
    onOutput,
  );
  return { exitCode: end.code, signal: end.signal, timedOut: end.timedOut, stopped: end.interruptedBy !== null, logBytes: end.logBytes };
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
    removeFileIfPresent(temporary);
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
  run: runHarness,
  findOnPath,
  randomUuid: () => loadCrypto().randomUUID(),
  self: () => ({ pid: process.pid, startTicks: readProcessStat(process.pid)?.startTicks ?? null }),
  isRunning,
  createExclusive,
};
