// The operator's telemetry with the real OpenTelemetry SDK registered as a platform registers it:
// every call through the local sandbox, cold and over its warm stream, is one execute_tool span under
// the caller's span, with its parts under it and its metrics, exactly as docs/telemetry.md says.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CodeToolRun, type CodeToolResult, type CodeToolsConfig } from '../../src/orchestrator/code-tools.js';
import { STREAM_ENDED_DURING_CALL } from '../../src/orchestrator/format.js';
import { BwrapSandbox } from '../../src/orchestrator/sandboxes/bwrap/sandbox.js';
import { callSpan, childrenOf, installSdk, shapeOf, spanId, underTurn, type Sdk } from '../helpers/otel.js';
import { BUNDLE, BUNDLE_NODE } from '../helpers/paths.js';
import { pollUntil } from '../helpers/poll.js';
import { LOCAL, type TestSandbox } from '../helpers/sandboxes.js';
import { run as recordedRun } from '../tools/code_task/transcripts.js';

let sdk: Sdk;
beforeAll(() => {
  sdk = installSdk();
});
afterAll(async () => await sdk.uninstall());

const PHASES = ['guilds_code.helper.start', 'guilds_code.helper.run', 'guilds_code.helper.shape'];

function bytes(text: string): number {
  return new TextEncoder().encode(text).length;
}

/** Every attribute of a call's span: the start's, then the end's. */
function callAttributes(tool: string, callId: string, result: CodeToolResult, end: Record<string, unknown>): Record<string, unknown> {
  return {
    'gen_ai.operation.name': 'execute_tool',
    'gen_ai.tool.name': tool,
    'gen_ai.tool.call.id': callId,
    'gen_ai.tool.type': 'function',
    'guilds_code.run.id': 'r1',
    'guilds_code.agent.id': 'a1',
    'guilds_code.sandbox.kind': 'local',
    ...end,
    'guilds_code.result.bytes': bytes(result.text),
    'guilds_code.result.cut': false,
  };
}

for (const warm of [false, true]) describe(warm ? 'a call over the warm stream' : 'a cold call', () => suite(warm));

