// `guilds-code.js --serve` (SPEC section 8), spawned as the image runs it: request lines in, answer
// lines out, each envelope the cold helper's for the same request in the same state.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SERVE_IDLE_EXIT_VARIABLE, SERVE_LINE_MAX_BYTES } from '../../src/limits.js';
import { killSandboxJobs, pollUntil } from '../helpers/background.js';
import { expectOneEnvelope, spawnBundleSync } from '../helpers/bundle.js';
import { sleepMarkingItsPid } from '../helpers/foreground.js';
import { callHelper, makeSandbox, type Sandbox } from '../helpers/helper.js';
import { processRuns } from '../helpers/processes.js';
import { startServe, type ServeProcess } from '../helpers/serve.js';

/**
 * A stream's idle time in the test that waits it out (the default is minutes): long enough that the
 * test's next line, written as soon as an answer came, meets the stream still open on a loaded machine.
 */
const IDLE_EXIT_MS = 1_000;

let sandbox: Sandbox;
let serve: ServeProcess | undefined;
let ids = 0;

function request(op: string, args: Record<string, unknown> = {}, fields: Record<string, unknown> = {}) {
  return { op, args, run_id: 'r1', agent_id: 'a1', call_id: `w${++ids}`, ...fields };
}

beforeEach(() => {
  sandbox = makeSandbox();
  writeFileSync(join(sandbox.home, 'a.txt'), 'alpha\nneedle two\ngamma\n');
  writeFileSync(join(sandbox.home, 'b.ts'), 'const needle = 1;\n');
});
afterEach(async () => {
  if (serve !== undefined && serve.child.exitCode === null && serve.child.signalCode === null) {
    serve.child.kill('SIGKILL');
    await serve.done;
  }
  serve = undefined;
  killSandboxJobs(sandbox);
  sandbox.cleanup();
});

/** The call answered cold, then over the stream, in the same state; time fields set aside. */
async function bothWays(op: string, args: Record<string, unknown>) {
  const cold = callHelper(sandbox, request(op, args));
  const warm = await serve!.call(request(op, args));
  return { cold, warm };
}

