// The warm runner through the local sandbox (SPEC section 8): every guilds-code call over one
// `--serve` helper, the same text as cold calls, cold and warm calls interleaved on one run, and the
// stream's death handled: a read-only call answered cold, any other failing with the line, never run
// twice, background commands living on, the next call opening a new stream.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CodeToolRun } from '../../src/orchestrator/code-tools.js';
import { STREAM_ENDED_DURING_CALL } from '../../src/orchestrator/format.js';
import { BUNDLED_HELPER, LocalSandbox } from '../../src/orchestrator/sandboxes/local/sandbox.js';
import type { ExecRequest, ExecResult, OpenedExec, OpenHandlers, Sandbox } from '../../src/orchestrator/sandbox.js';
import { WarmRunner } from '../../src/orchestrator/warm-runner.js';
import { SANDBOX_GRACE_MS } from '../../src/limits.js';
import { pause, pollUntil } from '../helpers/background.js';
import { processRuns } from '../helpers/processes.js';

let sandbox: LocalSandbox;
let seq = 0;

beforeEach(async () => {
  sandbox = await LocalSandbox.start();
  writeFileSync(join(sandbox.home, 'a.txt'), Array.from({ length: 30 }, (_, i) => `line ${i + 1} needle`).join('\n') + '\n');
});
afterEach(() => {
  for (const pid of servePids()) process.kill(pid, 'SIGKILL');
  return sandbox.cleanup();
});

/** The `--serve` helpers this test process started in its sandbox. */
function servePids(): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
        const environ = readFileSync(`/proc/${entry}/environ`, 'utf8');
        return cmdline.includes('--serve') && environ.includes(`HOME=${sandbox.home}\0`) && processRuns(Number(entry));
      } catch {
        return false;
      }
    })
    .map(Number);
}

function run(warm: boolean, runId = 'r1') {
  return new CodeToolRun({ sandbox, warm, runId, agentId: 'a1' });
}

function call(on: CodeToolRun, tool: string, args: Record<string, unknown>, signal?: AbortSignal, callId?: string) {
  seq += 1;
  return on.call({ tool, args, callId: callId ?? `c${seq}`, resultSeq: seq, signal });
}

function comparable(meta: Record<string, unknown>) {
  const copy = { ...meta };
  delete copy.elapsed_ms;
  return copy;
}

describe('the warm runner', () => {
  it('answers every call with the text and meta of the cold helper, over one stream', async () => {
    const cases: [string, Record<string, unknown>][] = [
      ['file_read', { path: 'a.txt', limit: 5 }],
      ['file_read', { path: 'missing.txt' }],
      ['code_search', { pattern: 'line 2[0-9]' }],
      ['code_search', { pattern: '(' }],
      ['shell', { command: 'echo out; exit 3' }],
      ['shell', { command: 'seq 1 50000' }],
      ['shell_status', {}],
      ['shell_status', { id: 'b99' }],
    ];
    for (const [tool, args] of cases) {
      const cold = await call(run(false, 'cold'), tool, args, undefined, `same${seq}`);
      const warm = await call(run(true, 'warm'), tool, args, undefined, `same${seq - 1}`);
      const same = (result: typeof cold, runId: string) => JSON.parse(JSON.stringify({ ...result, meta: comparable(result.meta) }).replaceAll(`/${runId}/`, '/RUN/'));
      expect(same(warm, 'warm'), `${tool} ${JSON.stringify(args)}`).toEqual(same(cold, 'cold'));
    }
    expect(servePids()).toHaveLength(1);
  });

  it('shares one working directory with cold calls of the same run, interleaved', async () => {
    const warm = run(true);
    const cold = run(false);
    expect((await call(warm, 'shell', { command: 'mkdir -p sub && cd sub' })).ok).toBe(true);
    expect((await call(cold, 'shell', { command: 'pwd' })).text).toBe(join(sandbox.home, 'sub'));
    expect((await call(cold, 'shell', { command: 'cd ..' })).ok).toBe(true);
    expect((await call(warm, 'shell', { command: 'pwd' })).text).toBe(sandbox.home);
    const started = await call(warm, 'shell', { command: 'sleep 30', background: true });
    expect((await call(cold, 'shell_status', { id: started.meta.background_id })).meta.state).toBe('running');
    expect((await call(warm, 'shell_status', { id: started.meta.background_id, stop: true })).ok).toBe(true);
  });

  it("sends a cancel line when the call is aborted: the command's group stops and the call answers", async () => {
    const warm = run(true);
    const controller = new AbortController();
    const answer = call(warm, 'shell', { command: 'echo started; sleep 300 & echo $! > kid.pid; echo $$ > leader.pid; wait' }, controller.signal);
    const leader = join(sandbox.home, 'leader.pid');
    await pollUntil(() => existsSync(leader) && readFileSync(leader, 'utf8').endsWith('\n'), Boolean);
    const pids = [Number(readFileSync(leader, 'utf8')), Number(readFileSync(join(sandbox.home, 'kid.pid'), 'utf8'))];
    controller.abort();
    expect((await answer).text).toBe('started\n[the helper was interrupted; the command was stopped]\nexit_code: 143');
    expect(pids.some(processRuns)).toBe(false);
    expect(servePids()).toHaveLength(1);
  });
});

