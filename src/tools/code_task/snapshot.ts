// The diffstat of exactly one task: the working tree written as a git tree just before the harness
// starts and again after it ends, then `git diff-tree --stat` between the two. Edits the user made
// before the task are in both trees and do not count; commits the harness made during it, untracked
// new files, renames and binary files do; ignored files are in neither tree.
//
// A snapshot never touches the repository's index, HEAD, refs or files: it works on a copy of the
// index (GIT_INDEX_FILE), so `git add -A` and `git write-tree` only add loose objects, which nothing
// refers to and `git gc` later prunes. The copy keeps the real index's modification time, rounded
// down to the second: git trusts a cached entry whose file looks unchanged by size and time unless the
// index is no older than the file ("racy git"), so a copy stamped "now" would make a same-size edit
// made in the second of the last `git add` or commit look clean, and drop it from the diffstat. An
// index older than the real one only makes git hash a few more files.
import { DIFFSTAT_MAX_FILE_LINES, DIFFSTAT_WIDTH_COLUMNS, HARNESS_LINE_MAX_BYTES } from '../../limits.js';
import type { GitOutcome, GitProcesses } from './git-io.js';
import { dirName, isInside, relativePath } from '../../text/paths.js';
import { LineSplitter } from '../../text/line-splitter.js';
import { DiffstatCollector, type Diffstat } from './diffstat.js';

export type GitStep = 'find' | 'before' | 'after' | 'diff';

export type SnapshotProblem =
  | { kind: 'not_a_repository'; folder: string }
  | { kind: 'timed_out'; step: GitStep; timeoutMs: number }
  | { kind: 'failed'; step: GitStep; detail: string };

export type DiffstatOutcome = { kind: 'diff'; diffstat: Diffstat } | { kind: 'none'; problem: SnapshotProblem };

export interface Repository {
  /** The work tree's top folder, absolute, as git reports it. */
  topLevel: string;
  /** The real index, which is copied and never written. */
  indexPath: string;
}

export type Before = { kind: 'tree'; repository: Repository; tree: string } | { kind: 'none'; problem: SnapshotProblem };

export interface SnapshotLimits {
  /** Each git step (find, one snapshot, the diff) is stopped after this long. */
  timeoutMs: number;
  maxFileLines: number;
  statWidthColumns: number;
  lineMaxBytes: number;
}

/** The tool's own snapshot limits but the time limit, which a caller gives (tests shorten it). */
export function snapshotLimits(timeoutMs: number, overrides: Partial<SnapshotLimits> = {}): SnapshotLimits {
  return { timeoutMs, maxFileLines: DIFFSTAT_MAX_FILE_LINES, statWidthColumns: DIFFSTAT_WIDTH_COLUMNS, lineMaxBytes: HARNESS_LINE_MAX_BYTES, ...overrides };
}

export interface Snapshotter {
  git: GitProcesses;
  /** The agent's environment: only what git needs to find its config is taken from it. */
  agentEnv: Readonly<Record<string, string | undefined>>;
  home: string;
  /** Where the temporary index lives while a snapshot is written: `<scratchPrefix>.index`. */
  scratchPrefix: string;
  /** Folders never put in a snapshot (the helper's own logs and records, should the repository hold them). */
  excludedFolders: readonly string[];
  removeFile(path: string): void;
  limits: SnapshotLimits;
}

