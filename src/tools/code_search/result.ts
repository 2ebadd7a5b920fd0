// A finished search as the model reads it: the collector's findings shaped under the byte cap. Pure.
import { utf8Bytes } from '../../text/utf8.js';
import { ContentCollector, type FileCountCollector } from './collect.js';
import {
  formatContentResult,
  formatFilesResult,
  ignoredLine,
  noMatchText,
  type FileCount,
  type IgnoredFinding,
  type ShapedSearch,
  type Totals,
} from './format.js';

export interface SearchShape {
  pattern: string;
  /** The searched path as a no-match sentence names it. */
  shownRoot: string;
  /** A path in ripgrep's output as the result shows it. */
  displayOf: (rgPath: string) => string;
  /** Context was asked for: groups of lines are set apart by `--`. */
  withGroups: boolean;
  maxBytes: number;
  /** The line that says why ripgrep was stopped before it finished (its time limit, the call's stop); null when it finished. */
  stoppedLine: string | null;
  echoMaxChars: number;
}

export interface SearchResult {
  text: string;
  meta: { matches: number; files: number; truncated: boolean; ignored_matches?: number; ignored_files?: number };
}

/** A result, then the line saying what ignore files hid (when it fits under the cap). */
export function withIgnored(result: SearchResult, ignored: IgnoredFinding | null, maxBytes: number): SearchResult {
  if (ignored === null) return result;
  const meta = { ...result.meta, ignored_matches: ignored.matches, ignored_files: ignored.files };
  if (ignored.files === 0) return { text: result.text, meta };
  const text = `${result.text}\n${ignoredLine(ignored)}`;
  return { text: utf8Bytes(text) <= maxBytes ? text : result.text, meta };
}

export function searchResult(collector: FileCountCollector | ContentCollector, shape: SearchShape): SearchResult {
  const stopped = shape.stoppedLine;
  let totals: Totals;
  let shaped: ShapedSearch;
  let leftOut: number;
  if (collector instanceof ContentCollector) {
    collector.finish();
    // Killed before its stats: each matched line holds at least one match.
    totals = collector.stats() ?? { matches: collector.matchedLines, files: collector.files };
    leftOut = collector.resultLines - collector.shownCount;
    shaped = formatContentResult(collector.shown(shape.displayOf), leftOut, totals, shape.withGroups, shape.maxBytes, stopped);
  } else {
    collector.finish();
    const listed = { matches: collector.matches, files: collector.files };
    // ripgrep's stats count files it stopped reading at a NUL byte, which it prints no count for.
    totals = collector.stats() ?? listed;
    const binaryFiles = { matches: totals.matches - listed.matches, files: totals.files - listed.files };
    const shown: FileCount[] = collector.shown.map((entry) => ({ path: shape.displayOf(entry.rgPath), count: entry.count }));
    leftOut = listed.files - shown.length + Math.max(0, binaryFiles.files);
    shaped = formatFilesResult(shown, listed.files - shown.length, totals, shape.maxBytes, stopped, binaryFiles);
  }
  const truncated = stopped !== null || leftOut > 0 || shaped.cut;
  const meta = { matches: totals.matches, files: totals.files, truncated };
  if (totals.files === 0) {
    const none = noMatchText(shape.pattern, shape.shownRoot, shape.echoMaxChars);
    return { text: stopped === null ? none : `${none}\n${stopped}`, meta };
  }
  return { text: shaped.text, meta };
}
