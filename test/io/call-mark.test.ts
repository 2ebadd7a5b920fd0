// The call's mark and the reading of /proc/<pid>/environ, pure (src/io/call-mark.ts).
import { describe, expect, it } from 'vitest';
import {
  CALL_MARK_MAX_TOKENS,
  CALL_MARK_VARIABLE,
  callKey,
  callToken,
  environCarriesKey,
  environCarriesToken,
  isCallKey,
  markCarriesKey,
  environHasEntry,
  environValue,
  markCarries,
  markValue,
} from '../../src/io/call-mark.js';

// As /proc/<pid>/environ holds a command's environment: NAME=value entries, each ended by a NUL.
const ENVIRON = [
  'PATH=/usr/local/bin:/usr/bin:/bin',
  'HOME=/home/agent',
  'GUILD_RUN_ID=r1',
  `${CALL_MARK_VARIABLE}=k2-lx1a-1-abc123:k9-lx1b-2-def456`,
  'GUILDS_BACKGROUND_JOB=/run/guilds/a1/background/b1.json',
  'EMPTY=',
].map((entry) => `${entry}\0`).join('');

describe('the call key', () => {
  it('is a 53-bit hash of the agent, run and call ids, in base 36', () => {
    expect(callKey('a1', 'r1', 'c1')).toBe('767qjfcqz1');
    expect(callKey('a1', 'r1', 'c2')).toBe('13hfjh9izy7');
    expect(callKey('agent', 'run', 'call')).toBe('r62syy2bym');
  });
  it('tells apart ids that join to the same text with another cut', () => expect(callKey('a', 'b.c', 'd')).not.toBe(callKey('a.b', 'c', 'd')));
  it('is a key as isCallKey checks, and nothing else is', () => {
    expect(isCallKey(callKey('a'.repeat(128), 'r', 'c'))).toBe(true);
    expect(['', 'ABC', 'a-b', '123456789012', 'a b'].map(isCallKey)).toEqual([false, false, false, false, false]);
  });
});

describe('the call token', () => {
  it('is the call\'s key, the pid, the time, a counter and eight random digits, in base 36', () => {
    expect(callToken('767qjfcqz1', 4242, 1_764_000_000_000, 3, 0.5)).toBe('767qjfcqz1-39u-midc1z40-3-i0000000');
    expect(callToken('k', 1, 0, 1, 0)).toBe('k-1-0-1-0');
  });
  it('is found by its call\'s key in a mark, nested or not, and by no other key', () => {
    expect(markCarriesKey('k-1-0-1-0', 'k')).toBe(true);
    expect(markCarriesKey('x-1:k-1-0-1-0', 'k')).toBe(true);
    expect(markCarriesKey('kk-1-0-1-0', 'k')).toBe(false);
    expect(markCarriesKey('x-k-0-1-0', 'k')).toBe(false);
    expect(environCarriesKey(ENVIRON, 'k9')).toBe(true);
    expect(environCarriesKey(ENVIRON, 'lx1a')).toBe(false);
  });
});

describe('the mark', () => {
  it('is the token alone when nothing was inherited, and the inherited tokens then the call\'s otherwise', () => {
    expect(markValue(undefined, 'a-1')).toBe('a-1');
    expect(markValue('', 'a-1')).toBe('a-1');
    expect(markValue('x-1:y-2', 'a-1')).toBe('x-1:y-2:a-1');
  });

  it('keeps only token-shaped parts of an inherited value, and at most the newest tokens', () => {
    expect(markValue('x-1::not a token:$(rm -rf ~):y-2', 'a-1')).toBe('x-1:y-2:a-1');
    const deep = Array.from({ length: 12 }, (_, index) => `t-${index}`).join(':');
    expect(markValue(deep, 'a-1')).toBe('t-5:t-6:t-7:t-8:t-9:t-10:t-11:a-1');
    expect(markValue(deep, 'a-1').split(':')).toHaveLength(CALL_MARK_MAX_TOKENS);
  });

  it('carries a token only as a whole part', () => {
    expect(markCarries('x-1:a-1', 'a-1')).toBe(true);
    expect(markCarries('x-1:a-12', 'a-1')).toBe(false);
    expect(markCarries('xa-1', 'a-1')).toBe(false);
  });
});

describe('an environ', () => {
  it('gives the value of a variable, the empty one included; null for one it lacks', () => {
    expect(environValue(ENVIRON, 'HOME')).toBe('/home/agent');
    expect(environValue(ENVIRON, 'EMPTY')).toBe('');
    expect(environValue(ENVIRON, 'HOM')).toBeNull();
    expect(environValue(ENVIRON, 'NOPE')).toBeNull();
    expect(environValue('', 'HOME')).toBeNull();
  });

  it('is read to its end when the last entry has no NUL', () => {
    expect(environValue('A=1\0B=2', 'B')).toBe('2');
  });

  it('does not take a value that holds another entry\'s text for that entry', () => {
    expect(environValue('X=HOME=/evil\0HOME=/home/agent\0', 'HOME')).toBe('/home/agent');
  });

  it('carries the call\'s token in its mark, or not', () => {
    expect(environCarriesToken(ENVIRON, 'k2-lx1a-1-abc123')).toBe(true);
    expect(environCarriesToken(ENVIRON, 'k9-lx1b-2-def456')).toBe(true);
    expect(environCarriesToken(ENVIRON, 'k9-lx1b-2')).toBe(false);
    expect(environCarriesToken('PATH=/bin\0', 'k2-lx1a-1-abc123')).toBe(false);
  });

  it('holds an entry only exactly', () => {
    expect(environHasEntry(ENVIRON, 'GUILDS_BACKGROUND_JOB=/run/guilds/a1/background/b1.json')).toBe(true);
    expect(environHasEntry(ENVIRON, 'GUILDS_BACKGROUND_JOB=/run/guilds/a1/background/b1')).toBe(false);
    expect(environHasEntry(ENVIRON, 'GUILDS_BACKGROUND_JOB=/run/guilds/a1/background/b1.json.x')).toBe(false);
    expect(environHasEntry(ENVIRON, '=x')).toBe(false);
  });
});
