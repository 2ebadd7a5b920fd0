// A call without a usable seq is neither folded nor recorded.
import { expect, it } from 'vitest';
import { CodeToolRun } from '../../src/orchestrator/code-tools.js';
import { FakeSandbox, fileReadEnvelope, printed, stdoutOf } from './fake-sandbox.js';

it('a read whose result seq is not a number is not recorded, and is never pointed to', async () => {
  const envelope = fileReadEnvelope({ display: 'a.ts', path: '/h/a.ts', hash: 'a'.repeat(64), range: [1, 3], lines: 3 });
  const run = new CodeToolRun({ sandbox: new FakeSandbox(() => printed(stdoutOf(envelope))), runId: 'r1', agentId: 'a1' });
  await run.call({ tool: 'file_read', args: { path: 'a.ts' }, callId: 'c1', resultSeq: Number.NaN });
  expect(run.history.records).toEqual([]);
  const again = await run.call({ tool: 'file_read', args: { path: 'a.ts' }, callId: 'c2', resultSeq: 2 });
  expect(again.meta.repeat_of).toBeUndefined();
});
