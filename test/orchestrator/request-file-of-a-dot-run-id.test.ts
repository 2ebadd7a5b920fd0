// Transport: a run id beginning with `.` made every request over 64 KiB fail, its request
// file `.r1-c1.json` refused as a dot name and left behind.
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { CodeToolRun } from '../../src/orchestrator/code-tools.js';
import { LocalSandbox } from '../../src/orchestrator/sandboxes/local/sandbox.js';

let sandbox: LocalSandbox;
beforeEach(async () => {
  sandbox = await LocalSandbox.start();
});
afterEach(() => sandbox.cleanup());

it('a shell command over 64 KiB of a run .r1 runs through its request file, which is deleted', async () => {
  const run = new CodeToolRun({ sandbox, runId: '.r1', agentId: 'a1' });
  const command = `: ${'x'.repeat(70_000)}; echo ran`;
  const result = await run.call({ tool: 'shell', args: { command }, callId: 'c1', resultSeq: 1 });
  expect(result).toMatchObject({ ok: true, text: 'ran' });
  expect(readdirSync(join(sandbox.runDir, 'requests'))).toEqual([]);
});

it('a file_read of a run .r1 over 64 KiB reads its file', async () => {
  writeFileSync(join(sandbox.home, 'a.txt'), 'hello\n');
  const run = new CodeToolRun({ sandbox, runId: '.r1', agentId: 'a1' });
  const path = `${'./'.repeat(40_000)}a.txt`;
  const result = await run.call({ tool: 'file_read', args: { path }, callId: 'c2', resultSeq: 1 });
  expect(result).toMatchObject({ ok: true, text: 'a.txt · lines 1–1 of 1\n1\thello' });
  expect(readdirSync(join(sandbox.runDir, 'requests'))).toEqual([]);
});