describe('one stream, many calls', () => {
  it('answers each read-only call with the envelope the cold helper prints for it', async () => {
    serve = startServe(sandbox);
    const cases: [string, Record<string, unknown>][] = [
      ['file_read', { path: 'a.txt' }],
      ['file_read', { path: 'a.txt', offset: 2, limit: 1 }],
      ['file_read', { path: 'missing.txt' }],
      ['file_read', { path: '../outside.txt' }],
      ['file_read', { path: 7 }],
      ['code_search', { pattern: 'needle' }],
      ['code_search', { pattern: '(' }],
      ['shell_status', {}],
      ['shell_status', { id: 'b99' }],
      ['shell', { command: 'echo out; echo err >&2; exit 3' }],
      ['shell', {}],
    ];
    for (const [op, args] of cases) {
      const { cold, warm } = await bothWays(op, args);
      if (cold.ok && warm.ok) delete cold.meta!.elapsed_ms, delete (warm.meta as Record<string, unknown>).elapsed_ms;
      expect(warm, `${op} ${JSON.stringify(args)}`).toEqual(cold);
    }
    serve.end();
    expect(await serve.done).toEqual({ status: 0, signal: null, stderr: '' });
  });

  it('keeps the working directory where cold calls keep it, so cold and warm calls interleave', async () => {
    serve = startServe(sandbox);
    writeFileSync(join(sandbox.home, 'x'), '');
    const cd = await serve.call(request('shell', { command: 'mkdir -p sub && cd sub' }));
    expect(cd.ok).toBe(true);
    expect(callHelper(sandbox, request('shell', { command: 'pwd' }))).toMatchObject({ ok: true, text: join(sandbox.home, 'sub') });
    expect(callHelper(sandbox, request('shell', { command: 'cd ..' })).ok).toBe(true);
    expect(await serve.call(request('shell', { command: 'pwd' }))).toMatchObject({ ok: true, text: sandbox.home });
  });

  it('answers a line that is not a request with call_id null and an invalid_request error, and goes on', async () => {
    serve = startServe(sandbox);
    serve.write('not json\n');
    expect(await serve.answerOf(null)).toEqual({ ok: false, error: 'invalid request: not JSON', kind: 'invalid_request' });
    serve.write('[1,2]\n');
    expect(await serve.answerOf(null)).toEqual({ ok: false, error: 'invalid request: not a JSON object', kind: 'invalid_request' });
    serve.write(Buffer.from([0xff, 0x0a]));
    expect(await serve.answerOf(null)).toEqual({ ok: false, error: 'invalid request: not UTF-8', kind: 'invalid_request' });
    // A request that names its call answers under that name, with the cold helper's refusal.
    const bad = request('file_read', { path: 'a.txt', bogus: true });
    const cold = callHelper(sandbox, { ...bad, call_id: 'cold-bad' });
    expect(await serve.call(bad)).toEqual(cold);
    expect(await serve.call(request('file_read', { path: 'a.txt' }))).toMatchObject({ ok: true });
  });

  it('refuses a second request with the call_id of one still running, in its own answer', async () => {
    serve = startServe(sandbox);
    const first = request('shell', { command: 'sleep 1; echo first' });
    serve.write(`${JSON.stringify(first)}\n${JSON.stringify({ ...first, args: { command: 'echo second' } })}\n`);
    // The refusal comes first: the first call is still running.
    expect(await serve.answerOf(first.call_id)).toEqual({ ok: false, error: `invalid request: call_id ${first.call_id} is already running on this stream`, kind: 'invalid_request' });
    expect(await serve.answerOf(first.call_id)).toMatchObject({ ok: true, text: 'first' });
    // Once answered, the id may come again.
    expect(await serve.call({ ...first, args: { command: 'echo again' } })).toMatchObject({ ok: true, text: 'again' });
  });

  it('stops a cancelled shell command and its group as SIGTERM stops a cold helper, and still answers', async () => {
    serve = startServe(sandbox);
    const call = request('shell', { command: 'echo started; sleep 300 & echo $! > kid.pid; echo $$ > leader.pid; wait' });
    const answer = serve.call(call);
    const leader = join(sandbox.home, 'leader.pid');
    await pollUntil(() => existsSync(leader) && readFileSync(leader, 'utf8').endsWith('\n'), Boolean);
    const pids = [Number(readFileSync(leader, 'utf8')), Number(readFileSync(join(sandbox.home, 'kid.pid'), 'utf8'))];
    expect(pids.every(processRuns)).toBe(true);
    serve.write(`${JSON.stringify({ cancel: call.call_id })}\n`);
    expect(await answer).toMatchObject({
      ok: true,
      text: 'started\n[the helper was interrupted; the command was stopped]\nexit_code: 143',
    });
    expect(pids.some(processRuns)).toBe(false);
    // A cancel of a call that has answered, or of none, changes nothing.
    serve.write(`${JSON.stringify({ cancel: call.call_id })}\n${JSON.stringify({ cancel: 'nobody' })}\n`);
    expect(await serve.call(request('shell_status'))).toMatchObject({ ok: true });
  });

  it('answers 200 concurrent calls in full', async () => {
    serve = startServe(sandbox);
    const calls = Array.from({ length: 200 }, (_, index) =>
      index % 2 === 0 ? request('file_read', { path: 'a.txt' }) : request('shell', { command: `echo ${index}` }),
    );
    serve.write(calls.map((call) => `${JSON.stringify(call)}\n`).join(''));
    const answers = await Promise.all(calls.map((call) => serve!.answerOf(call.call_id)));
    answers.forEach((answer, index) => {
      if (index % 2 === 0) expect(answer).toMatchObject({ ok: true, text: 'a.txt · lines 1–3 of 3\n1\talpha\n2\tneedle two\n3\tgamma' });
      else expect(answer).toMatchObject({ ok: true, text: String(index) });
    });
    expect(serve.lines).toHaveLength(200);
  });
});