describe('runs of other environments', () => {
  it("share one stream, each command with exactly its own run's environment (it ran cold before)", async () => {
    const show = { command: 'echo "ONE=${ONE-unset} TWO=${TWO-unset}"' };
    const first = new CodeToolRun({ sandbox, warm: true, runId: 'r1', agentId: 'a1', env: { ONE: '1', TWO: '2' } });
    const second = new CodeToolRun({ sandbox, warm: true, runId: 'r2', agentId: 'a1', env: { TWO: 'two' } });
    expect((await call(first, 'shell', show)).text).toBe('ONE=1 TWO=2');
    expect((await call(second, 'shell', show)).text).toBe('ONE=unset TWO=two');
    expect((await call(first, 'shell', show)).text).toBe('ONE=1 TWO=2');
    expect(servePids()).toHaveLength(1);
  });
});

describe('an idle stream', () => {
  /** Short enough to wait out in a test; the runner's default is minutes. */
  const IDLE_MS = 300;

  it('is closed once no call was in flight for its idle time, its helper exits, and the next call opens a new one', async () => {
    const on = new CodeToolRun({ runner: new WarmRunner(sandbox, SANDBOX_GRACE_MS, IDLE_MS), runId: 'r1', agentId: 'a1' });
    expect((await call(on, 'file_read', { path: 'a.txt', limit: 1 })).text).toBe('a.txt · lines 1–1 of 30\n1\tline 1 needle');
    const [first] = servePids();
    await pollUntil(() => servePids(), (pids) => pids.length === 0);
    expect((await call(on, 'file_read', { path: 'a.txt', offset: 2, limit: 1 })).text).toBe('a.txt · lines 2–2 of 30\n2\tline 2 needle');
    const reopened = servePids();
    expect(reopened).toHaveLength(1);
    expect(reopened[0]).not.toBe(first);
  });

  it('is not closed under a call that runs longer than its idle time', async () => {
    const on = new CodeToolRun({ runner: new WarmRunner(sandbox, SANDBOX_GRACE_MS, IDLE_MS), runId: 'r1', agentId: 'a1' });
    const answer = call(on, 'shell', { command: `sleep ${(IDLE_MS * 4) / 1000}; echo slept` });
    // A check that nothing happens: twice the idle time passes with the call in flight, and the stream
    // is still open. No state to wait for stands in for "not closed", so this wait stays a fixed one.
    await pause(IDLE_MS * 2);
    expect(servePids()).toHaveLength(1);
    expect((await answer).text).toBe('slept');
  });
});

describe('the stream SIGKILLed mid-call', () => {
  it('fails the shell call in flight with the line, keeps background commands for shell_status, and reopens', async () => {
    const warm = run(true);
    const background = await call(warm, 'shell', { command: 'sleep 30', background: true });
    expect(background.ok).toBe(true);
    const [server] = servePids();
    const shell = call(warm, 'shell', { command: 'echo $$ > shell.pid; sleep 300' });
    await pollUntil(() => existsSync(join(sandbox.home, 'shell.pid')), Boolean);
    process.kill(server!, 'SIGKILL');
    expect(await shell).toMatchObject({ ok: false, kind: 'unavailable', text: STREAM_ENDED_DURING_CALL });
    // The foreground command dies with its helper, as it does with a cold one.
    const shellPid = Number(readFileSync(join(sandbox.home, 'shell.pid'), 'utf8'));
    await pollUntil(() => processRuns(shellPid), (runs) => !runs);
    const status = await call(warm, 'shell_status', { id: background.meta.background_id });
    expect(status.meta.state).toBe('running');
    const reopened = servePids();
    expect(reopened).toHaveLength(1);
    expect(reopened[0]).not.toBe(server);
    await call(warm, 'shell_status', { id: background.meta.background_id, stop: true });
  });
});

