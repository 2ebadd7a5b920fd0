// code_task end to end inside the test process: real git, real processes, the scripted harness.
import { CallStop, NEVER_STOPPED, type Stop } from '../../../src/io/stop.js';
import { NO_PROGRESS, type Progress } from '../../../src/io/progress-sink.js';
import type { ProgressReport } from '../../../src/contract/live-calls.js';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ToolError } from '../../../src/contract/errors.js';
import { CODE_TASK_NODE_IO } from '../../../src/tools/code_task/node-io.js';
import type { CodeTaskIo } from '../../../src/tools/code_task/io.js';
import { nodeIoWith } from '../../../src/io/node/core.js';
import { readProcessStat } from '../../../src/io/node/process.js';
import type { Context } from '../../../src/tools/context.js';
import type { ValidatedArgs as Args } from '../../../src/contract/tools/index.js';
import { validateArgs } from '../../../src/contract/tools/index.js';
import { resolveCodeTaskArgs } from '../../../src/tools/code_task/contract.js';
import type { OpResult } from '../../../src/tools/context.js';
import { codeTask, type CodeTaskLimits } from '../../../src/tools/code_task/run.js';
import { fingerprint, git, initRepo, makeScratch, write, type Scratch } from './git-fixtures.js';
import { pollUntil } from '../../helpers/poll.js';

const SCRIPTED_HARNESS = join(import.meta.dirname, '../../../fixtures/harness/scripted-harness.mjs');
const HARNESS_COMMAND = `'${process.execPath}' '${SCRIPTED_HARNESS}'`;
// A minute of 2 s: a timeout_minutes of 1 ends a hanging harness quickly, and still leaves a loaded
// machine time to start the harness and a second task while the first runs.
const FAST: CodeTaskLimits = { minuteMs: 2000, killGraceMs: 600, snapshotTimeoutMs: 60_000 };
const NOW = 1_800_000_000_000;

let scratch: Scratch;
let callCounter = 0;
beforeEach(() => {
  scratch = makeScratch();
});
afterEach(() => scratch.cleanup());

interface CallOptions {
  env?: Record<string, string | undefined>;
  cwd?: string;
  agentId?: string;
  maxBytes?: number;
  callId?: string;
  stop?: Stop;
  progress?: Progress;
}

function context(args: Args, options: CallOptions = {}, own: CodeTaskIo = CODE_TASK_NODE_IO): Context<CodeTaskIo> {
  const env = { PATH: process.env.PATH, HOME: scratch.home, GUILDS_HARNESS: 'command', GUILDS_HARNESS_COMMAND: HARNESS_COMMAND, ...options.env };
  const io = { ...nodeIoWith(own, scratch.home, join(scratch.home, '..', 'run'), env), now: () => NOW };
  return {
    io,
    request: {
      op: 'code_task',
      args,
      runId: 'r1',
      agentId: options.agentId ?? 'a1',
      callId: options.callId ?? `c${++callCounter}`,
      defaultCwd: '',
      maxBytes: options.maxBytes ?? 8192,
      progress: null,
    },
    cwd: options.cwd ?? scratch.repo,
    stop: options.stop ?? NEVER_STOPPED,
    progress: options.progress ?? NO_PROGRESS,
  };
}


/** Arguments checked and resolved as the helper's app does, then the task. */
async function task(args: Args, options: CallOptions = {}, limits: CodeTaskLimits = FAST, own: CodeTaskIo = CODE_TASK_NODE_IO): Promise<OpResult<Record<string, unknown>>> {
  const resolved = resolveCodeTaskArgs(validateArgs('code_task', args));
  const result = await codeTask(context(args, options, own), resolved, limits);
  return { text: result.text, meta: { ...result.meta } };
}

async function failure(promise: Promise<unknown>): Promise<{ kind: string; message: string }> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ToolError) return { kind: error.kind, message: error.message };
    throw error;
  }
  throw new Error('expected a ToolError');
}

function logOf(meta: Record<string, unknown>): string {
  return readFileSync(meta.log_path as string, 'utf8');
}