describe("a call's own environment", () => {
  const show = 'echo "FOO=${FOO-unset} BAR=${BAR-unset} HOME=$HOME"';

  it('runs a call with the environment its line carries, over the helper\'s own: set, changed, unset, the home kept', async () => {
    serve = startServe(sandbox, { FOO: 'stream', BAR: 'stream' });
    expect(await serve.call(request('shell', { command: show }))).toMatchObject({ text: `FOO=stream BAR=stream HOME=${sandbox.home}` });
    const change = { FOO: 'call', BAR: null, HOME: '/elsewhere' };
    expect(await serve.call(request('shell', { command: show }, { env: change }))).toMatchObject({ text: `FOO=call BAR=unset HOME=${sandbox.home}` });
    // The change was that call's alone.
    expect(await serve.call(request('shell', { command: show }))).toMatchObject({ text: `FOO=stream BAR=stream HOME=${sandbox.home}` });
  });

  it('refuses an env that is no object of names to strings or null, in one line', async () => {
    serve = startServe(sandbox);
    expect(await serve.call(request('shell', { command: 'true' }, { env: ['FOO=1'] }))).toEqual({ ok: false, error: 'invalid request: env must be a JSON object', kind: 'invalid_request' });
    expect(await serve.call(request('shell', { command: 'true' }, { env: { 'A=B': '1' } }))).toEqual({
      ok: false,
      error: 'invalid request: env names a variable by an empty name, or one holding = or a NUL byte',
      kind: 'invalid_request',
    });
    expect(await serve.call(request('shell', { command: 'true' }, { env: { FOO: 1 } }))).toEqual({
      ok: false,
      error: 'invalid request: env gives a variable a value that is neither a string without a NUL byte nor null',
      kind: 'invalid_request',
    });
  });

  it('is refused in a cold request, which travels in argv: a secret there is every process\'s to read', () => {
    expect(callHelper(sandbox, request('shell', { command: 'true' }, { env: { TOKEN: 'secret' } }))).toEqual({
      ok: false,
      error: "invalid request: env travels in a warm stream's line only: a cold request is read from argv, which every process can read",
      kind: 'invalid_request',
    });
  });
});

describe('long and cut lines', () => {
  it('answers a 10 MiB request line as the cold helper answers it from a request file', async () => {
    serve = startServe(sandbox);
    const big = request('file_read', { path: 'a.txt', filler: 'x'.repeat(10 * 1_048_576) });
    const file = join(sandbox.runDir, 'requests', `r1-cold-big.json`);
    writeFileSync(file, JSON.stringify({ ...big, call_id: 'cold-big' }));
    const cold = expectOneEnvelope(spawnBundleSync(sandbox, file));
    expect(cold.ok).toBe(false);
    expect(await serve.call(big)).toEqual(cold);
  });

  it('refuses a line past 16 MiB once, skips it, and answers the next', async () => {
    serve = startServe(sandbox);
    serve.write(`${'y'.repeat(SERVE_LINE_MAX_BYTES + 1)}\n`);
    expect(await serve.answerOf(null)).toEqual({
      ok: false,
      error: `invalid request: a request line passes ${SERVE_LINE_MAX_BYTES} bytes`,
      kind: 'invalid_request',
    });
    expect(await serve.call(request('file_read', { path: 'a.txt' }))).toMatchObject({ ok: true });
    expect(serve.lines).toHaveLength(2);
  });

  it('answers a request line cut by the end of stdin as no request, then exits 0', async () => {
    serve = startServe(sandbox);
    serve.write(JSON.stringify(request('file_read', { path: 'a.txt' })).slice(0, 40));
    serve.end();
    expect(await serve.answerOf(null)).toEqual({ ok: false, error: 'invalid request: not JSON', kind: 'invalid_request' });
    expect(await serve.done).toEqual({ status: 0, signal: null, stderr: '' });
  });
});

