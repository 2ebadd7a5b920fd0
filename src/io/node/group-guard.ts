// The group guard of a long-lived helper (src/io/group-guard.ts says what it does): started once, at
// the helper's start, and told of every shell command's group over its stdin. A cold helper has none:
// the orchestrator, which sees its exec end without an answer, sweeps that call (src/sweep-main.ts).
import type { Socket } from 'node:net';
import { guardArguments, guardEndLine, guardStartLine } from '../group-guard.js';
import { spawnChild } from './spawn.js';

/** The groups whose leaders run, told to the guard; told again to a guard started anew. */
const live = new Set<number>();
let graceSeconds: number | null = null;
let stdin: Socket | null = null;

/** The guard's environment: what `sleep` needs, and nothing of the helper's (no token, no secret). */
const GUARD_ENV = { PATH: '/usr/local/bin:/usr/bin:/bin' };

function start(): void {
  if (graceSeconds === null) return;
  try {
    // In no call's group, holding none of the helper's output, in `/`.
    const child = spawnChild('bash', guardArguments(graceSeconds), { cwd: '/', env: GUARD_ENV, stdio: ['pipe', 'ignore', 'ignore'], detached: true, entersFolderItself: true });
    const input = child.stdin as Socket;
    // A guard that is gone (the agent's `kill -9 -1`) fails a write: it is started again at the next group.
    input.on('error', () => undefined);
    child.once('exit', () => {
      if (stdin === input) stdin = null;
    });
    // The guard's pipe does not keep the helper running: it ends when its calls are over.
    child.unref();
    input.unref();
    stdin = input;
    for (const groupId of live) input.write(guardStartLine(groupId));
  } catch {
    // Without bash the calls still run, unguarded, as a cold helper's are.
    stdin = null;
  }
}

/** This process lives for many calls: its shell commands' groups are guarded from now on, by a guard started now. */
export function guardGroupsOfThisProcess(killGraceMs: number): void {
  if (graceSeconds !== null) return;
  graceSeconds = Math.ceil(killGraceMs / 1000);
  start();
}

/** A group's leader started: told to the guard, if this process has one (started again if it went). */
export function guardGroup(groupId: number): void {
  if (graceSeconds === null) return;
  live.add(groupId);
  if (stdin === null) start();
  else stdin.write(guardStartLine(groupId));
}

/** A group's leader exited: what it left running is its own. */
export function releaseGroup(groupId: number): void {
  if (!live.delete(groupId)) return;
  stdin?.write(guardEndLine(groupId));
}