describe('code_task with the scripted harness', () => {
  it('reports a completed task: status, diffstat, final message, log, and every meta field', async () => {
    initRepo(scratch, { 'src/greet.js': 'hello\n' });
    write(scratch, 'src/greet.js', 'hello\nuser edit before the task\n');
    const result = await task({ brief: 'edit src/greet.js world\nwrite test/greet.test.js ok\ncommit "greet"\nsay I changed greet.\nsay All tests pass.' });
    const logPath = join(scratch.home, '.runs/r1/c1.log');
    expect(result.text).toBe(
      [
        'completed in 0s · command',
        ' src/greet.js       | 1 +',
        ' test/greet.test.js | 1 +',
        ' 2 files changed, 2 insertions(+)',
        '',
        'I changed greet.\nAll tests pass.',
        '',
        `log: ${logPath}`,
      ].join('\n'),
    );
    expect(result.meta).toEqual({
      status: 'completed',
      harness: 'command',
      session_id: null,
      repo: scratch.repo,
      exit_code: 0,
      timed_out: false,
      elapsed_ms: 0,
      files_changed: 2,
      insertions: 2,
      deletions: 0,
      log_path: logPath,
    });
    expect(logOf(result.meta)).toBe('I changed greet.\nAll tests pass.\n');
    expect(git(scratch, 'log', '--format=%s', '-1')).toBe('greet\n');
    // The lock was taken and given back.
    expect(readdirSync(join(scratch.home, '.guilds/locks'))).toEqual([]);
  });

  it('gives the harness the brief, the notes, GUILDS_REPO, an empty GUILDS_SESSION_ID and the repository as its folder', async () => {
    initRepo(scratch, { 'a.txt': 'a\n' });
    const result = await task({ brief: 'env GUILDS_REPO\nenv GUILDS_SESSION_ID\npwd', notes: 'say not run' });
    expect(logOf(result.meta)).toBe(`GUILDS_REPO=${scratch.repo}\nGUILDS_SESSION_ID=\n${scratch.repo}\nnotes: say not run\n`);
  });

  it("gives the harness the shell's environment: GH_TOKEN of the repository, not GUILD_REPO_TOKENS itself", async () => {
    initRepo(scratch, { 'a.txt': 'a\n' });
    const env = { GUILD_REPO_TOKENS: JSON.stringify({ 'repos/app': 'token-app', 'repos/other': 'token-other' }), GH_TOKEN: 'agent-wide' };
    const result = await task({ brief: 'env GH_TOKEN\nenv GUILD_REPO_TOKENS\nenv GIT_PAGER' }, { env, cwd: scratch.home });
    expect(logOf(result.meta)).toBe('GH_TOKEN=token-app\nGUILD_REPO_TOKENS unset\nGIT_PAGER=cat\n');
  });

  it('records a session and resumes it: same harness, same repository, its history kept', async () => {
    initRepo(scratch, { 'a.txt': 'a\n' });
    const first = await task({ brief: 'session\nwrite one.txt 1\nfinal first done' });
    const sessionId = first.meta.session_id as string;
    expect(sessionId).toMatch(/^scripted-/);
    expect(first.text.split('\n')[0]).toBe(`completed in 0s · command · session ${sessionId}`);
    const record = JSON.parse(readFileSync(join(scratch.home, `.guilds/sessions/a1/${sessionId}.json`), 'utf8'));
    expect(record).toMatchObject({ harness: 'command', repo: scratch.repo, run_id: 'r1' });

    const second = await task({ brief: 'session\nhistory\nwrite two.txt 2', session_id: sessionId }, { cwd: scratch.home });
    expect(second.meta).toMatchObject({ session_id: sessionId, repo: scratch.repo, files_changed: 1 });
    expect(second.text).toContain('history: 1 earlier briefs\nearlier: session');
    expect(second.text).toContain(' two.txt | 1 +');
  });

  it('refuses an unknown session, one of another agent, and a resume in another repository', async () => {
    initRepo(scratch, { 'a.txt': 'a\n' });
    mkdirSync(join(scratch.home, 'repos', 'other'));
    const first = await task({ brief: 'session' });
    const sessionId = first.meta.session_id as string;
    expect(await failure(task({ brief: 'x', session_id: 'nope' }))).toEqual({ kind: 'not_found', message: 'code_task: no session nope for this agent' });
    expect(await failure(task({ brief: 'x', session_id: sessionId }, { agentId: 'a2' }))).toEqual({
      kind: 'not_found',
      message: `code_task: no session ${sessionId} for this agent`,
    });
    expect(await failure(task({ brief: 'x', session_id: sessionId, repo: 'other' }))).toEqual({
      kind: 'invalid_request',
      message: `code_task: session ${sessionId} works in ${scratch.repo}; resume it there (leave repo out)`,
    });
  });

  it('reports a failure in the harness\'s own words', async () => {
    initRepo(scratch, { 'a.txt': 'a\n' });
    const result = await task({ brief: 'edit a.txt\nfail "tests still fail:\\n  2 failing"' });
    expect(result.text.split('\n')[0]).toBe('failed after 0s: tests still fail: 2 failing · command');
    expect(result.meta).toMatchObject({ status: 'failed', exit_code: 1, files_changed: 1 });
  });

  it('reports a harness that exits at once with a code and prints nothing', async () => {
    initRepo(scratch, { 'a.txt': 'a\n' });
    const result = await task({ brief: 'exit 3' });
    expect(result.text).toBe(
      ['failed after 0s: the harness exited with code 3 · command', 'no changes', '', '(no final message)', '', `log: ${result.meta.log_path}`].join('\n'),
    );
    expect(result.meta).toMatchObject({ status: 'failed', exit_code: 3 });
    expect(statSync(result.meta.log_path as string).size).toBe(0);
  });

  it('reports a harness that prints nothing and exits 0 as completed, with no final message', async () => {
    initRepo(scratch, { 'a.txt': 'a\n' });
    const result = await task({ brief: '# nothing to do' });
    expect(result.text).toBe(['completed in 0s · command', 'no changes', '', '(no final message)', '', `log: ${result.meta.log_path}`].join('\n'));
  });

  it('answers stopped without starting the harness when the call was stopped before it', async () => {
    initRepo(scratch, { 'a.txt': 'a\n' });
    const stop = new CallStop();
    stop.abort('SIGTERM');
    const result = await task({ brief: 'write never.txt x' }, { stop });
    expect(result.text.split('\n').slice(0, 2)).toEqual(['stopped after 0s; the call was cancelled · command', 'no changes']);
    expect(result.meta).toMatchObject({ status: 'stopped', exit_code: null, timed_out: false });
    expect(statSync(result.meta.log_path as string).size).toBe(0);
    expect(existsSync(join(scratch.repo, 'never.txt'))).toBe(false);
  });

  it('takes invalid JSON for plain output, and the last paragraph for the final message', async () => {
    initRepo(scratch, { 'a.txt': 'a\n' });
    const result = await task({ brief: 'say first\nsay\nraw {"type":"final","text":\nsay last words' });
    expect(result.text).toContain('\n\n{"type":"final","text":\nlast words\n\nlog: ');
    expect(result.meta.status).toBe('completed');
  });

  it('keeps the answer under the cap and the whole output in the log when the harness prints 100 MB', async () => {
    initRepo(scratch, { 'a.txt': 'a\n' });
    const result = await task({ brief: 'flood 100MB\nsay done' }, { maxBytes: 4096 });
    expect(new TextEncoder().encode(result.text).length).toBeLessThanOrEqual(4096);
    expect(result.text).toMatch(/\n\nflood line 0000000000 x+\n(flood line \d+ x+\n)*\[… \d+ bytes elided; full message in the log\]\n(flood line \d+ x+\n)+flood line \d+ done\n\nlog: /);
    expect(statSync(result.meta.log_path as string).size).toBe(100 * 1024 * 1024 + 5);
  });

  it('stops a harness that never ends at the timeout, with everything it started', async () => {
    initRepo(scratch, { 'a.txt': 'a\n' });
    const result = await task({ brief: 'edit a.txt\nspawn-child\nhang', timeout_minutes: 1 });
    expect(result.text.split('\n')[0]).toBe('timed out after 0s; the harness was stopped · command');
    expect(result.meta).toMatchObject({ status: 'timed_out', timed_out: true, exit_code: null, files_changed: 1 });
    const child = Number(/child (\d+)/.exec(logOf(result.meta))![1]);
    const stat = readProcessStat(child);
    expect(stat === null || stat.state === 'Z').toBe(true);
  });

  it('kills a harness that ignores SIGTERM once the grace is over', async () => {
    initRepo(scratch, { 'a.txt': 'a\n' });
    const result = await task({ brief: 'ignore-sigterm\nhang', timeout_minutes: 1 });
    expect(result.meta).toMatchObject({ status: 'timed_out', exit_code: null });
    expect(logOf(result.meta)).toContain('ignoring SIGTERM');
  });

  it('stops what a finished harness left running in its group', async () => {
    initRepo(scratch, { 'a.txt': 'a\n' });
    const result = await task({ brief: 'spawn-child\nsay finished' });
    expect(result.meta.status).toBe('completed');
    const child = Number(/child (\d+)/.exec(logOf(result.meta))![1]);
    const stat = readProcessStat(child);
    expect(stat === null || stat.state === 'Z').toBe(true);
  });

  it('refuses a second task in a busy repository, naming the running call', async () => {
    initRepo(scratch, { 'a.txt': 'a\n' });
    const first = task({ brief: 'hang', timeout_minutes: 2 }, { callId: 'c-first' });
    // The log exists once the harness runs, and the lock is held from before that.
    await pollUntil(() => existsSync(join(scratch.home, '.runs/r1/c-first.log')), Boolean);
    expect(await failure(task({ brief: 'say hi' }))).toEqual({
      kind: 'busy',
      message: `a code_task is already running in ${scratch.repo} (call c-first, 0s)`,
    });
    expect((await first).meta.status).toBe('timed_out');
    expect((await task({ brief: 'say free again' })).meta.status).toBe('completed');
  });

  it('refuses a second task in another folder of the same git repository', async () => {
    initRepo(scratch, { 'src/a.txt': 'a\n' });
    const first = task({ brief: 'hang', timeout_minutes: 2 }, { callId: 'c-whole' });
    await pollUntil(() => existsSync(join(scratch.home, '.runs/r1/c-whole.log')), Boolean);
    expect(await failure(task({ brief: 'say hi', repo: `${scratch.repo}/src` }))).toEqual({
      kind: 'busy',
      message: `a code_task is already running in ${scratch.repo}/src (call c-whole, 0s)`,
    });
    await first;
  });

  it('takes over the lock of a helper that died', async () => {
    initRepo(scratch, { 'a.txt': 'a\n' });
    // A lock as a killed helper leaves it: its pid now names another process (another start time).
    const hash = createHash('sha256').update(scratch.repo).digest('hex');
    mkdirSync(join(scratch.home, '.guilds/locks'), { recursive: true });
    writeFileSync(
      join(scratch.home, '.guilds/locks', `${hash}.lock`),
      JSON.stringify({ pid: process.pid, start_ticks: '1', run_id: 'r0', agent_id: 'a1', call_id: 'c-dead', started_ms: NOW - 5000, repo: scratch.repo }),
    );
    expect((await task({ brief: 'say after the dead one' })).meta.status).toBe('completed');
    expect(existsSync(join(scratch.home, '.guilds/locks', `${hash}.lock`))).toBe(false);
  });

  it('says when the repository is no git repository, and still runs the task', async () => {
    const result = await task({ brief: 'write notes.txt hi\nsay ok' });
    expect(result.text.split('\n')[1]).toBe(`no diffstat: ${scratch.repo} is not a git repository`);
    expect(result.meta).toMatchObject({ status: 'completed', files_changed: 0 });
  });

  it("leaves the user's index, HEAD and untouched files as they were", async () => {
    initRepo(scratch, { 'a.txt': 'a\n', 'b.txt': 'b\n' });
    write(scratch, 'a.txt', 'staged\n');
    git(scratch, 'add', 'a.txt');
    write(scratch, 'a.txt', 'unstaged on top\n');
    const before = fingerprint(scratch);
    await task({ brief: 'say nothing changed' });
    expect(fingerprint(scratch)).toEqual(before);
  });
});

