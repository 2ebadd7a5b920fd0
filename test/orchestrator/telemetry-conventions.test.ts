// The operator's telemetry as data (src/orchestrator/telemetry/conventions.ts): every name, attribute
// and mapping the OpenTelemetry layer sets, pinned exactly.
import { describe, expect, it } from 'vitest';
import {
  callOutcome,
  DURATION_BUCKETS_SECONDS,
  durationAttributes,
  endAttributes,
  errorType,
  GENAI_CONVENTIONS,
  METRICS,
  progressSpanEvent,
  recordedArguments,
  SPAN_NAMES,
  startAttributes,
  toolNameAttribute,
  traceContextFor,
  tracestateWithin,
} from '../../src/orchestrator/telemetry/conventions.js';

const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';
const SPAN_ID = '00f067aa0ba902b7';

describe('the conventions followed', () => {
  it('are pinned to one version', () => {
    expect(GENAI_CONVENTIONS).toBe('OpenTelemetry GenAI semantic conventions v0.1.0');
  });

  it('name the metrics and their units', () => {
    expect(Object.values(METRICS).map((metric) => `${metric.name} ${metric.unit}`)).toEqual([
      'gen_ai.execute_tool.duration s',
      'guilds_code.helper.failures {failure}',
      'guilds_code.warm_stream.restarts {stream}',
      'guilds_code.warm_stream.cold_fallbacks {call}',
      'guilds_code.sandbox.starts {start}',
      'guilds_code.sandbox.start_failures {start}',
      'guilds_code.execute_tool.active_calls {call}',
    ]);
    expect(DURATION_BUCKETS_SECONDS).toEqual([0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600, 1800, 3600, 7200]);
  });

  it('name the spans under a call', () => {
    expect(Object.values(SPAN_NAMES)).toEqual([
      'guilds_code.request_file',
      'guilds_code.exec',
      'guilds_code.stream',
      'guilds_code.helper.start',
      'guilds_code.helper.run',
      'guilds_code.helper.shape',
    ]);
  });
});

describe("a call's outcome", () => {
  const facts = (ok: boolean, meta: Record<string, unknown> = {}, cancelled = false, kind?: string) => ({ ok, meta, cancelled, kind });

  it.each([
    ['a failed call is an error, whatever its meta', facts(false, { exit_code: 0 }, false, 'not_found'), 'error'],
    ['a failed call stays an error when it was cancelled', facts(false, {}, true, 'interrupted'), 'error'],
    ['an answered call whose caller cancelled it was stopped', facts(true, { exit_code: 143, timed_out: false }, true), 'stopped'],
    ['a code_task that stopped was stopped', facts(true, { status: 'stopped', exit_code: null }), 'stopped'],
    ['a command past its timeout timed out, though it exited 124', facts(true, { exit_code: 124, timed_out: true }), 'timed_out'],
    ['a code_task past its minutes timed out', facts(true, { status: 'timed_out', timed_out: true }), 'timed_out'],
    ['a code_task whose harness failed failed as a task', facts(true, { status: 'failed', exit_code: 1 }), 'task_failed'],
    ['a command that exited 2 exited non-zero', facts(true, { exit_code: 2, timed_out: false }), 'exit_nonzero'],
    ['a background start, exit_code null, is ok', facts(true, { exit_code: null, timed_out: false }), 'ok'],
    ['a read is ok', facts(true, { path: '/a', range: [1, 2] }), 'ok'],
  ])('%s', (_, given, expected) => {
    expect(callOutcome(given)).toBe(expected);
  });

  it("sets error.type to the failed call's kind, _OTHER without one, and none on success", () => {
    expect(errorType({ ok: false, kind: 'unavailable' })).toBe('unavailable');
    expect(errorType({ ok: false })).toBe('_OTHER');
    expect(errorType({ ok: true, kind: 'unavailable' })).toBeUndefined();
  });

  it('names a tool that is none of the five _OTHER: a made-up name is no dimension', () => {
    expect(['shell', 'code_task', 'rm_rf', 3].map(toolNameAttribute)).toEqual(['shell', 'code_task', '_OTHER', '_OTHER']);
  });
});

