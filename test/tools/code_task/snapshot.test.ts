import { chmodSync, existsSync, lstatSync, mkdirSync, renameSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  diffSince,
  gitEnvironment,
  snapshotBefore,
  snapshotPathspec,
  type DiffstatOutcome,
  type Snapshotter,
} from '../../../src/tools/code_task/snapshot.js';
import { fingerprint, git, initRepo, makeScratch, snapshotterFor, write, type Scratch } from './git-fixtures.js';

let scratch: Scratch;
beforeEach(() => {
  scratch = makeScratch();
});
afterEach(() => scratch.cleanup());

/**
 * Snapshot, let the task do its work, snapshot again; and check that neither snapshot changed the
 * index, HEAD, a ref or a working-tree file.
 */
async function runTask(task: () => void, snapshotter: Snapshotter = snapshotterFor(scratch)): Promise<DiffstatOutcome> {
  const beforeFirst = fingerprint(scratch);
  const before = await snapshotBefore(snapshotter, scratch.repo);
  expect(fingerprint(scratch)).toEqual(beforeFirst);
  task();
  const beforeSecond = fingerprint(scratch);
  const outcome = await diffSince(snapshotter, before);
  expect(fingerprint(scratch)).toEqual(beforeSecond);
  expect(existsSync(join(scratch.runFolder, 'c1.index'))).toBe(false);
  return outcome;
}

function diffOf(outcome: DiffstatOutcome) {
  if (outcome.kind !== 'diff') throw new Error(`expected a diff, got ${JSON.stringify(outcome)}`);
  return outcome.diffstat;
}

const LINES = (count: number, word = 'line') => Array.from({ length: count }, (_, i) => `${word} ${i + 1}\n`).join('');

