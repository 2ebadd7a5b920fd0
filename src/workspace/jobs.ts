// The records of background jobs, and the truth about them read back from /proc. A job outlives the
// helper that started it, so everything about it lives on disk under
// $GUILDS_RUN_DIR/<agent_id>/background/:
//   bN.json  the record, written once the job has started (claimed first, to allocate the id)
//   bN.exit  the command's exit status, written by its supervisor when it ends (mtime: the end)
//   bN.stop  a stop was requested (holds when)
//   bN.killed  the SIGKILL that follows a stop reached the job (mtime: when)
import type { ProcessStat } from '../io/background-types.js';
import type { Io } from '../io/types.js';
import { JOB_RECORD_MAX_BYTES, JOB_STATUS_FILE_MAX_BYTES } from '../limits.js';
import { isInside, joinPath, normalizeAbsolute } from '../text/paths.js';
import { runsFolder } from './workdir.js';

export const BACKGROUND_ID_PATTERN = /^b([1-9][0-9]{0,8})$/;
const RECORD_FILE_PATTERN = /^b([1-9][0-9]{0,8})\.json$/;
// The environment entry that marks every process of a job: it ties a process group to its record,
// so a forged or stale record can never lead to a stranger being signalled.
export const JOB_MARKER_VARIABLE = 'GUILDS_BACKGROUND_JOB';
const EXIT_STATUS_PATTERN = /^([0-9]{1,3})\n?$/;
const EXIT_STATUS_MAX = 255;

/** What a job's files and /proc say it is doing. */
export type JobState =
  | { kind: 'running' }
  | { kind: 'exited'; exitCode: number }
  | { kind: 'stopping' }
  | { kind: 'stopped' }
  | { kind: 'ended' };

export interface JobRecord {
  id: string;
  command: string;
  cwd: string;
  log_path: string;
  run_id: string;
  call_id: string;
  started_at_ms: number;
  /** The supervisor: leader of the job's session and process group. null until it has started. */
  pid: number | null;
  process_group: number | null;
  /** Field 22 of /proc/<pid>/stat when it started. */
  start_ticks: string | null;
}

/** One job as read back: its record (or why it cannot be trusted) and what its supervisor left. */
export interface JobFiles {
  id: string;
  number: number;
  record: JobRecord | null;
  /** Why the record is not used, when it is not. */
  problem?: RecordProblem;
  exitCode: number | null;
  /** When the job ended: its exit status was written, or the SIGKILL of a stop reached it. */
  endedAtMs: number | null;
  stopRequestedAtMs: number | null;
}

export interface JobStatus {
  files: JobFiles;
  record: JobRecord;
  state: JobState;
  /** Some process of the job is still alive (also when the command itself has exited). */
  alive: boolean;
  elapsedMs: number;
}

export function backgroundFolder(io: Io, agentId: string): string {
  return joinPath(joinPath(io.runDir, agentId), 'background');
}

export function recordPath(folder: string, id: string): string {
  return joinPath(folder, `${id}.json`);
}

export function exitPath(folder: string, id: string): string {
  return joinPath(folder, `${id}.exit`);
}

export function stopPath(folder: string, id: string): string {
  return joinPath(folder, `${id}.stop`);
}

export function killedPath(folder: string, id: string): string {
  return joinPath(folder, `${id}.killed`);
}

export function jobMarker(folder: string, id: string): string {
  return `${JOB_MARKER_VARIABLE}=${recordPath(folder, id)}`;
}

/**
 * The names in the agent's folder of jobs; none when it cannot be read. An agent that never started
 * a background command has no folder: a stat says so for a tenth of what the failed listing's
 * thrown error costs, at every shell_status of such an agent.
 */
function jobFolderNames(io: Io, folder: string): string[] {
  try {
    return io.fs.stat(folder) === null ? [] : io.fs.listFolder(folder);
  } catch {
    return [];
  }
}

/** The numbers of every job recorded, in order. */
export function recordedJobNumbers(io: Io, folder: string): number[] {
  const names = jobFolderNames(io, folder);
  const numbers: number[] = [];
  for (const name of names) {
    const match = RECORD_FILE_PATTERN.exec(name);
    if (match) numbers.push(Number(match[1]));
  }
  return numbers.sort((a, b) => a - b);
}

const JOB_FILE_PATTERN = /^b([1-9][0-9]{0,8})\.(?:json|exit|stop|killed)$/;

/**
 * The highest job number any file of the folder names: an id is never handed out again, even if its
 * record was removed and only its exit status was left behind.
 */