describe('a stream that dies with the call sent', () => {
  /** A helper whose stream takes a line and dies at once; cold, it is the real helper. */
  async function dyingStreamSandbox(): Promise<LocalSandbox> {
    const script = join(sandbox.scratch, 'dying-stream.cjs');
    writeFileSync(
      script,
      `const { spawnSync } = require('node:child_process');
if (process.argv[2] === '--serve') process.stdin.once('data', () => process.kill(process.pid, 'SIGKILL'));
else process.exit(spawnSync(process.execPath, [${JSON.stringify(BUNDLED_HELPER)}, process.argv[2]], { stdio: 'inherit' }).status ?? 1);
`,
    );
    return await LocalSandbox.start({ home: sandbox.home, runDir: sandbox.runDir, helperCommand: [process.execPath, script] });
  }

  it('answers a read-only call cold, once', async () => {
    const dying = await dyingStreamSandbox();
    try {
      const read = await new CodeToolRun({ sandbox: dying, warm: true, runId: 'r1', agentId: 'a1' }).call({ tool: 'file_read', args: { path: 'a.txt', limit: 1 }, callId: 'x1', resultSeq: 1 });
      const cold = await run(false).call({ tool: 'file_read', args: { path: 'a.txt', limit: 1 }, callId: 'x1', resultSeq: 1 });
      expect(read).toEqual(cold);
      const status = await new CodeToolRun({ sandbox: dying, warm: true, runId: 'r1', agentId: 'a1' }).call({ tool: 'shell_status', args: {}, callId: 'x2', resultSeq: 2 });
      expect(status).toMatchObject({ ok: true, text: 'no background commands' });
    } finally {
      await dying.cleanup();
    }
  });

  it('fails any other call with the line and never runs it again', async () => {
    const dying = await dyingStreamSandbox();
    try {
      const on = new CodeToolRun({ sandbox: dying, warm: true, runId: 'r1', agentId: 'a1' });
      const shell = await on.call({ tool: 'shell', args: { command: 'touch ran' }, callId: 'x1', resultSeq: 1 });
      expect(shell).toMatchObject({ ok: false, kind: 'unavailable', text: STREAM_ENDED_DURING_CALL });
      const stop = await on.call({ tool: 'shell_status', args: { id: 'b1', stop: true }, callId: 'x2', resultSeq: 2 });
      expect(stop).toMatchObject({ ok: false, kind: 'unavailable', text: STREAM_ENDED_DURING_CALL });
      expect(existsSync(join(sandbox.home, 'ran'))).toBe(false);
    } finally {
      await dying.cleanup();
    }
  });
});

describe("the exec's connection dropped", () => {
  /** A local sandbox whose opened exec reports its connection lost once the first request line is written; the helper itself runs on. */
  class DroppingSandbox implements Sandbox {
    constructor(private readonly local: LocalSandbox) {}
    get helperCommand(): readonly string[] {
      return this.local.helperCommand;
    }
    get runDir(): string {
      return this.local.runDir;
    }
    exec(request: ExecRequest): Promise<ExecResult> {
      return this.local.exec(request);
    }
    writeFile(path: string, bytes: Uint8Array): Promise<void> {
      return this.local.writeFile(path, bytes);
    }
    cleanup(): Promise<void> {
      return this.local.cleanup();
    }
    open(argv: readonly string[], env: Readonly<Record<string, string>>, handlers: OpenHandlers): OpenedExec {
      let dropped = false;
      const exec = this.local.open(argv, env, { stdout: (chunk) => !dropped && handlers.stdout(chunk), closed: handlers.closed });
      return {
        write: (text) => {
          exec.write(text);
          if (dropped) return;
          dropped = true;
          exec.end();
          handlers.closed(true);
        },
        end: () => exec.end(),
      };
    }
  }

  it('fails a shell call with the line, runs it once only, answers a file_read cold, and reopens', async () => {
    const dropping = new DroppingSandbox(await LocalSandbox.start({ home: sandbox.home, runDir: sandbox.runDir }));
    try {
      const on = new CodeToolRun({ sandbox: dropping, warm: true, runId: 'r1', agentId: 'a1' });
      const shell = await on.call({ tool: 'shell', args: { command: 'echo once >> ran.txt' }, callId: 'd1', resultSeq: 1 });
      expect(shell).toMatchObject({ ok: false, kind: 'unavailable', text: STREAM_ENDED_DURING_CALL });
      // The helper ran it, as it may have: once, never again.
      await pollUntil(() => existsSync(join(sandbox.home, 'ran.txt')), Boolean);
      const read = await on.call({ tool: 'file_read', args: { path: 'ran.txt' }, callId: 'd2', resultSeq: 2 });
      const cold = await run(false).call({ tool: 'file_read', args: { path: 'ran.txt' }, callId: 'd2', resultSeq: 2 });
      expect(read).toEqual(cold);
      expect(read.text).toBe('ran.txt · lines 1–1 of 1\n1\tonce');
    } finally {
      await dropping.cleanup();
    }
  });
});

