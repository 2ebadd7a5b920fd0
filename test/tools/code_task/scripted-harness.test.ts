// The scripted harness itself: the tests of code_task trust it to do what its brief says.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { git, initRepo, makeScratch, type Scratch } from './git-fixtures.js';

const SCRIPTED_HARNESS = join(import.meta.dirname, '../../../fixtures/harness/scripted-harness.mjs');

let scratch: Scratch;
beforeEach(() => {
  scratch = makeScratch();
});
afterEach(() => scratch.cleanup());

function run(brief: string, env: Record<string, string> = {}) {
  return spawnSync(process.execPath, [SCRIPTED_HARNESS], {
    cwd: scratch.repo,
    input: brief,
    encoding: 'utf8',
    env: { PATH: process.env.PATH, HOME: scratch.home, ...env },
    maxBuffer: 1 << 30,
  });
}

describe('scripted-harness.mjs', () => {
  it('prints, edits, commits and reports as its brief says', () => {
    initRepo(scratch, { 'a.txt': 'a\n' });
    const result = run(['say hello world', 'stderr to stderr', 'edit a.txt more', 'write src/new.js "x = 1"', 'commit "add new.js"', 'final "done:\\nall"', 'raw {"type":', 'frobnicate now'].join('\n'));
    expect(result.status).toBe(0);
    expect(result.stdout).toBe('hello world\n{"type":"final","text":"done:\\nall"}\n{"type":\nunknown: frobnicate now\n');
    expect(result.stderr).toBe('to stderr\n');
    expect(readFileSync(join(scratch.repo, 'a.txt'), 'utf8')).toBe('a\nmore\n');
    expect(git(scratch, 'log', '--format=%s %an', '-1')).toBe('add new.js Scripted Harness\n');
  });

  it('echoes the notes instead of running them', () => {
    const result = run('say brief\n\nNotes:\nsay not run\nfail no');
    expect(result.stdout).toBe('brief\nnotes: say not run\nnotes: fail no\n');
    expect(result.status).toBe(0);
  });

  it('fails with a reason, and exits with a code', () => {
    expect(run('fail "tests still fail"\nsay never')).toMatchObject({ status: 1, stdout: '{"type":"error","message":"tests still fail"}\n' });
    expect(run('exit 7')).toMatchObject({ status: 7, stdout: '' });
  });

  it('names a new session, then resumes it with its history', () => {
    const first = run('session\nsay first task');
    const id = JSON.parse(first.stdout.split('\n')[0]!).id as string;
    expect(id).toMatch(/^scripted-\d+-\d+$/);
    const second = run('session\nhistory', { GUILDS_SESSION_ID: id });
    expect(second.stdout).toBe(`{"type":"session","id":"${id}"}\nhistory: 1 earlier briefs\nearlier: session\n`);
  });

  it('floods exactly the size asked', () => {
    const result = run('flood 1MB');
    expect(Buffer.byteLength(result.stdout)).toBe(1024 * 1024);
  });

  it('writes binary files, deletes and renames', () => {
    initRepo(scratch, { 'old.txt': 'o\n', 'gone.txt': 'g\n' });
    expect(run('binary img/logo.bin 100\nrename old.txt lib/new.txt\ndelete gone.txt').status).toBe(0);
    expect(statSync(join(scratch.repo, 'img/logo.bin')).size).toBe(100);
    expect(existsSync(join(scratch.repo, 'lib/new.txt'))).toBe(true);
    expect(existsSync(join(scratch.repo, 'gone.txt'))).toBe(false);
  });

  it('shows its environment and folder', () => {
    expect(run('env GUILDS_REPO\nenv NOPE\npwd', { GUILDS_REPO: '/r' }).stdout).toBe(`GUILDS_REPO=/r\nNOPE unset\n${scratch.repo}\n`);
  });
});
