import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  callHelperAsync,
  killSandboxJobs,
  liveGroupMembers,
  pollUntil,
  procStat,
  start,
  status,
} from '../helpers/background.js';
import { makeSandbox, type Sandbox } from '../helpers/helper.js';

let sandbox: Sandbox;
const strangers: number[] = [];
beforeEach(() => {
  sandbox = makeSandbox();
});
afterEach(() => {
  killSandboxJobs(sandbox);
  for (const pid of strangers.splice(0)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  sandbox.cleanup();
});

const stateOf = (id: string) => () => status(sandbox, { id });

describe('shell with background', () => {
  it('starts the command in its own session, returns at once, and names the log and how to check it', () => {
    // Longer than the test's wait for the helper: a start that waited for its command would fail here.
    const envelope = start(sandbox, 'sleep 100', { call_id: 'start1' });
    const logPath = join(sandbox.home, '.runs', 'r1', 'start1.log');
    expect(envelope.ok).toBe(true);
    const pid = Number(/^started b1 in the background \(pid (\d+)\)\n/.exec(envelope.text!)?.[1]);
    expect(envelope.text).toBe(
      `started b1 in the background (pid ${pid})\nlog: ${logPath}\n` +
        'check it with shell_status {"id": "b1"}; stop it with {"id": "b1", "stop": true}',
    );
    expect(envelope.meta).toEqual({ exit_code: null, cwd: sandbox.home, timed_out: false, elapsed_ms: expect.any(Number), log_path: logPath, background_id: 'b1' });
    const stat = procStat(pid)!;
    expect(stat.session).toBe(pid);
    expect(stat.processGroup).toBe(pid);
    expect(status(sandbox).text).toMatch(/^b1 running \d+s sleep 100$/);
  });

  it('captures the exit code of a job that ends after the helper has gone, with stdout and stderr in one log', async () => {
    start(sandbox, 'echo out; echo err >&2; echo out again; sleep 0.3; exit 7', { call_id: 'c-exit' });
    const envelope = await pollUntil(stateOf('b1'), (e) => e.meta?.state !== 'running');
    const logPath = join(sandbox.home, '.runs', 'r1', 'c-exit.log');
    expect(envelope.text).toMatch(/^state: exited 7\nelapsed: \d+s\n/);
    expect(envelope.text!.split('\n').slice(2)).toEqual([`log: ${logPath}`, 'out', 'err', 'out again']);
    expect(envelope.meta).toEqual({ background_id: 'b1', state: 'exited 7', log_path: logPath, exit_code: 7 });
    expect(readFileSync(logPath, 'utf8')).toBe('out\nerr\nout again\n');
  });

  it('gives the command the environment of a foreground command, stdin closed, in the working directory', async () => {
    mkdirSync(join(sandbox.home, 'repos', 'app'), { recursive: true });
    start(
      sandbox,
      'cat; echo "$GUILD_RUN_ID $GUILD_AGENT_ID $TERM $PAGER $GH_TOKEN ${GUILD_REPO_TOKENS-unset} $NODE_EXTRA_CA_CERTS"; pwd',
      { default_cwd: 'repos/app', run_id: 'run-env', agent_id: 'a1' },
      { GUILD_REPO_TOKENS: JSON.stringify({ 'repos/app': 'tok-app' }), GH_TOKEN: 'agent-own', GUILDS_NODE_EXTRA_CA_CERTS: '/ca.pem' },
    );
    const envelope = await pollUntil(stateOf('b1'), (e) => e.meta?.state === 'exited 0');
    expect(envelope.text!.split('\n').slice(3)).toEqual([
      'run-env a1 dumb cat tok-app unset /ca.pem',
      join(sandbox.home, 'repos', 'app'),
    ]);
  });

  it('shows only the last 40 lines of a long log, cleaned as shell output is', async () => {
    start(sandbox, 'seq 1 200000; printf "\\033[31mred\\033[0m\\r\\nstep 1\\rstep 2\\n"');
    const envelope = await pollUntil(stateOf('b1'), (e) => e.meta?.state === 'exited 0');
    const expected = [...Array.from({ length: 38 }, (_, i) => String(199_963 + i)), 'red', 'step 2'];
    expect(envelope.text!.split('\n').slice(3)).toEqual(expected);
  });

  it('a job that exited with an empty log says (no output), not (no output yet)', async () => {
    start(sandbox, 'true', { call_id: 'quiet' });
    const envelope = await pollUntil(stateOf('b1'), (e) => e.meta?.state === 'exited 0');
    const logPath = join(sandbox.home, '.runs', 'r1', 'quiet.log');
    expect(envelope.text!.split('\n').filter((_, i) => i !== 1)).toEqual(['state: exited 0', `log: ${logPath}`, '(no output)']);
  });

  it('lists every command oldest first, with ids that count up', async () => {
    start(sandbox, 'exit 3');
    start(sandbox, 'sleep 30\necho never');
    await pollUntil(stateOf('b1'), (e) => e.meta?.state === 'exited 3');
    const envelope = status(sandbox);
    expect(envelope.text).toMatch(/^b1 exited 3 \d+s exit 3\nb2 running \d+s sleep 30$/);
    expect(envelope.meta).toEqual({ count: 2 });
  });

  it('says clearly when the records cannot be kept', () => {
    const notAFolder = join(sandbox.outside, 'file');
    writeFileSync(notAFolder, '');
    const envelope = start(sandbox, 'true', {}, { GUILDS_RUN_DIR: notAFolder });
    expect(envelope).toEqual({
      ok: false,
      error: `shell: cannot start a background command: cannot create ${notAFolder}/a1/background: ENOTDIR`,
      kind: 'io',
    });
  });

  it('never gives two concurrent starts the same id', async () => {
    const starts = await Promise.all(
      Array.from({ length: 10 }, (_, i) => callHelperAsync(sandbox, { op: 'shell', args: { command: `sleep 0.1; exit ${i}`, background: true } })),
    );
    const ids = starts.map((e) => e.meta?.background_id as string).sort((a, b) => Number(a.slice(1)) - Number(b.slice(1)));
    expect(ids).toEqual(Array.from({ length: 10 }, (_, i) => `b${i + 1}`));
    expect(status(sandbox).meta).toEqual({ count: 10 });
  });
});

describe('ids', () => {
  it('are never handed out again, even when a record was removed', async () => {
    start(sandbox, 'exit 4');
    await pollUntil(stateOf('b1'), (e) => e.meta?.state === 'exited 4');
    rmSync(join(sandbox.runDir, 'a1', 'background', 'b1.json'));
    const envelope = start(sandbox, 'sleep 30');
    expect(envelope.meta?.background_id).toBe('b2');
    expect(status(sandbox).text).toMatch(/^b2 running \d+s sleep 30$/);
  });
});

describe('shell_status stop', () => {
  it('stops a cooperative job and answers with its state after the signal', async () => {
    const started = start(sandbox, 'echo ready; sleep 30');
    const pid = Number(/\(pid (\d+)\)/.exec(started.text!)![1]);
    const running = await pollUntil(stateOf('b1'), (e) => e.text!.endsWith('\nready'));
    expect(running.meta?.state).toBe('running');
    const stopped = status(sandbox, { id: 'b1', stop: true });
    expect(stopped.text!.split('\n')[0]).toMatch(new RegExp(`^sent SIGTERM to b1 \\(process group ${pid}\\); `));
    const after = await pollUntil(stateOf('b1'), (e) => e.meta?.state === 'stopped');
    expect(after.meta?.exit_code).toBe(143);
    // The log's last line is the supervisor's, once: the job's shell died of its own SIGTERM, silent.
    expect(after.text!.split('\n').slice(-2)).toEqual(['ready', 'Terminated']);
    expect(liveGroupMembers(pid)).toEqual([]);
  });

  it('sends nothing to a job that has already finished, and says so', async () => {
    start(sandbox, 'true');
    await pollUntil(stateOf('b1'), (e) => e.meta?.state === 'exited 0');
    const envelope = status(sandbox, { id: 'b1', stop: true });
    expect(envelope.text!.split('\n').slice(0, 2)).toEqual(['b1 has already exited 0; no signal was sent', 'state: exited 0']);
  });

  it('refuses stop without an id, an unknown id and a malformed one with one clear line', () => {
    expect(status(sandbox, { stop: true })).toEqual({ ok: false, error: 'shell_status: stop needs the id of the command to stop, such as b1', kind: 'invalid_request' });
    expect(status(sandbox, { id: 'b9' })).toEqual({ ok: false, error: 'shell_status: no background command b9 (there are no background commands)', kind: 'not_found' });
    expect(status(sandbox, { id: '../../etc' })).toEqual({
      ok: false,
      error: "shell_status: invalid id '../../etc': background ids look like b1, b2, …",
      kind: 'invalid_request',
    });
  });
});

describe('forged and corrupt records', () => {
  it('never signals a stranger a record points at, and names a garbage record clearly', async () => {
    const stranger = spawn('sleep', ['30'], { detached: true, stdio: 'ignore' });
    strangers.push(stranger.pid!);
    const stat = await pollUntil(() => procStat(stranger.pid!), (s) => s !== null && s.session === stranger.pid);
    const folder = join(sandbox.runDir, 'a1', 'background');
    mkdirSync(folder, { recursive: true });
    const forged = {
      id: 'b1',
      command: 'forged',
      cwd: sandbox.home,
      log_path: join(sandbox.home, '.runs', 'r1', 'x.log'),
      run_id: 'r1',
      call_id: 'x',
      started_at_ms: Date.now(),
      pid: stranger.pid,
      process_group: stranger.pid,
      start_ticks: stat!.startTicks,
    };
    writeFileSync(join(folder, 'b1.json'), JSON.stringify(forged));
    writeFileSync(join(folder, 'b2.json'), '\u0000garbage');
    writeFileSync(join(folder, 'b3.json'), JSON.stringify({ ...forged, id: 'b3', pid: 1, process_group: 1 }));
    writeFileSync(join(folder, 'b4.json'), JSON.stringify({ ...forged, id: 'b4', log_path: '/etc/passwd' }));

    expect(status(sandbox).text).toMatch(
      /^b1 ended \d+s forged\nb2 \(unreadable record\)\nb3 \(unreadable record\)\nb4 \(record points outside the agent's folders\)$/,
    );
    expect(status(sandbox, { id: 'b1', stop: true }).text!.split('\n')[0]).toBe('b1 has already ended; no signal was sent');
    for (const id of ['b2', 'b3', 'b4']) {
      expect(status(sandbox, { id, stop: true })).toMatchObject({ ok: false, error: expect.stringMatching(new RegExp(`^shell_status: the record of ${id} cannot be used`)) });
    }
    expect(procStat(stranger.pid!)?.state).not.toBe('Z');
    // The next start still gets a fresh id.
    expect(start(sandbox, 'true').meta?.background_id).toBe('b5');
  });
});
