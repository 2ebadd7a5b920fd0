// The run's working directory, kept in $HOME/.runs/<run_id>/cwd between calls.
import { CWD_FILE_MAX_BYTES } from '../limits.js';
import type { Io } from '../io/types.js';
import { workingDirectoryNotRecorded } from '../contract/errors.js';
import { stateFailure } from '../text/errno.js';
import { expandHome, joinPath, normalizeAbsolute } from '../text/paths.js';

export const RUNS_FOLDER_NAME = '.runs';

export function runsFolder(io: Io): string {
  return joinPath(io.home, RUNS_FOLDER_NAME);
}

export function runFolder(io: Io, runId: string): string {
  return joinPath(runsFolder(io), runId);
}

function cwdFile(io: Io, runId: string): string {
  return joinPath(runFolder(io, runId), 'cwd');
}

/** A looping link or an over-long path recorded as the cwd is no folder, not a failed call. */
function isFolder(io: Io, path: string): boolean {
  try {
    return io.fs.stat(path)?.kind === 'folder';
  } catch {
    return false;
  }
}

/** Where the request says a new run starts: absolute, or relative to the home; "" is the home. */
export function defaultWorkingDirectory(io: Io, defaultCwd: string): string {
  return defaultCwd === '' ? io.home : expandHome(defaultCwd, io.home, io.home);
}

/** The run's cwd record as written, or undefined when there is none that can be read. */
function recordedText(io: Io, runId: string): string | undefined {
  const path = cwdFile(io, runId);
  try {
    // A run that never ran a shell has no record: a stat says so for a tenth of what the failed
    // open's thrown error costs, at every file_read of such a run.
    if (io.fs.stat(path) === null) return undefined;
    return new TextDecoder().decode(io.fs.readFile(path, CWD_FILE_MAX_BYTES));
  } catch {
    return undefined;
  }
}

/** The run's working directory, and whether the run's record names it (false: the default stands in). */
export interface WorkingDirectory {
  folder: string;
  recorded: boolean;
}

/** The recorded folder if it still is one, else the request's default, else the home. */
export function loadWorkingDirectoryOf(io: Io, runId: string, defaultCwd: string): WorkingDirectory {
  const recorded = recordedText(io, runId);
  if (recorded !== undefined && recorded.startsWith('/') && !/[\0\n]/.test(recorded)) {
    const folder = normalizeAbsolute(recorded);
    if (isFolder(io, folder)) return { folder, recorded: folder === recorded };
  }
  const fallback = defaultWorkingDirectory(io, defaultCwd);
  if (fallback === io.home) return { folder: io.home, recorded: false };
  return { folder: isFolder(io, fallback) ? fallback : io.home, recorded: false };
}

/**
 * Record the run's new working directory; a rename makes it whole for any call that overlaps. Most
 * commands end where they started: a record that already says so is left as it is, which spares
 * every such call a write and a rename.
 */
export function saveWorkingDirectory(io: Io, runId: string, folder: string): void {
  if (recordedText(io, runId) === folder) return;
  try {
    io.fs.makeFolder(runFolder(io, runId));
    io.fs.writeFileAtomic(cwdFile(io, runId), folder);
  } catch (error) {
    throw workingDirectoryNotRecorded(cwdFile(io, runId), stateFailure(error));
  }
}
