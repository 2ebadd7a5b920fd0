// The sweep of a call whose helper died without answering (src/sweep-main.ts, `--sweep KEY`): every
// process carrying a token of that call's key (src/io/call-mark.ts), and every process group one of
// them leads (bash, the group's leader, takes the members that cleared their environment with it),
// stopped as a timeout stops a command: SIGTERM, SIGKILL after the grace to whatever is left.
import { markedProcesses, signalMarked, type Mark } from './sweep.js';
import { readProcessStat, signalProcess, signalProcessGroup } from './process.js';
import { finishGroups } from './process-group.js';

/** Stops everything of the call whose key is `key`; how many marked processes there were. */
export async function sweepCall(key: string, graceMs: number): Promise<number> {
  const mark: Mark = { key };
  const found = markedProcesses(mark);
  if (found.length === 0) return 0;
  const leaders = found.filter((pid) => readProcessStat(pid)?.processGroup === pid);
  // A leader before its group, as a stop does (src/io/node/process-group.ts, GroupStop).
  for (const leader of leaders) {
    signalProcess(leader, 'SIGTERM');
    signalProcessGroup(leader, 'SIGTERM');
  }
  signalMarked(mark, 'SIGTERM');
  await finishGroups(leaders, Date.now() + graceMs, mark);
  return found.length;
}
