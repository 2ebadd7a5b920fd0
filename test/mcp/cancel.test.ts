// A cancelled call, both ways: the cold helper told to stop (SIGTERM, as the local sandbox sends it
// when the call's signal aborts) and the in-process runner of the MCP server. Both stop the
// command's group, or ripgrep, and answer with what it had, in the same words.
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { CodeToolRun } from '../../src/orchestrator/code-tools.js';
import { LocalSandbox } from '../../src/orchestrator/sandboxes/local/sandbox.js';
import { SandboxRunner, type HelperRunner } from '../../src/orchestrator/runner.js';
import { InProcessRunner } from '../../src/mcp/in-process-runner.js';
import { findRipgrepIn } from '../../src/tools/code_search/node/search.js';
import { pollUntil } from '../helpers/background.js';
import { makeMcpScratch, processRuns, serverEnv, type McpScratch } from '../helpers/mcp.js';
import { HARNESS_BUNDLE, BUNDLE_NODE } from '../helpers/paths.js';

let scratch: McpScratch;
beforeEach(() => {
  scratch = makeMcpScratch();
});
afterEach(() => scratch.cleanup());

async function cancelledShell(runner: HelperRunner, name: string) {
  const run = new CodeToolRun({ runner, runId: `run-${name}`, agentId: 'mcp', env: serverEnv(scratch) });
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
  const cold = await LocalSandbox.start({ home: scratch.home, runDir: scratch.runDir });
  try {
    const coldResult = await cancelledShell(new SandboxRunner(cold), 'cold');
    const warm = new InProcessRunner({ home: scratch.home, runDir: scratch.runDir, harnessCommand: [BUNDLE_NODE, HARNESS_BUNDLE] });
    const warmResult = await cancelledShell(warm, 'warm');
    expect(warmResult.text).toBe(coldResult.text);
    expect(warmResult.meta).toEqual({ ...coldResult.meta, elapsed_ms: warmResult.meta.elapsed_ms });
    expect(warmResult.text).toBe('started\nkept\n[the helper was interrupted; the command was stopped]\nexit_code: 143');
  } finally {
    cold.cleanup();
  }
});

/**
 * A ripgrep that finds what the real one finds, then searches on for ever: a search cancelled
 * meanwhile. Its pid stays the one the helper started (the wrapper execs the sleep).
 */
function neverEndingRipgrep(name: string): { binary: string; ready: string } {
  const ready = join(scratch.root, `${name}-rg.pid`);
  const binary = join(scratch.root, `${name}-rg`);
  const real = findRipgrepIn({ PATH: process.env.PATH });
  writeFileSync(binary, `#!/bin/sh\n'${real}' "$@"\necho $$ > '${ready}'\nexec sleep 1000\n`);
  chmodSync(binary, 0o755);
  return { binary, ready };
}

async function cancelledSearch(runner: HelperRunner, name: string, mode: 'files' | 'content') {
  const { binary, ready } = neverEndingRipgrep(`${name}-${mode}`);
  const run = new CodeToolRun({ runner, runId: `run-${name}-${mode}`, agentId: 'mcp', env: serverEnv(scratch, { GUILDS_RG: binary }) });
  const controller = new AbortController();
  const call = run.call({ tool: 'code_search', args: { pattern: 'needle', mode }, callId: 'c1', resultSeq: 1, signal: controller.signal });
  await pollUntil(() => existsSync(ready) && readFileSync(ready, 'utf8').endsWith('\n'), Boolean);
  const ripgrep = Number(readFileSync(ready, 'utf8'));
  expect(processRuns(ripgrep)).toBe(true);
  controller.abort();
  const result = await call;
  expect(processRuns(ripgrep)).toBe(false);
  return result;
}

it.each(['files', 'content'] as const)('a cancelled %s search stops ripgrep and answers what it found, in and out of process', async (mode) => {
  writeFileSync(join(scratch.home, 'a.txt'), 'a needle\n');
  const cold = await LocalSandbox.start({ home: scratch.home, runDir: scratch.runDir });
  try {
    const coldResult = await cancelledSearch(new SandboxRunner(cold), 'cold', mode);
    const warm = new InProcessRunner({ home: scratch.home, runDir: scratch.runDir, harnessCommand: [BUNDLE_NODE, HARNESS_BUNDLE] });
    const warmResult = await cancelledSearch(warm, 'warm', mode);
    expect(warmResult.text).toBe(coldResult.text);
    expect(warmResult.meta).toEqual(coldResult.meta);
    const found = mode === 'files' ? 'a.txt: 1' : 'a.txt:1: a needle';
    expect(warmResult.text).toBe(`${found}\n[the search was interrupted (SIGTERM); these are the matches found until then]\n1 match in 1 file`);
    expect(warmResult.meta).toEqual({ matches: 1, files: 1, truncated: true });
  } finally {
    cold.cleanup();
  }
});
