// Whether a process runs, read from /proc: the one check the tests that follow pids share.
import { readFileSync } from 'node:fs';

/** SIGKILL's bit in /proc/<pid>/status's pending-signal masks. */
const SIGKILL_BIT = 1n << 8n;

/**
 * Whether a process runs. A zombie waiting for its parent to reap it counts as gone, and so does one
 * with a SIGKILL pending: it cannot run another instruction, and on a loaded machine it may stay
 * listed for a moment after the kill was sent.
 */
export function processRuns(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
    const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
    if (state === 'Z' || state === 'X') return false;
    const status = readFileSync(`/proc/${pid}/status`, 'latin1');
    for (const mask of status.matchAll(/^(?:SigPnd|ShdPnd):\s*([0-9a-f]+)$/gm)) if (BigInt(`0x${mask[1]}`) & SIGKILL_BIT) return false;
    return true;
  } catch {
    return false;
  }
}