// Settings that would run a program or write outside the temporary index are off; paths are shown as
// they are (é, not \303\251); the split-index and fsmonitor extensions of a copied index are not kept.
const GIT_SETTINGS = [
  'core.fsmonitor=false',
  'core.hooksPath=/dev/null',
  'core.pager=cat',
  'core.quotePath=false',
  'core.splitIndex=false',
  'commit.gpgSign=false',
  'gc.auto=0',
  'maintenance.auto=false',
  'advice.addEmbeddedRepo=false',
];
const GIT_PREFIX: readonly string[] = ['--no-pager', ...GIT_SETTINGS.flatMap((setting) => ['-c', setting])];
const DEFAULT_PATH = '/usr/local/bin:/usr/bin:/bin';
// The variables that say where git's own config and programs are; every GIT_* of the agent's
// environment (GIT_DIR, GIT_INDEX_FILE, GIT_WORK_TREE, …) stays out.
const KEPT_VARIABLES = ['HOME', 'XDG_CONFIG_HOME', 'TMPDIR'];
const TREE_ID = /^[0-9a-f]{40}([0-9a-f]{24})?$/;
const NOT_A_REPOSITORY = /not a git repository/i;

/**
 * git's whole environment for a snapshot: the agent's PATH and config locations, the C locale for
 * stable output, no prompts, and no discovery of a repository above the home.
 */
export function gitEnvironment(
  agentEnv: Readonly<Record<string, string | undefined>>,
  home: string,
  indexFile: string | null,
): Record<string, string> {
  const env: Record<string, string> = { PATH: agentEnv.PATH || DEFAULT_PATH };
  for (const name of KEPT_VARIABLES) {
    const value = agentEnv[name];
    if (value !== undefined && value !== '') env[name] = value;
  }
  env.HOME = home;
  env.LC_ALL = 'C';
  env.GIT_TERMINAL_PROMPT = '0';
  env.GIT_OPTIONAL_LOCKS = '0';
  if (home !== '/') env.GIT_CEILING_DIRECTORIES = dirName(home);
  if (indexFile !== null) env.GIT_INDEX_FILE = indexFile;
  return env;
}

/** The pathspec of a snapshot: the whole work tree but the excluded folders inside it. */
export function snapshotPathspec(topLevel: string, excludedFolders: readonly string[]): string[] {
  const pathspec = [':/'];
  for (const folder of excludedFolders) {
    if (folder === topLevel || !isInside(folder, topLevel)) continue;
    pathspec.push(`:(top,exclude,literal)${relativePath(topLevel, folder)}`);
  }
  return pathspec;
}

function firstLineOf(text: string): string {
  const lines = text.split('\n').map((line) => line.trim()).filter((line) => line !== '');
  return lines.find((line) => line.startsWith('fatal:') || line.startsWith('error:')) ?? lines[0] ?? 'no reason given';
}

class SnapshotFailure extends Error {
  constructor(readonly problem: SnapshotProblem) {
    super(problem.kind);
  }
}

interface StepOutput {
  outcome: GitOutcome;
  lines: string[];
}

async function runStep(
  snapshotter: Snapshotter,
  step: GitStep,
  cwd: string,
  args: readonly string[],
  indexFile: string | null,
  onLine?: (line: string) => void,
): Promise<StepOutput> {
  const { git, limits } = snapshotter;
  const lines: string[] = [];
  const splitter = new LineSplitter((line) => (onLine ? onLine(line) : lines.push(line)), limits.lineMaxBytes);
  let outcome: GitOutcome;
  try {
    outcome = await git.run(
      {
        args: [...GIT_PREFIX, ...args],
        cwd,
        env: gitEnvironment(snapshotter.agentEnv, snapshotter.home, indexFile),
        timeoutMs: limits.timeoutMs,
      },
      (bytes) => splitter.write(bytes),
    );
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    throw new SnapshotFailure({ kind: 'failed', step, detail: typeof code === 'string' ? `git: ${code}` : String(error) });
  }
  splitter.end();
  if (outcome.timedOut) throw new SnapshotFailure({ kind: 'timed_out', step, timeoutMs: limits.timeoutMs });
  return { outcome, lines };
}

function failIfExited(step: GitStep, { outcome }: StepOutput): void {
  if (outcome.exitCode !== 0) throw new SnapshotFailure({ kind: 'failed', step, detail: firstLineOf(outcome.stderrTail) });
}

