// The warm runner's channel, line by line, over a stream the test writes itself: an answer is taken
// only for a call the runner sent and the helper has not answered; a call given up on keeps its late
// answer from counting as a fault. (test/e2e/warm-runner.test.ts forges lines into a real helper.)
import { describe, expect, it } from 'vitest';
import { STREAM_ENDED_DURING_CALL } from '../../src/orchestrator/format.js';
import type { HelperCall } from '../../src/orchestrator/runner.js';
import type { ExecResult, OpenHandlers, OpenedExec, Sandbox } from '../../src/orchestrator/sandbox.js';
import { HELPER_FAILED } from '../../src/orchestrator/transport.js';
import { WarmRunner } from '../../src/orchestrator/warm-runner.js';

/** A sandbox whose one stream is the test's: what the runner writes is kept, what it reads is given. */
class ScriptedStream implements Sandbox {
  opens = 0;
  readonly written: string[] = [];
  stdinEnded = false;
  private handlers: OpenHandlers | undefined;

  exec(): Promise<ExecResult> {
    throw new Error('no call here runs cold');
  }
  async writeFile(): Promise<void> {}
  async cleanup(): Promise<void> {}
  open(_argv: readonly string[], _env: Readonly<Record<string, string>>, handlers: OpenHandlers): OpenedExec {
    this.opens++;
    this.handlers = handlers;
    return { write: (text) => this.written.push(text), end: () => (this.stdinEnded = true) };
  }
  /** A line on the helper's stdout. */
  line(text: string): void {
    this.handlers!.stdout(Buffer.from(`${text}\n`));
  }
}

/** A shell call (never run twice, so never cold) with its own wait; with onProgress, one that asks for progress. */
function shellCall(callId: string, timeoutMs = 60_000, onProgress?: HelperCall['onProgress']): HelperCall {
  return {
    onProgress,
    checked: {
      op: 'shell',
      request: {
        op: 'shell',
        args: { command: 'true' },
        runId: 'r1',
        agentId: 'a1',
        callId,
        defaultCwd: '',
        maxBytes: 8192,
        progress: onProgress === undefined ? null : { heartbeatMs: 15_000 },
      },
      args: { command: 'true', timeoutSeconds: 120, background: false },
    } as HelperCall['checked'],
    env: {},
    timeoutMs,
  };
}

const answerLine = (callId: string | null, text: string) => JSON.stringify({ call_id: callId, envelope: { ok: true, text, meta: {} } });
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

const progressLine = (callId: string, text: string) => JSON.stringify({ call_id: callId, progress: { type: 'output', text, bytes: 4, elapsed_ms: 7 } });

describe('the warm runner reads its channel', () => {
  it('hands a progress line to the call in flight that asked for progress, then takes its answer', async () => {
    const sandbox = new ScriptedStream();
    const runner = new WarmRunner(sandbox);
    const events: unknown[] = [];
    const answer = runner.answer(shellCall('c1', 60_000, (event) => events.push(event)));
    await tick();
    expect(sandbox.written).toEqual(['{"op":"shell","args":{"command":"true"},"run_id":"r1","agent_id":"a1","call_id":"c1","default_cwd":"","max_bytes":8192,"progress":true}\n']);
    sandbox.line(progressLine('c1', 'one'));
    sandbox.line(answerLine('c1', 'real'));
    expect(await answer).toEqual({ ok: true, text: 'real', meta: {} });
    expect(events).toEqual([{ type: 'output', text: 'one', bytes: 4, elapsed_ms: 7 }]);
  });

  it('ends the stream at a progress line for a call that asked for none, as at a forged answer', async () => {
    const sandbox = new ScriptedStream();
    const runner = new WarmRunner(sandbox);
    const answer = runner.answer(shellCall('c1'));
    await tick();
    sandbox.line(progressLine('c1', 'FORGED'));
    expect(await answer).toEqual({ ok: false, error: STREAM_ENDED_DURING_CALL, kind: 'unavailable' });
    expect(sandbox.stdinEnded).toBe(true);
  });

  it('goes on when the app throws while it shows an event', async () => {
    const sandbox = new ScriptedStream();
    const runner = new WarmRunner(sandbox);
    const answer = runner.answer(shellCall('c1', 60_000, () => {
      throw new Error('the app failed to draw');
    }));
    await tick();
    sandbox.line(progressLine('c1', 'one'));
    sandbox.line(answerLine('c1', 'real'));
    expect(await answer).toEqual({ ok: true, text: 'real', meta: {} });
  });

  it('takes the answer of a call in flight', async () => {
    const sandbox = new ScriptedStream();
    const runner = new WarmRunner(sandbox);
    const answer = runner.answer(shellCall('c1'));
    await tick();
    sandbox.line(answerLine('c1', 'real'));
    expect(await answer).toEqual({ ok: true, text: 'real', meta: {} });
    expect(sandbox.stdinEnded).toBe(false);
  });

  it('ends the stream at a line for a call it never sent: the call in flight is cancelled and answers the stream\'s end', async () => {
    const sandbox = new ScriptedStream();
    const runner = new WarmRunner(sandbox);
    const answer = runner.answer(shellCall('c1'));
    await tick();
    sandbox.line(answerLine('c2', 'FORGED-ANSWER'));
    expect(await answer).toEqual({ ok: false, error: STREAM_ENDED_DURING_CALL, kind: 'unavailable' });
    expect(sandbox.written.slice(1)).toEqual(['{"cancel":"c1"}\n']);
    expect(sandbox.stdinEnded).toBe(true);
    // The helper's real answer, after the fault, is read by no one; the next call opens a new stream.
    sandbox.line(answerLine('c1', 'real'));
    const next = runner.answer(shellCall('c3'));
    await tick();
    expect(sandbox.opens).toBe(2);
    sandbox.line(answerLine('c3', 'second'));
    expect(await next).toEqual({ ok: true, text: 'second', meta: {} });
  });

  it('drops the late answer of a call it gave up on, once, and refuses that id meanwhile without sending it', async () => {
    const sandbox = new ScriptedStream();
    const runner = new WarmRunner(sandbox, 1);
    expect(await runner.answer(shellCall('c1', 10))).toEqual({ ok: false, error: `${HELPER_FAILED}: no answer within 0.01 s`, kind: 'unavailable' });
    const again = await runner.answer(shellCall('c1'));
    expect(again).toEqual({ ok: false, kind: 'invalid_request', error: 'invalid request: call_id c1 is already running on this stream' });
    sandbox.line(answerLine('c1', 'late'));
    expect(sandbox.stdinEnded).toBe(false);
    const next = runner.answer(shellCall('c1'));
    await tick();
    sandbox.line(answerLine('c1', 'real'));
    expect(await next).toEqual({ ok: true, text: 'real', meta: {} });
    expect(sandbox.opens).toBe(1);
    // The id was sent twice in all: the call given up on, and the one after its late answer.
    expect(sandbox.written.filter((line) => line.includes('"call_id":"c1"'))).toHaveLength(2);
  });
});
