// Runs and their logs: only the agent's most recently used runs keep their $HOME/.runs/<run_id>/
// folders. Every call marks its run as used; the first call of a new run removes the oldest others.
import type { Io } from '../io/types.js';
import { RUN_USE_MARK_INTERVAL_MS, RUN_USE_MARKS_KEPT, RUNS_KEPT_COUNT } from '../limits.js';
import { isValidId } from '../contract/ids.js';
import { isInside, joinPath } from '../text/paths.js';
import { backgroundFolder, jobMarker, ProcessTable, readJobFiles, recordedJobNumbers } from './jobs.js';
import { runFolder, runsFolder } from './workdir.js';

/** The folders holding the log of a background job with a process still alive. */
function foldersInUse(io: Io, agentId: string): string[] {
  const folder = backgroundFolder(io, agentId);
  const table = new ProcessTable(io);
  const inUse: string[] = [];
  for (const number of recordedJobNumbers(io, folder)) {
    const id = `b${number}`;
    const record = readJobFiles(io, folder, id)?.record;
    if (record && record.pid !== null && table.jobAlive(record, jobMarker(folder, id))) inUse.push(record.log_path);
  }
  return inUse;
}

/**
 * Remove all but the `keep` most recently used run folders (by modification time, which every call
 * of a run renews), sparing those that hold the log of a job still running.
 */
export function pruneRuns(io: Io, agentId: string, keep: number): string[] {
  const root = runsFolder(io);
  // A .runs that is a link could lead anywhere, and every folder there would look like an old run.
  if (io.fs.lstat(root)?.kind !== 'folder') return [];
  let names: string[];
  try {
    names = io.fs.listFolder(root);
  } catch {
    return [];
  }
  const runs: { path: string; name: string; mtimeMs: number }[] = [];
  for (const name of names) {
    // Only a name a run id could have is a run's folder.
    if (!isValidId(name)) continue;
    const path = joinPath(root, name);
    const info = io.fs.lstat(path);
    if (info?.kind === 'folder') runs.push({ path, name, mtimeMs: info.mtimeMs });
  }
  if (runs.length <= keep) return [];
  runs.sort((a, b) => b.mtimeMs - a.mtimeMs || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const candidates = runs.slice(keep);
  const logsInUse = foldersInUse(io, agentId);
  const removed: string[] = [];
  for (const run of candidates) {
    if (logsInUse.some((log) => isInside(log, run.path))) continue;
    io.fs.removeTree(run.path);
    removed.push(run.path);
  }
  return removed;
}

/**
 * Mark the run as used now. A run seen for the first time makes room first: with its own folder,
 * RUNS_KEPT_COUNT are kept. Keeping house never fails the call. A helper that answers many calls
 * (`io.runUseMarks`) marks a run it marked less than RUN_USE_MARK_INTERVAL_MS ago only once.
 */
export function noteRunUse(io: Io, runId: string, agentId: string): void {
  const folder = runFolder(io, runId);
  const marks = io.runUseMarks;
  const now = marks === undefined ? 0 : io.now();
  const markedAt = marks?.get(folder);
  if (markedAt !== undefined && now >= markedAt && now - markedAt < RUN_USE_MARK_INTERVAL_MS) return;
  try {
    const info = io.fs.lstat(folder);
    if (info !== null) {
      if (info.kind === 'folder') {
        io.fs.touch(folder);
        rememberMark(marks, folder, now);
      }
      return;
    }
    pruneRuns(io, agentId, RUNS_KEPT_COUNT - 1);
    io.fs.makeFolder(folder);
  } catch {
    // A full disk or a read-only home must not cost the agent its tool call.
  }
}

function rememberMark(marks: Map<string, number> | undefined, folder: string, now: number): void {
  if (marks === undefined) return;
  if (marks.size >= RUN_USE_MARKS_KEPT) marks.clear();
  marks.set(folder, now);
}
