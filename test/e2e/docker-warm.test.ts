// The warm stream in a real container (SPEC section 8 over DockerSandbox.open: an exec with stdin on
// the Engine's hijacked connection), under runc and gVisor: the server killed mid-call, killed by the
// kernel's OOM killer, a cancel stopping a command's whole group, a flood of concurrent calls, a
// program that is not there. Each ends as the section says: a read-only call answered cold, any other
// failed with the line and never run twice, background commands living on, the next call reopening.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CodeToolRun } from '../../src/orchestrator/code-tools.js';
import type { DockerSandbox } from '../../src/orchestrator/sandboxes/docker/sandbox.js';
import { STREAM_ENDED_DURING_CALL } from '../../src/orchestrator/format.js';
import { asRootInside, dockerUnavailable, suiteSandboxes } from '../helpers/docker.js';
import { pollUntil } from '../helpers/background.js';
import { FIXTURES } from '../helpers/paths.js';
import { execRequest } from '../../src/orchestrator/sandbox.js';

const WAIT_MS = 30_000;
const FLOOD_CALLS = 200;
/** Every this many calls of the flood is a shell command (a process each); the rest read a file. */
const FLOOD_SHELL_EVERY = 10;
/** The container's memory limit in the OOM case: room for the server, not for the command's hog. */
const OOM_LIMIT_BYTES = 256 * 1_048_576;
/** The highest OOM score adjustment: the kernel's OOM killer takes this process first. */
const OOM_SCORE_ADJ_MAX = 1000;

for (const runtime of ['runc', 'runsc'] as const) {
  const unavailable = dockerUnavailable(runtime);
  const title = `the warm stream in a container (${runtime}${unavailable === undefined ? '' : `, skipped: ${unavailable}`})`;
  describe.skipIf(unavailable !== undefined)(title, () => suite(runtime));
}

/** The pids of the `guilds-code --serve` processes inside, read from /proc by a cold exec. */
const SERVE_PIDS_SCRIPT =
  "const fs = require('fs'); const found = []; for (const p of fs.readdirSync('/proc')) { if (!/^\\d+$/.test(p)) continue; " +
  "try { const argv = fs.readFileSync('/proc/' + p + '/cmdline', 'utf8').split('\\0'); " +
  "const at = argv.indexOf('/usr/local/bin/guilds-code'); if (at > 0 && argv[at + 1] === '--serve') found.push(Number(p)); } catch {} } console.log(JSON.stringify(found))";