describe("a call's span attributes", () => {
  it('at its start: the operation, the tool, the ids, the sandbox', () => {
    expect(startAttributes({ tool: 'shell', callId: 'c7', runId: 'r1', agentId: 'a1' }, { kind: 'docker', runtime: 'runsc' })).toEqual({
      'gen_ai.operation.name': 'execute_tool',
      'gen_ai.tool.name': 'shell',
      'gen_ai.tool.call.id': 'c7',
      'gen_ai.tool.type': 'function',
      'guilds_code.run.id': 'r1',
      'guilds_code.agent.id': 'a1',
      'guilds_code.sandbox.kind': 'docker',
      'guilds_code.sandbox.runtime': 'runsc',
    });
    expect(startAttributes({ tool: 'nope', callId: 'c1', runId: 'r1', agentId: 'a1' }, { kind: 'local' })).not.toHaveProperty('guilds_code.sandbox.runtime');
  });

  it("at the end of an elided shell command: its outcome, exit code, elision and the text's size", () => {
    const attributes = endAttributes({
      ok: true,
      meta: { exit_code: 1, timed_out: false, cwd: '/home/agent', log_path: '/home/agent/.runs/r1/c1.log' },
      cancelled: false,
      mode: 'warm',
      text: 'é\nexit_code: 1',
      cut: false,
      elidedBytes: 129837,
    });
    expect(attributes).toEqual({
      'guilds_code.outcome': 'exit_nonzero',
      'guilds_code.call.mode': 'warm',
      'guilds_code.exit_code': 1,
      'guilds_code.timed_out': false,
      'guilds_code.elided_bytes': 129837,
      'guilds_code.result.bytes': 15,
      'guilds_code.result.cut': false,
    });
  });

  it('at the end of a repeated read and of a code_task: the pointer and the status', () => {
    const read = endAttributes({ ok: true, meta: { repeat_of: 2 }, cancelled: false, mode: 'cold', text: 'x', cut: false, elidedBytes: undefined });
    expect(read).toEqual({ 'guilds_code.outcome': 'ok', 'guilds_code.call.mode': 'cold', 'guilds_code.repeat_of': 2, 'guilds_code.result.bytes': 1, 'guilds_code.result.cut': false });
    const task = endAttributes({ ok: true, meta: { status: 'completed', exit_code: 0, timed_out: false }, cancelled: false, mode: undefined, text: '', cut: false, elidedBytes: undefined });
    expect(task).toEqual({
      'guilds_code.outcome': 'ok',
      'guilds_code.exit_code': 0,
      'guilds_code.timed_out': false,
      'guilds_code.task.status': 'completed',
      'guilds_code.result.bytes': 0,
      'guilds_code.result.cut': false,
    });
  });

  it('at the end of a failure: error.type, and no mode when nothing ran', () => {
    expect(endAttributes({ ok: false, kind: 'invalid_request', meta: {}, cancelled: false, mode: undefined, text: 'bad', cut: false, elidedBytes: undefined })).toEqual({
      'guilds_code.outcome': 'error',
      'error.type': 'invalid_request',
      'guilds_code.result.bytes': 3,
      'guilds_code.result.cut': false,
    });
  });

  it("on the duration's points: the tool and the outcome, how and where it ran, never an id", () => {
    expect(durationAttributes('file_read', { ok: false, kind: 'not_found', meta: {}, cancelled: false, mode: 'cold' }, { kind: 'local' })).toEqual({
      'gen_ai.operation.name': 'execute_tool',
      'gen_ai.tool.name': 'file_read',
      'gen_ai.tool.type': 'function',
      'guilds_code.outcome': 'error',
      'guilds_code.sandbox.kind': 'local',
      'error.type': 'not_found',
      'guilds_code.call.mode': 'cold',
    });
  });
});

describe('a progress event as a span event', () => {
  it("keeps the output's counts and leaves its text out", () => {
    expect(progressSpanEvent({ type: 'output', text: 'SECRET line', bytes: 120, skipped_bytes: 4000, elapsed_ms: 750 })).toEqual({
      name: 'guilds_code.output',
      attributes: { 'guilds_code.elapsed_ms': 750, 'guilds_code.output.bytes': 120, 'guilds_code.output.skipped_bytes': 4000 },
    });
  });

  it("keeps a step's kind and leaves its text out", () => {
    expect(progressSpanEvent({ type: 'step', kind: 'command', text: 'npm test', elapsed_ms: 12 })).toEqual({
      name: 'guilds_code.step',
      attributes: { 'guilds_code.elapsed_ms': 12, 'guilds_code.step.kind': 'command' },
    });
  });

  it('makes a heartbeat a bare event', () => {
    expect(progressSpanEvent({ type: 'heartbeat', elapsed_ms: 15000 })).toEqual({ name: 'guilds_code.heartbeat', attributes: { 'guilds_code.elapsed_ms': 15000 } });
  });
});

describe("a span's context for the helper", () => {
  it('is a version 00 traceparent, its flags two hex digits, with the tracestate serialized', () => {
    expect(traceContextFor({ traceId: TRACE_ID, spanId: SPAN_ID, traceFlags: 1, traceState: { serialize: () => 'k=v' } })).toEqual({
      traceparent: `00-${TRACE_ID}-${SPAN_ID}-01`,
      tracestate: 'k=v',
    });
    expect(traceContextFor({ traceId: TRACE_ID, spanId: SPAN_ID, traceFlags: 0 })).toEqual({ traceparent: `00-${TRACE_ID}-${SPAN_ID}-00` });
  });

  it('is none for the invalid context of a span no provider made', () => {
    expect(traceContextFor({ traceId: '0'.repeat(32), spanId: '0'.repeat(16), traceFlags: 0 })).toBeNull();
  });

  it('keeps the first whole list members of a tracestate over 512 characters', () => {
    const members = Array.from({ length: 40 }, (_, index) => `k${index}=${'v'.repeat(20)}`);
    const kept = tracestateWithin(members.join(','), 512);
    expect(kept).toBe(members.slice(0, 20).join(','));
    expect(kept.length).toBe(489);
    expect(tracestateWithin('a=1,b=2', 512)).toBe('a=1,b=2');
  });
});

describe('the arguments recorded on a span, when a run asks for them', () => {
  it('mask every secret value in every string, keys included, before the JSON is written', () => {
    const secrets = ['hunter2', 'ab"c'];
    expect(recordedArguments({ command: 'echo hunter2', 'x-ab"c': ['ab"c', 1, null, true] }, secrets)).toBe(
      '{"command":"echo [REDACTED]","x-[REDACTED]":["[REDACTED]",1,null,true]}',
    );
  });

  it('read arguments given as JSON text as the object they hold, and other text as text', () => {
    expect(recordedArguments('{"path":"hunter2.txt"}', ['hunter2'])).toBe('{"path":"[REDACTED].txt"}');
    expect(recordedArguments('not json hunter2', ['hunter2'])).toBe('"not json [REDACTED]"');
  });

  it('stop at 4096 bytes, never inside a character', () => {
    const recorded = recordedArguments({ command: 'é'.repeat(5000) }, []);
    expect(new TextEncoder().encode(recorded).length).toBe(4095);
    expect(recorded.startsWith('{"command":"éé')).toBe(true);
  });
});
