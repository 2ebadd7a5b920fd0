// Real git repositories in temporary folders, and a fingerprint of everything a snapshot must leave
// as it was: the index's bytes and time, HEAD, every ref, and every working-tree file with its time.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { nodeGitProcesses } from '../../../src/tools/code_task/node/git.js';
import {
  DIFFSTAT_MAX_FILE_LINES,
  DIFFSTAT_WIDTH_COLUMNS,
  HARNESS_LINE_MAX_BYTES,
  SNAPSHOT_TIMEOUT_MS,
} from '../../../src/limits.js';
import type { Snapshotter } from '../../../src/tools/code_task/snapshot.js';

// git's own variables of the test process (a hook's GIT_DIR, say) must not reach the repositories here.
const GIT_ENV = {
  PATH: process.env.PATH ?? '/usr/bin:/bin',
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_AUTHOR_NAME: 'Test',
  GIT_AUTHOR_EMAIL: 'test@example.com',
  GIT_COMMITTER_NAME: 'Test',
  GIT_COMMITTER_EMAIL: 'test@example.com',
  LC_ALL: 'C',
};

export interface Scratch {
  /** Stands for the agent's home. */
  home: string;
  repo: string;
  /** Where the snapshots' temporary index goes. */
  runFolder: string;
  cleanup(): void;
}

export function makeScratch(): Scratch {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'guilds-snapshot-')));
  const home = join(root, 'home');
  const repo = join(home, 'repos', 'app');
  const runFolder = join(home, '.runs', 'r1');
  mkdirSync(repo, { recursive: true });
  mkdirSync(runFolder, { recursive: true });
  writeFileSync(join(home, '.gitconfig'), '[init]\n\tdefaultBranch = main\n');
  return { home, repo, runFolder, cleanup: () => rmSync(root, { recursive: true, force: true }) };
}

export function git(scratch: Scratch, ...args: string[]): string {
  return execFileSync('git', args, { cwd: scratch.repo, env: { ...GIT_ENV, HOME: scratch.home }, encoding: 'utf8' });
}

export function write(scratch: Scratch, path: string, content: string | Uint8Array): void {
  const full = join(scratch.repo, path);
  mkdirSync(dirname(full), { recursive: true });
  writeFileSync(full, content);
}

export function initRepo(scratch: Scratch, files: Record<string, string | Uint8Array> = {}): void {
  git(scratch, 'init', '-q');
  for (const [path, content] of Object.entries(files)) write(scratch, path, content);
  if (Object.keys(files).length > 0) {
    git(scratch, 'add', '-A');
    git(scratch, 'commit', '-qm', 'start');
  }
}

function sha(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

function listTree(root: string, folder: string, out: string[]): void {
  for (const name of readdirSync(join(root, folder)).sort()) {
    const path = folder === '' ? name : `${folder}/${name}`;
    if (path === '.git') continue;
    const info = lstatSync(join(root, path));
    if (info.isDirectory()) listTree(root, path, out);
    else out.push(`${path} ${info.size} ${info.mtimeMs} ${info.isFile() ? sha(readFileSync(join(root, path))) : 'other'}`);
  }
}

/** Everything of the repository's state a snapshot must not change. */
export function fingerprint(scratch: Scratch): Record<string, unknown> {
  const gitDir = join(scratch.repo, '.git');
  const indexPath = join(gitDir, 'index');
  const files: string[] = [];
  listTree(scratch.repo, '', files);
  return {
    index: existsSync(indexPath) ? `${sha(readFileSync(indexPath))} ${lstatSync(indexPath).mtimeMs}` : 'none',
    head: readFileSync(join(gitDir, 'HEAD'), 'utf8'),
    refs: git(scratch, 'for-each-ref', '--format=%(refname) %(objectname)'),
    packedRefs: existsSync(join(gitDir, 'packed-refs')) ? readFileSync(join(gitDir, 'packed-refs'), 'utf8') : 'none',
    files,
  };
}

export function snapshotterFor(scratch: Scratch, overrides: Partial<Snapshotter> = {}): Snapshotter {
  return {
    git: nodeGitProcesses,
    agentEnv: { PATH: process.env.PATH },
    home: scratch.home,
    scratchPrefix: join(scratch.runFolder, 'c1'),
    excludedFolders: [join(scratch.home, '.runs')],
    removeFile: (path) => rmSync(path, { force: true }),
    limits: {
      timeoutMs: SNAPSHOT_TIMEOUT_MS,
      maxFileLines: DIFFSTAT_MAX_FILE_LINES,
      statWidthColumns: DIFFSTAT_WIDTH_COLUMNS,
      lineMaxBytes: HARNESS_LINE_MAX_BYTES,
    },
    ...overrides,
  };
}
