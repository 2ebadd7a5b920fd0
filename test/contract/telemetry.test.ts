// What a request may carry for the operator's telemetry (src/contract/telemetry.ts): the trace context
// a call's commands get, and `telemetry`, which asks for the helper's phases and an elision's size.
import { describe, expect, it } from 'vitest';
import {
  helperTimings,
  helperTimingsOf,
  isTraceparent,
  telemetryAskOf,
  traceContextOf,
} from '../../src/contract/telemetry.js';
import { validateRequest } from '../../src/contract/tools/index.js';
import { wireRequest } from '../../src/orchestrator/request.js';
import { shellEnvironment } from '../../src/tools/shell/environment.js';

const TRACEPARENT = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
const NOT_TRACEPARENT = 'invalid request: traceparent must be a W3C traceparent: 00-<32 hex digits>-<16 hex digits>-<2 hex digits>, ids not all zeros';
const NOT_TRACESTATE = 'invalid request: tracestate must be at most 512 printable ASCII characters, and comes only with a traceparent';

describe('a request asking for the telemetry fields', () => {
  it('absent, null and false ask for nothing; true asks', () => {
    expect([undefined, null, false].map(telemetryAskOf)).toEqual([false, false, false]);
    expect(telemetryAskOf(true)).toBe(true);
  });

  it.each([['a string', 'true'], ['a number', 1], ['an object', {}]])('refuses %s with one line', (_, value) => {
    expect(() => telemetryAskOf(value)).toThrow('invalid request: telemetry must be true or false');
  });
});

describe('a traceparent', () => {
  it('is taken in version 00 layout with ids that are not all zeros', () => {
    expect(isTraceparent(TRACEPARENT)).toBe(true);
    expect(isTraceparent('00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-00')).toBe(true);
  });

  it('of a later version may carry more after a dash, as W3C lets a reader of 00 take it', () => {
    expect(isTraceparent(`01${TRACEPARENT.slice(2)}-more`)).toBe(true);
    expect(isTraceparent(`${TRACEPARENT}-more`)).toBe(false);
  });

  it.each([
    ['version ff', `ff${TRACEPARENT.slice(2)}`],
    ['an all-zero trace id', '00-00000000000000000000000000000000-00f067aa0ba902b7-01'],
    ['an all-zero parent id', '00-4bf92f3577b34da6a3ce929d0e0e4736-0000000000000000-01'],
    ['upper-case hex', TRACEPARENT.toUpperCase()],
    ['a short trace id', '00-4bf92f3577b34da6a3ce929d0e0e473-00f067aa0ba902b7-01'],
    ['a newline at its end', `${TRACEPARENT}\n`],
  ])('is refused with %s', (_, text) => {
    expect(isTraceparent(text)).toBe(false);
    expect(() => traceContextOf(text, undefined)).toThrow(NOT_TRACEPARENT);
  });
});

describe('a trace context', () => {
  it('is none when the request carries neither field', () => {
    expect(traceContextOf(undefined, undefined)).toBeNull();
    expect(traceContextOf(null, null)).toBeNull();
  });

  it('is the traceparent alone, or with its tracestate; an empty tracestate is none', () => {
    expect(traceContextOf(TRACEPARENT, undefined)).toEqual({ traceparent: TRACEPARENT });
    expect(traceContextOf(TRACEPARENT, '')).toEqual({ traceparent: TRACEPARENT });
    expect(traceContextOf(TRACEPARENT, 'congo=t61rcWkgMzE,rojo=00f067aa0ba902b7')).toEqual({
      traceparent: TRACEPARENT,
      tracestate: 'congo=t61rcWkgMzE,rojo=00f067aa0ba902b7',
    });
  });

  it('takes a tracestate of exactly 512 characters and refuses one of 513', () => {
    expect(traceContextOf(TRACEPARENT, 'a'.repeat(512))).toEqual({ traceparent: TRACEPARENT, tracestate: 'a'.repeat(512) });
    expect(() => traceContextOf(TRACEPARENT, 'a'.repeat(513))).toThrow(NOT_TRACESTATE);
  });

  it.each([
    ['a tracestate without a traceparent', undefined, 'a=b'],
    ['a tracestate holding a newline, which would break a command environment', TRACEPARENT, 'a=b\nc=d'],
    ['a tracestate holding a NUL', TRACEPARENT, 'a=\0'],
    ['a tracestate that is not a string', TRACEPARENT, 3],
  ])('refuses %s', (_, traceparent, tracestate) => {
    expect(() => traceContextOf(traceparent, tracestate)).toThrow(NOT_TRACESTATE);
  });

  it('refuses a traceparent that is not a string', () => {
    expect(() => traceContextOf(1, undefined)).toThrow(NOT_TRACEPARENT);
  });
});

