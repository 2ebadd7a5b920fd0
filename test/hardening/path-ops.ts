// Every op that takes a path, and how each answers the outcomes a home layout can lead to. The
// confinement table and the race test run against every entry of PATH_OPS.
import { shownPath } from '../../src/tools/code_search/format.js';
import type { OpName } from '../../src/contract/tools/index.js';

/** Written into every file inside the home that a row expects to be read. */
export const INSIDE_MARKER = 'inside-7f3a91';
/** Written into every file outside the home: no answer may ever hold it. */
export const OUTSIDE_MARKER = 'OUTSIDE-SECRET-c0ffee-5ca1ab1e';

/** What a path leads to, independent of the op that follows it. */
export type Outcome =
  /** A refusal every op words the same way (confine.ts writes it). */
  | { error: string }
  /** A regular file inside the home, one line long; `shown` is its path as the model sees it. */
  | { file: { shown: string; content: string } }
  /**
   * A folder inside; `matches`: its files named a.txt, in path order, with their one line. `named`:
   * how an error line names it, when the model gave it as an absolute or ~ path.
   */
  | { folder: { shown: string; named?: string; matches: Array<{ shown: string; content: string }> } }
  /** A FIFO, socket or device inside the home. */
  | { special: { shown: string; kind: string } };

export type Answer = { ok: true; text: string } | { ok: false; error: string };

export interface PathOp {
  op: OpName;
  /** The arguments that aim this op at `path`. */
  args(path: string): Record<string, unknown>;
  /** What this op answers for an outcome. */
  answer(outcome: Outcome): Answer;
}

function fileReadAnswer(outcome: Outcome): Answer {
  if ('error' in outcome) return { ok: false, error: outcome.error };
  if ('file' in outcome) return { ok: true, text: `${outcome.file.shown} · lines 1–1 of 1\n1\t${outcome.file.content}` };
  if ('folder' in outcome) return { ok: false, error: `${outcome.folder.named ?? outcome.folder.shown} is a folder, not a regular file` };
  return { ok: false, error: `${outcome.special.shown} is ${outcome.special.kind}, not a regular file` };
}

function codeSearchAnswer(outcome: Outcome): Answer {
  if ('error' in outcome) return { ok: false, error: outcome.error };
  // A name with a control character, a `"` or a `\` is shown as a JSON string.
  if ('file' in outcome) return { ok: true, text: `${shownPath(outcome.file.shown)}:1: ${outcome.file.content}\n1 match in 1 file` };
  if ('special' in outcome) return { ok: false, error: `${outcome.special.shown} is ${outcome.special.kind}; code_search takes a file or a folder` };
  const { matches } = outcome.folder;
  const lines = matches.map((match) => `${shownPath(match.shown)}:1: ${match.content}`);
  const totals = matches.length === 1 ? '1 match in 1 file' : `${matches.length} matches in ${matches.length} files`;
  return { ok: true, text: [...lines, totals].join('\n') };
}

/**
 * Every op that takes a path. code_search looks for the marker in files named a.txt (a glob, which
 * ripgrep ignores for a file named directly), so that a folder's answer is short and exact; the race
 * test counts an answer holding INSIDE_MARKER as a read from inside.
 */
export const PATH_OPS: readonly PathOp[] = [
  { op: 'file_read', args: (path) => ({ path }), answer: fileReadAnswer },
  { op: 'code_search', args: (path) => ({ pattern: INSIDE_MARKER, path, mode: 'content', glob: 'a.txt' }), answer: codeSearchAnswer },
];
