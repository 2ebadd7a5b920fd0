import { spawn } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { callHelper, encodeRequest, makeSandbox, type Sandbox } from '../helpers/helper.js';
import { sleepMarkingItsPid } from '../helpers/foreground.js';
import { BUNDLE, BUNDLE_NODE } from '../helpers/paths.js';
import { pollUntil } from '../helpers/poll.js';
import { processRuns } from '../helpers/processes.js';

let sandbox: Sandbox;
const leftovers: number[] = [];
beforeEach(() => {
  sandbox = makeSandbox();
});
afterEach(() => {
  for (const pid of leftovers.splice(0)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  sandbox.cleanup();
});

function shell(args: Record<string, unknown>, env: Record<string, string | undefined> = {}, extra: Record<string, unknown> = {}) {
  return callHelper(sandbox, { op: 'shell', args, ...extra }, env);
}


function pidsIn(file: string): number[] {
  return readFileSync(file, 'utf8').trim().split(/\s+/).map(Number);
}

describe('shell: processes', () => {
  it("starts the command at an OOM score above the helper's, so that the OOM killer takes it first", () => {
    expect(shell({ command: 'cat /proc/self/oom_score_adj /proc/$PPID/oom_score_adj' }).text).toBe('500\n0');
  });

  it('a process left running neither holds the call open nor is killed when it ends', () => {
    const envelope = shell({ command: 'sleep 30 & echo $! > left.pid; echo started' });
    expect(envelope.text).toBe('started');
    const [pid] = pidsIn(join(sandbox.home, 'left.pid'));
    leftovers.push(pid!);
    expect(processRuns(pid!)).toBe(true);
  });

  it('a timed-out command and its children are stopped, and the result says so', () => {
    const envelope = shell({
      command: 'echo $$ > pids; (sleep 60 & echo $! >> ../pids; wait) & sleep 60 & echo $! >> pids; echo waiting; wait',
      timeout_seconds: 1,
    });
    expect(envelope).toEqual({
      ok: true,
      text: 'waiting\n[timed out after 1s; the command was stopped]\nexit_code: 124',
      meta: { exit_code: 124, cwd: sandbox.home, timed_out: true, elapsed_ms: expect.any(Number) },
    });
    const pids = [...pidsIn(join(sandbox.home, 'pids')), ...pidsIn(join(sandbox.root, 'pids'))];
    expect(pids).toHaveLength(3);
    expect(pids.filter(processRuns)).toEqual([]);
  });

  it('a command that ignores SIGTERM is killed with its whole group, even after its leader is gone', () => {
    const envelope = shell({
      command:
        "trap '' TERM; bash -c 'trap \"\" TERM; echo $$ >> pids; sleep 60 & echo $! >> pids; wait' & " +
        'echo $$ >> pids; sleep 60',
      timeout_seconds: 1,
    });
    expect(envelope.text).toBe('(no output)\n[timed out after 1s; the command was stopped]\nexit_code: 124');
    const pids = pidsIn(join(sandbox.home, 'pids'));
    expect(pids).toHaveLength(3);
    expect(pids.filter(processRuns)).toEqual([]);
  });

  it('the helper told to stop mid-call stops the command and still answers', async () => {
    const child = spawn(BUNDLE_NODE, [BUNDLE, encodeRequest({ op: 'shell', args: { command: `echo begun; ${sleepMarkingItsPid('pid', 60)}` } })], {
      env: { PATH: process.env.PATH, HOME: sandbox.home, GUILDS_RUN_DIR: sandbox.runDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    child.stdout.on('data', (data: Buffer) => (stdout += data.toString()));
    const pidFile = join(sandbox.home, 'pid');
    await pollUntil(() => existsSync(pidFile) && statSync(pidFile).size > 0, Boolean);
    child.kill('SIGTERM');
    const status = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(status).toBe(0);
    const envelope = JSON.parse(Buffer.from(stdout.trim(), 'base64').toString('utf8'));
    expect(envelope.text).toBe('begun\n[the helper was interrupted; the command was stopped]\nexit_code: 143');
    expect(processRuns(pidsIn(pidFile)[0]!)).toBe(false);
  });

  it('the helper told to stop mid-call also ends the processes that left the command\'s group (setsid, a daemon, nohup)', async () => {
    const command =
      "setsid sleep 61 & echo $! >> escaped; (setsid bash -c 'sleep 62 & echo $! >> escaped' &); " +
      `setsid nohup sleep 63 >/dev/null 2>&1 & echo $! >> escaped; echo begun; ${sleepMarkingItsPid('pid', 60)}`;
    const child = spawn(BUNDLE_NODE, [BUNDLE, encodeRequest({ op: 'shell', args: { command } })], {
      env: { PATH: process.env.PATH, HOME: sandbox.home, GUILDS_RUN_DIR: sandbox.runDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    child.stdout.on('data', (data: Buffer) => (stdout += data.toString()));
    const escapedFile = join(sandbox.home, 'escaped');
    const pidFile = join(sandbox.home, 'pid');
    const ready = () => existsSync(pidFile) && statSync(pidFile).size > 0 && existsSync(escapedFile) && pidsIn(escapedFile).length === 3;
    await pollUntil(ready, Boolean);
    const escaped = pidsIn(escapedFile);
    leftovers.push(...escaped);
    child.kill('SIGTERM');
    const status = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(status).toBe(0);
    const envelope = JSON.parse(Buffer.from(stdout.trim(), 'base64').toString('utf8'));
    expect(envelope.text).toBe('begun\n[the helper was interrupted; the command was stopped]\nexit_code: 143');
    expect(escaped.filter(processRuns)).toEqual([]);
  });
});
