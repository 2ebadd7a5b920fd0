// The run's working directory, kept in $HOME/.runs/<run_id>/cwd between calls.
import type { Io } from '../io/types.js';
import { joinPath, normalizeAbsolute } from '../paths.js';

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

function isFolder(io: Io, path: string): boolean {
  return io.fs.stat(path)?.kind === 'folder';
}

/** Where the request says a new run starts: absolute, or relative to the home; "" is the home. */
export function defaultWorkingDirectory(io: Io, defaultCwd: string): string {
  if (defaultCwd === '' || defaultCwd === '~') return io.home;
  if (defaultCwd.startsWith('~/')) return joinPath(io.home, defaultCwd.slice(2));
  return joinPath(io.home, defaultCwd);
}

/** The recorded folder if it still is one, else the request's default, else the home. */
export function loadWorkingDirectory(io: Io, runId: string, defaultCwd: string): string {
  let recorded: string | undefined;
  try {
    recorded = new TextDecoder().decode(io.fs.readFile(cwdFile(io, runId)));
  } catch {
    recorded = undefined;
  }
  if (recorded !== undefined && recorded.startsWith('/') && !/[\0\n]/.test(recorded)) {
    const folder = normalizeAbsolute(recorded);
    if (isFolder(io, folder)) return folder;
  }
  const fallback = defaultWorkingDirectory(io, defaultCwd);
  return isFolder(io, fallback) ? fallback : io.home;
}

/** Record the run's new working directory; a rename makes it whole for any call that overlaps. */
export function saveWorkingDirectory(io: Io, runId: string, folder: string): void {
  io.fs.makeFolder(runFolder(io, runId));
  io.fs.writeFileAtomic(cwdFile(io, runId), folder);
}
