// The processes a sandbox on this machine started, found by an entry of their environment that every
// one of them inherits (the sandbox's own GUILDS_RUN_DIR, a scratch path no other sandbox shares), and
// killed at its cleanup: a background command, a server a command left running, a process that left
// its group or session with setsid. The helper's own sweep finds them (src/io/node/sweep.ts); a process
// that cleared its own environment (`env -i`) carries no mark and is not found: the local sandbox is
// no container (docs/reliability.md).
import { signalMarked } from '../../../io/node/sweep.js';

/** How many times the sweep looks again: a process may fork while its parent is being killed. */
export const SWEEP_MAX_ROUNDS = 50;
/** The pause between two looks, for the kernel to act on the SIGKILLs sent. */
export const SWEEP_PAUSE_MS = 20;

/** SIGKILL to every process marked with `entry` (NAME=value), again until none is left or the rounds run out. */
export async function killMarked(entry: string, maxRounds = SWEEP_MAX_ROUNDS, pauseMs = SWEEP_PAUSE_MS): Promise<void> {
  for (let round = 0; round < maxRounds; round++) {
    if (signalMarked({ entry }, 'SIGKILL') === 0) return;
    await new Promise((resolve) => setTimeout(resolve, pauseMs));
  }
}