describe('a forged answer on the stream (a process writing into the helper\'s stdout through /proc/<pid>/fd/1)', () => {
  /**
   * The local sandbox's helper, its stdout a pipe as in a container (where docker exec hands the
   * helper a pipe): Node's own pipes to a child are sockets, which /proc/<pid>/fd/1 cannot open. The
   * forger is a process of the same user, as the agent's commands are in a container.
   */
  let piped: LocalSandbox;
  beforeEach(async () => {
    piped = await LocalSandbox.start({
      home: sandbox.home,
      runDir: sandbox.runDir,
      helperCommand: ['bash', '-c', '"$@" | cat', 'bash', process.execPath, BUNDLED_HELPER],
    });
  });
  afterEach(() => piped.cleanup());

  /** The node process of the `--serve` helpers (their wrapping bash aside). */
  function helperPids(): number[] {
    return servePids().filter((pid) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')[0] === process.execPath);
  }

  function warmRun(): CodeToolRun {
    return new CodeToolRun({ sandbox: piped, warm: true, runId: 'r1', agentId: 'a1' });
  }

  /** An answer line for `callId` as the helper writes one, its text the forger's. */
  const forged = (callId: string | null) => JSON.stringify({ call_id: callId, envelope: { ok: true, text: 'FORGED-ANSWER', meta: { exit_code: 0 } } });

  /** A shell call that writes `line` into its helper's stdout (bash's parent is the helper), then answers `real`. */
  const forging = (line: string) => `printf '%s\\n' '${line}' > /proc/$PPID/fd/1; sleep 1; echo real`;

  const cases: [string, (answered: string) => string][] = [
    ['an answer for a call id the runner never sent', () => forged('n2')],
    ['an answer for a call id already answered', (answered) => forged(answered)],
    ['a call_id null answer the runner did not provoke', () => forged(null)],
    ['a line that is no answer', () => 'FORGED-ANSWER'],
  ];
  for (const [what, line] of cases) {
    it(`${what} ends the stream: the call in flight answers the stream's end, and the next call answers from a new stream`, async () => {
      const warm = warmRun();
      expect((await call(warm, 'shell', { command: 'echo first' }, undefined, 'n0')).text).toBe('first');
      const [first] = helperPids();
      const inFlight = await call(warm, 'shell', { command: forging(line('n0')) }, undefined, 'n1');
      expect(inFlight).toMatchObject({ ok: false, kind: 'unavailable', text: STREAM_ENDED_DURING_CALL });
      const next = await call(warm, 'shell', { command: 'echo second' }, undefined, 'n2');
      expect(next).toMatchObject({ ok: true, text: 'second' });
      // The faulted helper stops its call and exits; the new one stays.
      const reopened = await pollUntil(() => helperPids(), (pids) => pids.length === 1);
      expect(reopened[0]).not.toBe(first);
    });
  }

  it("a background command forging the next call's answer never answers it", async () => {
    const warm = warmRun();
    expect((await call(warm, 'shell', { command: 'echo first' }, undefined, 'f0')).text).toBe('first');
    const [helper] = helperPids();
    const forger = await call(
      warm,
      'shell',
      // It waits for its own start to be answered, then writes the next call's answer again and again.
      { command: `until [ -e go ]; do sleep 0.02; done; while :; do printf '%s\\n' '${forged('f2')}' > /proc/${helper}/fd/1 || exit 0; : > forging; sleep 0.02; done`, background: true },
      undefined,
      'f1',
    );
    expect(forger.ok).toBe(true);
    writeFileSync(join(sandbox.home, 'go'), '');
    await pollUntil(() => existsSync(join(sandbox.home, 'forging')), Boolean);
    // The forged line for a call not yet sent ends that stream; the next call must go to a new one, or
    // a forged line still in the pipe when it is sent would be read as its answer.
    await pollUntil(() => helperPids(), (pids) => !pids.includes(helper));
    const next = await call(warm, 'shell', { command: 'sleep 0.5; echo real' }, undefined, 'f2');
    expect(next).toMatchObject({ ok: true, text: 'real' });
    await call(warm, 'shell_status', { id: forger.meta.background_id, stop: true }, undefined, 'f3');
  });
});
