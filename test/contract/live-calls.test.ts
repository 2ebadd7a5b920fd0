// The progress contract (SPEC section 9): what a request may ask, and the events and lines both sides read.
import { describe, expect, it } from 'vitest';
import { parseProgressObject, progressAskOf, progressEventOf, progressField, progressLine } from '../../src/contract/live-calls.js';
import { parseAnswerLine, parseOutputLine } from '../../src/contract/stream.js';
import { validateRequest } from '../../src/contract/tools/index.js';

const REFUSED = 'invalid request: progress must be true, false or {"heartbeat_ms": N} with N a whole number from 1000 to 600000';

describe('a request asking for progress', () => {
  it('absent, null and false ask for nothing', () => {
    expect(progressAskOf(undefined)).toBeNull();
    expect(progressAskOf(null)).toBeNull();
    expect(progressAskOf(false)).toBeNull();
  });

  it('true asks with the default heartbeat of 15 s', () => {
    expect(progressAskOf(true)).toEqual({ heartbeatMs: 15_000 });
    expect(progressAskOf({})).toEqual({ heartbeatMs: 15_000 });
  });

  it('takes heartbeat_ms exactly at each bound', () => {
    expect(progressAskOf({ heartbeat_ms: 1000 })).toEqual({ heartbeatMs: 1000 });
    expect(progressAskOf({ heartbeat_ms: 600_000 })).toEqual({ heartbeatMs: 600_000 });
  });

  it.each([
    ['one below the lowest', { heartbeat_ms: 999 }],
    ['one above the highest', { heartbeat_ms: 600_001 }],
    ['a fraction', { heartbeat_ms: 1500.5 }],
    ['a string', { heartbeat_ms: '1000' }],
    ['an unknown field', { heartbeat_ms: 1000, every: 1 }],
    ['a number', 1],
    ['a string for true', 'true'],
    ['an array', [true]],
  ])('refuses %s with one line', (_, value) => {
    expect(() => progressAskOf(value)).toThrow(REFUSED);
  });

  it('is part of the checked request, cold or warm alike', () => {
    const base = { op: 'file_read', args: { path: 'a' }, run_id: 'r', agent_id: 'a', call_id: 'c' };
    expect(validateRequest(base).progress).toBeNull();
    expect(validateRequest({ ...base, progress: { heartbeat_ms: 2000 } }).progress).toEqual({ heartbeatMs: 2000 });
    expect(() => validateRequest({ ...base, progress: 'yes' })).toThrow(REFUSED);
  });

  it('travels as true for the default, else as the object', () => {
    expect(progressField({ heartbeatMs: 15_000 })).toBe(true);
    expect(progressField({ heartbeatMs: 1000 })).toEqual({ heartbeat_ms: 1000 });
  });
});

describe('a progress line', () => {
  it('is the call_id and the event, one line', () => {
    expect(progressLine('c1', { type: 'output', text: 'a\nb', bytes: 4, elapsed_ms: 12 })).toBe(
      '{"call_id":"c1","progress":{"type":"output","text":"a\\nb","bytes":4,"elapsed_ms":12}}\n',
    );
    expect(progressLine('c1', { type: 'heartbeat', elapsed_ms: 15_000 })).toBe('{"call_id":"c1","progress":{"type":"heartbeat","elapsed_ms":15000}}\n');
  });

  it('reads back as progress, never as an answer', () => {
    const line = progressLine('c1', { type: 'step', kind: 'edit', text: 'src/a.ts', elapsed_ms: 3 }).trimEnd();
    expect(parseOutputLine(line)).toEqual({ kind: 'progress', callId: 'c1', event: { type: 'step', kind: 'edit', text: 'src/a.ts', elapsed_ms: 3 } });
    expect(parseAnswerLine(line)).toBeNull();
  });

  it('that also holds an envelope is neither', () => {
    expect(parseOutputLine('{"call_id":"c1","progress":{"type":"heartbeat","elapsed_ms":1},"envelope":{"ok":true}}')).toBeNull();
  });

  it.each([
    ['no elapsed_ms', { type: 'heartbeat' }],
    ['a negative elapsed_ms', { type: 'heartbeat', elapsed_ms: -1 }],
    ['an unknown type', { type: 'log', elapsed_ms: 1 }],
    ['output without bytes', { type: 'output', text: 'a', elapsed_ms: 1 }],
    ['output with a fractional skipped_bytes', { type: 'output', text: 'a', bytes: 1, skipped_bytes: 0.5, elapsed_ms: 1 }],
    ['a step of an unknown kind', { type: 'step', kind: 'thought', text: 'a', elapsed_ms: 1 }],
    ['a step of two lines', { type: 'step', kind: 'message', text: 'a\nb', elapsed_ms: 1 }],
    ['a step of 301 characters', { type: 'step', kind: 'message', text: 'é'.repeat(301), elapsed_ms: 1 }],
  ])('with %s is no event', (_, value) => {
    expect(progressEventOf(value)).toBeNull();
    expect(parseProgressObject({ call_id: 'c1', progress: value })).toBeNull();
  });

  it('takes a step of exactly 300 characters', () => {
    expect(progressEventOf({ type: 'step', kind: 'message', text: 'é'.repeat(300), elapsed_ms: 1 })).not.toBeNull();
  });
});
