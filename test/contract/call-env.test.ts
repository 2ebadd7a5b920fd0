// A warm call's environment as the change from its stream helper's own (src/contract/call-env.ts).
import { describe, expect, it } from 'vitest';
import { envChange, envChangeOf, withEnvChange } from '../../src/contract/call-env.js';

describe('the change from one environment to another', () => {
  it('sets what is new or other, unsets what is gone, and is null when nothing differs', () => {
    expect(envChange({ A: '1', B: '2', C: '3' }, { A: '1', B: 'two', D: '4' })).toEqual({ B: 'two', D: '4', C: null });
    expect(envChange({ A: '1' }, { A: '1' })).toBeNull();
    expect(envChange({}, {})).toBeNull();
    expect(envChange({}, { A: '' })).toEqual({ A: '' });
  });

  it('made over a base, leaves the names it keeps as the base has them', () => {
    const base = { HOME: '/home/agent', GUILDS_RUN_DIR: '/run/guilds', A: '1', B: '2' };
    expect(withEnvChange(base, { A: null, B: 'two', C: '3', HOME: '/elsewhere', GUILDS_RUN_DIR: null }, ['HOME', 'GUILDS_RUN_DIR'])).toEqual({
      HOME: '/home/agent',
      GUILDS_RUN_DIR: '/run/guilds',
      B: 'two',
      C: '3',
    });
  });
});

describe("a request's env", () => {
  it('is absent when absent or null, and taken as it is otherwise', () => {
    expect(envChangeOf(undefined)).toBeUndefined();
    expect(envChangeOf(null)).toBeUndefined();
    expect(envChangeOf({ A: '1', B: null, 'lower.case': 'x' })).toEqual({ A: '1', B: null, 'lower.case': 'x' });
  });

  it.each([
    [['A=1'], 'env must be a JSON object'],
    ['A=1', 'env must be a JSON object'],
    [{ '': '1' }, 'env names a variable by an empty name, or one holding = or a NUL byte'],
    [{ 'A=B': '1' }, 'env names a variable by an empty name, or one holding = or a NUL byte'],
    [{ 'A\0': '1' }, 'env names a variable by an empty name, or one holding = or a NUL byte'],
    [{ A: 1 }, 'env gives a variable a value that is neither a string without a NUL byte nor null'],
    [{ A: 'a\0b' }, 'env gives a variable a value that is neither a string without a NUL byte nor null'],
    [{ A: ['1'] }, 'env gives a variable a value that is neither a string without a NUL byte nor null'],
  ])('%j is refused: %s', (value, reason) => {
    expect(() => envChangeOf(value)).toThrow(reason);
  });
});