function suite(warm: boolean): void {
  const trip = warm ? 'guilds_code.stream' : 'guilds_code.exec';
  const mode = warm ? 'warm' : 'cold';
  let sandbox: TestSandbox;
  let seq = 0;

  beforeEach(async () => {
    sdk.resetMetrics();
    sdk.spans.reset();
    sandbox = await LOCAL.make();
    mkdirSync(join(sandbox.home, 'repos/app/src'), { recursive: true });
    writeFileSync(join(sandbox.home, 'repos/app/src/a.ts'), 'const needle = 1;\nexport { needle };\n');
    seq = 0;
  });
  afterEach(async () => await sandbox.cleanup());

  function newRun(config: Partial<CodeToolsConfig> = {}): CodeToolRun {
    return new CodeToolRun({ sandbox, warm, runId: 'r1', agentId: 'a1', repositories: [{ name: 'app' }], ...config });
  }

  async function traced(run: CodeToolRun, tool: string, args: unknown, signal?: AbortSignal) {
    seq++;
    const callId = `c${seq}`;
    const { value: result, turn } = await underTurn('agent turn', () => run.call({ tool, args, callId, resultSeq: seq, signal }));
    const spans = sdk.spans.getFinishedSpans();
    return { result, callId, span: callSpan(spans, callId), turn, spans };
  }

  it('counts the sandbox it started', async () => {
    expect(await sdk.points('guilds_code.sandbox.starts')).toEqual([{ attributes: { 'guilds_code.sandbox.kind': 'local', 'guilds_code.sandbox.start': 'first' }, value: 1 }]);
    expect(await sdk.points('guilds_code.sandbox.start_failures')).toEqual([]);
  });

  it(`makes a file_read one execute_tool span under the caller's, its ${trip} and the helper's phases under it`, async () => {
    const { result, callId, span, turn, spans } = await traced(newRun(), 'file_read', { path: 'src/a.ts' });
    expect(result.ok).toBe(true);
    expect(span.name).toBe('execute_tool file_read');
    expect(span.kind).toBe(SpanKind.INTERNAL);
    expect(span.status).toEqual({ code: SpanStatusCode.UNSET });
    expect(span.parentSpanContext?.spanId).toBe(spanId(turn));
    expect(span.spanContext().traceId).toBe(turn.spanContext().traceId);
    expect(span.instrumentationScope.name).toBe('guilds-code');
    expect(span.attributes).toEqual(callAttributes('file_read', callId, result, { 'guilds_code.outcome': 'ok', 'guilds_code.call.mode': mode }));
    expect(shapeOf(spans, span)).toEqual([{ [trip]: PHASES }]);
    const [roundTrip] = childrenOf(spans, span);
    expect(roundTrip!.attributes).toEqual({ 'guilds_code.helper': 'guilds-code' });
    // The meta is the tool's own: the helper's telemetry fields stay with the span.
    expect(Object.keys(result.meta).sort()).toEqual(['content_hash', 'display_path', 'lines', 'path', 'range']);
    expect(result.timings).toBeUndefined();
    const [point] = await sdk.points('gen_ai.execute_tool.duration');
    expect(point!.attributes).toEqual({
      'gen_ai.operation.name': 'execute_tool',
      'gen_ai.tool.name': 'file_read',
      'gen_ai.tool.type': 'function',
      'guilds_code.outcome': 'ok',
      'guilds_code.sandbox.kind': 'local',
      'guilds_code.call.mode': mode,
    });
    expect((point!.value as { count: number }).count).toBe(1);
    expect(await sdk.points('guilds_code.execute_tool.active_calls')).toEqual([
      { attributes: { 'gen_ai.tool.name': 'file_read', 'guilds_code.sandbox.kind': 'local' }, value: 0 },
    ]);
  });

  it.each([
    ['shell', { command: 'echo hi' }, { 'guilds_code.outcome': 'ok', 'guilds_code.exit_code': 0, 'guilds_code.timed_out': false }, 'guilds-code'],
    ['shell_status', {}, { 'guilds_code.outcome': 'ok' }, 'guilds-code'],
    ['code_search', { pattern: 'needle' }, { 'guilds_code.outcome': 'ok' }, 'guilds-code'],
  ])('makes %s the same span, with its own outcome', async (tool, args, end, helper) => {
    const { result, callId, span, spans } = await traced(newRun(), tool, args);
    expect(result.ok).toBe(true);
    expect(span.name).toBe(`execute_tool ${tool}`);
    expect(span.attributes).toEqual(callAttributes(tool, callId, result, { ...end, 'guilds_code.call.mode': mode }));
    expect(shapeOf(spans, span)).toEqual([{ [trip]: PHASES }]);
    expect(childrenOf(spans, span)[0]!.attributes).toEqual({ 'guilds_code.helper': helper });
  });

  it("makes a code_task the same span, its round trip guilds-harness's, its status an attribute", async () => {
    const env = { GUILDS_HARNESS: 'command', GUILDS_HARNESS_COMMAND: `echo '{"type":"final","text":"done"}'` };
    const { result, callId, span, spans } = await traced(newRun({ env }), 'code_task', { brief: 'do it' });
    expect(result.meta.status).toBe('completed');
    expect(span.attributes).toEqual(
      callAttributes('code_task', callId, result, {
        'guilds_code.outcome': 'ok',
        'guilds_code.call.mode': mode,
        'guilds_code.exit_code': 0,
        'guilds_code.timed_out': false,
        'guilds_code.task.status': 'completed',
      }),
    );
    expect(shapeOf(spans, span)).toEqual([{ [trip]: PHASES }]);
    expect(childrenOf(spans, span)[0]!.attributes).toEqual({ 'guilds_code.helper': 'guilds-harness' });
  });

  it("hands the call's span to its command as TRACEPARENT, and to a code_task's harness", async () => {
    const shell = await traced(newRun(), 'shell', { command: `printf '%s|%s' "$TRACEPARENT" "\${TRACESTATE-none}"` });
    const traceparent = `00-${shell.span.spanContext().traceId}-${spanId(shell.span)}-01`;
    expect(shell.result.text).toBe(`${traceparent}|none`);
    const env = { GUILDS_HARNESS: 'command', GUILDS_HARNESS_COMMAND: `printf '{"type":"final","text":"%s"}\\n' "$TRACEPARENT"` };
    const task = await traced(newRun({ env }), 'code_task', { brief: 'say it' });
    expect(task.result.block?.finalMessage).toBe(`00-${task.span.spanContext().traceId}-${spanId(task.span)}-01`);
  });

  it("marks a failed call's span an error, its kind the error.type, on the span and the duration", async () => {
    const { result, callId, span, spans } = await traced(newRun(), 'file_read', { path: 'no-such.ts' });
    expect(result).toMatchObject({ ok: false, kind: 'not_found' });
    expect(span.status).toEqual({ code: SpanStatusCode.ERROR });
    expect(span.attributes).toEqual(callAttributes('file_read', callId, result, { 'guilds_code.outcome': 'error', 'error.type': 'not_found', 'guilds_code.call.mode': mode }));
    // A failure's envelope carries no phases: the round trip alone.
    expect(shapeOf(spans, span)).toEqual([trip]);
    const [point] = await sdk.points('gen_ai.execute_tool.duration');
    expect(point!.attributes).toMatchObject({ 'guilds_code.outcome': 'error', 'error.type': 'not_found' });
  });

  it('marks a call refused before it ran invalid_request, with no part and no mode', async () => {
    const { result, callId, span, spans } = await traced(newRun(), 'file_read', { offset: 2 });
    expect(result).toMatchObject({ ok: false, kind: 'invalid_request' });
    expect(span.attributes).toEqual(callAttributes('file_read', callId, result, { 'guilds_code.outcome': 'error', 'error.type': 'invalid_request' }));
    expect(shapeOf(spans, span)).toEqual([]);
  });

  it('says a command past its timeout timed out, which is no error of the call', async () => {
    const { result, callId, span } = await traced(newRun(), 'shell', { command: 'sleep 20', timeout_seconds: 1 });
    expect(span.status).toEqual({ code: SpanStatusCode.UNSET });
    expect(span.attributes).toEqual(
      callAttributes('shell', callId, result, { 'guilds_code.outcome': 'timed_out', 'guilds_code.call.mode': mode, 'guilds_code.exit_code': 124, 'guilds_code.timed_out': true }),
    );
  });

  it('says a call its caller cancelled was stopped', async () => {
    const stop = new AbortController();
    const started = join(sandbox.home, 'repos/app/started');
    const answer = traced(newRun(), 'shell', { command: 'touch started; sleep 30' }, stop.signal);
    await pollUntil(() => existsSync(started), (seen) => seen);
    stop.abort();
    const { result, callId, span } = await answer;
    expect(result.ok).toBe(true);
    expect(span.attributes).toEqual(
      callAttributes('shell', callId, result, {
        'guilds_code.outcome': 'stopped',
        'guilds_code.call.mode': mode,
        'guilds_code.exit_code': result.meta.exit_code,
        'guilds_code.timed_out': false,
      }),
    );
  });

  it('records the arguments, masked as results are, only when the run asks', async () => {
    const secret = 'hunter2-secret';
    const asked = await traced(newRun({ secretValues: [secret], telemetry: { recordArguments: true } }), 'shell', { command: `echo ${secret}` });
    expect(asked.result.text).toBe('[REDACTED]');
    expect(asked.span.attributes['gen_ai.tool.call.arguments']).toBe('{"command":"echo [REDACTED]"}');
    const unasked = await traced(newRun({ secretValues: [secret] }), 'shell', { command: `echo ${secret}` });
    expect(unasked.span.attributes).not.toHaveProperty('gen_ai.tool.call.arguments');
  });

  it('reports the elided bytes of a long output, and keeps them out of the meta', async () => {
    const { result, span } = await traced(newRun(), 'shell', { command: 'seq 1 5000' });
    const elided = Number(/\[… (\d+) bytes elided;/.exec(result.text)![1]);
    expect(span.attributes['guilds_code.elided_bytes']).toBe(elided);
    expect(Object.keys(result.meta).sort()).toEqual(['cwd', 'elapsed_ms', 'exit_code', 'log_path', 'timed_out']);
  });

  it('gives the breakdown to a call that asks for it, its parts the spans', async () => {
    seq++;
    const result = await newRun().call({ tool: 'file_read', args: { path: 'src/a.ts' }, callId: `c${seq}`, resultSeq: seq, timings: true });
    expect(result.timings?.mode).toBe(mode);
    expect(result.timings?.parts.map((part) => part.name)).toEqual([warm ? 'stream' : 'exec', 'helper_start', 'helper_run', 'helper_shape']);
    expect(result.metadata.at(-1)!.label).toBe('Timing');
    const span = callSpan(sdk.spans.getFinishedSpans(), `c${seq}`);
    expect(shapeOf(sdk.spans.getFinishedSpans(), span)).toEqual([{ [warm ? 'guilds_code.stream' : 'guilds_code.exec']: PHASES }]);
  });
}

describe('a warm stream', () => {
  let sandbox: TestSandbox;
  beforeEach(async () => {
    sdk.resetMetrics();
    sdk.spans.reset();
    sandbox = await LOCAL.make();
    mkdirSync(join(sandbox.home, 'repos/app'), { recursive: true });
    writeFileSync(join(sandbox.home, 'repos/app/a.txt'), 'a\n');
  });
  afterEach(async () => await sandbox.cleanup());

  /** A helper whose stream reads one line and dies; run cold, it answers as the bundle does. */
  function dyingStreamHelper(): string {
    const script = join(sandbox.scratch, 'dying-stream');
    writeFileSync(script, `#!/bin/sh\nif [ "$1" = --serve ]; then read -r line; exit 1; fi\nexec '${BUNDLE_NODE}' '${BUNDLE}' "$@"\n`, { mode: 0o755 });
    return script;
  }

  it('that dies under a read runs it again cold, counted; the next call opens it again, counted, and fails when not read-only', async () => {
    const local = await LOCAL.make({ helperCommand: [dyingStreamHelper()], home: sandbox.home });
    try {
      const run = new CodeToolRun({ sandbox: local, warm: true, runId: 'r1', agentId: 'a1', repositories: [{ name: 'app' }] });
      const read = await underTurn('turn', () => run.call({ tool: 'file_read', args: { path: 'a.txt' }, callId: 'c1', resultSeq: 1 }));
      expect(read.value.ok).toBe(true);
      const spans = sdk.spans.getFinishedSpans();
      const readSpan = callSpan(spans, 'c1');
      expect(readSpan.attributes['guilds_code.call.mode']).toBe('cold');
      expect(shapeOf(spans, readSpan)).toEqual(['guilds_code.stream', { 'guilds_code.exec': PHASES }]);
      expect(await sdk.points('guilds_code.warm_stream.cold_fallbacks')).toEqual([
        { attributes: { 'gen_ai.tool.name': 'file_read', 'guilds_code.fallback.reason': 'stream_ended', 'guilds_code.sandbox.kind': 'local' }, value: 1 },
      ]);
      expect(await sdk.points('guilds_code.warm_stream.restarts')).toEqual([]);

      const shell = await run.call({ tool: 'shell', args: { command: 'echo once' }, callId: 'c2', resultSeq: 2 });
      expect(shell).toMatchObject({ ok: false, kind: 'unavailable', text: STREAM_ENDED_DURING_CALL });
      const shellSpan = callSpan(sdk.spans.getFinishedSpans(), 'c2');
      expect(shellSpan.attributes).toMatchObject({ 'guilds_code.outcome': 'error', 'error.type': 'unavailable', 'guilds_code.call.mode': 'warm' });
      expect(shapeOf(sdk.spans.getFinishedSpans(), shellSpan)).toEqual(['guilds_code.stream']);
      expect(await sdk.points('guilds_code.warm_stream.restarts')).toEqual([
        { attributes: { 'guilds_code.helper': 'guilds-code', 'guilds_code.sandbox.kind': 'local' }, value: 1 },
      ]);
      // The stream's end is no helper that answered garbage.
      expect(await sdk.points('guilds_code.helper.failures')).toEqual([]);
    } finally {
      await local.cleanup();
    }
  });

  it('runs a call of another environment over the same stream, its environment in its line: nothing falls back cold', async () => {
    const first = new CodeToolRun({ sandbox, warm: true, runId: 'r1', agentId: 'a1', repositories: [{ name: 'app' }] });
    const other = new CodeToolRun({ sandbox, warm: true, runId: 'r2', agentId: 'a1', repositories: [{ name: 'app' }], env: { OTHER: '1' } });
    expect((await first.call({ tool: 'file_read', args: { path: 'a.txt' }, callId: 'c1', resultSeq: 1 })).ok).toBe(true);
    expect((await other.call({ tool: 'file_read', args: { path: 'a.txt' }, callId: 'c2', resultSeq: 1 })).ok).toBe(true);
    expect(callSpan(sdk.spans.getFinishedSpans(), 'c2').attributes['guilds_code.call.mode']).toBe('warm');
    expect(await sdk.points('guilds_code.warm_stream.cold_fallbacks')).toEqual([]);
  });

  it("makes a command's output span events when the app asks for them: their counts, never their text", async () => {
    const run = new CodeToolRun({ sandbox, warm: true, runId: 'r1', agentId: 'a1' });
    const shown: string[] = [];
    const command = 'for i in 1 2 3; do echo line$i; sleep 0.4; done';
    const result = await run.call({ tool: 'shell', args: { command }, callId: 'c1', resultSeq: 1, onProgress: (update) => shown.push(update.event?.type ?? 'note') });
    expect(result.text).toBe('line1\nline2\nline3');
    const events = callSpan(sdk.spans.getFinishedSpans(), 'c1').events;
    expect(events.map((event) => event.name)).toEqual(shown.map((type) => `guilds_code.${type}`));
    expect(new Set(events.map((event) => event.name))).toEqual(new Set(['guilds_code.output']));
    for (const event of events) expect(Object.keys(event.attributes!).sort()).toEqual(['guilds_code.elapsed_ms', 'guilds_code.output.bytes']);
    expect(events.at(-1)!.attributes!['guilds_code.output.bytes']).toBe(18);
  });

  it('asks no progress for a command the app does not watch: the span has no events', async () => {
    const run = new CodeToolRun({ sandbox, warm: true, runId: 'r1', agentId: 'a1' });
    const result = await run.call({ tool: 'shell', args: { command: 'echo one; sleep 0.4; echo two' }, callId: 'c1', resultSeq: 1 });
    expect(result.text).toBe('one\ntwo');
    expect(callSpan(sdk.spans.getFinishedSpans(), 'c1').events).toEqual([]);
  });

  it("makes a code_task's harness steps span events, each with its kind", async () => {
    const bin = join(sandbox.scratch, 'bin');
    mkdirSync(bin);
    const recorded = join(sandbox.scratch, 'claude-task.jsonl');
    writeFileSync(recorded, recordedRun('claude', 'task').output);
    writeFileSync(join(bin, 'claude'), `#!/bin/sh\ncat > /dev/null\ncat '${recorded}'\n`, { mode: 0o755 });
    const run = new CodeToolRun({ sandbox, warm: true, runId: 'r1', agentId: 'a1', repositories: [{ name: 'app' }], env: { GUILDS_HARNESS: 'claude', PATH: `${bin}:${process.env.PATH}` } });
    const result = await run.call({ tool: 'code_task', args: { brief: 'x' }, callId: 'c1', resultSeq: 1 });
    expect(result.meta).toMatchObject({ status: 'completed', harness: 'claude' });
    const events = callSpan(sdk.spans.getFinishedSpans(), 'c1').events;
    expect(events.map((event) => [event.name, event.attributes!['guilds_code.step.kind']])).toEqual([
      ['guilds_code.step', 'edit'],
      ['guilds_code.step', 'message'],
    ]);
  });

  it('gives 50 concurrent calls 50 spans, each under its own caller', async () => {
    const run = new CodeToolRun({ sandbox, warm: true, runId: 'r1', agentId: 'a1', repositories: [{ name: 'app' }] });
    const calls = await Promise.all(
      Array.from({ length: 50 }, (_, index) => underTurn(`turn ${index}`, () => run.call({ tool: 'file_read', args: { path: 'a.txt' }, callId: `c${index}`, resultSeq: Number.NaN }))),
    );
    const spans = sdk.spans.getFinishedSpans();
    expect(spans.filter((span) => span.name === 'execute_tool file_read')).toHaveLength(50);
    for (const [index, { value, turn }] of calls.entries()) {
      expect(value.ok).toBe(true);
      const span = callSpan(spans, `c${index}`);
      expect(span.parentSpanContext?.spanId).toBe(spanId(turn));
      expect(span.spanContext().traceId).toBe(turn.spanContext().traceId);
      expect(shapeOf(spans, span)).toEqual([{ 'guilds_code.stream': PHASES }]);
    }
    expect(new Set(calls.map(({ turn }) => turn.spanContext().traceId)).size).toBe(50);
    const [point] = await sdk.points('gen_ai.execute_tool.duration');
    expect((point!.value as { count: number }).count).toBe(50);
  });
});

describe('a helper that gives no envelope', () => {
  it('fails the call unavailable and counts a helper failure', async () => {
    sdk.resetMetrics();
    sdk.spans.reset();
    const sandbox = await LOCAL.make({ helperCommand: [BUNDLE_NODE, '-e', 'process.exit(3)'] });
    try {
      const run = new CodeToolRun({ sandbox, warm: false, runId: 'r1', agentId: 'a1' });
      const result = await run.call({ tool: 'shell_status', args: {}, callId: 'c1', resultSeq: 1 });
      expect(result).toMatchObject({ ok: false, kind: 'unavailable', text: 'code helper failed: no envelope (exit status 3)' });
      expect(callSpan(sdk.spans.getFinishedSpans(), 'c1').attributes).toMatchObject({ 'error.type': 'unavailable', 'guilds_code.call.mode': 'cold' });
      expect(await sdk.points('guilds_code.helper.failures')).toEqual([
        { attributes: { 'gen_ai.tool.name': 'shell_status', 'guilds_code.sandbox.kind': 'local' }, value: 1 },
      ]);
    } finally {
      await sandbox.cleanup();
    }
  });
});

describe('a sandbox that cannot start', () => {
  it('is counted as a start and a failed start', async () => {
    sdk.resetMetrics();
    await expect(BwrapSandbox.start({ bwrap: '/nonexistent/bwrap' })).rejects.toThrow();
    const labels = { 'guilds_code.sandbox.kind': 'bubblewrap', 'guilds_code.sandbox.start': 'first' };
    expect(await sdk.points('guilds_code.sandbox.starts')).toEqual([{ attributes: labels, value: 1 }]);
    expect(await sdk.points('guilds_code.sandbox.start_failures')).toEqual([{ attributes: labels, value: 1 }]);
  });
});
