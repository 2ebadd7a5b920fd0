// code_search: ripgrep over the code, its output read as a stream and reduced as it comes, so
// memory holds what will be shown and some counters, however much matched. The one part of the tool
// that sees the I/O layer.
import { kindWords, noSuchPath } from '../../contract/errors.js';
import { RipgrepError, type RipgrepExit } from './io.js';
import type { OpenFile } from '../../io/types.js';
import {
  BINARY_SNIFF_BYTES,
  SEARCH_ECHO_MAX_CHARS,
  SEARCH_IGNORED_TIMEOUT_SECONDS,
  SEARCH_TIMEOUT_SECONDS,
} from '../../limits.js';
import { openInsideHome, resolveInsideHome, type ResolvedPath } from '../../workspace/confine.js';
import type { Context, OpResult } from '../context.js';
import type { CodeSearchIo } from './io.js';
import type { CodeSearchArgs, CodeSearchMeta } from './contract.js';
import { ContentCollector, FileCountCollector } from './collect.js';
import type { IgnoredFinding } from './format.js';
import { binaryFileText, codeSearchErrors, interruptedText, shownPath, stoppedText } from './format.js';
import { looksBinary } from '../../text/sniff.js';
import { startsWithUtf16Mark } from './bytes.js';
import { ripgrepArgs, STDIN_PATH } from './rg-args.js';
import { searchResult, withIgnored, type SearchShape } from './result.js';

/** The NUL checks stay here: a pattern or glob with one is refused as ripgrep would refuse it. */
function checkedArgs(args: CodeSearchArgs): CodeSearchArgs {
  if (args.pattern.includes('\0')) throw codeSearchErrors.nulInInput('pattern');
  if (args.glob !== null && args.glob.includes('\0')) throw codeSearchErrors.nulInInput('glob');
  return args;
}

export async function codeSearch(context: Context<CodeSearchIo>, args: CodeSearchArgs): Promise<OpResult<CodeSearchMeta>> {
  const { io } = context;
  const search = checkedArgs(args);
  const root = resolveInsideHome(context, search.path ?? '.');
  const kind = io.fs.stat(root.real)?.kind;
  if (kind === undefined) throw noSuchPath(root.named);
  if (kind !== 'folder' && kind !== 'file') throw codeSearchErrors.notSearchable(root.named, kindWords(kind));
  // ripgrep is handed the checked folder or file itself, never its path: a link swapped in since the
  // check would otherwise take it outside the home.
  const { file: opened } = openInsideHome(context, root);
  try {
    return await searchOpened(context, search, root, kind, opened);
  } finally {
    opened.close();
  }
}

function ripgrepUnavailable(error: unknown): unknown {
  return error instanceof RipgrepError ? codeSearchErrors.ripgrepUnavailable(error.failure) : error;
}

/** What the search's output is fed into: a count per file (files mode), or the lines themselves. */
function collectorFor(search: CodeSearchArgs): FileCountCollector | ContentCollector {
  if (search.mode === 'files') return new FileCountCollector({ files: search.limit });
  return new ContentCollector({ lines: search.limit, contextLines: search.contextLines });
}

/**
 * A ripgrep that ended on its own with neither 0 nor 1 refused the search. Exit 2 with nothing on
 * stderr is an unreadable file that --no-messages kept quiet; what was found elsewhere still stands.
 */
function throwIfRefused(exit: RipgrepExit, search: CodeSearchArgs): void {
  if (exit.timedOut || exit.interruptedBy !== undefined || exit.exitCode === 0 || exit.exitCode === 1) return;
  if (exit.exitCode === 2 && exit.stderr.trim() === '') return;
  // With --no-messages, what ripgrep says with its exit 2 is a refusal of the pattern or the glob.
  throw codeSearchErrors.ripgrepRefused(exit.exitCode, exit.stderr, search.pattern, search.glob, search.fixed, SEARCH_ECHO_MAX_CHARS);
}

async function searchOpened(
  context: Context<CodeSearchIo>,
  search: CodeSearchArgs,
  root: ResolvedPath,
  expected: 'file' | 'folder',
  opened: OpenFile,
): Promise<OpResult<CodeSearchMeta>> {
  const { io, request } = context;
  const kind = opened.info().kind;
  if (kind !== expected) throw codeSearchErrors.changedWhileOpened(root.named);
  if (kind === 'file' && isBinaryFile(opened)) {
    return { text: binaryFileText(root.display), meta: { matches: 0, files: 0, truncated: false } };
  }
  const real = opened.realPath();
  const binary = ripgrepOf(io);
  const argsOptions = { ...search, excludeRuns: kind === 'folder' && real === io.home, fileName: kind === 'file' ? STDIN_PATH : null };
  const { exit, sink } = await io.search
    .run({
      binary,
      args: ripgrepArgs(argsOptions),
      // A file comes as stdin, so ripgrep's folder is only where it starts; the home is always there.
      cwd: kind === 'file' ? io.home : real,
      folder: kind === 'folder' ? opened : undefined,
      input: kind === 'file' ? opened : undefined,
      timeoutMs: SEARCH_TIMEOUT_SECONDS * 1000,
      stop: context.stop,
      output: search.mode === 'files' ? 'line-per-file' : 'unbounded',
      newSink: () => collectorFor(search),
    })
    .catch((error: unknown) => {
      throw ripgrepUnavailable(error);
    });
  throwIfRefused(exit, search);
  const shape: SearchShape = {
    pattern: search.pattern,
    shownRoot: search.path === null ? '.' : root.display,
    displayOf: displayOfFor(kind, root.display),
    withGroups: search.contextLines > 0,
    maxBytes: request.maxBytes,
    stoppedLine: stoppedLineOf(exit),
    echoMaxChars: SEARCH_ECHO_MAX_CHARS,
  };
  const result = searchResult(sink, shape);
  // What ignore files hid is counted only where it can help: a folder's search that showed all it
  // found (nothing, or fewer than the caps), under an ignore file. A stopped search is truncated.
  if (kind !== 'folder' || result.meta.truncated || !underIgnoreFile(context, real)) return result;
  const shownPaths = sink instanceof FileCountCollector ? sink.shown.map((entry) => entry.rgPath) : sink.shownPaths();
  const ignored = await countIgnored(context, binary, { ...argsOptions, mode: 'files', contextLines: 0, noIgnore: true }, opened, result.meta, shownPaths, shape.displayOf, root.display);
  return withIgnored(result, ignored, request.maxBytes);
}

