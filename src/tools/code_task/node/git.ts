// git for code_task's snapshots: a supervised child in its own process group with piped output,
// killed whole when it runs past its time.
import { copyFileSync, statSync, utimesSync } from 'node:fs';
import { NEVER_STOPPED } from '../../../io/stop.js';
import { SupervisedChild } from '../../../io/node/child.js';
import { errorCode } from '../../../text/errno.js';
import { signalProcessGroup } from '../../../io/node/process.js';
import type { GitOutcome, GitProcesses, GitRun } from '../git-io.js';

const GIT = 'git';
const STDERR_TAIL_BYTES = 4096;
const MS_PER_SECOND = 1000;

/**
 * One git run, supervised as every waited-for child is (src/io/node/child.ts). A snapshot is never
 * stopped by the call's stop: the task answers a stop with the diff of what the harness did, which
 * needs the snapshot after it.
 */
function runGit(request: GitRun, onStdout: (bytes: Uint8Array) => void): Promise<GitOutcome> {
  return new Promise<GitOutcome>((resolve, reject) => {
    let supervised: SupervisedChild;
    try {
      supervised = new SupervisedChild(
        { file: GIT, args: [...request.args], cwd: request.cwd, env: request.env, stdio: ['ignore', 'pipe', 'pipe'], detached: true },
        request.timeoutMs,
        () => {
          if (supervised.process.pid !== undefined) signalProcessGroup(supervised.process.pid, 'SIGKILL');
        },
        NEVER_STOPPED,
      );
    } catch (error) {
      reject(error);
      return;
    }
    const child = supervised.process;
    let stderrTail = Buffer.alloc(0);
    child.stdout!.on('data', (bytes: Buffer) => onStdout(bytes));
    child.stderr!.on('data', (bytes: Buffer) => {
      const joined = Buffer.concat([stderrTail, bytes]);
      stderrTail = joined.subarray(Math.max(0, joined.length - STDERR_TAIL_BYTES));
    });
    child.once('error', (error) => {
      if (supervised.settle()) reject(error);
    });
    // 'close' comes after both pipes are drained.
    child.once('close', (code) => {
      if (supervised.settle()) resolve({ exitCode: code, timedOut: supervised.timedOut, stderrTail: stderrTail.toString('utf8') });
    });
  });
}

function copyKeepingMtime(from: string, to: string): boolean {
  let info: import('node:fs').Stats;
  try {
    info = statSync(from);
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return false;
    throw error;
  }
  copyFileSync(from, to);
  const wholeSeconds = Math.floor(info.mtimeMs / MS_PER_SECOND);
  utimesSync(to, wholeSeconds, wholeSeconds);
  return true;
}

export const nodeGitProcesses: GitProcesses = { run: runGit, copyKeepingMtime };