export function highestJobNumber(io: Io, folder: string): number {
  const names = jobFolderNames(io, folder);
  let highest = 0;
  for (const name of names) {
    const match = JOB_FILE_PATTERN.exec(name);
    if (match) highest = Math.max(highest, Number(match[1]));
  }
  return highest;
}

function readSmallFile(io: Io, path: string, maxBytes: number): string | null {
  const info = io.fs.lstat(path);
  if (info === null || info.kind !== 'file' || info.size > maxBytes) return null;
  try {
    return new TextDecoder().decode(io.fs.readFile(path));
  } catch {
    return null;
  }
}

function isWholeNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value);
}

/** Why a record is not used: not what the helper writes, or a log path outside the agent's folders. */
export type RecordProblem = 'unreadable' | 'outside_folders';

/** The record if every field is what the helper writes; otherwise why not. */
export function validateRecord(io: Io, id: string, value: unknown): JobRecord | RecordProblem {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'unreadable';
  const record = value as Record<string, unknown>;
  if (record.id !== id) return 'unreadable';
  for (const field of ['command', 'cwd', 'log_path', 'run_id', 'call_id']) {
    if (typeof record[field] !== 'string') return 'unreadable';
  }
  if (!isWholeNumber(record.started_at_ms)) return 'unreadable';
  const logPath = record.log_path as string;
  if (!logPath.startsWith('/') || logPath.includes('\0') || normalizeAbsolute(logPath) !== logPath || !isInside(logPath, runsFolder(io)) || logPath === runsFolder(io)) {
    return 'outside_folders';
  }
  const pid = record.pid;
  if (pid !== null) {
    if (!isWholeNumber(pid) || pid <= 1 || record.process_group !== pid) return 'unreadable';
    if (record.start_ticks !== null && (typeof record.start_ticks !== 'string' || !/^[0-9]+$/.test(record.start_ticks))) {
      return 'unreadable';
    }
  }
  return {
    id,
    command: record.command as string,
    cwd: record.cwd as string,
    log_path: logPath,
    run_id: record.run_id as string,
    call_id: record.call_id as string,
    started_at_ms: record.started_at_ms as number,
    pid: pid as number | null,
    process_group: pid as number | null,
    start_ticks: pid === null ? null : ((record.start_ticks as string | null) ?? null),
  };
}

