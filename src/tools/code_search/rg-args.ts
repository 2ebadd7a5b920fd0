// ripgrep's argv for a search. Pure.
import type { SearchMode } from './contract.js';
import { RUNS_FOLDER_NAME } from '../../workspace/workdir.js';

/** A single file is handed to ripgrep open, as its stdin; its name in the output is then ignored. */
export const STDIN_PATH = '-';

export interface SearchOptions {
  mode: SearchMode;
  pattern: string;
  fixed: boolean;
  ignoreCase: boolean;
  contextLines: number;
  glob: string | null;
  /** Leave out the home's .runs/ folder (the search starts at the home). */
  excludeRuns: boolean;
  /** The one file to search (`-` when it is ripgrep's stdin), relative to ripgrep's folder; null to search that folder. */
  fileName: string | null;
  /** Search what ignore files hide too (counting what they hid); .git/ and .runs/ stay left out. */
  noIgnore?: boolean;
}

/**
 * Every value travels inside the same argv element as its flag (`--regexp=…`, `--glob=…`), so no
 * pattern or glob can ever be read as an option. The exclusions come after the model's glob because,
 * of several globs that match, ripgrep lets the last one decide.
 */
export function ripgrepArgs(options: SearchOptions): string[] {
  const args = [
    '--no-config',
    '--hidden',
    // .gitignore is respected in a folder that is not (yet) a git repository too.
    '--no-require-git',
    ...(options.noIgnore === true ? ['--no-ignore'] : []),
    // Unreadable files are skipped quietly; pattern and glob errors are still reported.
    '--no-messages',
    '--color=never',
    '--with-filename',
    // Each path ends at a NUL, which no file name holds: a name with a newline, a colon or a leading
    // dash is read whole (rg-output.ts).
    '--null',
    // ripgrep's own totals, in both modes: they count the matches of a file it stopped reading at a
    // NUL byte, which files mode's counts leave out (rg-output.ts reads what they differ by).
    '--stats',
    options.ignoreCase ? '--ignore-case' : '--case-sensitive',
  ];
  if (options.fixed) args.push('--fixed-strings');
  // A file named on its own is text when its first bytes are (as file_read decides): ripgrep then
  // searches it whole, past any NUL byte, so both modes count and show the same matches.
  if (options.fileName !== null) args.push('--text');
  if (options.mode === 'files') {
    args.push('--count-matches');
  } else {
    args.push('--line-number', '--column', '--no-heading', '--no-context-separator');
    args.push(`--context=${options.contextLines}`);
  }
  if (options.glob !== null) args.push(`--glob=${options.glob}`);
  args.push('--glob=!.git');
  if (options.excludeRuns) args.push(`--glob=!/${RUNS_FOLDER_NAME}`);
  args.push(`--regexp=${options.pattern}`, '--');
  if (options.fileName !== null) args.push(options.fileName);
  return args;
}
