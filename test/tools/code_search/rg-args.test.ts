import { describe, expect, it } from 'vitest';
import { ripgrepArgs, type SearchOptions } from '../../../src/tools/code_search/rg-args.js';

const base: SearchOptions = {
  mode: 'files',
  pattern: 'foo',
  fixed: false,
  ignoreCase: false,
  contextLines: 0,
  glob: null,
  excludeRuns: false,
  fileName: null,
};

describe('ripgrepArgs', () => {
  it('files mode: counts, no config, hidden files, .gitignore without a repository, .git left out', () => {
    expect(ripgrepArgs(base)).toEqual([
      '--no-config',
      '--hidden',
      '--no-require-git',
      '--no-messages',
      '--color=never',
      '--with-filename',
      '--null',
      '--stats',
      '--case-sensitive',
      '--count-matches',
      '--glob=!.git',
      '--regexp=foo',
      '--',
    ]);
  });

  it('a file named on its own is searched as text, past a NUL byte', () => {
    expect(ripgrepArgs({ ...base, fileName: '-' })).toContain('--text');
    expect(ripgrepArgs(base)).not.toContain('--text');
  });

  it('content mode with every option: the exclusions come after the glob, so they win', () => {
    expect(
      ripgrepArgs({ ...base, mode: 'content', pattern: '-v', fixed: true, ignoreCase: true, contextLines: 2, glob: '--files', excludeRuns: true, fileName: '-x.ts' }),
    ).toEqual([
      '--no-config',
      '--hidden',
      '--no-require-git',
      '--no-messages',
      '--color=never',
      '--with-filename',
      '--null',
      '--stats',
      '--ignore-case',
      '--fixed-strings',
      '--text',
      '--line-number',
      '--column',
      '--no-heading',
      '--no-context-separator',
      '--context=2',
      '--glob=--files',
      '--glob=!.git',
      '--glob=!/.runs',
      '--regexp=-v',
      '--',
      '-x.ts',
    ]);
  });
});