/** Read one job's files; null when there is no record of that id. */
export function readJobFiles(io: Io, folder: string, id: string): JobFiles | null {
  const number = Number(BACKGROUND_ID_PATTERN.exec(id)?.[1] ?? NaN);
  const path = recordPath(folder, id);
  if (io.fs.lstat(path) === null) return null;
  const files: JobFiles = { id, number, record: null, exitCode: null, endedAtMs: null, stopRequestedAtMs: null };
  const text = readSmallFile(io, path, JOB_RECORD_MAX_BYTES);
  let parsed: unknown = undefined;
  try {
    parsed = text === null ? undefined : JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  const record = validateRecord(io, id, parsed);
  if (typeof record === 'string') files.problem = record;
  else files.record = record;

  const exit = exitPath(folder, id);
  const status = EXIT_STATUS_PATTERN.exec(readSmallFile(io, exit, JOB_STATUS_FILE_MAX_BYTES) ?? '');
  if (status && Number(status[1]) <= EXIT_STATUS_MAX) {
    files.exitCode = Number(status[1]);
    files.endedAtMs = io.fs.lstat(exit)?.mtimeMs ?? null;
  } else {
    files.endedAtMs = io.fs.lstat(killedPath(folder, id))?.mtimeMs ?? null;
  }
  const stop = io.fs.lstat(stopPath(folder, id));
  if (stop !== null) {
    // The request's own clock reading, written in the file; its mtime where that is unreadable.
    const written = Date.parse(readSmallFile(io, stopPath(folder, id), JOB_STATUS_FILE_MAX_BYTES)?.trim() ?? '');
    files.stopRequestedAtMs = Number.isFinite(written) ? written : stop.mtimeMs;
  }
  return files;
}

export type LeaderState = 'alive' | 'zombie' | 'gone' | 'stranger';

/**
 * The processes of the machine, read from /proc once per call and only when needed: the members of
 * a job whose leader is gone are found by their process group.
 */
export class ProcessTable {
  private byGroup: Map<number, number[]> | null = null;

  constructor(private readonly io: Io) {}

  leaderState(record: JobRecord, marker: string): LeaderState {
    const { background } = this.io;
    if (record.pid === null || record.start_ticks === null) return 'stranger';
    if (record.pid === background.ownPid) return 'stranger';
    const stat = background.processStat(record.pid);
    if (stat === null) return 'gone';
    // The leader of a job's session is its own group and session; the start time tells a reused pid.
    if (stat.startTicks !== record.start_ticks || stat.processGroup !== record.pid || stat.session !== record.pid) {
      return 'stranger';
    }
    if (stat.state === 'Z') return 'zombie';
    return background.environmentHas(record.pid, marker) ? 'alive' : 'stranger';
  }

  /** Live members of the group other than its leader that carry the job's marker. */
  liveMembers(record: JobRecord, marker: string): number[] {
    return this.liveMemberStats(record, marker).map((stat) => stat.pid);
  }

  /** The job's shell: the live members the supervisor started itself (its children in the group). */
  shells(record: JobRecord, marker: string): number[] {
    return this.liveMemberStats(record, marker)
      .filter((stat) => stat.parent === record.pid)
      .map((stat) => stat.pid);
  }

  private liveMemberStats(record: JobRecord, marker: string): ProcessStat[] {
    if (record.pid === null) return [];
    // Most jobs that have ended left nothing behind: one system call says so without reading /proc.
    if (!this.io.background.groupExists(record.pid)) return [];
    const { background } = this.io;
    const stats: ProcessStat[] = [];
    for (const pid of this.groupMembers(record.pid)) {
      if (pid === record.pid || pid === background.ownPid) continue;
      const stat = background.processStat(pid);
      if (
        stat !== null &&
        stat.state !== 'Z' &&
        stat.processGroup === record.pid &&
        stat.session === record.pid &&
        background.environmentHas(pid, marker)
      ) {
        stats.push(stat);
      }
    }
    return stats;
  }

  /** Whether any process of the job is alive, and whether its group may be signalled. */
  jobAlive(record: JobRecord, marker: string): boolean {
    const leader = this.leaderState(record, marker);
    if (leader === 'alive') return true;
    if (leader === 'stranger') return false;
    // The group's id cannot go to another process while any member lives, and a member that carries
    // the job's marker in that session is the job's.
    return this.liveMembers(record, marker).length > 0;
  }

  private groupMembers(group: number): number[] {
    if (this.byGroup === null) {
      this.byGroup = new Map();
      for (const pid of this.io.background.listProcesses()) {
        const stat = this.io.background.processStat(pid);
        if (stat === null) continue;
        const list = this.byGroup.get(stat.processGroup) ?? [];
        list.push(pid);
        this.byGroup.set(stat.processGroup, list);
      }
    }
    return this.byGroup.get(group) ?? [];
  }

  /** Forget what was read, so that the next question reads /proc again. */
  refresh(): void {
    this.byGroup = null;
  }
}

export function deriveState(files: JobFiles, record: JobRecord, alive: boolean): JobState {
  if (files.stopRequestedAtMs !== null) return alive ? { kind: 'stopping' } : { kind: 'stopped' };
  if (files.exitCode !== null) return { kind: 'exited', exitCode: files.exitCode };
  if (record.pid === null) return { kind: 'ended' };
  return alive ? { kind: 'running' } : { kind: 'ended' };
}

/**
 * When the job ended, as far as anyone can tell: its exit status or the stop's SIGKILL say so exactly;
 * a job that died otherwise ended at its last sign of life (its stop request or its last output).
 */
function endTime(io: Io, files: JobFiles, record: JobRecord, alive: boolean, now: number): number {
  if (files.exitCode !== null && files.endedAtMs !== null) return files.endedAtMs;
  if (alive) return now;
  if (files.endedAtMs !== null) return files.endedAtMs;
  const lastOutput = io.fs.lstat(record.log_path)?.mtimeMs ?? record.started_at_ms;
  return Math.max(record.started_at_ms, lastOutput, files.stopRequestedAtMs ?? 0);
}

export function jobStatus(io: Io, folder: string, files: JobFiles, table: ProcessTable): JobStatus | null {
  const record = files.record;
  if (record === null) return null;
  const alive = record.pid !== null && table.jobAlive(record, jobMarker(folder, files.id));
  // The files were read before the processes were looked at: a job that ended in between has its exit
  // status on disk by now (the supervisor writes it before it goes), and is not 'ended'.
  const current = !alive && files.exitCode === null ? (readJobFiles(io, folder, files.id) ?? files) : files;
  const now = io.now();
  const elapsedMs = Math.max(0, endTime(io, current, record, alive, now) - record.started_at_ms);
  return { files: current, record, state: deriveState(current, record, alive), alive, elapsedMs };
}
