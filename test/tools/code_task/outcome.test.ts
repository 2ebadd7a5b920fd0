import { describe, expect, it } from 'vitest';
import type { HarnessOutcome } from '../../../src/tools/code_task/harness-io.js';
import { wholeText } from '../../../src/text/head-tail.js';
import { chooseHarness } from '../../../src/tools/code_task/harnesses/index.js';
import type { HarnessEvents } from '../../../src/tools/code_task/harnesses/types.js';
import { codeTaskMeta, failureReason, taskStatus } from '../../../src/tools/code_task/outcome.js';

const EXITED: HarnessOutcome = { exitCode: 0, signal: null, timedOut: false, stopped: false, logBytes: 10 };
const EVENTS: HarnessEvents = { sessionId: null, finalMessage: null, error: null, lastPlainLine: null, usage: {} };

describe('taskStatus', () => {
  it.each([
    ['exit 0 and no error: completed', EXITED, EVENTS, 'completed'],
    ['exit 0 with an error event: failed', EXITED, { ...EVENTS, error: 'x' }, 'failed'],
    ['a non-zero exit: failed', { ...EXITED, exitCode: 2 }, EVENTS, 'failed'],
    ['killed by a signal of its own: failed', { ...EXITED, exitCode: null, signal: 'SIGSEGV' }, EVENTS, 'failed'],
    ['a timeout, whatever the exit (gemini exits 0 after SIGTERM)', { ...EXITED, timedOut: true }, EVENTS, 'timed_out'],
    ['a stop outranks a timeout', { ...EXITED, timedOut: true, stopped: true }, EVENTS, 'stopped'],
  ] as const)('%s', (_name, outcome, events, status) => {
    expect(taskStatus(outcome, events)).toBe(status);
  });
});

describe('failureReason', () => {
  it('prefers the error event, then the last plain line of a harness with no message, then the exit', () => {
    expect(failureReason({ ...EXITED, exitCode: 1 }, { ...EVENTS, error: 'boom', lastPlainLine: 'x' })).toEqual({ kind: 'reported', message: 'boom' });
    expect(failureReason({ ...EXITED, exitCode: 1 }, { ...EVENTS, lastPlainLine: 'Error: no API key' })).toEqual({
      kind: 'reported',
      message: 'Error: no API key',
    });
    expect(failureReason({ ...EXITED, exitCode: 1 }, { ...EVENTS, lastPlainLine: 'tail', finalMessage: wholeText('tail') })).toEqual({
      kind: 'exit_code',
      exitCode: 1,
    });
    expect(failureReason({ ...EXITED, exitCode: null, signal: 'SIGKILL' }, EVENTS)).toEqual({ kind: 'signal', signal: 'SIGKILL' });
  });
});

describe('codeTaskMeta', () => {
  it('has every field of SPEC section 6, usage only when reported', () => {
    const base = {
      status: 'completed' as const,
      harness: 'claude' as const,
      sessionId: 's1',
      repo: '/home/agent/repos/app',
      outcome: EXITED,
      elapsedMs: 1234.6,
      diff: { kind: 'diff' as const, diffstat: { fileLines: [], fileLineCount: 2, summary: 's', filesChanged: 2, insertions: 14, deletions: 2 } },
      logPath: '/home/agent/.runs/r1/c9.log',
    };
    expect(codeTaskMeta({ ...base, events: EVENTS })).toEqual({
      status: 'completed',
      harness: 'claude',
      session_id: 's1',
      repo: '/home/agent/repos/app',
      exit_code: 0,
      timed_out: false,
      elapsed_ms: 1235,
      files_changed: 2,
      insertions: 14,
      deletions: 2,
      log_path: '/home/agent/.runs/r1/c9.log',
    });
    expect(codeTaskMeta({ ...base, events: { ...EVENTS, usage: { turns: 2, inputTokens: 20, outputTokens: 10, costUsd: 0.5 } } })).toMatchObject({
      turns: 2,
      input_tokens: 20,
      output_tokens: 10,
      cost_usd: 0.5,
    });
    expect(codeTaskMeta({ ...base, events: EVENTS, diff: { kind: 'none', problem: { kind: 'not_a_repository', folder: '/x' } } })).toMatchObject({
      files_changed: 0,
      insertions: 0,
      deletions: 0,
    });
  });
});

describe('chooseHarness', () => {
  const installed = (...programs: string[]) => (program: string) => programs.includes(program);

  it('takes GUILDS_HARNESS and GUILDS_HARNESS_MODEL', () => {
    const choice = chooseHarness({ GUILDS_HARNESS: 'gemini', GUILDS_HARNESS_MODEL: 'gemini-2.5-pro' }, installed('gemini'), null);
    expect(choice).toMatchObject({ adapter: { name: 'gemini' }, model: 'gemini-2.5-pro', command: null });
  });

  it('finds the first of claude, codex, gemini, opencode on PATH when none is set', () => {
    expect(chooseHarness({}, installed('opencode', 'gemini'), null)).toMatchObject({ adapter: { name: 'gemini' } });
    expect(chooseHarness({}, installed(), null)).toEqual({ kind: 'none_found' });
  });

  it("keeps a resumed session's harness, whatever GUILDS_HARNESS says now", () => {
    expect(chooseHarness({ GUILDS_HARNESS: 'codex' }, installed('claude', 'codex'), 'claude')).toMatchObject({ adapter: { name: 'claude' } });
  });

  it('needs a command for the command harness', () => {
    expect(chooseHarness({ GUILDS_HARNESS: 'command', GUILDS_HARNESS_COMMAND: 'my-agent' }, installed(), null)).toMatchObject({
      adapter: { name: 'command' },
      command: 'my-agent',
    });
    expect(chooseHarness({ GUILDS_HARNESS: 'command' }, installed(), null)).toEqual({ kind: 'no_command' });
  });

  it('refuses an unknown name, even one that is an Object property', () => {
    expect(chooseHarness({ GUILDS_HARNESS: 'constructor' }, installed(), null)).toEqual({ kind: 'unknown', value: 'constructor' });
  });

  it('says which program is missing', () => {
    expect(chooseHarness({ GUILDS_HARNESS: 'codex' }, installed(), null)).toEqual({ kind: 'not_installed', harness: 'codex', program: 'codex' });
  });
});