/** A Progress that keeps what the call reports. */
function keptProgress(): Progress & { reports: ProgressReport[] } {
  const reports: ProgressReport[] = [];
  const startedAt = performance.now();
  const elapsedMs = (): number => performance.now() - startedAt;
  return {
    wanted: true,
    reports,
    elapsedMs,
    report: (report) => {
      reports.push(report);
      return Math.round(elapsedMs());
    },
  };
}

describe('progress while the harness runs', () => {
  it("reports a CLI's steps as its events come, the last message held back until its end", async () => {
    initRepo(scratch, { 'a.txt': 'a\n' });
    const bin = join(scratch.home, 'bin');
    const go = join(scratch.home, 'go');
    mkdirSync(bin);
    // A CLI on PATH that prints a command, waits for the test to have seen it, then edits and answers.
    const events = [
      '{"type":"init","session_id":"s-1"}',
      '{"type":"tool_use","tool_name":"run_shell_command","parameters":{"command":"npm test"}}',
    ];
    const rest = [
      '{"type":"tool_use","tool_name":"write_file","parameters":{"file_path":"a.txt","content":"b"}}',
      '{"type":"message","role":"assistant","content":"Done.","delta":true}',
    ];
    const echo = (lines: string[]) => lines.map((line) => `echo '${line}'`).join('\n');
    writeFileSync(join(bin, 'gemini'), `#!/bin/sh\n${echo(events)}\nwhile [ ! -e '${go}' ]; do sleep 0.05; done\n${echo(rest)}\n`, { mode: 0o755 });
    const progress = keptProgress();
    const running = task({ brief: 'x' }, { env: { GUILDS_HARNESS: 'gemini', PATH: `${bin}:${process.env.PATH}` }, progress });
    await pollUntil(() => progress.reports.length, (count) => count > 0);
    expect(progress.reports).toEqual([{ type: 'step', kind: 'command', text: 'npm test' }]);
    writeFileSync(go, '');
    expect((await running).meta.status).toBe('completed');
    expect(progress.reports).toEqual([
      { type: 'step', kind: 'command', text: 'npm test' },
      { type: 'step', kind: 'edit', text: 'write_file a.txt' },
      { type: 'step', kind: 'message', text: 'Done.' },
    ]);
  });

  it("reports a command harness's output as a shell command's: its completed lines", async () => {
    initRepo(scratch, { 'a.txt': 'a\n' });
    const go = join(scratch.home, 'go');
    const command = `printf 'one\\r\\033[31mtwo\\033[0m\\nhalf'; while [ ! -e '${go}' ]; do sleep 0.05; done; echo ' line'`;
    const progress = keptProgress();
    const running = task({ brief: 'x' }, { env: { GUILDS_HARNESS_COMMAND: command }, progress });
    await pollUntil(() => progress.reports.length, (count) => count > 0);
    expect(progress.reports).toEqual([{ type: 'output', text: 'two', bytes: 21 }]);
    writeFileSync(go, '');
    expect((await running).meta.status).toBe('completed');
    // The last line came as the harness ended: its answer follows at once, with the whole output.
    expect(progress.reports.every((report) => report.type === 'output')).toBe(true);
  });

  it('does nothing for a call nobody asked progress of', async () => {
    initRepo(scratch, { 'a.txt': 'a\n' });
    const progress = { ...keptProgress(), wanted: false };
    await task({ brief: 'say hello' }, { progress });
    expect(progress.reports).toEqual([]);
  });
});

