// Live calls over the warm stream (SPEC section 9), the built bundle spawned as the image runs it:
// a call that asks for progress gets its events as lines before its answer, never after; its answer
// is the one it gets without asking. Each waits on what the command does, never on a clock: a
// command prints its next line only once the test has seen the previous one as an event.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { killSandboxJobs, pollUntil } from '../helpers/background.js';
import { makeSandbox, type Sandbox } from '../helpers/helper.js';
import { startServe, type ServeProcess } from '../helpers/serve.js';

let sandbox: Sandbox;
let serve: ServeProcess;
let ids = 0;

function request(op: string, args: Record<string, unknown>, progress?: unknown) {
  return { op, args, run_id: 'r1', agent_id: 'a1', call_id: `p${++ids}`, ...(progress === undefined ? {} : { progress }) };
}

/** A command that prints each word once the file `go-<word>` is there (the first at once). */
function stepwise(words: string[]): string {
  return words.map((word, index) => (index === 0 ? `echo ${word}` : `until [ -e go-${word} ]; do sleep 0.02; done; echo ${word}`)).join('; ');
}

function outputTexts(callId: string): string[] {
  return serve.progressOf(callId).filter((event) => event.type === 'output').map((event) => event.text as string);
}

beforeEach(() => {
  sandbox = makeSandbox();
  serve = startServe(sandbox);
});
afterEach(async () => {
  if (serve.child.exitCode === null && serve.child.signalCode === null) {
    serve.child.kill('SIGKILL');
    await serve.done;
  }
  killSandboxJobs(sandbox);
  sandbox.cleanup();
});

/** An envelope with its time fields set aside. */
function timeless(envelope: Record<string, unknown>): Record<string, unknown> {
  const meta = { ...(envelope.meta as Record<string, unknown>) };
  delete meta.elapsed_ms;
  return { ...envelope, meta };
}

describe('a command that asks for progress', () => {
  it('sends each line as it is printed, in order, then its answer, the same as without asking', async () => {
    const command = stepwise(['one', 'two', 'three']);
    const call = request('shell', { command }, true);
    const answer = serve.call(call);
    for (const word of ['two', 'three']) {
      const before = word === 'two' ? 'one' : 'two';
      await pollUntil(() => outputTexts(call.call_id).includes(before), Boolean);
      writeFileSync(join(sandbox.home, `go-${word}`), '');
    }
    const warm = await answer;
    expect(outputTexts(call.call_id).slice(0, 2)).toEqual(['one', 'two']);
    const events = serve.progressOf(call.call_id);
    expect(events.map((event) => event.elapsed_ms)).toEqual([...events.map((event) => event.elapsed_ms)].sort((a, b) => a - b));
    expect(events.every((event) => event.type === 'output' && typeof event.bytes === 'number')).toBe(true);
    // The same command again (its files are there now), without progress: the same answer.
    const plain = request('shell', { command });
    expect(timeless(await serve.call(plain))).toEqual(timeless(warm));
    expect(serve.progressOf(plain.call_id)).toEqual([]);
  });

  it('sends heartbeats while the command is quiet, at the time asked', async () => {
    const call = request('shell', { command: 'until [ -e go ]; do sleep 0.02; done' }, { heartbeat_ms: 1000 });
    const answer = serve.call(call);
    await pollUntil(() => serve.progressOf(call.call_id).length >= 2, Boolean);
    writeFileSync(join(sandbox.home, 'go'), '');
    expect(await answer).toMatchObject({ ok: true, meta: { exit_code: 0 } });
    const beats = serve.progressOf(call.call_id);
    expect(beats.every((event) => event.type === 'heartbeat')).toBe(true);
    expect(beats[0]!.elapsed_ms).toBeGreaterThanOrEqual(1000);
    expect(beats[1]!.elapsed_ms - beats[0]!.elapsed_ms).toBeGreaterThanOrEqual(1000);
  });

  it('is refused when its progress field is not one the contract takes, as a cold call refuses it', async () => {
    expect(await serve.call(request('shell', { command: 'echo hi' }, { heartbeat_ms: 5 }))).toEqual({
      ok: false,
      error: 'invalid request: progress must be true, false or {"heartbeat_ms": N} with N a whole number from 1000 to 600000',
      kind: 'invalid_request',
    });
  });

  it('batches a flood: at most one event each 250 ms by their stamps, each of at most 2048 bytes, the rest counted', async () => {
    // The bug: the events' pace was kept by the wall clock and their stamps by the call's, so on a
    // loaded machine two events' `elapsed_ms` could come nearer than 250 ms. The flood then waits for the test,
    // so that an event is due after it however fast the machine pipes 30 MB.
    const call = request('shell', { command: 'yes | head -c 30000000; until [ -e go ]; do sleep 0.02; done; echo last line' }, true);
    const answer = serve.call(call);
    const outputEvents = () => serve.progressOf(call.call_id).filter((event) => event.type === 'output');
    await pollUntil(() => outputEvents().some((event) => (event.skipped_bytes as number) > 1_000_000), Boolean);
    writeFileSync(join(sandbox.home, 'go'), '');
    expect(await answer).toMatchObject({ ok: true, meta: { exit_code: 0 } });
    const events = outputEvents();
    for (const event of events) expect(Buffer.byteLength(event.text as string)).toBeLessThanOrEqual(2048);
    for (let index = 1; index < events.length; index++) expect(events[index]!.elapsed_ms - events[index - 1]!.elapsed_ms).toBeGreaterThanOrEqual(250);
  });

  it('stops on a cancel between two lines and answers, with no event after its answer', async () => {
    const call = request('shell', { command: stepwise(['one', 'two']) }, true);
    const answer = serve.call(call);
    await pollUntil(() => outputTexts(call.call_id).includes('one'), Boolean);
    serve.write(`${JSON.stringify({ cancel: call.call_id })}\n`);
    expect(await answer).toMatchObject({ ok: true, text: 'one\n[the helper was interrupted; the command was stopped]\nexit_code: 143' });
    // A later call's answer comes after anything the cancelled one could still have sent.
    expect(await serve.call(request('shell', { command: 'echo after' }))).toMatchObject({ ok: true, text: 'after' });
    expect(outputTexts(call.call_id)).toEqual(['one']);
  });

  it('gives 50 concurrent calls with progress their own events only, and every answer in full', async () => {
    const calls = Array.from({ length: 50 }, (_, index) => request('shell', { command: `echo mine-${index}; sleep 0.3; echo end-${index}` }, true));
    serve.write(calls.map((call) => `${JSON.stringify(call)}\n`).join(''));
    const answers = await Promise.all(calls.map((call) => serve.answerOf(call.call_id)));
    calls.forEach((call, index) => {
      expect(answers[index]).toMatchObject({ ok: true, text: `mine-${index}\nend-${index}` });
      const texts = outputTexts(call.call_id);
      // Under load both lines may come in one event; each call's are its own.
      expect(texts.join('\n').split('\n')).toContain(`mine-${index}`);
      for (const text of texts) expect(text.split('\n').every((line) => line === `mine-${index}` || line === `end-${index}`)).toBe(true);
    });
  });
});

