import { describe, expect, it } from 'vitest';
import type { HelperRequest } from '../../src/orchestrator/request.js';
import {
  envelopeFromExec,
  parseEnvelopeLine,
  requestArgument,
  runHelper,
  stderrTail,
} from '../../src/orchestrator/transport.js';
import { FakeSandbox, printed, stdoutOf } from './fake-sandbox.js';

function readRequest(path: string, callId = 'c1'): HelperRequest {
  return {
    op: 'file_read',
    args: { path },
    run_id: 'r1',
    agent_id: 'a1',
    call_id: callId,
    default_cwd: '',
    max_bytes: 8192,
  };
}

/** A path that makes the request's JSON exactly `bytes` bytes of UTF-8. */
function pathForJsonBytes(bytes: number): string {
  return 'x'.repeat(bytes - Buffer.byteLength(JSON.stringify(readRequest(''))));
}

describe('the request on the command line or in a file', () => {
  it('travels as base64 when its base64 is exactly 64 KiB', () => {
    // 49152 bytes of JSON are exactly 65536 characters of base64.
    const request = readRequest(pathForJsonBytes(49_152));
    const { argument, file } = requestArgument(request, '/run/guilds');
    expect(argument.length).toBe(65_536);
    expect(file).toBeUndefined();
    expect(JSON.parse(Buffer.from(argument, 'base64').toString('utf8'))).toEqual(request);
  });

  it('goes in a request file when its base64 passes 64 KiB by one group', () => {
    const request = readRequest(pathForJsonBytes(49_153));
    const { argument, file } = requestArgument(request, '/run/guilds');
    expect(argument).toBe('/run/guilds/requests/r1-c1.json');
    expect(file!.path).toBe('/run/guilds/requests/r1-c1.json');
    expect(JSON.parse(Buffer.from(file!.bytes).toString('utf8'))).toEqual(request);
  });

  it('measures UTF-8 bytes, not characters', () => {
    // 16400 characters of three bytes each: 49200 bytes, whose base64 passes 64 KiB.
    const request = readRequest('€'.repeat(16_400));
    expect(JSON.stringify(request).length).toBeLessThan(17_000);
    expect(requestArgument(request, '/run/guilds').argument).toBe('/run/guilds/requests/r1-c1.json');
  });

  it("puts the request file in the sandbox's run folder", () => {
    const { argument } = requestArgument(readRequest(pathForJsonBytes(60_000), 'call-7'), '/tmp/x/run/');
    expect(argument).toBe('/tmp/x/run/requests/r1-call-7.json');
  });
});

describe('running the helper', () => {
  it('passes the request as the last argument after the helper command', async () => {
    const sandbox = new FakeSandbox(() => printed(stdoutOf({ ok: true, text: 'hi', meta: {} })));
    await runHelper(sandbox, readRequest('a.txt'), { K: 'v' }, 120_000);
    const [call] = sandbox.execs;
    expect(call!.argv.slice(0, -1)).toEqual(['node', '/usr/local/bin/guilds-code']);
    expect(sandbox.request()).toEqual(readRequest('a.txt'));
    expect(call!.env).toEqual({ K: 'v' });
    expect(call!.timeoutMs).toBe(120_000);
    expect(sandbox.files.size).toBe(0);
  });

  it('writes a long request to its file before running the helper with the path', async () => {
    const sandbox = new FakeSandbox(() => printed(stdoutOf({ ok: true, text: 'hi', meta: {} })));
    const request = readRequest(pathForJsonBytes(70_000));
    await runHelper(sandbox, request, {}, 120_000);
    expect(sandbox.execs[0]!.argv.at(-1)).toBe('/run/guilds/requests/r1-c1.json');
    expect(sandbox.request()).toEqual(request);
  });

  it('answers the envelope the helper printed', async () => {
    const envelope = { ok: true, text: 'a.txt · lines 1–1 of 1\n1\thello', meta: { lines: 1 } };
    const sandbox = new FakeSandbox(() => printed(stdoutOf(envelope)));
    expect(await runHelper(sandbox, readRequest('a.txt'), {}, 120_000)).toEqual(envelope);
  });

  it("answers the helper's error envelope as it is", async () => {
    const sandbox = new FakeSandbox(() => printed(stdoutOf({ ok: false, error: 'file_read: no file at a.txt' })));
    expect(await runHelper(sandbox, readRequest('a.txt'), {}, 120_000)).toEqual({
      ok: false,
      error: 'file_read: no file at a.txt',
    });
  });

  it('fails the call when the request file cannot be written', async () => {
    const sandbox = new FakeSandbox(() => printed(''));
    sandbox.writeError = new Error('EACCES: permission denied');
    const answer = await runHelper(sandbox, readRequest(pathForJsonBytes(70_000)), {}, 120_000);
    expect(answer).toEqual({
      ok: false,
      error: 'code helper failed: cannot write the request file /run/guilds/requests/r1-c1.json: EACCES: permission denied',
      kind: 'unavailable',
    });
    expect(sandbox.execs).toEqual([]);
  });

  it('fails the call when the sandbox cannot run anything', async () => {
    const sandbox = new FakeSandbox(() => Promise.reject(new Error('container is gone')));
    expect(await runHelper(sandbox, readRequest('a.txt'), {}, 120_000)).toEqual({
      ok: false,
      error: 'code helper failed: the sandbox could not run it: container is gone',
      kind: 'unavailable',
    });
  });

  it('gives up on a sandbox that never answers, its timeout and a grace after', async () => {
    const sandbox = new FakeSandbox(() => new Promise(() => {}));
    expect(await runHelper(sandbox, readRequest('a.txt'), {}, 20, 10)).toEqual({
      ok: false,
      error: 'code helper failed: no answer within 0.02 s',
      kind: 'unavailable',
    });
  });
});