describe('choosing the harness', () => {
  it('says how to configure one when none is set and none is on PATH', async () => {
    initRepo(scratch, { 'a.txt': 'a\n' });
    expect(await failure(task({ brief: 'x' }, { env: { GUILDS_HARNESS: undefined, PATH: '/nonexistent' } }))).toEqual({
      kind: 'unavailable',
      message:
        'code_task: no harness: none of claude, codex, gemini, opencode is on PATH; set GUILDS_HARNESS to one of them, or to command with GUILDS_HARNESS_COMMAND (a command line that reads the brief on stdin)',
    });
  });

  it('finds the first CLI on PATH when none is set', async () => {
    initRepo(scratch, { 'a.txt': 'a\n' });
    const bin = join(scratch.home, 'bin');
    mkdirSync(bin);
    writeFileSync(join(bin, 'codex'), '#!/bin/sh\necho \'{"type":"thread.started","thread_id":"t-9"}\'\necho \'{"type":"item.completed","item":{"type":"agent_message","text":"fake codex done"}}\'\n', { mode: 0o755 });
    const result = await task({ brief: 'x' }, { env: { GUILDS_HARNESS: undefined, PATH: `${bin}:${process.env.PATH}` } });
    expect(result.text.split('\n')[0]).toBe('completed in 0s · codex · session t-9');
    expect(result.text).toContain('\n\nfake codex done\n\n');
  });

  it.each([
    [{ GUILDS_HARNESS: 'claude', PATH: '/nonexistent' }, 'code_task: the claude harness is not installed (no claude on PATH)'],
    [{ GUILDS_HARNESS: 'aider' }, "code_task: GUILDS_HARNESS is 'aider'; it must be claude, codex, gemini, opencode or command"],
    [{ GUILDS_HARNESS: 'command', GUILDS_HARNESS_COMMAND: ' ' }, 'code_task: GUILDS_HARNESS is command but GUILDS_HARNESS_COMMAND is not set'],
  ])('refuses %j', async (env, message) => {
    initRepo(scratch, { 'a.txt': 'a\n' });
    expect(await failure(task({ brief: 'x' }, { env }))).toEqual({ kind: 'unavailable', message });
  });

  it('refuses a blank brief before anything runs', async () => {
    expect(await failure(task({ brief: '  ' }, { callId: 'c-blank' }))).toEqual({ kind: 'invalid_request', message: 'code_task: brief is empty' });
    expect(existsSync(join(scratch.home, '.runs/r1/c-blank.log'))).toBe(false);
  });
});

