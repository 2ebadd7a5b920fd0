// The sweep: every process of the helper's own user whose environment carries a mark, found through
// /proc and signalled. Only a call that times out or is stopped sweeps (a call that ends normally
// leaves what it left running), so nothing here runs on the common path. What a mark is, and how an
// environment is read, is pure: src/io/call-mark.ts.
import { readFileSync, statSync } from 'node:fs';
import { environCarriesKey, environCarriesToken, environHasEntry } from '../call-mark.js';
import { isRunningState, listProcessIds, readProcessStat, signalProcess } from './process.js';

/**
 * What marks a process: a call's token in its mark, a token of the call whose key it is (any of its
 * helpers' runs), or a background job's exact entry (NAME=value).
 */
export type Mark = { token: string } | { key: string } | { entry: string };

function matcher(mark: Mark): (environ: string) => boolean {
  if ('token' in mark) return (environ) => environCarriesToken(environ, mark.token);
  if ('key' in mark) return (environ) => environCarriesKey(environ, mark.key);
  // The environ is read as latin1, one character a byte; the entry is compared as its UTF-8 bytes.
  const entry = Buffer.from(mark.entry, 'utf8').toString('latin1');
  return (environ) => environHasEntry(environ, entry);
}

/**
 * The running processes (zombies are over) of this user, the helper itself aside, that carry the
 * mark. A process whose environ cannot be read (gone meanwhile, another user's, not dumpable) is
 * not one; without /proc there are none.
 */
export function markedProcesses(mark: Mark): number[] {
  const carries = matcher(mark);
  // The effective uid: a helper acting as the agent (src/io/node/identity.ts) sweeps the agent's processes.
  const uid = process.geteuid?.();
  let pids: number[];
  try {
    pids = listProcessIds();
  } catch {
    return [];
  }
  const found: number[] = [];
  for (const pid of pids) {
    if (pid === process.pid) continue;
    try {
      if (uid !== undefined && statSync(`/proc/${pid}`).uid !== uid) continue;
      const stat = readProcessStat(pid);
      if (stat === null || !isRunningState(stat.state)) continue;
      if (carries(readFileSync(`/proc/${pid}/environ`, 'latin1'))) found.push(pid);
    } catch {
      // gone meanwhile, or not ours to read
    }
  }
  return found;
}

/** Signal every process that carries the mark; how many there were. */
export function signalMarked(mark: Mark, signal: NodeJS.Signals): number {
  const pids = markedProcesses(mark);
  for (const pid of pids) signalProcess(pid, signal);
  return pids.length;
}
