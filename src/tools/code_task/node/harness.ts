// Harnesses for code_task: a supervised child (src/io/node/child.ts) in its own process group, its
// stdin the brief, its stdout and stderr straight into the call's log, which is read back while it
// runs (one group run with a shell command: runInGroup in src/io/node/process-group.ts).
// The group is stopped when the task ends, however it ends.
import { accessSync, constants, statSync } from 'node:fs';
import { createExclusive } from '../../../io/node/files.js';
import { errorCode } from '../../../text/errno.js';
import type { HarnessOutcome, HarnessProcesses, HarnessRun } from '../harness-io.js';
import { DEAD_PARENT_WATCHER_SCRIPT } from '../../../io/dead-parent-watcher.js';
import { startDetached } from '../../../io/node/child.js';
import { loadCrypto } from '../../../io/node/modules.js';
import { isRunningState, readProcessStat, signalProcess } from '../../../io/node/process.js';
import { newCallToken, runInGroup } from '../../../io/node/process-group.js';

/**
 * The lifeline: the dead-parent watcher (src/io/dead-parent-watcher.ts) in a session of its own,
 * guarding the harness's whole group against the helper dying mid-task, started as every child the
 * helper does not wait for is. A helper that ends normally ends the watcher itself. Best effort:
 * without bash the task still runs, unwatched.
 */
function startLifeline(groupId: number, graceMs: number): number | undefined {
  try {
    return startDetached({
      file: 'bash',
      args: ['-c', DEAD_PARENT_WATCHER_SCRIPT, 'guilds-harness-lifeline', String(process.pid), String(groupId), String(Math.ceil(graceMs / 1000))],
      cwd: '/',
      stdio: 'ignore',
    });
  } catch {
    return undefined;
  }
}

function endLifeline(pid: number | undefined): void {
  if (pid !== undefined) signalProcess(pid, 'SIGKILL');
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
      // Whatever the harness started carries the task's mark, in its group or not.
      markToken: newCallToken(request.callKey),
      // What the harness left running, in its group or marked, goes with it, stopped as a timed-out harness is.
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