function suite(runtime: 'runc' | 'runsc'): void {
  const { start } = suiteSandboxes(`docker-warm-${runtime}`, runtime);
  let seq = 0;

  function warmRun(sandbox: DockerSandbox): CodeToolRun {
    return new CodeToolRun({ sandbox, warm: true, runId: 'r1', agentId: 'a1' });
  }
  function call(run: CodeToolRun, tool: string, args: Record<string, unknown>, signal?: AbortSignal) {
    seq += 1;
    return run.call({ tool, args, callId: `c${seq}`, resultSeq: seq, signal });
  }
  async function inside(sandbox: DockerSandbox, script: string): Promise<string> {
    const result = await sandbox.exec(execRequest(['sh', '-c', script], {}, WAIT_MS));
    if (result.exitCode !== 0) throw new Error(`${script}: exit ${result.exitCode}: ${result.stderr}`);
    return result.stdout;
  }
  async function servePids(sandbox: DockerSandbox): Promise<number[]> {
    return JSON.parse((await sandbox.exec(execRequest(['node', '-e', SERVE_PIDS_SCRIPT], {}, WAIT_MS))).stdout) as number[];
  }
  async function homeFile(sandbox: DockerSandbox, name: string): Promise<string | undefined> {
    const result = await sandbox.exec(execRequest(['cat', `/home/agent/${name}`], {}, WAIT_MS));
    return result.exitCode === 0 ? result.stdout : undefined;
  }
  async function running(sandbox: DockerSandbox, pid: number): Promise<boolean> {
    // A zombie is gone for this purpose: only its parent's wait is left.
    const state = await sandbox.exec(execRequest(['sh', '-c', `s=$(cat /proc/${pid}/stat 2>/dev/null) || exit 1; s=\${s##*) }; [ "\${s%% *}" != Z ]`], {}, WAIT_MS));
    return state.exitCode === 0;
  }

  it('serves every call over one stream, with the text of the cold helper', async () => {
    const sandbox = await start();
    await inside(sandbox, 'seq 1 30 | sed "s/$/ needle/" > a.txt');
    const cases: [string, Record<string, unknown>][] = [
      ['file_read', { path: 'a.txt', limit: 3 }],
      ['code_search', { pattern: '^2[0-9] ', mode: 'content', limit: 2 }],
      ['shell', { command: 'echo out; exit 3' }],
      ['shell_status', {}],
    ];
    const warm = warmRun(sandbox);
    const cold = new CodeToolRun({ sandbox, runId: 'r1', agentId: 'a1' });
    for (const [tool, args] of cases) {
      const fromWarm = await call(warm, tool, args);
      const fromCold = await call(cold, tool, args);
      expect(fromWarm.text, `${tool} ${JSON.stringify(args)}`).toBe(fromCold.text);
    }
    expect((await call(warm, 'file_read', { path: 'a.txt', offset: 10, limit: 2 })).text).toBe('a.txt · lines 10–11 of 30\n10\t10 needle\n11\t11 needle');
    expect(await servePids(sandbox)).toHaveLength(1);
  });

  it('answers a flood of concurrent calls in full, each its own', async () => {
    const sandbox = await start();
    await inside(sandbox, `for i in $(seq 1 ${FLOOD_CALLS}); do echo "file $i" > f$i.txt; done`);
    const warm = warmRun(sandbox);
    const isShell = (i: number): boolean => i % FLOOD_SHELL_EVERY === 0;
    const results = await Promise.all(
      Array.from({ length: FLOOD_CALLS }, (_, i) => (isShell(i) ? call(warm, 'shell', { command: `cat f${i + 1}.txt` }) : call(warm, 'file_read', { path: `f${i + 1}.txt` }))),
    );
    expect(results.map((result) => result.text)).toEqual(
      Array.from({ length: FLOOD_CALLS }, (_, i) => (isShell(i) ? `file ${i + 1}` : `f${i + 1}.txt · lines 1–1 of 1\n1\tfile ${i + 1}`)),
    );
    expect(await servePids(sandbox)).toHaveLength(1);
  });

  it("sends a cancel line when the call is aborted: the command's whole group stops and the call answers", async () => {
    const sandbox = await start();
    const warm = warmRun(sandbox);
    const controller = new AbortController();
    const answer = call(warm, 'shell', { command: 'echo started; sleep 300 & echo $! > kid.pid; echo $$ > leader.pid; wait' }, controller.signal);
    await pollUntil(() => homeFile(sandbox, 'leader.pid'), (text) => text?.endsWith('\n') === true);
    const pids = [Number(await homeFile(sandbox, 'leader.pid')), Number(await homeFile(sandbox, 'kid.pid'))];
    controller.abort();
    expect((await answer).text).toBe('started\n[the helper was interrupted; the command was stopped]\nexit_code: 143');
    for (const pid of pids) expect(await running(sandbox, pid)).toBe(false);
    expect(await servePids(sandbox)).toHaveLength(1);
  });

  it('fails the shell call in flight when the server is SIGKILLed, keeps background commands for shell_status, and reopens', async () => {
    const sandbox = await start();
    const warm = warmRun(sandbox);
    const background = await call(warm, 'shell', { command: 'sleep 300', background: true });
    expect(background.meta.background_id).toBe('b1');
    const [server] = await servePids(sandbox);
    const shell = call(warm, 'shell', { command: 'echo once >> ran.txt; echo $$ > shell.pid; sleep 300' });
    await pollUntil(() => homeFile(sandbox, 'shell.pid'), (text) => text?.endsWith('\n') === true);
    // The server runs as root, out of the agent's reach: the kill comes from outside, as the platform's would.
    asRootInside(sandbox.containerId, `kill -KILL ${server}`);
    expect(await shell).toMatchObject({ ok: false, kind: 'unavailable', text: STREAM_ENDED_DURING_CALL });
    const status = await call(warm, 'shell_status', { id: 'b1' });
    expect(status.meta.state).toBe('running');
    const reopened = await servePids(sandbox);
    expect(reopened).toHaveLength(1);
    expect(reopened[0]).not.toBe(server);
    expect(await homeFile(sandbox, 'ran.txt')).toBe('once\n');
  });

  it('answers a read-only call cold when the stream dies with it sent, and never runs any other twice', async () => {
    // A helper whose stream takes one line and dies; cold, it is the image's own helper.
    // A helper from the agent's home runs as the agent (no root runs what the agent may write).
    const sandbox = await start({ helperCommand: ['node', '/home/agent/dying-stream.cjs'], helperAsRoot: false });
    await sandbox.writeFile('/home/agent/dying-stream.cjs', readFileSync(join(FIXTURES, 'warm', 'dying-stream.cjs')));
    await inside(sandbox, 'echo hello > a.txt');
    const warm = warmRun(sandbox);
    expect((await call(warm, 'file_read', { path: 'a.txt' })).text).toBe('a.txt · lines 1–1 of 1\n1\thello');
    expect(await call(warm, 'shell', { command: 'echo once >> ran.txt' })).toMatchObject({ ok: false, kind: 'unavailable', text: STREAM_ENDED_DURING_CALL });
    expect(await homeFile(sandbox, 'ran.txt')).toBe(undefined);
  });

  it('runs cold when the helper is not in the image, as a cold call would answer', async () => {
    const sandbox = await start({ helperCommand: ['/usr/local/bin/no-such-helper'] });
    const result = await call(warmRun(sandbox), 'shell', { command: 'echo hi' });
    expect(result.text).toBe('code helper failed: no envelope (exit status 127)\nsh: 1: exec: /usr/local/bin/no-such-helper: not found');
  });

  it('fails the call in flight when the kernel OOM-kills the server, and the next call works over a new stream', async () => {
    const sandbox = await start({ memoryBytes: OOM_LIMIT_BYTES });
    const warm = warmRun(sandbox);
    // Raising the server's score (as root, from outside: the agent may not) makes it the OOM killer's first choice.
    expect((await call(warm, 'shell', { command: 'cat /proc/$PPID/oom_score_adj' })).text).toBe('0');
    const [server] = await servePids(sandbox);
    expect(asRootInside(sandbox.containerId, `echo ${OOM_SCORE_ADJ_MAX} > /proc/${server}/oom_score_adj && cat /proc/${server}/oom_score_adj`)).toBe(`${OOM_SCORE_ADJ_MAX}\n`);
    // The command inherited the server's score: it takes its own back (the least it ever had, so no privilege is needed).
    const hog = await call(warm, 'shell', { command: 'echo 0 > /proc/self/oom_score_adj && exec node -e "const a = []; for (;;) a.push(Buffer.alloc(1 << 20, 1))"' });
    expect(hog).toMatchObject({ ok: false, kind: 'unavailable', text: STREAM_ENDED_DURING_CALL });
    expect((await call(warm, 'shell', { command: 'echo fine' })).text).toBe('fine');
  });
}