describe('reading what the helper printed', () => {
  const stderr = ['one', 'two', 'three', 'four', 'five', 'six', 'seven', ''].join('\n');

  it('fails a helper that printed nothing, with the last 5 lines of its stderr', () => {
    expect(envelopeFromExec(printed('', { stderr, exitCode: 1 }), 120_000)).toEqual({
      ok: false,
      error: 'code helper failed: no envelope (exit status 1)\nthree\nfour\nfive\nsix\nseven',
      kind: 'unavailable',
    });
  });

  it('fails a helper that printed garbage', () => {
    expect(envelopeFromExec(printed('Segmentation fault\n', { exitCode: 139 }), 120_000)).toEqual({
      ok: false,
      error: 'code helper failed: the answer is not an envelope (exit status 139)',
      kind: 'unavailable',
    });
  });

  it('fails a helper that printed half an envelope', () => {
    const whole = stdoutOf({ ok: true, text: 'hello world', meta: {} }).trim();
    const half = whole.slice(0, whole.length / 2 + 1);
    expect(envelopeFromExec(printed(half, { stderr: 'Killed\n', exitCode: null }), 120_000)).toEqual({
      ok: false,
      error: 'code helper failed: the answer is not an envelope (it was stopped by a signal)\nKilled',
      kind: 'unavailable',
    });
  });

  it('fails a helper that died without a word', () => {
    expect(envelopeFromExec(printed('', { exitCode: null }), 120_000)).toEqual({
      ok: false,
      error: 'code helper failed: no envelope (it was stopped by a signal)',
      kind: 'unavailable',
    });
  });

  it('fails a helper that the sandbox stopped at the timeout, whatever it printed', () => {
    const partial = stdoutOf({ ok: true, text: 'x', meta: {} });
    expect(envelopeFromExec(printed(partial, { timedOut: true, exitCode: null, stderr: 'working\n' }), 150_000)).toEqual({
      ok: false,
      error: 'code helper failed: no answer within 150 s\nworking',
      kind: 'unavailable',
    });
  });

  it('takes the envelope from the last line when something printed before it', () => {
    const stdout = 'Welcome to the sandbox\n' + stdoutOf({ ok: true, text: 'x', meta: { a: 1 } });
    expect(envelopeFromExec(printed(stdout), 120_000)).toEqual({ ok: true, text: 'x', meta: { a: 1 } });
  });

  it('accepts a CRLF line end after the envelope', () => {
    const stdout = stdoutOf({ ok: false, error: 'nope' }).trim() + '\r\n';
    expect(envelopeFromExec(printed(stdout), 120_000)).toEqual({ ok: false, error: 'nope' });
  });

  it('reads an ok envelope without meta as one with empty meta', () => {
    expect(parseEnvelopeLine(stdoutOf({ ok: true, text: 'x' }).trim())).toEqual({ ok: true, text: 'x', meta: {} });
  });

  const notEnvelopes: Array<[string, unknown]> = [
    ['ok without text', { ok: true, meta: {} }],
    ['text that is not a string', { ok: true, text: 5, meta: {} }],
    ['meta that is a list', { ok: true, text: 'x', meta: [] }],
    ['a failure without an error', { ok: false }],
    ['ok that is not a boolean', { ok: 'yes', text: 'x' }],
    ['a list', [1, 2]],
    ['null', null],
  ];
  for (const [name, value] of notEnvelopes) {
    it(`refuses JSON that is not an envelope: ${name}`, () => {
      expect(parseEnvelopeLine(stdoutOf(value).trim())).toBeNull();
    });
  }

  it('refuses base64 with a stray character', () => {
    expect(parseEnvelopeLine('eyJvayI6dHJ1ZX0*')).toBeNull();
  });

  it('refuses base64 of bytes that are not UTF-8', () => {
    expect(parseEnvelopeLine(Buffer.from([0xff, 0xfe, 0x7b]).toString('base64'))).toBeNull();
  });
});

describe("the stderr a failed call shows", () => {
  it('is its last 5 lines, blank lines at the end dropped', () => {
    expect(stderrTail('a\nb\nc\nd\ne\nf\n\n\n')).toEqual(['b', 'c', 'd', 'e', 'f']);
  });
  it('is all of it when shorter', () => expect(stderrTail('only\n')).toEqual(['only']));
  it('is nothing when empty', () => expect(stderrTail('')).toEqual([]));
  it('treats CRLF as a plain line end', () => expect(stderrTail('a\r\nb\r\n')).toEqual(['a', 'b']));
  it('clips a line longer than 300 characters', () => {
    expect(stderrTail('y'.repeat(301))).toEqual(['y'.repeat(300) + '…']);
  });
  it('keeps a line of exactly 300 characters whole', () => {
    expect(stderrTail('y'.repeat(300))).toEqual(['y'.repeat(300)]);
  });
  it('counts a character outside the basic plane once: 300 of them with one such is whole', () => {
    expect(stderrTail('y'.repeat(299) + '😀')).toEqual(['y'.repeat(299) + '😀']);
  });
  it('never splits a character outside the basic plane at the cut', () => {
    expect(stderrTail('y'.repeat(299) + '😀z')).toEqual(['y'.repeat(299) + '😀…']);
  });
});
