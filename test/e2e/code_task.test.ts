// code_task through dist/guilds-harness.js, spawned as the orchestrator spawns it (a base64 argument or
// a request file), with the command harness running the scripted harness of fixtures/harness/. Every
// answer is checked by the shared bundle harness: one envelope line, nothing on stderr, text under the cap.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readProcessStat } from '../../src/io/node/process.js';
import { processRuns } from '../helpers/processes.js';
import { effectiveCap, expectOneEnvelope, startBundle, type AnyEnvelope } from '../helpers/bundle.js';
import { FIXTURES, HARNESS_BUNDLE, BUNDLE_NODE } from '../helpers/paths.js';
import { pollUntil } from '../helpers/poll.js';
import { fingerprint, git, initRepo, makeScratch, write, type Scratch } from '../tools/code_task/git-fixtures.js';

const SCRIPTED_HARNESS = join(FIXTURES, 'harness', 'scripted-harness.mjs');
const HARNESS_COMMAND = `'${BUNDLE_NODE}' '${SCRIPTED_HARNESS}'`;
// The helper's test knob (README, docs/contract.md, "Decisions"): a minute of this many milliseconds, time enough
// for the scripted harness to start and reach its `hang` on a loaded machine.
const SHORT_MINUTE = { GUILDS_HARNESS_MINUTE_MS: '3000' };
// A task that waits out the 10 s kill grace, or a real minute, gets this long before it counts as hung.
const TASK_TIME_LIMIT_MS = 90_000;

interface Call {
  args: Record<string, unknown>;
  env?: Record<string, string | undefined>;
  callId?: string;
  agentId?: string;
  defaultCwd?: string;
  maxBytes?: number;
  /** Send the request in a file of $GUILDS_RUN_DIR/requests/, as the orchestrator does past 64 KiB. */
  viaFile?: boolean;
  bundle?: string;
}

type Ok = Extract<AnyEnvelope, { ok: true }>;
type Failure = Extract<AnyEnvelope, { ok: false }>;

let scratch: Scratch;
let runDir: string;
let callCounter = 0;

beforeEach(() => {
  scratch = makeScratch();
  runDir = join(scratch.home, '..', 'run');
  mkdirSync(join(runDir, 'requests'), { recursive: true });
});
afterEach(() => scratch.cleanup());

function start(call: Call) {
  const callId = call.callId ?? `c${++callCounter}`;
  const request = {
    op: 'code_task',
    args: call.args,
    run_id: 'r1',
    agent_id: call.agentId ?? 'a1',
    call_id: callId,
    default_cwd: call.defaultCwd ?? 'repos/app',
    ...(call.maxBytes === undefined ? {} : { max_bytes: call.maxBytes }),
  };
  let argument = Buffer.from(JSON.stringify(request), 'utf8').toString('base64');
  if (call.viaFile) {
    argument = join(runDir, 'requests', `r1-${callId}.json`);
    writeFileSync(argument, JSON.stringify(request));
  }
  const env = { GUILDS_HARNESS: 'command', GUILDS_HARNESS_COMMAND: HARNESS_COMMAND, ...call.env };
  const started = startBundle({ home: scratch.home, runDir }, argument, env, {
    bundle: call.bundle ?? HARNESS_BUNDLE,
    timeLimitMs: TASK_TIME_LIMIT_MS,
  });
  return { ...started, callId, answer: async () => expectOneEnvelope(await started.done, effectiveCap(call.maxBytes)) };
}

async function ok(call: Call): Promise<Ok> {
  const envelope = await start(call).answer();
  if (!envelope.ok) throw new Error(`expected an answer, got: ${envelope.error}`);
  return envelope;
}

async function refused(call: Call): Promise<Pick<Failure, 'kind' | 'error'>> {
  const envelope = await start(call).answer();
  if (envelope.ok) throw new Error(`expected a refusal, got: ${envelope.text}`);
  return { kind: envelope.kind, error: envelope.error };
}

function lines(text: string): string[] {
  return text.split('\n');
}

function logOf(envelope: Ok): string {
  return readFileSync(envelope.meta.log_path as string, 'utf8');
}

