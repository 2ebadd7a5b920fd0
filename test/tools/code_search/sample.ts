// The one shared sample of real ripgrep output: ripgrep of this checkout (node_modules' @vscode/ripgrep)
// over fixtures/search/app, with the argv code_search gives it, kept in fixtures/search/rg-output/.
// The reader, the collectors and the formats all read it; sample.test.ts regenerates it and fails
// when the committed files are stale (GUILDS_WRITE_SEARCH_SAMPLE=1 rewrites them).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  SEARCH_LINE_MAX_CHARS,
  SEARCH_MATCH_LEAD_CHARS,
  SEARCH_MAX_FILES,
  SEARCH_MAX_LINES,
  SEARCH_MAX_MATCHES_PER_FILE,
  SEARCH_SHORT_LINE_MAX_BYTES,
  SEARCH_STATS_MAX_LINES,
} from '../../../src/limits.js';
import { ContentCollector, FileCountCollector, type ContentLimits } from '../../../src/tools/code_search/collect.js';
import { ripgrepArgs, type SearchOptions } from '../../../src/tools/code_search/rg-args.js';
import { FIXTURES, REPO_ROOT } from '../../helpers/paths.js';
import { placeFixture } from './fixtures.js';

export const DEV_RIPGREP = join(REPO_ROOT, 'node_modules', `@vscode/ripgrep-${process.platform}-${process.arch}`, 'bin', 'rg');
export const SAMPLE_FOLDER = join(FIXTURES, 'search', 'rg-output');

const search = (options: Partial<SearchOptions>): SearchOptions => ({
  mode: 'content',
  pattern: 'render',
  fixed: false,
  ignoreCase: false,
  contextLines: 0,
  glob: null,
  excludeRuns: false,
  fileName: null,
  ...options,
});

/** The searches the sample holds, by file name. */
export const SAMPLE_SEARCHES = {
  'files-render.out': search({ mode: 'files' }),
  'files-render-ignore-case.out': search({ mode: 'files', ignoreCase: true }),
  'content-render.out': search({}),
  'content-render-context-2.out': search({ contextLines: 2 }),
  'content-fixed-paren.out': search({ pattern: 'render(', fixed: true, contextLines: 1 }),
} as const;

export type SampleName = keyof typeof SAMPLE_SEARCHES;

// ripgrep's --stats ends with the time it took; the sample keeps every other figure as printed.
const TIMINGS = /^\d+\.\d+ seconds( spent searching| total)?$/gm;

/** ripgrep's output for one of the searches, made now over a fresh copy of fixtures/search/app. */
export function generateSample(name: SampleName): Buffer {
  const home = mkdtempSync(join(tmpdir(), 'guilds-sample-'));
  try {
    const app = placeFixture(home, 'app', 'app', true);
    // Sorted by path (one thread), so that the sample is the same on every run and machine.
    const args = ['--sort=path', ...ripgrepArgs(SAMPLE_SEARCHES[name])];
    let out: Buffer;
    try {
      out = execFileSync(DEV_RIPGREP, args, { cwd: app, env: { PATH: process.env.PATH }, stdio: ['ignore', 'pipe', 'pipe'] });
    } catch (error) {
      out = (error as { stdout: Buffer }).stdout; // exit 1: no match
    }
    return Buffer.from(out.toString('latin1').replace(TIMINGS, '0.000000 seconds$1'), 'latin1');
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}

export function readSample(name: SampleName): Buffer {
  return readFileSync(join(SAMPLE_FOLDER, name));
}

export const CONTENT_LIMITS: ContentLimits = {
  lines: SEARCH_MAX_LINES,
  matchesPerFile: SEARCH_MAX_MATCHES_PER_FILE,
  contextLines: 0,
  lineMaxChars: SEARCH_LINE_MAX_CHARS,
  matchLeadChars: SEARCH_MATCH_LEAD_CHARS,
  shortLineMaxBytes: SEARCH_SHORT_LINE_MAX_BYTES,
  statsMaxLines: SEARCH_STATS_MAX_LINES,
};

/** A content-mode collector with the tool's limits but these three. */
export function contentCollector(lines: number, matchesPerFile: number, contextLines: number, fastCount = true): ContentCollector {
  return new ContentCollector({ ...CONTENT_LIMITS, lines, matchesPerFile, contextLines }, fastCount);
}

export function fileCounter(files = SEARCH_MAX_FILES): FileCountCollector {
  return new FileCountCollector({ files, shortLineMaxBytes: SEARCH_SHORT_LINE_MAX_BYTES });
}
