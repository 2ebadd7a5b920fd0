// The processes a sandbox on this machine started, found by an entry of their environment that every
// one of them inherits (the sandbox's own GUILDS_RUN_DIR, a scratch path no other sandbox shares), and
// killed at its cleanup: a background command, a server a command left running, a process that left
// its group or session with setsid. A process that cleared its own environment (`env -i`) carries no
// mark and is not found: the local sandbox is no container (docs/reliability.md).
import { readFileSync, readdirSync } from 'node:fs';

/** How many times the sweep looks again: a process may fork while its parent is being killed. */
export const SWEEP_MAX_ROUNDS = 50;
/** The pause between two looks, for the kernel to act on the SIGKILLs sent. */
export const SWEEP_PAUSE_MS = 20;

/** Whether `environ` (the NUL-separated text of /proc/<pid>/environ) holds `entry` exactly. */
export function environHolds(environ: string, entry: string): boolean {
  let start = 0;
  while (start < environ.length) {
    let end = environ.indexOf('\0', start);
    if (end < 0) end = environ.length;
    if (end - start === entry.length && environ.startsWith(entry, start)) return true;
    start = end + 1;
  }
  return false;
}

/** The live processes whose environment holds `entry`, this one aside. A zombie's environment reads empty. */
export function processesMarked(entry: string): number[] {
  const marked: number[] = [];
  for (const name of readdirSync('/proc')) {
    const pid = Number(name);
    if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) continue;
    let environ: string;
    try {
      environ = readFileSync(`/proc/${pid}/environ`, 'utf8');
    } catch {
      continue; // Gone, or not ours to read.
    }
    if (environHolds(environ, entry)) marked.push(pid);
  }
  return marked;
}

/** SIGKILL to every process marked with `entry`, again until none is left or the rounds run out. */
export async function killMarked(entry: string, maxRounds = SWEEP_MAX_ROUNDS, pauseMs = SWEEP_PAUSE_MS): Promise<void> {
  for (let round = 0; round < maxRounds; round++) {
    const marked = processesMarked(entry);
    if (marked.length === 0) return;
    for (const pid of marked) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // Gone meanwhile.
      }
    }
    await new Promise((resolve) => setTimeout(resolve, pauseMs));
  }
}