describe('the checked request and the wire', () => {
  const base = { op: 'file_read', args: { path: 'a' }, run_id: 'r', agent_id: 'a', call_id: 'c' };

  it('adds no field to a request that asks for nothing, so that its line is as before', () => {
    const request = validateRequest(base);
    expect(Object.keys(request)).toEqual(['op', 'args', 'runId', 'agentId', 'callId', 'defaultCwd', 'maxBytes', 'progress']);
    expect(wireRequest(request)).toEqual({ op: 'file_read', args: { path: 'a' }, run_id: 'r', agent_id: 'a', call_id: 'c', default_cwd: '', max_bytes: 8192 });
  });

  it('carries telemetry and the trace context through, and spells them on the wire as they came', () => {
    const request = validateRequest({ ...base, telemetry: true, traceparent: TRACEPARENT, tracestate: 'k=v' });
    expect(request.telemetry).toBe(true);
    expect(request.traceContext).toEqual({ traceparent: TRACEPARENT, tracestate: 'k=v' });
    expect(wireRequest(request)).toEqual({
      op: 'file_read',
      args: { path: 'a' },
      run_id: 'r',
      agent_id: 'a',
      call_id: 'c',
      default_cwd: '',
      max_bytes: 8192,
      telemetry: true,
      traceparent: TRACEPARENT,
      tracestate: 'k=v',
    });
  });
});

describe("the helper's phases", () => {
  it('count whole microseconds from four readings of one clock in milliseconds', () => {
    expect(helperTimings(0, 41.2504, 80.75, 81.0001)).toEqual({ start: 41250, run: 39500, shape: 250 });
  });

  it('are never negative when the clock reads the same twice', () => {
    expect(helperTimings(5, 5, 5, 5)).toEqual({ start: 0, run: 0, shape: 0 });
  });

  it('are read back from a meta only when whole', () => {
    expect(helperTimingsOf({ timings_us: { start: 1, run: 2, shape: 3 } })).toEqual({ start: 1, run: 2, shape: 3 });
    expect(helperTimingsOf({})).toBeNull();
    expect(helperTimingsOf({ timings_us: { start: 1, run: 2 } })).toBeNull();
    expect(helperTimingsOf({ timings_us: { start: -1, run: 2, shape: 3 } })).toBeNull();
    expect(helperTimingsOf({ timings_us: { start: 1.5, run: 2, shape: 3 } })).toBeNull();
  });
});

describe("a command's environment with the call's trace context", () => {
  const input = { runId: 'r1', agentId: 'a1', cwd: '/home/agent', ghToken: undefined };

  it("gets TRACEPARENT and TRACESTATE, replacing the agent's own", () => {
    const env = shellEnvironment({ ...input, agentEnv: { TRACEPARENT: 'old', TRACESTATE: 'old=1' }, traceContext: { traceparent: TRACEPARENT, tracestate: 'k=v' } });
    expect([env.TRACEPARENT, env.TRACESTATE]).toEqual([TRACEPARENT, 'k=v']);
  });

  it("without a tracestate drops the agent's, which belongs to another traceparent", () => {
    const env = shellEnvironment({ ...input, agentEnv: { TRACESTATE: 'old=1' }, traceContext: { traceparent: TRACEPARENT } });
    expect(env.TRACEPARENT).toBe(TRACEPARENT);
    expect('TRACESTATE' in env).toBe(false);
  });

  it("without a trace context keeps the agent's own, as before", () => {
    const env = shellEnvironment({ ...input, agentEnv: { TRACEPARENT: 'theirs', TRACESTATE: 'theirs=1' } });
    expect([env.TRACEPARENT, env.TRACESTATE]).toEqual(['theirs', 'theirs=1']);
  });
});
