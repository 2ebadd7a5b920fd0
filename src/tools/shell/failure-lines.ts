// Lines that look like failures, kept from the elided middle of a long shell output so that the one
// failing test among 3,000 passing ones survives the cut. Pure: the detector over a cleaned line; the
// choice of what to keep and the text the model reads are in format.ts (keptFailures).
//
// What is kept, and why: the first failure lines of the elided part, in order, up to the budget
// (at most SHELL_KEPT_ERROR_LINES_MAX lines, and at most SHELL_KEPT_ERRORS_MAX_PERCENT of the cap).
// The first failure is most often the cause and the later ones its consequences (cascading compile
// errors, the same assertion in each parametrized case); each kept line carries its line number in
// the log, where the agent reads its context. When more were found, the header says so.

/** One failure pattern: its name in the documentation, and what it matches in a cleaned line. */
export interface FailurePattern {
  name: string;
  pattern: RegExp;
}

// The list is small on purpose: each entry is a line that a compiler or a test runner prints for a
// failure, not a word that passing output also uses.
export const FAILURE_PATTERNS: readonly FailurePattern[] = [
  // gcc/clang `x.c:3:5: error: …`, rustc `error[E0308]: …`, tsc `a.ts(1,7): error TS2322: …`, `ERROR: …`, JS `Error: …`
  { name: 'error:, error[E…]:, error TS…:', pattern: /\b(?:error|Error|ERROR)(?:\[[A-Za-z]*\d+\]| TS\d+)?:/ },
  // Python and JS exceptions: `ValueError: …`, `AssertionError [ERR_ASSERTION]: …`, Java `…Exception: …`
  { name: 'SomethingError: / SomethingException:', pattern: /\b[A-Z]\w*(?:Error|Exception)(?::|\s\[|$)/ },
  // jest/vitest `FAIL file`, pytest `FAILED`, cargo `... FAILED`, go `--- FAIL:`
  { name: 'FAIL, FAILED', pattern: /\bFAIL(?:ED|URE)?\b/ },
  // vitest `×`, jest `✕`, mocha and others `✖`, `✗`, `✘` at the start of a line
  { name: '× ✕ ✖ ✗ ✘ starting a line', pattern: /^\s*[×✕✖✗✘]\s/ },
  // jest's heading of each failed test (`● suite › test`); `● Console` heads logged output
  { name: 'jest ● heading', pattern: /^\s*● (?!Console$)/ },
  { name: 'Python Traceback', pattern: /^Traceback \(most recent call last\)/ },
  // go `panic: …`, rust `thread 'main' panicked at src/main.rs:2:5:`
  { name: 'panic:, panicked at', pattern: /^panic: |\bpanicked at\b/ },
  { name: 'npm ERR!', pattern: /^npm ERR! / },
  // pytest's explanation lines (`E       assert 1 == 2`)
  { name: 'pytest E lines', pattern: /^E {3}/ },
  // C `Assertion `x' failed.`, rust `assertion `left == right` failed`, `assertion failed: …`
  { name: 'assertion … failed', pattern: /\b[Aa]ssert(?:ion)?\b.*\bfailed\b/ },
  { name: 'fatal:, FATAL', pattern: /^fatal: |\bFATAL\b/ },
  { name: 'Segmentation fault', pattern: /\bSegmentation fault\b/ },
];

// Lines that report a pass, whatever words they hold (`✓ reports an error: …`, `test_error PASSED`,
// `test tests::error_kind ... ok`).
const PASSING_LINE = /^\s*(?:[✓✔√]|PASS\b|ok\b)|\bPASSED\b|\.\.\. ok$/;

/** Whether a cleaned line (no \n) looks like a failure. */
export function looksLikeFailure(line: string): boolean {
  if (PASSING_LINE.test(line)) return false;
  for (const { pattern } of FAILURE_PATTERNS) if (pattern.test(line)) return true;
  return false;
}

/**
 * Strings of which every line looksLikeFailure accepts holds at least one: the streaming scan looks
 * for these with indexOf (fast) and runs the patterns only on the lines that hold one.
 */
export const FAILURE_TRIGGERS: readonly string[] = [
  'rror', 'RROR', 'Exception', 'FAIL', '×', '✕', '✖', '✗', '✘', '●', 'Traceback', 'panic',
  'npm ERR!', 'E   ', 'ssert', 'fatal', 'FATAL', 'Segmentation fault',
];

/** A failure line found in the output, with where it lies in the cleaned output. */
export interface FailureLine {
  /** Its line number in the log, from 1. */
  number: number;
  /** The byte offsets of its start and of the end of its line end, in the cleaned output. */
  start: number;
  end: number;
  /** Its first bytes as text (at most the kept line's cap), and its whole length in bytes. */
  text: string;
  bytes: number;
}

export interface FailureScan {
  /** In order: every failure line starting in the head's bytes, then the first ones after them. */
  lines: readonly FailureLine[];
  /** The output was searched up to this byte offset (Infinity: all of it). */
  searchedTo: number;
  maxLines: number;
  maxPercent: number;
}