describe('the end of the stream', () => {
  it('lets the calls in flight finish and answer when stdin ends, then exits 0 with nothing on stderr', async () => {
    serve = startServe(sandbox);
    const call = request('shell', { command: 'sleep 1; echo late' });
    const answer = serve.call(call);
    serve.end();
    expect(await answer).toMatchObject({ ok: true, text: 'late' });
    expect(await serve.done).toEqual({ status: 0, signal: null, stderr: '' });
    expect(serve.lines).toHaveLength(1);
  });

  it('stops and answers every call in flight on SIGTERM, then exits', async () => {
    serve = startServe(sandbox);
    const calls = [request('shell', { command: `echo one; ${sleepMarkingItsPid('one.pid', 300)}` }), request('shell', { command: `echo two; ${sleepMarkingItsPid('two.pid', 300)}` })];
    const answers = calls.map((call) => serve!.call(call));
    // Both commands have printed, and their sleeps run: a SIGTERM sent earlier could be lost at bash's fork.
    const said = (call: { call_id: string }, text: string) => {
      const log = join(sandbox.home, '.runs', 'r1', `${call.call_id}.log`);
      return existsSync(log) && readFileSync(log, 'utf8') === text;
    };
    const sleeping = (name: string) => existsSync(join(sandbox.home, name)) && readFileSync(join(sandbox.home, name), 'utf8').endsWith('\n');
    await pollUntil(() => said(calls[0]!, 'one\n') && said(calls[1]!, 'two\n') && sleeping('one.pid') && sleeping('two.pid'), Boolean);
    serve.child.kill('SIGTERM');
    const [one, two] = await Promise.all(answers);
    expect(one).toMatchObject({ ok: true, text: 'one\n[the helper was interrupted; the command was stopped]\nexit_code: 143' });
    expect(two).toMatchObject({ ok: true, text: 'two\n[the helper was interrupted; the command was stopped]\nexit_code: 143' });
    expect(await serve.done).toEqual({ status: 0, signal: null, stderr: '' });
  });

  it('exits 0 on its own once it has had no line and no call in flight for its idle time', async () => {
    // Its stdin stays open, as an exec's pipes do when the runtime that held the other end restarted.
    serve = startServe(sandbox, { [SERVE_IDLE_EXIT_VARIABLE]: String(IDLE_EXIT_MS) });
    // A call that outlasts the idle time keeps the stream: the next line is still served after it.
    expect(await serve.call(request('shell', { command: `sleep ${(IDLE_EXIT_MS * 3) / 1000}; echo late` }))).toMatchObject({ ok: true, text: 'late' });
    expect(await serve.call(request('file_read', { path: 'a.txt', limit: 1 }))).toMatchObject({ ok: true, text: 'a.txt · lines 1–1 of 3\n1\talpha' });
    expect(await serve.done).toEqual({ status: 0, signal: null, stderr: '' });
    expect(serve.lines).toHaveLength(2);
  });
});

/** The young generation's semi-space, in MiB, for the memory test's server. */
const SEMI_SPACE_MIB = 2;

describe('memory', () => {
  /** Resident memory in KiB, from /proc. */
  function rssKiB(pid: number): number {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]);
  }

  it('stays flat over 20,000 calls', async () => {
    // V8 grows its young generation with the allocation rate, up to tens of MiB whatever is retained:
    // held small, what resident memory still gains over the calls is memory kept.
    serve = startServe(sandbox, { NODE_OPTIONS: `--max-semi-space-size=${SEMI_SPACE_MIB}` });
    const batch = async (count: number) => {
      const calls = Array.from({ length: count }, (_, index) =>
        index % 2 === 0 ? request('file_read', { path: 'a.txt' }) : request('shell_status', {}),
      );
      serve!.write(calls.map((call) => `${JSON.stringify(call)}\n`).join(''));
      await Promise.all(calls.map((call) => serve!.answerOf(call.call_id)));
      serve!.lines.length = 0; // the test's own record, not the server's
    };
    // The heap settles over the first few thousand calls (V8 grows its old space before it collects).
    for (let round = 0; round < 10; round++) await batch(500);
    const before = rssKiB(serve.child.pid!);
    for (let round = 0; round < 30; round++) await batch(500);
    const after = rssKiB(serve.child.pid!);
    // A leak of even 1.5 KiB a call would pass 20 MiB here.
    expect(after - before).toBeLessThan(20 * 1024);
  });
});
