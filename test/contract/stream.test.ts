// The warm stream's lines (SPEC section 8): what a line asks for, and the lines both sides write.
import { describe, expect, it } from 'vitest';
import { answerLine, callRunning, cancelLine, lineTooLong, parseAnswerLine, readStreamLine, requestLine } from '../../src/contract/stream.js';
import { ByteLines } from '../../src/text/line-splitter.js';
import { SERVE_IDLE_EXIT_MS, SERVE_IDLE_EXIT_VARIABLE } from '../../src/limits.js';
import { idleExitMs } from '../../src/serve.js';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('a line of the stream', () => {
  it('is a cancel when its one field is cancel, holding a valid id', () => {
    expect(readStreamLine(bytes('{"cancel":"c7"}'))).toEqual({ kind: 'cancel', callId: 'c7' });
  });

  it('is a request otherwise, named by its call_id when that is a valid id', () => {
    const line = bytes('{"cancel":"c7","call_id":"c8"}');
    expect(readStreamLine(line)).toEqual({ kind: 'request', bytes: line, parsed: { value: { cancel: 'c7', call_id: 'c8' } }, callId: 'c8' });
    expect(readStreamLine(bytes('{"cancel":".."}'))).toMatchObject({ kind: 'request', callId: null });
    expect(readStreamLine(bytes('{"call_id":"a b"}'))).toMatchObject({ kind: 'request', callId: null });
    expect(readStreamLine(bytes('not json'))).toMatchObject({ kind: 'request', parsed: null, callId: null });
    expect(readStreamLine(new Uint8Array([0xff]))).toMatchObject({ kind: 'request', parsed: null, callId: null });
  });
});

describe('the stream\'s own sentences', () => {
  it('says a line is too long and a call_id is taken in one line each', () => {
    expect(lineTooLong(16_777_216).message).toBe('invalid request: a request line passes 16777216 bytes');
    expect(callRunning('c7').message).toBe('invalid request: call_id c7 is already running on this stream');
    expect(callRunning('c7').kind).toBe('invalid_request');
  });

  it('writes answers, requests and cancels as one JSON line each, and reads answers back', () => {
    const envelope = { ok: true as const, text: 'a\nb', meta: {} };
    expect(answerLine('c7', envelope)).toBe('{"call_id":"c7","envelope":{"ok":true,"text":"a\\nb","meta":{}}}\n');
    expect(answerLine(null, envelope)).toBe('{"call_id":null,"envelope":{"ok":true,"text":"a\\nb","meta":{}}}\n');
    expect(requestLine({ op: 'shell' })).toBe('{"op":"shell"}\n');
    expect(cancelLine('c7')).toBe('{"cancel":"c7"}\n');
    expect(parseAnswerLine(answerLine('c7', envelope).trimEnd())).toEqual({ callId: 'c7', envelope });
    expect(parseAnswerLine('{"call_id":3,"envelope":{}}')).toBeNull();
    expect(parseAnswerLine('{"call_id":"c1"}')).toBeNull();
    expect(parseAnswerLine('half a line')).toBeNull();
  });
});

describe('ByteLines', () => {
  function split(chunks: string[], max: number, end = true) {
    const seen: string[] = [];
    const lines = new ByteLines({ line: (b) => seen.push(Buffer.from(b).toString()), tooLong: () => seen.push('<too long>') }, max);
    for (const chunk of chunks) lines.write(bytes(chunk));
    if (end) lines.end();
    return seen;
  }

  it('joins a line written in pieces and keeps an empty line as a line', () => {
    expect(split(['ab', 'c\n\nd', 'e\n'], 10)).toEqual(['abc', '', 'de']);
  });

  it('hands on a last line without a newline at the end of the input', () => {
    expect(split(['ab\ncd'], 10)).toEqual(['ab', 'cd']);
    expect(split(['ab\ncd'], 10, false)).toEqual(['ab']);
  });

  it('reports a line past the cap once, skips it to its newline, and goes on', () => {
    expect(split(['12345', '678', '9\nok\n'], 6)).toEqual(['<too long>', 'ok']);
    expect(split(['123456\n'], 6)).toEqual(['123456']);
    expect(split(['1234567'], 6)).toEqual(['<too long>']);
  });
});

describe("the stream's idle time", () => {
  it('is SERVE_IDLE_EXIT_MS unless the environment asks for less, in whole milliseconds', () => {
    expect(idleExitMs({})).toBe(SERVE_IDLE_EXIT_MS);
    expect(idleExitMs({ [SERVE_IDLE_EXIT_VARIABLE]: '250' })).toBe(250);
    expect(idleExitMs({ [SERVE_IDLE_EXIT_VARIABLE]: String(SERVE_IDLE_EXIT_MS - 1) })).toBe(SERVE_IDLE_EXIT_MS - 1);
    for (const ignored of [String(SERVE_IDLE_EXIT_MS), String(SERVE_IDLE_EXIT_MS * 2), '0', '-5', '2.5', 'soon', '', ' 7']) {
      expect(idleExitMs({ [SERVE_IDLE_EXIT_VARIABLE]: ignored }), ignored).toBe(SERVE_IDLE_EXIT_MS);
    }
  });
});