describe('choosing the repository', () => {
  it('takes a name under ~/repos/, a path, and ~/…', async () => {
    initRepo(scratch, { 'a.txt': 'a\n' });
    for (const repo of ['app', 'repos/app', '~/repos/app', scratch.repo]) {
      const result = await task({ brief: 'say hi', repo }, { cwd: scratch.home });
      expect(result.meta.repo).toBe(scratch.repo);
    }
  });

  it('defaults to the git repository holding the working directory', async () => {
    initRepo(scratch, { 'src/a.txt': 'a\n' });
    mkdirSync(join(scratch.home, 'repos', 'other'));
    const result = await task({ brief: 'say hi' }, { cwd: join(scratch.repo, 'src') });
    expect(result.meta.repo).toBe(scratch.repo);
  });

  it("defaults to the home's only repository", async () => {
    initRepo(scratch, { 'a.txt': 'a\n' });
    expect((await task({ brief: 'say hi' }, { cwd: scratch.home })).meta.repo).toBe(scratch.repo);
  });

  it('names the choices when there are several and none is given', async () => {
    mkdirSync(join(scratch.home, 'repos', 'lib'));
    expect(await failure(task({ brief: 'say hi' }, { cwd: scratch.home }))).toEqual({
      kind: 'invalid_request',
      message: 'code_task: the working directory is in no git repository and ~/repos/ holds 2 repositories; give repo: one of app, lib',
    });
  });

  it('refuses a repository outside the home, missing, or a file', async () => {
    writeFileSync(join(scratch.home, 'file.txt'), 'x');
    symlinkSync('/tmp', join(scratch.home, 'repos', 'escape'));
    expect(await failure(task({ brief: 'x', repo: '/etc' }))).toEqual({
      kind: 'outside_home',
      message: 'code_task: /etc is outside the home; give a repository inside it',
    });
    expect(await failure(task({ brief: 'x', repo: 'escape' }))).toEqual({
      kind: 'outside_home',
      message: 'code_task: ~/repos/escape is outside the home; give a repository inside it',
    });
    expect(await failure(task({ brief: 'x', repo: 'missing' }))).toEqual({
      kind: 'not_found',
      message: `code_task: no repository missing: neither ~/repos/missing nor ${scratch.repo}/missing exists`,
    });
    expect(await failure(task({ brief: 'x', repo: '~/file.txt' }))).toEqual({
      kind: 'not_a_folder',
      message: 'code_task: ~/file.txt is not a folder',
    });
  });
});