describe('a call that answers at once', () => {
  it('sends no event for file_read and shell_status, asked or not', async () => {
    writeFileSync(join(sandbox.home, 'a.txt'), 'alpha\n');
    const read = request('file_read', { path: 'a.txt' }, { heartbeat_ms: 1000 });
    const status = request('shell_status', {}, true);
    expect(await serve.call(read)).toMatchObject({ ok: true });
    expect(await serve.call(status)).toMatchObject({ ok: true });
    expect(serve.progress).toEqual([]);
  });

  it('leaves the stream byte for byte as before when no call asks', async () => {
    const call = request('shell', { command: 'echo one; sleep 0.3; echo two' });
    expect(await serve.call(call)).toMatchObject({ ok: true, text: 'one\ntwo' });
    expect(serve.progress).toEqual([]);
  });
});

describe('memory', () => {
  function rssKiB(pid: number): number {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]);
  }

  it('stays flat over 10,000 events', async () => {
    serve.child.kill('SIGKILL');
    await serve.done;
    serve = startServe(sandbox, { NODE_OPTIONS: '--max-semi-space-size=2' });
    // 100 commands at once, each a line every 250 ms: 10,000 events in about 25 s.
    const calls = Array.from({ length: 100 }, () => request('shell', { command: 'for i in $(seq 1 100); do echo line $i; sleep 0.25; done' }, true));
    serve.write(calls.map((call) => `${JSON.stringify(call)}\n`).join(''));
    // Counted in lines, not events: under load two lines of a call can share one event.
    const outputLines = (): string[] =>
      serve.progress.map((line) => line.progress).filter((event) => event.type === 'output').flatMap((event) => (event.text as string).split('\n'));
    await pollUntil(() => outputLines().length >= 2000, Boolean);
    const before = rssKiB(serve.child.pid!);
    await Promise.all(calls.map((call) => serve.answerOf(call.call_id)));
    const after = rssKiB(serve.child.pid!);
    expect(outputLines().length).toBeGreaterThanOrEqual(9000);
    expect(after - before).toBeLessThan(20 * 1024);
    expect(existsSync(sandbox.home)).toBe(true);
  }, 120_000);
});
