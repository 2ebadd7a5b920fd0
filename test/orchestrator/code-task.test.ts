// The orchestrator's side of code_task: the helper it runs, how long it waits, the row, the Metadata
// view and the block the app shows, over a scripted sandbox.
import { checkRequest } from '../../src/contract/tools/index.js';
import { describe, expect, it } from 'vitest';
import { CodeToolRun } from '../../src/orchestrator/code-tools.js';
import { codeTaskBlock, renderCodeTaskBlock } from '../../src/tools/code_task/block.js';
import { helperTimeoutMs } from '../../src/orchestrator/request.js';
import { DEFAULT_HARNESS_COMMAND, DEFAULT_HELPER_COMMAND } from '../../src/orchestrator/sandbox.js';
import { metadataView, rowSummary } from '../../src/orchestrator/summary.js';
import { answering, FakeSandbox } from './fake-sandbox.js';

const TEXT = [
  'completed in 2m14s · claude · session 26d00057-1c2d-4c36-a6a5-7d2c3f0e9b11',
  ' src/greet.js       |  4 ++--',
  ' test/greet.test.js | 12 ++++++++++++',
  ' 2 files changed, 14 insertions(+), 2 deletions(-)',
  '',
  'I trimmed the name in greet() and added tests for empty names; npm test passes.',
  '',
  'log: /home/agent/.runs/r1/c9.log',
].join('\n');

const META = {
  status: 'completed',
  harness: 'claude',
  session_id: '26d00057-1c2d-4c36-a6a5-7d2c3f0e9b11',
  repo: '/home/agent/repos/app',
  exit_code: 0,
  timed_out: false,
  elapsed_ms: 134_000,
  files_changed: 2,
  insertions: 14,
  deletions: 2,
  log_path: '/home/agent/.runs/r1/c9.log',
  turns: 7,
  cost_usd: 0.12,
};

const BRIEF = '\nFix greet() for empty names\n\nIt should trim the name and say "Hello, friend" when nothing is left.';

