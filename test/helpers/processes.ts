// Whether a process runs, read from /proc: the one check the tests that follow pids share.
import { readFileSync } from 'node:fs';

/** Whether a process runs (a zombie waiting for its parent to reap it counts as gone). */
export function processRuns(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
    const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
    return state !== 'Z' && state !== 'X';
  } catch {
    return false;
  }
}