/** A process the harness left: gone, or a zombie waiting for init, never running. */
function expectGone(pid: number): void {
  // processRuns: a zombie, or one whose SIGKILL is still pending on a loaded machine, runs no more.
  expect(processRuns(pid)).toBe(false);
}

function childOf(log: string): number {
  return Number(/child (\d+)/.exec(log)![1]);
}


function canMount(): boolean {
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', scratch.runFolder], { stdio: 'ignore' });
    execFileSync('umount', [scratch.runFolder], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

describe('guilds-harness through the transport', () => {
  it('answers a completed task: status, diffstat, final message, log and meta', async () => {
    initRepo(scratch, { 'src/greet.js': 'hello\n' });
    const answer = await ok({ args: { brief: 'edit src/greet.js world\nwrite test/greet.test.js ok\nsay I changed greet.' } });
    const logPath = join(scratch.home, '.runs/r1', `c${callCounter}.log`);
    expect(answer.text).toMatch(/^completed in \d+s · command\n/);
    expect(lines(answer.text).slice(1)).toEqual([
      ' src/greet.js       | 1 +',
      ' test/greet.test.js | 1 +',
      ' 2 files changed, 2 insertions(+)',
      '',
      'I changed greet.',
      '',
      `log: ${logPath}`,
    ]);
    expect(answer.meta).toEqual({
      status: 'completed',
      harness: 'command',
      session_id: null,
      repo: scratch.repo,
      exit_code: 0,
      timed_out: false,
      elapsed_ms: answer.meta.elapsed_ms,
      files_changed: 2,
      insertions: 2,
      deletions: 0,
      log_path: logPath,
    });
    expect(typeof answer.meta.elapsed_ms).toBe('number');
    expect(readdirSync(join(scratch.home, '.guilds/locks'))).toEqual([]);
  });

  it('reads a request file and deletes it', async () => {
    initRepo(scratch, { 'a.txt': 'a\n' });
    const answer = await ok({ args: { brief: 'say from a file' }, viaFile: true });
    expect(answer.meta.status).toBe('completed');
    expect(readdirSync(join(runDir, 'requests'))).toEqual([]);
  });

  it('refuses the tools of guilds-code, and guilds-code refuses code_task, each naming the helper that runs it', async () => {
    initRepo(scratch, { 'a.txt': 'a\n' });
    const shellCall = startBundle(
      { home: scratch.home, runDir },
      Buffer.from(JSON.stringify({ op: 'shell', args: { command: 'true' }, run_id: 'r1', agent_id: 'a1', call_id: 'c-shell' })).toString('base64'),
      {},
      { bundle: HARNESS_BUNDLE },
    );
    expect(expectOneEnvelope(await shellCall.done)).toEqual({
      ok: false,
      kind: 'invalid_request',
      error: 'invalid request: shell is run by guilds-code, not by this helper (it runs code_task)',
    });
    const codeHelper = startBundle(
      { home: scratch.home, runDir },
      Buffer.from(JSON.stringify({ op: 'code_task', args: { brief: 'x' }, run_id: 'r1', agent_id: 'a1', call_id: 'c-task' })).toString('base64'),
    );
    expect(expectOneEnvelope(await codeHelper.done)).toEqual({
      ok: false,
      kind: 'invalid_request',
      error: 'invalid request: code_task is run by guilds-harness, not by this helper (it runs shell, shell_status, file_read, code_search)',
    });
  });

  it('gives the harness the brief on stdin, then the notes, with GUILDS_REPO and an empty GUILDS_SESSION_ID', async () => {
    initRepo(scratch, { 'a.txt': 'a\n' });
    const answer = await ok({ args: { brief: 'env GUILDS_REPO\nenv GUILDS_SESSION_ID\npwd', notes: 'the checks found: npm test fails' } });
    expect(logOf(answer)).toBe(`GUILDS_REPO=${scratch.repo}\nGUILDS_SESSION_ID=\n${scratch.repo}\nnotes: the checks found: npm test fails\n`);
  });

  it('records a session and resumes it with the same harness, in the same repository, its history kept', async () => {
    initRepo(scratch, { 'a.txt': 'a\n' });
    const first = await ok({ args: { brief: 'session\nwrite one.txt 1\nfinal first done' } });
    const sessionId = first.meta.session_id as string;
    expect(sessionId).toMatch(/^scripted-/);
    expect(lines(first.text)[0]).toMatch(new RegExp(`^completed in \\d+s · command · session ${sessionId}$`));
    // A resume from the home, with another harness configured: the session's own harness and repository.
    const second = await ok({
      args: { brief: 'session\nhistory\nenv GUILDS_SESSION_ID\nwrite two.txt 2', session_id: sessionId },
      defaultCwd: '',
      env: { GUILDS_HARNESS: 'claude' },
    });
    expect(second.meta).toMatchObject({ session_id: sessionId, repo: scratch.repo, harness: 'command', files_changed: 1 });
    expect(logOf(second)).toContain(`history: 1 earlier briefs\nearlier: session\nGUILDS_SESSION_ID=${sessionId}\n`);
    expect(second.text).toContain(' two.txt | 1 +\n 1 file changed, 1 insertion(+)\n');
  });

  it('stops the harness and its children when the helper gets SIGTERM, and still answers stopped', async () => {
    initRepo(scratch, { 'a.txt': 'a\n' });
    const task = start({ args: { brief: 'edit a.txt\nspawn-child\nsay working\nhang' } });
    const log = join(scratch.home, '.runs/r1', `${task.callId}.log`);
    await pollUntil(() => existsSync(log) && readFileSync(log, 'utf8').includes('working'), Boolean);
    task.child.kill('SIGTERM');
    const answer = (await task.answer()) as Ok;
    expect(answer.text).toMatch(/^stopped after \d+s; the call was cancelled · command\n a\.txt \| 1 \+\n/);
    expect(answer.meta).toMatchObject({ status: 'stopped', timed_out: false, exit_code: null, files_changed: 1 });
    expectGone(childOf(logOf(answer)));
  });

  it('refuses a second task in a busy repository, and takes tasks again once the first is over', async () => {
    initRepo(scratch, { 'a.txt': 'a\n' });
    const first = start({ args: { brief: 'say started\nhang', timeout_minutes: 1 }, callId: 'c-first' });
    const log = join(scratch.home, '.runs/r1/c-first.log');
    await pollUntil(() => existsSync(log) && readFileSync(log, 'utf8').includes('started'), Boolean);
    const second = await refused({ args: { brief: 'say hi' } });
    expect(second.kind).toBe('busy');
    expect(second.error).toMatch(new RegExp(`^a code_task is already running in ${scratch.repo} \\(call c-first, \\d+s\\)$`));
    first.child.kill('SIGTERM');
    expect(((await first.answer()) as Ok).meta.status).toBe('stopped');
    expect((await ok({ args: { brief: 'say free again' } })).meta.status).toBe('completed');
  });

  it('stops the harness of a helper killed with SIGKILL, and takes over the lock it left behind', async () => {
    initRepo(scratch, { 'a.txt': 'a\n' });
    const killed = start({ args: { brief: 'spawn-child\nsay started\nhang' }, callId: 'c-killed' });
    const log = join(scratch.home, '.runs/r1/c-killed.log');
    await pollUntil(() => existsSync(log) && readFileSync(log, 'utf8').includes('started'), Boolean);
    killed.child.kill('SIGKILL');
    await killed.done;
    // The lifeline notices within a second and stops the harness's group: nothing of the task runs on.
    const child = childOf(readFileSync(log, 'utf8'));
    await pollUntil(() => readProcessStat(child), (stat) => stat === null || stat.state === 'Z');
    const hash = createHash('sha256').update(scratch.repo).digest('hex');
    expect(existsSync(join(scratch.home, '.guilds/locks', `${hash}.lock`))).toBe(true);
    expect((await ok({ args: { brief: 'say after the dead one' } })).meta.status).toBe('completed');
    expect(existsSync(join(scratch.home, '.guilds/locks', `${hash}.lock`))).toBe(false);
  });
});

describe('bad input, one clear line each', () => {
  it.each([
    ['a blank brief', { brief: ' \n ' }, 'invalid_request', 'code_task: brief is empty'],
    ['no brief', {}, 'invalid_request', 'code_task: brief is required'],
    ['a repository outside the home', { brief: 'x', repo: '/etc' }, 'outside_home', 'code_task: /etc is outside the home; give a repository inside it'],
    ['an unknown session id', { brief: 'x', session_id: 'nope' }, 'not_found', 'code_task: no session nope for this agent'],
    ['an unknown argument', { brief: 'x', model: 'big' }, 'invalid_request', "code_task: unknown argument 'model' (it takes brief, repo, session_id, notes, timeout_minutes)"],
  ])('%s', async (_name, args, kind, error) => {
    initRepo(scratch, { 'a.txt': 'a\n' });
    expect(await refused({ args })).toEqual({ kind, error });
  });

  it('a missing repository, and one that is a file', async () => {
    initRepo(scratch, { 'a.txt': 'a\n' });
    writeFileSync(join(scratch.home, 'repos', 'notes.txt'), 'x');
    expect(await refused({ args: { brief: 'x', repo: 'missing' } })).toEqual({
      kind: 'not_found',
      error: `code_task: no repository missing: neither ~/repos/missing nor ${scratch.repo}/missing exists`,
    });
    expect(await refused({ args: { brief: 'x', repo: '~/repos/notes.txt' } })).toEqual({
      kind: 'not_a_folder',
      error: 'code_task: ~/repos/notes.txt is not a folder',
    });
  });

  it('one of several repositories when none is named', async () => {
    mkdirSync(join(scratch.home, 'repos', 'lib'));
    expect(await refused({ args: { brief: 'x' }, defaultCwd: '' })).toEqual({
      kind: 'invalid_request',
      error: 'code_task: the working directory is in no git repository and ~/repos/ holds 2 repositories; give repo: one of app, lib',
    });
  });

  it("another agent's session, and a session resumed in another repository", async () => {
    initRepo(scratch, { 'a.txt': 'a\n' });
    mkdirSync(join(scratch.home, 'repos', 'other'));
    const sessionId = (await ok({ args: { brief: 'session' } })).meta.session_id as string;
    expect(await refused({ args: { brief: 'x', session_id: sessionId }, agentId: 'a2' })).toEqual({
      kind: 'not_found',
      error: `code_task: no session ${sessionId} for this agent`,
    });
    expect(await refused({ args: { brief: 'x', session_id: sessionId, repo: 'other' } })).toEqual({
      kind: 'invalid_request',
      error: `code_task: session ${sessionId} works in ${scratch.repo}; resume it there (leave repo out)`,
    });
  });

  it('a harness that is not installed, and no harness at all', async () => {
    initRepo(scratch, { 'a.txt': 'a\n' });
    expect(await refused({ args: { brief: 'x' }, env: { GUILDS_HARNESS: 'claude', PATH: '/nonexistent' } })).toEqual({
      kind: 'unavailable',
      error: 'code_task: the claude harness is not installed (no claude on PATH)',
    });
    expect(await refused({ args: { brief: 'x' }, env: { GUILDS_HARNESS: undefined, GUILDS_HARNESS_COMMAND: undefined, PATH: '/nonexistent' } })).toEqual({
      kind: 'unavailable',
      error:
        'code_task: no harness: none of claude, codex, gemini, opencode is on PATH; set GUILDS_HARNESS to one of them, or to command with GUILDS_HARNESS_COMMAND (a command line that reads the brief on stdin)',
    });
  });

  it("a command harness whose program does not exist fails, bash's words as its last message", async () => {
    initRepo(scratch, { 'a.txt': 'a\n' });
    const answer = await ok({ args: { brief: 'x' }, env: { GUILDS_HARNESS_COMMAND: 'no-such-harness-program --go' } });
    expect(lines(answer.text)[0]).toMatch(/^failed after \d+s: the harness exited with code 127 · command$/);
    expect(answer.text).toContain('no-such-harness-program: command not found\n\nlog: ');
    expect(answer.meta).toMatchObject({ status: 'failed', exit_code: 127 });
  });
});

describe('harness faults, each a well-formed result with nothing left running', () => {
  it('a harness that exits at once with a code and prints nothing', async () => {
    initRepo(scratch, { 'a.txt': 'a\n' });
    const answer = await ok({ args: { brief: 'exit 3' } });
    expect(lines(answer.text)).toEqual([
      expect.stringMatching(/^failed after \d+s: the harness exited with code 3 · command$/),
      'no changes',
      '',
      '(no final message)',
      '',
      `log: ${answer.meta.log_path}`,
    ]);
    expect(statSync(answer.meta.log_path as string).size).toBe(0);
  });

  it('a harness that prints nothing and exits 0', async () => {
    initRepo(scratch, { 'a.txt': 'a\n' });
    const answer = await ok({ args: { brief: '# nothing' } });
    expect(lines(answer.text).slice(1)).toEqual(['no changes', '', '(no final message)', '', `log: ${answer.meta.log_path}`]);
    expect(answer.meta.status).toBe('completed');
  });

  it('a harness that reports an error event and exits non-zero', async () => {
    initRepo(scratch, { 'a.txt': 'a\n' });
    const answer = await ok({ args: { brief: 'edit a.txt\nfail "tests still fail:\\n  2 failing"' } });
    expect(lines(answer.text)[0]).toMatch(/^failed after \d+s: tests still fail: 2 failing · command$/);
    expect(answer.meta).toMatchObject({ status: 'failed', exit_code: 1, files_changed: 1 });
  });

  it('a harness that prints invalid JSON: plain output, its last paragraph the final message', async () => {
    initRepo(scratch, { 'a.txt': 'a\n' });
    const answer = await ok({ args: { brief: 'say first\nsay\nraw {"type":"final","text":\nsay last words' } });
    expect(answer.text).toContain('\n\n{"type":"final","text":\nlast words\n\nlog: ');
  });

  it('a harness that prints 100 MB: the answer under the cap, the whole output in the log', async () => {
    initRepo(scratch, { 'a.txt': 'a\n' });
    const answer = await ok({ args: { brief: 'flood 100MB\nsay done' }, maxBytes: 4096 });
    expect(Buffer.byteLength(answer.text)).toBeLessThanOrEqual(4096);
    expect(answer.text).toMatch(/\[… \d+ bytes elided; full message in the log\]\n(flood line \d+ x+\n)+flood line \d+ done\n\nlog: /);
    expect(statSync(answer.meta.log_path as string).size).toBe(100 * 1024 * 1024 + 5);
  });

  it('a harness that never ends is stopped at its timeout, with the child it forked', async () => {
    initRepo(scratch, { 'a.txt': 'a\n' });
    const answer = await ok({ args: { brief: 'edit a.txt\nspawn-child\nhang', timeout_minutes: 1 }, env: SHORT_MINUTE });
    expect(lines(answer.text)[0]).toMatch(/^timed out after \d+s; the harness was stopped · command$/);
    expect(answer.meta).toMatchObject({ status: 'timed_out', timed_out: true, exit_code: null, files_changed: 1 });
    expectGone(childOf(logOf(answer)));
  });

  it('a harness that ignores SIGTERM is killed once the 10 s grace is over', async () => {
    initRepo(scratch, { 'a.txt': 'a\n' });
    const answer = await ok({ args: { brief: 'ignore-sigterm\nspawn-child\nhang', timeout_minutes: 1 }, env: SHORT_MINUTE });
    expect(answer.meta).toMatchObject({ status: 'timed_out', exit_code: null });
    expect(answer.meta.elapsed_ms as number).toBeGreaterThanOrEqual(10_000);
    expect(logOf(answer)).toContain('ignoring SIGTERM');
    expectGone(childOf(logOf(answer)));
  });

  it('a harness that finishes but leaves a child running: the child is stopped', async () => {
    initRepo(scratch, { 'a.txt': 'a\n' });
    const answer = await ok({ args: { brief: 'spawn-child\nsay finished' } });
    expect(answer.meta.status).toBe('completed');
    expectGone(childOf(logOf(answer)));
  });

  it('a harness that never ends is stopped at its timeout, with the processes it started outside its group (setsid, a daemon)', async () => {
    initRepo(scratch, { 'a.txt': 'a\n' });
    const command = "setsid sleep 1331 & echo \"escaped $!\"; (setsid bash -c 'echo \"escaped $$\"; exec sleep 1332' &); sleep 600";
    const answer = await ok({ args: { brief: 'hang', timeout_minutes: 1 }, env: { ...SHORT_MINUTE, GUILDS_HARNESS_COMMAND: command } });
    expect(answer.meta).toMatchObject({ status: 'timed_out', timed_out: true });
    const escaped = [...logOf(answer).matchAll(/escaped (\d+)/g)].map((match) => Number(match[1]));
    expect(escaped).toHaveLength(2);
    for (const pid of escaped) expectGone(pid);
  });

  it('a harness that finishes but leaves a process in a session of its own: that process is stopped too', async () => {
    initRepo(scratch, { 'a.txt': 'a\n' });
    const command = 'setsid sleep 1333 & echo "escaped $!"; echo \'{"type":"final","text":"done"}\'';
    const answer = await ok({ args: { brief: 'go' }, env: { GUILDS_HARNESS_COMMAND: command } });
    expect(answer.meta.status).toBe('completed');
    const escaped = [...logOf(answer).matchAll(/escaped (\d+)/g)].map((match) => Number(match[1]));
    expect(escaped).toHaveLength(1);
    for (const pid of escaped) expectGone(pid);
  });

  it('the test knob takes nothing but a whole number of milliseconds in its bounds', async () => {
    initRepo(scratch, { 'a.txt': 'a\n' });
    // A knob out of bounds leaves the real minute: the task ends by itself long before it.
    const answer = await ok({ args: { brief: 'sleep 500\nsay slept', timeout_minutes: 1 }, env: { GUILDS_HARNESS_MINUTE_MS: '5' } });
    expect(answer.meta.status).toBe('completed');
  });

  it('a full disk while writing the log costs the output that did not fit, not the answer', async (context) => {
    if (!canMount()) context.skip();
    initRepo(scratch, { 'a.txt': 'a\n' });
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=256k', 'tmpfs', scratch.runFolder]);
    try {
      const answer = await ok({ args: { brief: 'edit a.txt\nflood 1MB\nsay never seen' }, maxBytes: 2048 });
      expect(lines(answer.text)[0]).toMatch(/^failed after \d+s: the harness exited with code 1 · command$/);
      expect(answer.text).not.toContain('never seen');
    } finally {
      execFileSync('umount', [scratch.runFolder]);
    }
  });
});

describe("the diffstat of exactly this task, the user's git state untouched", () => {
  it("counts the task's edits on top of the user's, its commits, new files, renames, deletions and binaries", async () => {
    initRepo(scratch, { 'src/greet.js': 'hello\n', 'old.txt': 'moved\n'.repeat(20), 'gone.txt': 'bye\n' });
    write(scratch, 'src/greet.js', 'hello\nthe user edited this before the task\n');
    write(scratch, 'user-new.txt', 'the user made this\n');
    const answer = await ok({
      args: {
        brief: 'edit src/greet.js from the task\ncommit "task commit"\nwrite new/file.txt fresh\nrename old.txt renamed.txt\ndelete gone.txt\nbinary blob.bin 64',
      },
    });
    expect(lines(answer.text).slice(1, 7)).toEqual([
      ' blob.bin               | Bin 0 -> 64 bytes',
      ' gone.txt               |   1 -',
      ' new/file.txt           |   1 +',
      ' old.txt => renamed.txt |   0',
      ' src/greet.js           |   1 +',
      ' 5 files changed, 2 insertions(+), 1 deletion(-)',
    ]);
    expect(answer.meta).toMatchObject({ files_changed: 5, insertions: 2, deletions: 1 });
    // The harness's commit took the user's edit and file along (git add -A); the diffstat still shows
    // only what the task itself changed.
    expect(git(scratch, 'log', '--format=%s', '-1')).toBe('task commit\n');
  });

  it("leaves the index, HEAD, refs and files as they were when the task changes nothing", async () => {
    initRepo(scratch, { 'a.txt': 'a\n', 'b.txt': 'b\n' });
    write(scratch, 'a.txt', 'staged\n');
    git(scratch, 'add', 'a.txt');
    write(scratch, 'a.txt', 'unstaged on top\n');
    write(scratch, 'untracked.txt', 'u\n');
    const before = fingerprint(scratch);
    const answer = await ok({ args: { brief: 'say nothing to do' } });
    expect(lines(answer.text)[1]).toBe('no changes');
    expect(fingerprint(scratch)).toEqual(before);
  });

  it('works in the middle of a merge with a conflict, leaving the unmerged index as it is', async () => {
    initRepo(scratch, { 'a.txt': 'base\n' });
    git(scratch, 'checkout', '-qb', 'side');
    write(scratch, 'a.txt', 'side\n');
    git(scratch, 'commit', '-qam', 'side');
    git(scratch, 'checkout', '-q', 'main');
    write(scratch, 'a.txt', 'main\n');
    git(scratch, 'commit', '-qam', 'main');
    expect(() => git(scratch, 'merge', '-q', 'side')).toThrow();
    const before = fingerprint(scratch);
    const answer = await ok({ args: { brief: 'write b.txt new' } });
    expect(lines(answer.text).slice(1, 3)).toEqual([' b.txt | 1 +', ' 1 file changed, 1 insertion(+)']);
    const after = fingerprint(scratch);
    expect(after.index).toBe(before.index);
    expect(git(scratch, 'ls-files', '-u')).toContain('a.txt');
  });

  it('works in a repository with no commits yet', async () => {
    initRepo(scratch);
    write(scratch, 'first.txt', 'before\n');
    const answer = await ok({ args: { brief: 'write second.txt new\nedit first.txt' } });
    expect(lines(answer.text).slice(1, 4)).toEqual([' first.txt  | 1 +', ' second.txt | 1 +', ' 2 files changed, 2 insertions(+)']);
    expect(existsSync(join(scratch.repo, '.git', 'index'))).toBe(false);
  });

  it('works on a detached HEAD, with the commits the harness makes there', async () => {
    initRepo(scratch, { 'a.txt': 'a\n' });
    git(scratch, 'checkout', '-q', '--detach');
    const answer = await ok({ args: { brief: 'edit a.txt\ncommit "on a detached head"' } });
    expect(lines(answer.text).slice(1, 3)).toEqual([' a.txt | 1 +', ' 1 file changed, 1 insertion(+)']);
    expect(readFileSync(join(scratch.repo, '.git', 'HEAD'), 'utf8')).toMatch(/^[0-9a-f]{40}\n$/);
  });

  it('works beside a large untracked tree, counting only what the task changed', async () => {
    initRepo(scratch, { 'a.txt': 'a\n' });
    for (let folder = 0; folder < 50; folder++) {
      mkdirSync(join(scratch.repo, 'generated', `f${folder}`), { recursive: true });
      for (let file = 0; file < 100; file++) writeFileSync(join(scratch.repo, 'generated', `f${folder}`, `${file}.txt`), `${folder} ${file}\n`);
    }
    const answer = await ok({ args: { brief: 'edit a.txt' } });
    expect(lines(answer.text).slice(1, 3)).toEqual([' a.txt | 1 +', ' 1 file changed, 1 insertion(+)']);
  });

  it('says so outside git, and still runs the task', async () => {
    rmSync(join(scratch.repo), { recursive: true });
    mkdirSync(scratch.repo);
    const answer = await ok({ args: { brief: 'write notes.txt hi\nsay ok' } });
    expect(lines(answer.text)[1]).toBe(`no diffstat: ${scratch.repo} is not a git repository`);
    expect(answer.meta).toMatchObject({ status: 'completed', files_changed: 0 });
  });
});
