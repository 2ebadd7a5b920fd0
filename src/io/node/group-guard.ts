// The group guard of a long-lived helper (src/io/group-guard.ts says what it does): started once, at
// the helper's start, with the list of every shell command's group in a file it holds open. A cold
// helper has none: the orchestrator, which sees its exec end without an answer, sweeps that call
// (src/sweep-main.ts).
import type { Socket } from 'node:net';
import { writeSync } from 'node:fs';
import { GUARD_LIST_FD, guardArguments, guardListText } from '../group-guard.js';
import { openScratchFile } from './scratch-file.js';
import { spawnChild } from './spawn.js';

/** The groups whose leaders run, as the list's file holds them. */
const live = new Set<number>();
let graceSeconds: number | null = null;
/** The list's file: unlinked, shared with every guard this process starts; null without one. */
let listFd: number | null = null;
/** How many characters the list's file holds, padding included. */
let listChars = 0;
/** The guard's stdin, held open and never written to: it ends when this process does. */
let stdin: Socket | null = null;

/** The guard's environment: what `sleep` needs, and nothing of the helper's (no token, no secret). */
const GUARD_ENV = { PATH: '/usr/local/bin:/usr/bin:/bin' };

function start(): void {
  if (graceSeconds === null || listFd === null) return;
  try {
    // In no call's group, holding none of the helper's output, in `/`.
    const stdio = ['pipe', 'ignore', 'ignore'] as ('pipe' | 'ignore' | number)[];
    stdio[GUARD_LIST_FD] = listFd;
    const child = spawnChild('bash', guardArguments(graceSeconds), { cwd: '/', env: GUARD_ENV, stdio, detached: true, entersFolderItself: true });
    const input = child.stdin as Socket;
    input.on('error', () => undefined);
    // A guard that is gone (the agent's `kill -9 -1`) is started again at the next group.
    child.once('exit', () => {
      if (stdin === input) stdin = null;
    });
    // The guard's pipe does not keep the helper running: it ends when its calls are over.
    child.unref();
    input.unref();
    stdin = input;
  } catch {
    // Without bash the calls still run, unguarded, as a cold helper's are.
    stdin = null;
  }
}

/** Writes the live groups over the list, in place: one write, which wakes no one. */
function writeList(): void {
  if (listFd === null) return;
  const text = guardListText(live, listChars);
  try {
    writeSync(listFd, text, 0, 'latin1');
    listChars = text.length;
  } catch {
    // A list that cannot grow (a full temporary folder) guards the groups it names already.
  }
}

/** The start of the list's file's name, in the moment it has one. */
const GUARD_LIST_NAME = 'guilds-guard-list';

/**
 * This process lives for many calls: its shell commands' groups are guarded from now on, by a guard
 * started now. Without a folder that takes the list, they run unguarded, as a cold helper's calls do.
 */
export function guardGroupsOfThisProcess(killGraceMs: number): void {
  if (graceSeconds !== null) return;
  graceSeconds = Math.ceil(killGraceMs / 1000);
  // The home takes it where the temporary folder does not (a read-only root): the runs' logs are there.
  const home = process.env.HOME;
  listFd = openScratchFile(GUARD_LIST_NAME) ?? (home?.startsWith('/') ? openScratchFile(GUARD_LIST_NAME, home) : null);
  start();
}

/** A group's leader started: on the guard's list, and the guard started again if it went. */
export function guardGroup(groupId: number): void {
  if (graceSeconds === null) return;
  live.add(groupId);
  writeList();
  if (stdin === null) start();
}

/** A group's leader exited: what it left running is its own. */
export function releaseGroup(groupId: number): void {
  if (!live.delete(groupId)) return;
  writeList();
}
