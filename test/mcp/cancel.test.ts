// A cancelled call, both ways: the cold helper told to stop (SIGTERM, as the local sandbox sends it
// when the call's signal aborts) and the in-process sandbox of the MCP server. Both stop the
// command's group and answer with what it had, in the same words.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { CodeToolRun } from '../../src/orchestrator/code-tools.js';
import { LocalSandbox } from '../../src/orchestrator/local-sandbox.js';
import type { Sandbox } from '../../src/orchestrator/sandbox.js';
import { InProcessSandbox } from '../../src/mcp/in-process-sandbox.js';
import { pollUntil } from '../helpers/background.js';
import { makeMcpScratch, processRuns, serverEnv, type McpScratch } from '../helpers/mcp.js';
import { HARNESS_BUNDLE, BUNDLE_NODE } from '../helpers/paths.js';

let scratch: McpScratch;
beforeEach(() => {
  scratch = makeMcpScratch();
});
afterEach(() => scratch.cleanup());

async function cancelledShell(sandbox: Sandbox, name: string) {
  const run = new CodeToolRun({ sandbox, runId: `run-${name}`, agentId: 'mcp', env: serverEnv(scratch) });
  const controller = new AbortController();
  const leader = join(scratch.home, `${name}.pid`);
  const child = join(scratch.home, `${name}.child`);
  const call = run.call({
    tool: 'shell',
    args: { command: `echo started; echo kept >&2; sleep 300 & echo $! > ${name}.child; echo $$ > ${name}.pid; wait` },
    callId: 'c1',
    resultSeq: 1,
    signal: controller.signal,
  });
  await pollUntil(() => existsSync(leader) && readFileSync(leader, 'utf8').endsWith('\n'), Boolean);
  const pids = [Number(readFileSync(leader, 'utf8')), Number(readFileSync(child, 'utf8'))];
  controller.abort();
  const result = await call;
  expect(pids.some(processRuns)).toBe(false);
  return result;
}

it('answers a cancelled command with its output, the interrupted line and its exit code, in and out of process', async () => {
  const cold = new LocalSandbox({ home: scratch.home, runDir: scratch.runDir });
  try {
    const coldResult = await cancelledShell(cold, 'cold');
    const warm = new InProcessSandbox({ home: scratch.home, runDir: scratch.runDir, harnessCommand: [BUNDLE_NODE, HARNESS_BUNDLE] });
    const warmResult = await cancelledShell(warm, 'warm');
    expect(warmResult.text).toBe(coldResult.text);
    expect(warmResult.meta).toEqual({ ...coldResult.meta, elapsed_ms: warmResult.meta.elapsed_ms });
    expect(warmResult.text).toBe('started\nkept\n[the helper was interrupted; the command was stopped]\nexit_code: 143');
  } finally {
    cold.cleanup();
  }
});
