// CodeToolRun and its runner: a call is checked and resolved once, here, and the runner gets the
// checked request whole, with the wait it resolves to; a refused call never reaches a runner.
import { describe, expect, it } from 'vitest';
import type { Envelope } from '../../src/contract/envelope.js';
import { CodeToolRun } from '../../src/orchestrator/code-tools.js';
import type { HelperCall, HelperRunner } from '../../src/orchestrator/runner.js';
import { FakeSandbox } from './fake-sandbox.js';

class RecordingRunner implements HelperRunner {
  readonly calls: HelperCall[] = [];
  async answer(call: HelperCall): Promise<Envelope> {
    this.calls.push(call);
    return { ok: true, text: 'answered', meta: {} };
  }
}

describe('a runner of its own', () => {
  it('gets the request checked, its arguments resolved, the wait and the signal', async () => {
    const runner = new RecordingRunner();
    const run = new CodeToolRun({ runner, runId: 'r1', agentId: 'a1', env: { K: 'v' } });
    const controller = new AbortController();
    const result = await run.call({ tool: 'shell', args: '{"command":"ls","timeout_seconds":900}', callId: 'c1', resultSeq: 1, signal: controller.signal });
    expect(result.text).toBe('answered');
    expect(runner.calls).toHaveLength(1);
    const [call] = runner.calls;
    expect(call!.checked).toEqual({
      op: 'shell',
      request: { op: 'shell', args: { command: 'ls', timeout_seconds: 900 }, runId: 'r1', agentId: 'a1', callId: 'c1', defaultCwd: '', maxBytes: 8192, progress: null },
      args: { command: 'ls', timeoutSeconds: 600, background: false },
    });
    expect(call!.timeoutMs).toBe(630_000);
    expect(call!.env).toEqual({ K: 'v' });
    expect(call!.signal).toBe(controller.signal);
  });

  it('is never reached by a call the contract refuses, a blank brief included', async () => {
    const runner = new RecordingRunner();
    const run = new CodeToolRun({ runner, runId: 'r1', agentId: 'a1' });
    const refused = await run.call({ tool: 'code_task', args: { brief: '   ' }, callId: 'c1', resultSeq: 1 });
    const unknown = await run.call({ tool: 'file_read', args: { path: 'a', bogus: 1 }, callId: 'c2', resultSeq: 2 });
    expect(refused).toMatchObject({ ok: false, kind: 'invalid_request' });
    expect(unknown).toMatchObject({ ok: false, kind: 'invalid_request' });
    expect(runner.calls).toEqual([]);
  });

  it('or a sandbox, never both and never neither', () => {
    const sandbox = new FakeSandbox(() => ({ stdout: '', stderr: '', exitCode: 0, timedOut: false }));
    expect(() => new CodeToolRun({ runId: 'r1', agentId: 'a1' })).toThrow('CodeToolRun needs a sandbox or a runner');
    expect(() => new CodeToolRun({ sandbox, runner: new RecordingRunner(), runId: 'r1', agentId: 'a1' })).toThrow(
      'give CodeToolRun a sandbox or a runner, not both',
    );
  });
});
