// git for code_task's snapshots: a child in its own process group with piped output, killed whole
// when it runs past its time.
import { copyFileSync, statSync, utimesSync } from 'node:fs';
import { loadChildProcess } from './modules.js';
import { errorCode } from '../../text/errno.js';
import { signalProcessGroup } from './process.js';
import type { GitOutcome, GitProcesses, GitRun } from '../git-types.js';

const GIT = 'git';
const STDERR_TAIL_BYTES = 4096;
const MS_PER_SECOND = 1000;

function runGit(request: GitRun, onStdout: (bytes: Uint8Array) => void): Promise<GitOutcome> {
  return new Promise<GitOutcome>((resolve, reject) => {
    const child = loadChildProcess().spawn(GIT, [...request.args], {
      cwd: request.cwd,
      env: request.env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let timedOut = false;
    let stderrTail = Buffer.alloc(0);
    const timer = setTimeout(() => {
      timedOut = true;
      if (child.pid !== undefined) signalProcessGroup(child.pid, 'SIGKILL');
    }, request.timeoutMs);
    child.stdout!.on('data', (bytes: Buffer) => onStdout(bytes));
    child.stderr!.on('data', (bytes: Buffer) => {
      const joined = Buffer.concat([stderrTail, bytes]);
      stderrTail = joined.subarray(Math.max(0, joined.length - STDERR_TAIL_BYTES));
    });
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    // 'close' comes after both pipes are drained.
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ exitCode: code, timedOut, stderrTail: stderrTail.toString('utf8') });
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