describe('the diffstat of one task', () => {
  it('leaves out edits the user made before the task, committed or not', async () => {
    initRepo(scratch, { 'a.txt': 'one\n', 'b.txt': 'two\n' });
    write(scratch, 'a.txt', 'one\nuser edit\n');
    write(scratch, 'user-notes.txt', 'untracked before the task\n');
    git(scratch, 'add', 'a.txt');
    write(scratch, 'a.txt', 'one\nuser edit\nand more\n');
    const diffstat = diffOf(await runTask(() => write(scratch, 'b.txt', 'two\nharness\n')));
    expect(diffstat).toEqual({
      fileLines: [' b.txt | 1 +'],
      fileLineCount: 1,
      summary: ' 1 file changed, 1 insertion(+)',
      filesChanged: 1,
      insertions: 1,
      deletions: 0,
    });
  });

  it('counts commits the harness made during the task, and what it left uncommitted', async () => {
    initRepo(scratch, { 'src/greet.js': 'hello\n' });
    const diffstat = diffOf(
      await runTask(() => {
        write(scratch, 'src/greet.js', 'hello\nworld\n');
        write(scratch, 'test/greet.test.js', LINES(3));
        git(scratch, 'add', '-A');
        git(scratch, 'commit', '-qm', 'harness');
        write(scratch, 'README.md', 'not committed\n');
      }),
    );
    expect(diffstat.fileLines).toEqual([
      ' README.md          | 1 +',
      ' src/greet.js       | 1 +',
      ' test/greet.test.js | 3 +++',
    ]);
    expect(diffstat.summary).toBe(' 3 files changed, 5 insertions(+)');
  });

  it('counts untracked new files, in new folders too', async () => {
    initRepo(scratch, { 'a.txt': 'a\n' });
    const diffstat = diffOf(await runTask(() => write(scratch, 'deep/new/file.js', LINES(2))));
    expect(diffstat.fileLines).toEqual([' deep/new/file.js | 2 ++']);
    expect(diffstat.summary).toBe(' 1 file changed, 2 insertions(+)');
  });

  it('shows a renamed file as a rename, not as a deletion and an addition', async () => {
    initRepo(scratch, { 'src/old-name.js': LINES(20) });
    const diffstat = diffOf(
      await runTask(() => {
        mkdirSync(join(scratch.repo, 'lib'));
        renameSync(join(scratch.repo, 'src/old-name.js'), join(scratch.repo, 'lib/new-name.js'));
      }),
    );
    expect(diffstat.fileLines).toEqual([' src/old-name.js => lib/new-name.js | 0']);
    expect(diffstat.summary).toBe(' 1 file changed, 0 insertions(+), 0 deletions(-)');
    expect(diffstat.filesChanged).toBe(1);
  });

  it('shows binary files by their sizes', async () => {
    initRepo(scratch, { 'logo.png': new Uint8Array([0x89, 0x50, 0x00, 0x01]) });
    const diffstat = diffOf(
      await runTask(() => {
        write(scratch, 'logo.png', new Uint8Array([0x89, 0x50, 0x00, 0x02, 0x03]));
        write(scratch, 'icon.bin', new Uint8Array([0, 1, 2]));
      }),
    );
    expect(diffstat.fileLines).toEqual([' icon.bin | Bin 0 -> 3 bytes', ' logo.png | Bin 4 -> 5 bytes']);
    expect(diffstat).toMatchObject({ filesChanged: 2, insertions: 0, deletions: 0, summary: ' 2 files changed, 0 insertions(+), 0 deletions(-)' });
  });

  it('counts a deleted file', async () => {
    initRepo(scratch, { 'gone.txt': LINES(3), 'kept.txt': 'k\n' });
    const diffstat = diffOf(await runTask(() => rmSync(join(scratch.repo, 'gone.txt'))));
    expect(diffstat.fileLines).toEqual([' gone.txt | 3 ---']);
    expect(diffstat.summary).toBe(' 1 file changed, 3 deletions(-)');
  });

  it('leaves ignored files out', async () => {
    initRepo(scratch, { '.gitignore': '*.log\nbuild/\n', 'a.txt': 'a\n' });
    const outcome = await runTask(() => {
      write(scratch, 'build/out.js', 'built\n');
      write(scratch, 'debug.log', 'noise\n');
    });
    expect(diffOf(outcome)).toMatchObject({ fileLines: [], summary: null, filesChanged: 0 });
  });

  it('has no summary when the task changed nothing', async () => {
    initRepo(scratch, { 'a.txt': 'a\n' });
    write(scratch, 'a.txt', 'dirty before\n');
    expect(diffOf(await runTask(() => {}))).toEqual({
      fileLines: [],
      fileLineCount: 0,
      summary: null,
      filesChanged: 0,
      insertions: 0,
      deletions: 0,
    });
  });

  it('works in the middle of a merge with a conflict, leaving the unmerged index as it is', async () => {
    initRepo(scratch, { 'a.txt': 'base\n', 'b.txt': 'b\n' });
    git(scratch, 'checkout', '-qb', 'other');
    write(scratch, 'a.txt', 'other\n');
    git(scratch, 'commit', '-qam', 'other');
    git(scratch, 'checkout', '-q', 'main');
    write(scratch, 'a.txt', 'main\n');
    git(scratch, 'commit', '-qam', 'main');
    expect(() => git(scratch, 'merge', '-q', 'other')).toThrow();
    expect(git(scratch, 'ls-files', '-u')).not.toBe('');
    const diffstat = diffOf(await runTask(() => write(scratch, 'b.txt', 'b\nharness\n')));
    expect(diffstat.fileLines).toEqual([' b.txt | 1 +']);
    expect(git(scratch, 'ls-files', '-u')).not.toBe('');
    expect(existsSync(join(scratch.repo, '.git', 'MERGE_HEAD'))).toBe(true);
  });

  it('works in a repository with no commits yet', async () => {
    initRepo(scratch);
    write(scratch, 'staged.txt', 'staged\n');
    git(scratch, 'add', 'staged.txt');
    write(scratch, 'untracked.txt', 'untracked\n');
    const diffstat = diffOf(await runTask(() => write(scratch, 'first.js', LINES(4))));
    expect(diffstat.fileLines).toEqual([' first.js | 4 ++++']);
  });

  it('works in a repository with no index at all', async () => {
    initRepo(scratch);
    expect(existsSync(join(scratch.repo, '.git', 'index'))).toBe(false);
    const diffstat = diffOf(await runTask(() => write(scratch, 'first.js', LINES(1))));
    expect(diffstat.fileLines).toEqual([' first.js | 1 +']);
    expect(existsSync(join(scratch.repo, '.git', 'index'))).toBe(false);
  });

  it('works on a detached HEAD, with commits made there', async () => {
    initRepo(scratch, { 'a.txt': 'a\n' });
    git(scratch, 'checkout', '-q', '--detach');
    const diffstat = diffOf(
      await runTask(() => {
        write(scratch, 'a.txt', 'a\nb\n');
        git(scratch, 'commit', '-qam', 'detached');
      }),
    );
    expect(diffstat.fileLines).toEqual([' a.txt | 1 +']);
  });

  it('keeps only the first file lines of a large diff and counts the rest', async () => {
    initRepo(scratch, { 'a.txt': 'a\n' });
    const diffstat = diffOf(
      await runTask(() => {
        for (let i = 0; i < 45; i++) write(scratch, `many/f${String(i).padStart(2, '0')}.txt`, 'x\n');
      }),
    );
    expect(diffstat.fileLines).toHaveLength(30);
    expect(diffstat.fileLines[0]).toBe(' many/f00.txt | 1 +');
    expect(diffstat.fileLineCount).toBe(45);
    expect(diffstat).toMatchObject({ filesChanged: 45, insertions: 45, summary: ' 45 files changed, 45 insertions(+)' });
  });

  it('shows paths with non-ASCII characters as they are', async () => {
    initRepo(scratch, { 'a.txt': 'a\n' });
    const diffstat = diffOf(await runTask(() => write(scratch, 'café.txt', 'x\n')));
    expect(diffstat.fileLines).toEqual([' café.txt | 1 +']);
  });

  it('counts a same-size edit made in the same second as the harness\'s commit (racy git)', async () => {
    initRepo(scratch, { 'a.txt': 'one\n' });
    let sameSecond = false;
    const diffstat = diffOf(
      await runTask(() => {
        // The commit writes the index; the edit right after keeps the size. Both in one second is
        // what makes the cached entry look clean to an index copy stamped later.
        for (let attempt = 0; attempt < 5 && !sameSecond; attempt++) {
          write(scratch, 'a.txt', attempt % 2 === 0 ? 'two\n' : 'one\n');
          git(scratch, 'commit', '-qam', `commit ${attempt}`);
          write(scratch, 'a.txt', 'tw\n\n');
          const index = lstatSync(join(scratch.repo, '.git', 'index'));
          const file = lstatSync(join(scratch.repo, 'a.txt'));
          sameSecond = Math.floor(index.mtimeMs / 1000) === Math.floor(file.mtimeMs / 1000) &&
            Math.floor(index.ctimeMs / 1000) === Math.floor(file.ctimeMs / 1000);
        }
        // The snapshot after runs in a later second, as it would after any real task.
        const index = lstatSync(join(scratch.repo, '.git', 'index'));
        while (Math.floor(Date.now() / 1000) <= Math.floor(index.mtimeMs / 1000)) {
          Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);
        }
      }),
    );
    expect(sameSecond).toBe(true);
    expect(diffstat.fileLines).toEqual([' a.txt | 3 ++-']);
    expect(git(scratch, 'status', '--porcelain')).toBe(' M a.txt\n');
  });

  it("is made without the agent's GIT_DIR, GIT_INDEX_FILE or GIT_WORK_TREE", async () => {
    initRepo(scratch, { 'a.txt': 'a\n' });
    const decoy = join(scratch.home, 'decoy');
    mkdirSync(decoy);
    const snapshotter = snapshotterFor(scratch, {
      agentEnv: {
        PATH: process.env.PATH,
        GIT_DIR: join(decoy, '.git'),
        GIT_INDEX_FILE: join(scratch.repo, '.git', 'index'),
        GIT_WORK_TREE: decoy,
      },
    });
    const diffstat = diffOf(await runTask(() => write(scratch, 'b.txt', 'b\n'), snapshotter));
    expect(diffstat.fileLines).toEqual([' b.txt | 1 +']);
  });

  it("never runs the repository's fsmonitor or hooks", async () => {
    initRepo(scratch, { 'a.txt': 'a\n' });
    const marker = join(scratch.home, 'ran');
    const program = join(scratch.home, 'program.sh');
    writeFileSync(program, `#!/bin/sh\ntouch '${marker}'\n`);
    chmodSync(program, 0o755);
    git(scratch, 'config', 'core.fsmonitor', program);
    for (const hook of ['post-index-change', 'pre-commit', 'post-checkout']) {
      writeFileSync(join(scratch.repo, '.git', 'hooks', hook), `#!/bin/sh\ntouch '${marker}'\n`);
      chmodSync(join(scratch.repo, '.git', 'hooks', hook), 0o755);
    }
    const diffstat = diffOf(await runTask(() => write(scratch, 'b.txt', 'b\n')));
    expect(diffstat.fileLines).toEqual([' b.txt | 1 +']);
    expect(existsSync(marker)).toBe(false);
  });

  it("leaves the helper's own logs out when the repository holds the home", async () => {
    scratch.repo = scratch.home;
    initRepo(scratch, { 'dotfile': 'a\n' });
    const diffstat = diffOf(
      await runTask(() => {
        writeFileSync(join(scratch.runFolder, 'c1.log'), 'everything the harness printed\n');
        write(scratch, 'dotfile', 'a\nb\n');
      }),
    );
    expect(diffstat.fileLines).toEqual([' dotfile | 1 +']);
  });

  it('says so outside a git repository, and writes nothing', async () => {
    const plain = join(scratch.home, 'plain');
    mkdirSync(plain);
    const snapshotter = snapshotterFor(scratch);
    const before = await snapshotBefore(snapshotter, plain);
    expect(before).toEqual({ kind: 'none', problem: { kind: 'not_a_repository', folder: plain } });
    expect(await diffSince(snapshotter, before)).toEqual(before);
    expect(existsSync(join(plain, '.git'))).toBe(false);
  });

  it('does not take a repository above the home for the folder\'s own', async () => {
    // The scratch root above the home becomes a repository; a folder in the home is still outside git.
    const above = join(scratch.home, '..');
    const outer = { ...scratch, repo: above };
    git(outer, 'init', '-q');
    const plain = join(scratch.home, 'plain');
    mkdirSync(plain);
    const before = await snapshotBefore(snapshotterFor(scratch), plain);
    expect(before).toMatchObject({ kind: 'none', problem: { kind: 'not_a_repository' } });
  });

  it('gives up on a snapshot that runs past its time, and leaves the repository as it was', async () => {
    // A huge untracked tree: SNAPSHOT_TIMEOUT_MS bounds each git step; the test makes the bound tiny.
    initRepo(scratch, { 'a.txt': 'a\n' });
    for (let i = 0; i < 2000; i++) write(scratch, `huge/d${i % 20}/f${i}.txt`, `${i}\n`);
    const base = snapshotterFor(scratch);
    const snapshotter = { ...base, limits: { ...base.limits, timeoutMs: 1 } };
    const outcome = await runTask(() => {}, snapshotter);
    expect(outcome).toMatchObject({ kind: 'none', problem: { kind: 'timed_out', timeoutMs: 1 } });
  });

  it('keeps the real index untouched through a failure of git itself', async () => {
    initRepo(scratch, { 'a.txt': 'a\n' });
    const snapshotter = snapshotterFor(scratch, { agentEnv: { PATH: '/nonexistent' } });
    const before = await snapshotBefore(snapshotter, scratch.repo);
    expect(before).toEqual({ kind: 'none', problem: { kind: 'failed', step: 'find', detail: 'git: ENOENT' } });
  });

  it('an index copy stamped later than the real one would miss the racy edit (why the time is kept)', async () => {
    initRepo(scratch, { 'a.txt': 'one\n' });
    const index = join(scratch.repo, '.git', 'index');
    const setSecond = Math.floor(Date.now() / 1000) - 100;
    write(scratch, 'a.txt', 'two\n');
    git(scratch, 'add', 'a.txt');
    utimesSync(join(scratch.repo, 'a.txt'), setSecond, setSecond);
    git(scratch, 'update-index', '--really-refresh');
    utimesSync(index, setSecond, setSecond);
    const real = snapshotterFor(scratch).git;
    const racy = snapshotterFor(scratch, {
      git: {
        ...real,
        copyKeepingMtime: (from, to) => {
          const copied = real.copyKeepingMtime(from, to);
          const later = setSecond + 50;
          utimesSync(to, later, later);
          return copied;
        },
      },
    });
    const before = await snapshotBefore(racy, scratch.repo);
    write(scratch, 'a.txt', 'six\n');
    utimesSync(join(scratch.repo, 'a.txt'), setSecond, setSecond);
    // ctime moved with the write; git compares it too unless told not to, as some file systems require.
    git(scratch, 'config', 'core.trustctime', 'false');
    const missed = await diffSince(racy, before);
    expect(diffOf(missed).summary).toBeNull();
    const kept = await diffSince(snapshotterFor(scratch), before);
    expect(diffOf(kept).fileLines).toEqual([' a.txt | 2 +-']);
  });
});

