import { describe, expect, it } from 'vitest';
import { CODE_TASK_SPEC, isValidSessionId, resolveCodeTaskArgs } from '../../src/tools/code_task/contract.js';
import { validateArgs, validateRequest } from '../../src/contract/tools/index.js';
import type { OpName } from '../../src/contract/registry.js';
import { ToolError } from '../../src/contract/errors.js';
import { argumentSchema } from '../../src/orchestrator/declarations.js';

const CODE_HELPER_OPS: readonly OpName[] = ['shell', 'shell_status', 'file_read', 'code_search'];

function failure(run: () => unknown): { kind: string; message: string } {
  try {
    run();
  } catch (error) {
    if (error instanceof ToolError) return { kind: error.kind, message: error.message };
    throw error;
  }
  throw new Error('expected a ToolError');
}

describe('resolveCodeTaskArgs, after the request check against the spec', () => {
  it('fills the defaults: 30 minutes, no repo, no session, no notes', () => {
    expect(resolveCodeTaskArgs({ brief: 'fix the tests' })).toEqual({
      brief: 'fix the tests',
      repo: undefined,
      sessionId: undefined,
      notes: undefined,
      timeoutMinutes: 30,
    });
  });

  it.each([
    ['below the minimum is clamped to 1', 0, 1],
    ['a negative value is clamped to 1', -5, 1],
    ['exactly the minimum stays', 1, 1],
    ['exactly the maximum stays', 120, 120],
    ['one over the maximum is clamped to 120', 121, 120],
  ])('timeout_minutes %s', (_name, given, expected) => {
    expect(resolveCodeTaskArgs({ brief: 'x', timeout_minutes: given }).timeoutMinutes).toBe(expected);
  });

  it('keeps every argument given', () => {
    expect(
      resolveCodeTaskArgs({ brief: 'b', repo: 'app', session_id: 'ses_dcf1', notes: 'npm test fails', timeout_minutes: 5 }),
    ).toEqual({ brief: 'b', repo: 'app', sessionId: 'ses_dcf1', notes: 'npm test fails', timeoutMinutes: 5 });
  });

  it('takes blank notes as no notes', () => {
    expect(resolveCodeTaskArgs({ brief: 'b', notes: ' \n ' }).notes).toBeUndefined();
  });

  it.each([
    ['a missing brief', {}, 'invalid_request', 'code_task: brief is required'],
    ['an empty brief', { brief: '' }, 'invalid_request', 'code_task: brief is empty'],
    ['a brief of blanks and newlines', { brief: ' \n\t ' }, 'invalid_request', 'code_task: brief is empty'],
    ['a brief that is not a string', { brief: 3 }, 'invalid_request', 'code_task: brief must be a string'],
    ['a brief with a NUL byte', { brief: 'a\0b' }, 'invalid_request', 'code_task: brief contains a NUL byte'],
    ['a blank repo', { brief: 'b', repo: ' ' }, 'invalid_request', 'code_task: repo is empty'],
    ['a fractional timeout', { brief: 'b', timeout_minutes: 1.5 }, 'invalid_request', 'code_task: timeout_minutes must be a whole number'],
    [
      'an unknown argument',
      { brief: 'b', model: 'x' },
      'invalid_request',
      "code_task: unknown argument 'model' (it takes brief, repo, session_id, notes, timeout_minutes)",
    ],
    [
      'a session id that could name another file',
      { brief: 'b', session_id: '../a1/x' },
      'not_found',
      'code_task: no session with that id (session ids are 1 to 128 of A-Z a-z 0-9 _ . -)',
    ],
  ])('refuses %s', (_name, args, kind, message) => {
    expect(failure(() => resolveCodeTaskArgs(validateArgs('code_task', args)))).toEqual({ kind, message });
  });
});

describe('isValidSessionId', () => {
  it.each([
    ['a UUID', '26d00057-108d-42ac-8149-f719a92d68ca', true],
    ["OpenCode's form", 'ses_dcf13140bffeWzYWED7cIUsTjc', true],
    ['128 characters', 'a'.repeat(128), true],
    ['129 characters', 'a'.repeat(129), false],
    ['empty', '', false],
    ['.', '.', false],
    ['..', '..', false],
    ['a slash', 'a/b', false],
    ['a space', 'a b', false],
  ])('%s', (_name, id, valid) => {
    expect(isValidSessionId(id)).toBe(valid);
  });
});

describe('the arguments as data', () => {
  it('make the JSON Schema the declaration will carry', () => {
    expect(Object.fromEntries(Object.entries(CODE_TASK_SPEC.args).map(([name, arg]) => [name, argumentSchema(arg)]))).toEqual({
      brief: { type: 'string', description: 'The task in your words: what to change, where, and how to know it is done.' },
      repo: {
        type: 'string',
        description:
          "Where to work: a name under ~/repos/, or a folder inside the home. Default: the git repository holding the working directory, else the home's only repository.",
      },
      session_id: {
        type: 'string',
        description: 'Resume the harness session an earlier code_task returned: same harness, same repository, its history kept.',
      },
      notes: { type: 'string', description: 'Context given after the brief: constraints, what your checks found.' },
      timeout_minutes: {
        type: 'integer',
        default: 30,
        minimum: 1,
        maximum: 120,
        description: 'Minutes before the harness is stopped (default 30, 1 to 120).',
      },
    });
  });
});

describe('a request for a tool another helper runs', () => {
  it('is refused by guilds-code, naming guilds-harness', () => {
    expect(failure(() => validateRequest({ op: 'code_task', args: { brief: 'x' }, run_id: 'r', agent_id: 'a', call_id: 'c' }, CODE_HELPER_OPS))).toEqual({
      kind: 'invalid_request',
      message: 'invalid request: code_task is run by guilds-harness, not by this helper (it runs shell, shell_status, file_read, code_search)',
    });
  });

  it('is refused by guilds-harness, naming guilds-code', () => {
    expect(failure(() => validateRequest({ op: 'file_read', args: { path: 'x' }, run_id: 'r', agent_id: 'a', call_id: 'c' }, ['code_task']))).toEqual({
      kind: 'invalid_request',
      message: 'invalid request: file_read is run by guilds-code, not by this helper (it runs code_task)',
    });
  });

  it('and an op of no helper is still unknown', () => {
    expect(failure(() => validateRequest({ op: 'rm_rf', run_id: 'r', agent_id: 'a', call_id: 'c' }, ['code_task']))).toEqual({
      kind: 'invalid_request',
      message: "invalid request: unknown op 'rm_rf' (one of code_task)",
    });
  });
});