async function findRepository(snapshotter: Snapshotter, folder: string): Promise<Repository> {
  const output = await runStep(snapshotter, 'find', folder, ['rev-parse', '--show-toplevel', '--absolute-git-dir'], null);
  if (output.outcome.exitCode !== 0 && NOT_A_REPOSITORY.test(output.outcome.stderrTail)) {
    throw new SnapshotFailure({ kind: 'not_a_repository', folder });
  }
  failIfExited('find', output);
  const [topLevel, gitDir] = output.lines;
  if (!topLevel?.startsWith('/') || !gitDir?.startsWith('/')) {
    throw new SnapshotFailure({ kind: 'failed', step: 'find', detail: 'git did not name the work tree' });
  }
  return { topLevel, indexPath: `${gitDir}/index` };
}

function removeScratch(snapshotter: Snapshotter, indexFile: string): void {
  for (const path of [indexFile, `${indexFile}.lock`]) {
    try {
      snapshotter.removeFile(path);
    } catch {
      // Left in the run's folder, which goes with the run.
    }
  }
}

/** The working tree as a git tree id, written through a temporary copy of the index. */
async function writeTree(snapshotter: Snapshotter, repository: Repository, step: 'before' | 'after'): Promise<string> {
  const indexFile = `${snapshotter.scratchPrefix}.index`;
  removeScratch(snapshotter, indexFile);
  try {
    try {
      // A repository with no index yet (nothing ever added) starts from an empty one.
      snapshotter.git.copyKeepingMtime(repository.indexPath, indexFile);
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      throw new SnapshotFailure({ kind: 'failed', step, detail: `cannot copy the index: ${typeof code === 'string' ? code : String(error)}` });
    }
    const pathspec = snapshotPathspec(repository.topLevel, snapshotter.excludedFolders);
    // --ignore-errors: a file that cannot be read is left out of the snapshot, not the whole diffstat.
    const added = await runStep(snapshotter, step, repository.topLevel, ['add', '-A', '--ignore-errors', '--', ...pathspec], indexFile);
    if (added.outcome.exitCode !== 0 && /^fatal:/m.test(added.outcome.stderrTail)) failIfExited(step, added);
    const written = await runStep(snapshotter, step, repository.topLevel, ['write-tree'], indexFile);
    failIfExited(step, written);
    const tree = written.lines[0] ?? '';
    if (!TREE_ID.test(tree)) throw new SnapshotFailure({ kind: 'failed', step, detail: 'git write-tree gave no tree id' });
    return tree;
  } finally {
    removeScratch(snapshotter, indexFile);
  }
}

/** The snapshot taken just before the harness starts, in the repository that holds `folder`. */
export async function snapshotBefore(snapshotter: Snapshotter, folder: string): Promise<Before> {
  try {
    const repository = await findRepository(snapshotter, folder);
    return { kind: 'tree', repository, tree: await writeTree(snapshotter, repository, 'before') };
  } catch (error) {
    if (error instanceof SnapshotFailure) return { kind: 'none', problem: error.problem };
    throw error;
  }
}

/** The snapshot after the harness ended, and the diffstat between the two. */
export async function diffSince(snapshotter: Snapshotter, before: Before): Promise<DiffstatOutcome> {
  if (before.kind === 'none') return before;
  try {
    const after = await writeTree(snapshotter, before.repository, 'after');
    const collector = new DiffstatCollector(snapshotter.limits.maxFileLines);
    const args = [
      'diff-tree',
      '-r',
      '-M',
      '--numstat',
      `--stat=${snapshotter.limits.statWidthColumns}`,
      '--no-color',
      '--no-ext-diff',
      '--no-textconv',
      before.tree,
      after,
    ];
    const output = await runStep(snapshotter, 'diff', before.repository.topLevel, args, null, (line) => collector.line(line));
    failIfExited('diff', output);
    return { kind: 'diff', diffstat: collector.result() };
  } catch (error) {
    if (error instanceof SnapshotFailure) return { kind: 'none', problem: error.problem };
    throw error;
  }
}