describe('a code_task call', () => {
  it('runs guilds-harness, not guilds-code, and waits its minutes plus one', async () => {
    const sandbox = new FakeSandbox(answering({ ok: true, text: TEXT, meta: META }));
    const run = new CodeToolRun({ sandbox, runId: 'r1', agentId: 'a1' });
    await run.call({ tool: 'code_task', args: { brief: BRIEF, timeout_minutes: 5 }, callId: 'c9', resultSeq: 9 });
    await run.call({ tool: 'shell', args: { command: 'git diff' }, callId: 'c10', resultSeq: 10 });
    expect(sandbox.execs.map((exec) => exec.argv.slice(0, -1))).toEqual([[...DEFAULT_HARNESS_COMMAND], [...DEFAULT_HELPER_COMMAND]]);
    expect(sandbox.execs[0]!.timeoutMs).toBe((5 * 60 + 60) * 1000);
  });

  it.each([
    ['the default 30 minutes', {}, (30 * 60 + 60) * 1000],
    ['1 minute', { timeout_minutes: 1 }, 120_000],
    ['a value over the bound, clamped to 120 minutes as the helper clamps it', { timeout_minutes: 500 }, (120 * 60 + 60) * 1000],
    ['a value under the bound, clamped to 1 minute', { timeout_minutes: 0 }, 120_000],
  ])('waits for %s', (_name, args, expected) => {
    expect(helperTimeoutMs(checkRequest({ op: 'code_task', args: { brief: 'x', ...args }, run_id: 'r1', agent_id: 'a1', call_id: 'c1' }))).toBe(expected);
  });

  it('gives the app a block of its own: the brief, status, elapsed, harness, session, diffstat, message, log', async () => {
    const sandbox = new FakeSandbox(answering({ ok: true, text: TEXT, meta: META }));
    const run = new CodeToolRun({ sandbox, runId: 'r1', agentId: 'a1', secretValues: ['npm test passes'] });
    const result = await run.call({ tool: 'code_task', args: { brief: BRIEF }, callId: 'c9', resultSeq: 9, remainingToolCalls: 3 });
    expect(result.summary).toBe('Code task Fix greet() for empty names');
    expect(result.block).toEqual({
      title: 'Fix greet() for empty names',
      headline: 'completed in 2m14s · claude · session 26d00057-1c2d-4c36-a6a5-7d2c3f0e9b11',
      status: 'completed',
      elapsed: '2m14s',
      harness: 'claude',
      session: '26d00057-1c2d-4c36-a6a5-7d2c3f0e9b11',
      diffstat: [' src/greet.js       |  4 ++--', ' test/greet.test.js | 12 ++++++++++++', ' 2 files changed, 14 insertions(+), 2 deletions(-)'],
      finalMessage: 'I trimmed the name in greet() and added tests for empty names; [REDACTED].',
      log: '/home/agent/.runs/r1/c9.log',
    });
    expect(renderCodeTaskBlock(result.block!)).toBe(
      [
        'Code task: Fix greet() for empty names',
        'completed in 2m14s · claude · session 26d00057-1c2d-4c36-a6a5-7d2c3f0e9b11',
        ' src/greet.js       |  4 ++--',
        ' test/greet.test.js | 12 ++++++++++++',
        ' 2 files changed, 14 insertions(+), 2 deletions(-)',
        '',
        'I trimmed the name in greet() and added tests for empty names; [REDACTED].',
        '',
        'log: /home/agent/.runs/r1/c9.log',
      ].join('\n'),
    );
    expect(result.text.endsWith('\n\nremaining_tool_calls: 3')).toBe(true);
  });

  it('keeps a final message of several paragraphs whole, and a `no changes` diffstat as its one line', () => {
    const text = ['failed after 4s: tests still fail · command', 'no changes', '', 'First paragraph.', '', 'log: is in the message', '', 'log: /h/.runs/r1/c2.log'].join('\n');
    const block = codeTaskBlock({ brief: 'x' }, { ...META, status: 'failed', session_id: null, elapsed_ms: 4000, log_path: '/h/.runs/r1/c2.log' }, text);
    expect(block).toMatchObject({ diffstat: ['no changes'], finalMessage: 'First paragraph.\n\nlog: is in the message', session: null, elapsed: '4s' });
  });

  it('has no block when the helper refused the call: the row and the error, as for the other tools', async () => {
    const sandbox = new FakeSandbox(answering({ ok: false, error: 'a code_task is already running in /home/agent/repos/app (call c1, 2m0s)', kind: 'busy' }));
    const run = new CodeToolRun({ sandbox, runId: 'r1', agentId: 'a1' });
    const result = await run.call({ tool: 'code_task', args: { brief: 'Add a test' }, callId: 'c2', resultSeq: 2 });
    expect(result).toMatchObject({ ok: false, kind: 'busy', summary: 'Code task Add a test' });
    expect(result.block).toBeUndefined();
  });

  it('refuses a blank brief without running anything', async () => {
    const sandbox = new FakeSandbox(answering({ ok: true, text: TEXT, meta: META }));
    const run = new CodeToolRun({ sandbox, runId: 'r1', agentId: 'a1' });
    const result = await run.call({ tool: 'code_task', args: { brief: '  ' }, callId: 'c2', resultSeq: 2 });
    expect(result).toMatchObject({ ok: false, text: 'code_task: brief is empty' });
    expect(sandbox.execs).toEqual([]);
  });
});

describe('the row and the Metadata view', () => {
  it.each([
    ['completed', 'Code task Fix greet() for empty names'],
    ['failed', 'Code task Fix greet() for empty names · failed'],
    ['timed_out', 'Code task Fix greet() for empty names · timed out'],
    ['stopped', 'Code task Fix greet() for empty names · stopped'],
  ])('a %s task', (status, row) => {
    expect(rowSummary('code_task', { brief: BRIEF }, { meta: { ...META, status } })).toBe(row);
  });

  it('lists what the harness did', () => {
    expect(metadataView('c9', 'code_task', META)).toEqual([
      { label: 'Call', value: 'c9' },
      { label: 'Tool', value: 'code_task' },
      { label: 'Exit code', value: '0' },
      { label: 'Full output', value: '/home/agent/.runs/r1/c9.log' },
      { label: 'Status', value: 'completed' },
      { label: 'Harness', value: 'claude' },
      { label: 'Session', value: '26d00057-1c2d-4c36-a6a5-7d2c3f0e9b11' },
      { label: 'Repository', value: '/home/agent/repos/app' },
      { label: 'Elapsed', value: '2m14s' },
      { label: 'Files changed', value: '2' },
      { label: 'Insertions', value: '14' },
      { label: 'Deletions', value: '2' },
      { label: 'Turns', value: '7' },
      { label: 'Cost (USD)', value: '0.12' },
    ]);
  });
});