/** ripgrep's binary, as the I/O finds it; none is the helper's one clear line. */
function ripgrepOf(io: Context<CodeSearchIo>['io']): string {
  try {
    return io.search.findRipgrep(io.env);
  } catch (error) {
    throw ripgrepUnavailable(error);
  }
}

function stoppedLineOf(exit: RipgrepExit): string | null {
  if (exit.interruptedBy !== undefined) return interruptedText(exit.interruptedBy);
  return exit.timedOut ? stoppedText(SEARCH_TIMEOUT_SECONDS) : null;
}

const IGNORE_FILE_NAMES = ['.gitignore', '.ignore', '.rgignore'];

/**
 * Whether an ignore file lies in the folder or in one above it up to the home (ripgrep reads those of
 * the folders above too; above the home is not the agent's). One deeper in the tree only is not
 * looked for: that would be a walk of its own.
 */
function underIgnoreFile(context: Context<CodeSearchIo>, folder: string): boolean {
  const home = context.io.home;
  for (let at = folder; ; at = at.slice(0, Math.max(1, at.lastIndexOf('/')))) {
    for (const name of IGNORE_FILE_NAMES) if (context.io.fs.stat(`${at === '/' ? '' : at}/${name}`)?.kind === 'file') return true;
    if (at === home || at === '/' || !at.startsWith(`${home}/`)) return false;
  }
}

/**
 * One more ripgrep run, counting what the search would find with ignore files set aside; what it finds
 * beyond the first run is what they hid. Bounded by its own short time limit; null when it did not
 * finish in time or could not run.
 */
async function countIgnored(
  context: Context<CodeSearchIo>,
  binary: string,
  options: Parameters<typeof ripgrepArgs>[0],
  folder: OpenFile,
  found: { matches: number; files: number },
  shownPaths: readonly string[],
  displayOf: (rgPath: string) => string,
  rootDisplay: string,
): Promise<IgnoredFinding | null> {
  const shown = new Set(shownPaths);
  try {
    const { exit, sink } = await context.io.search.run({
      binary,
      args: ripgrepArgs(options),
      cwd: context.io.home,
      folder,
      timeoutMs: SEARCH_IGNORED_TIMEOUT_SECONDS * 1000,
      stop: context.stop,
      output: 'line-per-file',
      // The best-ranked files, one more than the search found: at least one of them is a hidden one.
      newSink: () => new FileCountCollector({ files: shown.size + 1 }),
    });
    const finished = exit.exitCode === 0 || exit.exitCode === 1 || (exit.exitCode === 2 && exit.stderr.trim() === '');
    if (exit.timedOut || exit.interruptedBy !== undefined || !finished) return null;
    sink.finish();
    const all = sink.stats() ?? { matches: sink.matches, files: sink.files };
    const hidden = sink.shown.find((entry) => !shown.has(entry.rgPath));
    const files = all.files - found.files;
    if (files <= 0 || hidden === undefined) return { matches: 0, files: 0, example: '', searchPath: '' };
    const slash = hidden.rgPath.indexOf('/');
    const first = slash === -1 ? hidden.rgPath : hidden.rgPath.slice(0, slash);
    return {
      matches: all.matches - found.matches,
      files,
      example: displayOf(hidden.rgPath),
      searchPath: rootDisplay === '.' ? first : `${rootDisplay}/${first}`,
    };
  } catch {
    return null;
  }
}

/** How a path in ripgrep's output reads in the result: relative to the working directory, quoted when it must be. */
function displayOfFor(kind: 'file' | 'folder', rootDisplay: string): (rgPath: string) => string {
  if (kind === 'file') {
    const shown = shownPath(rootDisplay);
    return () => shown;
  }
  return rootDisplay === '.' ? (rgPath) => shownPath(rgPath) : (rgPath) => shownPath(`${rootDisplay}/${rgPath}`);
}

/** The same test as file_read's: a NUL byte in the first bytes, unless they start with a UTF-16 byte-order mark. */
function isBinaryFile(file: OpenFile): boolean {
  const buffer = new Uint8Array(BINARY_SNIFF_BYTES);
  const start = buffer.subarray(0, file.readAt(buffer, BINARY_SNIFF_BYTES, 0));
  return !startsWithUtf16Mark(start) && looksBinary(start);
}
