// Orchestrator: clip stderr lines and unknown tool names by code points.
import { expect, it } from 'vitest';
import { HELPER_STDERR_LINE_MAX_CHARS, UNKNOWN_TOOL_SHOWN_CHARS } from '../../src/limits.js';
import { CodeToolRun } from '../../src/orchestrator/code-tools.js';
import { stderrTail } from '../../src/orchestrator/transport.js';
import { FakeSandbox } from './fake-sandbox.js';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

it('a stderr line of emoji is clipped between characters, never inside a surrogate pair', () => {
  const [line] = stderrTail('😀'.repeat(HELPER_STDERR_LINE_MAX_CHARS + 50));
  expect(line).toBe('😀'.repeat(HELPER_STDERR_LINE_MAX_CHARS) + '…');
  expect(line).not.toMatch(LONE_SURROGATE);
});

it('an unknown tool named in emoji is quoted by whole characters', async () => {
  const run = new CodeToolRun({ sandbox: new FakeSandbox(() => ({ stdout: '', stderr: '', exitCode: 0, timedOut: false })), runId: 'r1', agentId: 'a1' });
  const result = await run.call({ tool: '😀'.repeat(100), args: {}, callId: 'c1', resultSeq: 1 });
  expect(result.text).toBe(`unknown tool '${'😀'.repeat(UNKNOWN_TOOL_SHOWN_CHARS)}' (the code tools are shell, shell_status, file_read, code_search, code_task)`);
  expect(result.kind).toBe('invalid_request');
});