describe('gitEnvironment', () => {
  it('keeps only what git needs to find its config, and fixes the rest', () => {
    expect(
      gitEnvironment(
        {
          PATH: '/usr/bin',
          HOME: '/elsewhere',
          XDG_CONFIG_HOME: '/home/agent/.config',
          GIT_DIR: '/x',
          GIT_INDEX_FILE: '/y',
          GIT_WORK_TREE: '/z',
          GIT_CONFIG_PARAMETERS: "'core.fsmonitor'='/evil'",
          ANTHROPIC_API_KEY: 'secret',
        },
        '/home/agent',
        '/home/agent/.runs/r1/c1.index',
      ),
    ).toEqual({
      PATH: '/usr/bin',
      HOME: '/home/agent',
      XDG_CONFIG_HOME: '/home/agent/.config',
      LC_ALL: 'C',
      GIT_TERMINAL_PROMPT: '0',
      GIT_OPTIONAL_LOCKS: '0',
      GIT_CEILING_DIRECTORIES: '/home',
      GIT_INDEX_FILE: '/home/agent/.runs/r1/c1.index',
    });
  });

  it('falls back to a plain PATH when the agent has none', () => {
    expect(gitEnvironment({}, '/home/agent', null).PATH).toBe('/usr/local/bin:/usr/bin:/bin');
  });
});

describe('snapshotPathspec', () => {
  it('is the whole work tree, minus the excluded folders inside it', () => {
    expect(snapshotPathspec('/home/agent', ['/home/agent/.runs', '/home/agent/.guilds', '/elsewhere'])).toEqual([
      ':/',
      ':(top,exclude,literal).runs',
      ':(top,exclude,literal).guilds',
    ]);
    expect(snapshotPathspec('/home/agent/repos/app', ['/home/agent/.runs'])).toEqual([':/']);
  });
});
