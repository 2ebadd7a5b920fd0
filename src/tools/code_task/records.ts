// What code_task keeps in the home, outside the run folders that are pruned: the sessions it can
// resume, and one lock per repository while a task runs there.
//   $HOME/.guilds/sessions/<agent_id>/<session_id>.json   {harness, repo, created_ms, updated_ms, run_id, call_id}
//   $HOME/.guilds/locks/<sha256 of the repository's path>.lock   the running task: pid, start time, call
import { HARNESS_NAMES, type HarnessName } from './contract.js';
import type { HarnessProcesses } from './harness-io.js';
import type { FileSystem } from '../../io/types.js';
import { joinPath } from '../../text/paths.js';
import { stateFailure } from '../../text/errno.js';
import { codeTaskErrors } from './format.js';

export const STATE_FOLDER_NAME = '.guilds';

export function stateFolder(home: string): string {
  return joinPath(home, STATE_FOLDER_NAME);
}

export interface SessionRecord {
  harness: HarnessName;
  /** Absolute, links resolved. */
  repo: string;
  created_ms: number;
  updated_ms: number;
  run_id: string;
  call_id: string;
}

function sessionPath(home: string, agentId: string, sessionId: string): string {
  return joinPath(stateFolder(home), `sessions/${agentId}/${sessionId}.json`);
}

function parseJson(fs: FileSystem, path: string, maxBytes: number): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(new TextDecoder().decode(fs.readFile(path, maxBytes)));
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The agent's record of a session; null when there is none (or none that reads as one). */
export function readSession(fs: FileSystem, home: string, agentId: string, sessionId: string, maxBytes: number): SessionRecord | null {
  const value = parseJson(fs, sessionPath(home, agentId, sessionId), maxBytes);
  if (value === null) return null;
  const { harness, repo, created_ms, updated_ms, run_id, call_id } = value;
  if (typeof harness !== 'string' || !(HARNESS_NAMES as readonly string[]).includes(harness)) return null;
  if (typeof repo !== 'string' || !repo.startsWith('/')) return null;
  return {
    harness: harness as HarnessName,
    repo,
    created_ms: typeof created_ms === 'number' ? created_ms : 0,
    updated_ms: typeof updated_ms === 'number' ? updated_ms : 0,
    run_id: typeof run_id === 'string' ? run_id : '',
    call_id: typeof call_id === 'string' ? call_id : '',
  };
}

export function writeSession(fs: FileSystem, home: string, agentId: string, sessionId: string, record: SessionRecord): void {
  const path = sessionPath(home, agentId, sessionId);
  fs.makeFolder(joinPath(stateFolder(home), `sessions/${agentId}`));
  fs.writeFileAtomic(path, JSON.stringify(record) + '\n');
}

export interface LockHolder {
  pid: number;
  start_ticks: string | null;
  run_id: string;
  agent_id: string;
  call_id: string;
  started_ms: number;
  repo: string;
}

export function lockPath(home: string, repoHash: string): string {
  return joinPath(stateFolder(home), `locks/${repoHash}.lock`);
}

function readHolder(fs: FileSystem, path: string, maxBytes: number): LockHolder | null {
  const value = parseJson(fs, path, maxBytes);
  if (value === null || typeof value.pid !== 'number') return null;
  return {
    pid: value.pid,
    start_ticks: typeof value.start_ticks === 'string' ? value.start_ticks : null,
    run_id: String(value.run_id ?? ''),
    agent_id: String(value.agent_id ?? ''),
    call_id: String(value.call_id ?? ''),
    started_ms: typeof value.started_ms === 'number' ? value.started_ms : 0,
    repo: String(value.repo ?? ''),
  };
}

// A takeover marker older than this was left by a helper that died while taking over a lock.
const TAKEOVER_STALE_MS = 30_000;
const LOCK_ATTEMPTS = 4;

export interface LockSystem {
  fs: FileSystem;
  processes: HarnessProcesses;
  now(): number;
  maxBytes: number;
}

/**
 * Take the repository's lock, or throw `busy` naming the task that holds it. A lock whose process is
 * gone (a helper killed, a container restarted) is taken over: under a second, exclusive marker, so
 * that two helpers finding the same dead lock cannot both take it.
 */
export function acquireLock(system: LockSystem, path: string, holder: LockHolder): void {
  const { fs, processes } = system;
  const content = JSON.stringify(holder) + '\n';
  try {
    fs.makeFolder(path.slice(0, path.lastIndexOf('/')));
  } catch (error) {
    throw codeTaskErrors.state('create the lock', path, stateFailure(error));
  }
  for (let attempt = 0; attempt < LOCK_ATTEMPTS; attempt++) {
    try {
      if (processes.createExclusive(path, content)) return;
    } catch (error) {
      throw codeTaskErrors.state('create the lock', path, stateFailure(error));
    }
    const current = readHolder(fs, path, system.maxBytes);
    if (current !== null && processes.isRunning(current.pid, current.start_ticks)) {
      throw codeTaskErrors.busy(holder.repo, current.call_id, system.now() - current.started_ms);
    }
    const marker = `${path}.takeover`;
    let taking = false;
    try {
      taking = processes.createExclusive(marker, content);
    } catch {
      taking = false;
    }
    if (!taking) {
      const info = fs.lstat(marker);
      if (info !== null && system.now() - info.mtimeMs > TAKEOVER_STALE_MS) fs.removeFile(marker);
      continue;
    }
    try {
      // Only the dead holder's lock goes: one written meanwhile by a live helper stays.
      const again = readHolder(fs, path, system.maxBytes);
      if (again === null || !processes.isRunning(again.pid, again.start_ticks)) fs.removeFile(path);
    } finally {
      fs.removeFile(marker);
    }
  }
  const last = readHolder(fs, path, system.maxBytes);
  throw codeTaskErrors.busy(holder.repo, last?.call_id ?? '?', system.now() - (last?.started_ms ?? system.now()));
}

/** Give the lock back, if it is still this task's. */
export function releaseLock(system: LockSystem, path: string, holder: LockHolder): void {
  const current = readHolder(system.fs, path, system.maxBytes);
  if (current !== null && current.pid === holder.pid && current.call_id === holder.call_id && current.started_ms === holder.started_ms) {
    try {
      system.fs.removeFile(path);
    } catch {
      // A lock left behind is taken over by the next task: its process is gone.
    }
  }
}
