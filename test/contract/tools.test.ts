// Each tool's arguments resolved from what validation let through: defaults and bounds, once.
import { describe, expect, it } from 'vitest';
import { resolveArgs, RESOLVE_ARGS, TOOL_SPECS, OP_NAMES } from '../../src/contract/tools/index.js';

describe('resolveArgs', () => {
  it('gives every tool its defaults', () => {
    expect(resolveArgs('shell', { command: 'ls' })).toEqual({ command: 'ls', timeoutSeconds: 120, background: false });
    expect(resolveArgs('shell_status', {})).toEqual({ id: undefined, stop: false });
    expect(resolveArgs('file_read', { path: 'a' })).toEqual({ path: 'a', offset: 1, limit: 200 });
    expect(resolveArgs('code_search', { pattern: 'x' })).toEqual({
      pattern: 'x',
      path: null,
      glob: null,
      mode: 'files',
      fixed: false,
      ignoreCase: false,
      contextLines: 0,
      limit: 30,
    });
  });

  it('clamps integers into their bounds, never refuses them', () => {
    expect(resolveArgs('shell', { command: 'ls', timeout_seconds: 0 }).timeoutSeconds).toBe(1);
    expect(resolveArgs('shell', { command: 'ls', timeout_seconds: 10_000 }).timeoutSeconds).toBe(600);
    expect(resolveArgs('file_read', { path: 'a', offset: -5, limit: 0 })).toEqual({ path: 'a', offset: 1, limit: 1 });
    expect(resolveArgs('file_read', { path: 'a', offset: 9_000_000, limit: 9_000 })).toEqual({ path: 'a', offset: 9_000_000, limit: 500 });
    expect(resolveArgs('code_search', { pattern: 'x', context: 9 }).contextLines).toBe(5);
  });

  it('bounds code_search’s limit by its mode', () => {
    expect(resolveArgs('code_search', { pattern: 'x', mode: 'content' }).limit).toBe(40);
    expect(resolveArgs('code_search', { pattern: 'x', mode: 'content', limit: 100 }).limit).toBe(40);
    expect(resolveArgs('code_search', { pattern: 'x', limit: 100 }).limit).toBe(30);
    expect(resolveArgs('code_search', { pattern: 'x', limit: 0 }).limit).toBe(1);
  });

  it('takes an empty glob as none and keeps the path as given', () => {
    expect(resolveArgs('code_search', { pattern: 'x', glob: '', path: '~/src' })).toMatchObject({ glob: null, path: '~/src' });
  });

  it('exists for every tool of the contract, in the registry\'s order', () => {
    const tools = ['shell', 'shell_status', 'file_read', 'code_search', 'code_task'];
    expect(OP_NAMES).toEqual(tools);
    expect(Object.keys(RESOLVE_ARGS)).toEqual(tools);
    expect(Object.keys(TOOL_SPECS)).toEqual(tools);
    expect(Object.values(TOOL_SPECS).map((spec) => spec.name)).toEqual(tools);
  });
});
