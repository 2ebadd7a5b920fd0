import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  FAILURE_PATTERNS,
  FAILURE_TRIGGERS,
  looksLikeFailure,
  type FailureLine,
  type FailureScan,
} from '../../../src/tools/shell/failure-lines.js';
import { keptFailures, keptLinesHeader, keptLineText } from '../../../src/tools/shell/format.js';
import { countNewlines, FailureLineScanner, type FailureScanLimits } from '../../../src/tools/shell/failure-scan.js';

const encode = (text: string): Uint8Array => new TextEncoder().encode(text);

// One real line per pattern, as the tool prints it, and lines that must not count.
const FAILING: Array<[string, string]> = [
  ['gcc', 'src/main.c:3:5: error: expected ‘;’ before ‘}’ token'],
  ['rustc', 'error[E0308]: mismatched types'],
  ['tsc', "packages/p300/index.ts(1,14): error TS2322: Type 'string' is not assignable to type 'number'."],
  ['JS error', 'Error: Cannot find module ./missing'],
  ['a logger', 'ERROR: relation "users" does not exist'],
  ['cargo', 'error: could not compile `adder` (lib) due to 1 previous error'],
  ['Python exception', 'ValueError: invalid literal for int() with base 10: ‘x’'],
  ['node assert', 'AssertionError [ERR_ASSERTION]: Expected values to be strictly equal:'],
  ['vitest assertion', 'AssertionError: expected 1501 to be 1500 // Object.is equality'],
  ['a bare exception name', 'E       AssertionError'],
  ['Java', 'Exception in thread "main" java.lang.IllegalStateException: closed'],
  ['jest', 'FAIL ./add.test.js (7.589 s)'],
  ['pytest', 'test_add.py::test_add[1500] FAILED                                       [ 50%]'],
  ['pytest summary', 'FAILED test_add.py::test_add[1500] - assert 1501 == 1500'],
  ['cargo test', 'test tests::adds_1500 ... FAILED'],
  ['go test', '--- FAIL: TestAdd (0.00s)'],
  ['vitest', ' × add.test.mjs > add > adds 1500 and 1 65ms'],
  ['jest verbose', '    ✕ adds 1500 and 1 (21 ms)'],
  ['mocha', '  ✖ 1 of 3000 tests failed:'],
  ['bats', ' ✗ adds 1500 and 1'],
  ['a heavy ballot x', '✘ build failed'],
  ['jest heading', '  ● add › adds 1500 and 1'],
  ['Python', 'Traceback (most recent call last):'],
  ['go', 'panic: runtime error: index out of range [5] with length 3'],
  ['rust', "thread 'tests::adds_1500' (26515) panicked at src/lib.rs:3005:22:"],
  ['npm', 'npm ERR! code ELIFECYCLE'],
  ['pytest explanation', 'E       assert 1501 == 1500'],
  ['C assert', "a.out: a.c:5: main: Assertion `x > 0' failed."],
  ['rust assert', 'assertion `left == right` failed'],
  ['git', 'fatal: not a git repository (or any of the parent directories): .git'],
  ['a log level', '2026-12-01 10:00:00 FATAL worker crashed'],
  ['a crash', 'bash: line 1: 4242 Segmentation fault      (core dumped) ./a.out'],
];

const PASSING: Array<[string, string]> = [
  ['a passing test named after an error', ' ✓ add.test.mjs > reports an error: when empty 1ms'],
  ['jest pass', 'PASS ./errors.test.js'],
  ['pytest pass', 'test_errors.py::test_error_case PASSED                                [ 50%]'],
  ['cargo pass', 'test tests::error_kind_is_kept ... ok'],
  ['tap pass', 'ok 12 - Error: is handled'],
  ['a word, no failure', 'no errors found in 3 files'],
  ['a count', 'Tests  2999 passed | 0 failed'],
  ['jest console', '  ● Console'],
  ['a multiplication sign inside a line', 'matrix 3 × 4 built'],
  ['an error function', 'handleError(event)'],
  ['an assert that passed', 'assert add(1, 2) == 3'],
  ['E without the spaces', 'Edits saved'],
  ['empty', ''],
];

describe('the failure detector', () => {
  for (const [tool, line] of FAILING) it(`a ${tool} failure line counts: ${line}`, () => expect(looksLikeFailure(line)).toBe(true));
  for (const [what, line] of PASSING) it(`${what} does not count: ${line}`, () => expect(looksLikeFailure(line)).toBe(false));

  it('each pattern is exercised by a failing line above', () => {
    for (const { name, pattern } of FAILURE_PATTERNS) {
      expect(FAILING.some(([, line]) => pattern.test(line)), name).toBe(true);
    }
  });

  it('every line the detector accepts holds a trigger (the fast scan relies on it)', () => {
    for (const [, line] of FAILING) expect(FAILURE_TRIGGERS.some((trigger) => line.includes(trigger)), line).toBe(true);
    const pieces = ['error', 'Error', 'ERROR', ':', '[E0308]', ' TS2322', 'FAIL', 'ED', ' ', '  ', '×', '✕', '✖', '✗', '✘', '●',
      'Traceback (most recent call last)', 'panic: ', 'panicked at', 'npm ERR! ', 'E   ', 'assert', 'Assertion', ' failed',
      'fatal: ', 'FATAL', 'Segmentation fault', 'Value', 'Exception', 'x', '✓', 'PASS', 'ok', '...'];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 8 }), (parts) => {
        const line = parts.join('');
        if (looksLikeFailure(line)) expect(FAILURE_TRIGGERS.some((trigger) => line.includes(trigger)), line).toBe(true);
      }),
      { numRuns: 3000 },
    );
  });
});

describe('countNewlines', () => {
  it('counts every \\n, at any alignment and length', () => {
    const bytes = encode('a\nbc\n\n\ndéf\n' + 'x\n'.repeat(50) + '€\n\n');
    const backing = new Uint8Array(bytes.length + 3);
    for (const shift of [0, 1, 2, 3]) {
      const view = backing.subarray(shift, shift + bytes.length);
      view.set(bytes);
      for (let from = 0; from < 9; from++) {
        for (const to of [from, from + 1, from + 5, bytes.length - 3, bytes.length]) {
          if (to < from) continue;
          const expected = [...view.subarray(from, to)].filter((byte) => byte === 10).length;
          expect(countNewlines(view, from, to)).toBe(expected);
        }
      }
    }
  });
});

const LIMITS: FailureScanLimits = {
  headBytes: 100,
  maxLines: 3,
  maxPercent: 25,
  searchMaxBytes: 1_000_000,
  lineSearchBytes: 1024,
  keptLineMaxBytes: 40,
};

function scan(text: string | Uint8Array, pieceBytes: number, limits = LIMITS): FailureScan {
  const bytes = typeof text === 'string' ? encode(text) : text;
  const scanner = new FailureLineScanner(limits);
  for (let at = 0; at < bytes.length; at += pieceBytes) scanner.write(bytes.subarray(at, at + pieceBytes));
  return scanner.end();
}

/** The failure lines of a text by the plain route: split, number, filter. */
function plainFailureLines(text: string): Array<[number, string]> {
  return text
    .split('\n')
    .map((line, index): [number, string] => [index + 1, line])
    .filter(([, line]) => looksLikeFailure(line));
}

describe('FailureLineScanner', () => {
  const text = [
    'FAIL head line', // starts in the head's bytes: kept with the head's lines
    ...Array.from({ length: 20 }, (_, i) => `ok line ${i}`),
    'error: first',
    'fine',
    'E       assert 1 == 2',
    ' × second é€😀 ' + 'y'.repeat(60),
    'panic: third',
    'FAILED fourth',
    'FAILED fifth',
    'last',
  ].join('\n');

  it('finds the head lines and the first ones after them, numbered and placed, in pieces of any size', () => {
    const expected = scan(text, 1 << 20);
    expect(expected.lines.map((line) => [line.number, line.text])).toEqual([
      [1, 'FAIL head line'],
      [22, 'error: first'],
      [24, 'E       assert 1 == 2'],
      [25, ' × second é€😀 yyyyyyyyyyyyyyyyyyy'], // its first 40 bytes
      [26, 'panic: third'],
    ]);
    const second = expected.lines[3]!;
    expect(second.bytes).toBe(encode(' × second é€😀 ' + 'y'.repeat(60)).length);
    expect(new TextDecoder().decode(encode(text).subarray(second.start, second.end - 1))).toBe(' × second é€😀 ' + 'y'.repeat(60));
    for (const piece of [1, 2, 3, 7, 64]) expect(scan(text, piece)).toEqual(expected);
  });

  it('gives the lines that splitting and filtering give, whatever the text and its pieces', () => {
    const lines = ['ok', 'error: x', ' × y', 'FAILED', 'plain text', '', 'E   z', 'é€', 'Traceback (most recent call last):', 'rror', 'E  '];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...lines), { maxLength: 60 }), fc.integer({ min: 1, max: 40 }), (chosen, piece) => {
        const joined = chosen.join('\n');
        const limits = { ...LIMITS, headBytes: 0, maxLines: 1000 };
        const found = scan(joined, piece, limits).lines.map((line): [number, string] => [line.number, line.text]);
        expect(found).toEqual(plainFailureLines(joined).map(([n, line]) => [n, line.slice(0, 40)]));
      }),
      { numRuns: 500 },
    );
  });

  it('stops looking at the search limit and says how far it looked', () => {
    const long = 'x\n'.repeat(100) + 'error: early\n' + 'x\n'.repeat(1000) + 'error: late\n';
    const result = scan(long, 64, { ...LIMITS, headBytes: 0, searchMaxBytes: 1000 });
    expect(result.lines.map((line) => line.text)).toEqual(['error: early']);
    // The piece that reached byte 1000 ended at 1024, inside the line that starts at 1023.
    expect(result.searchedTo).toBe(1023);
  });

  it('a line far longer than a piece, its middle skipped, is judged by its first bytes', () => {
    const scanner = new FailureLineScanner({ ...LIMITS, headBytes: 0 });
    scanner.write(encode('ok\nerror: ' + 'z'.repeat(100)));
    scanner.skip(1_000_000);
    scanner.write(encode('tail end\nFAIL\n'));
    const result = scanner.end();
    expect(result.lines.map((line) => [line.number, line.text, line.bytes, line.start, line.end])).toEqual([
      [2, 'error: zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz', 1_000_115, 3, 1_000_119],
      [3, 'FAIL', 4, 1_000_119, 1_000_124],
    ]);
  });

  it('a last line without a line end is looked at too', () => {
    expect(scan('ok\nerror: at the end', 4, { ...LIMITS, headBytes: 0 }).lines.map((line) => line.number)).toEqual([2]);
  });
});

describe('the kept lines as the model reads them', () => {
  const line = (number: number, text: string, bytes = encode(text).length, start = number * 100): FailureLine => ({
    number,
    start,
    end: start + bytes + 1,
    text,
    bytes,
  });

  it('a kept line is L<number>: <text>, with the bytes left out counted', () => {
    expect(keptLineText(line(1503, ' × add.test.mjs > add > adds 1500 and 1 65ms'))).toBe('L1503:  × add.test.mjs > add > adds 1500 and 1 65ms');
    expect(keptLineText(line(7, 'error: long', 5000))).toBe('L7: error: long… [+4989 bytes]');
  });

  it('the header says how many lines follow, and when the log has more', () => {
    expect(keptLinesHeader(1, false, Infinity)).toBe('[… kept 1 line that looks like an error from the elided part …]');
    expect(keptLinesHeader(3, false, Infinity)).toBe('[… kept 3 lines that look like errors from the elided part …]');
    expect(keptLinesHeader(12, true, Infinity)).toBe('[… kept the first 12 lines that look like errors from the elided part; the log has more …]');
    expect(keptLinesHeader(2, false, 16_777_216)).toBe(
      '[… kept 2 lines that look like errors from the elided part (searched up to byte 16777216) …]',
    );
  });

  const scanOf = (lines: FailureLine[], searchedTo = Infinity): FailureScan => ({ lines, searchedTo, maxLines: 2, maxPercent: 25 });

  it('keeps only lines wholly inside the elided part, first ones first, up to the line limit', () => {
    const lines = [line(1, 'FAIL a'), line(2, 'FAIL b'), line(3, 'FAIL c'), line(4, 'FAIL d'), line(9, 'FAIL z')];
    expect(keptFailures(scanOf(lines), 200, 900, 1000)).toEqual({
      text: '[… kept the first 2 lines that look like errors from the elided part; the log has more …]\nL2: FAIL b\nL3: FAIL c',
      bytes: 115,
      end: 307,
    });
    expect(keptFailures(scanOf(lines), 200, 406, 1000)!.text).toBe(
      '[… kept 2 lines that look like errors from the elided part …]\nL2: FAIL b\nL3: FAIL c',
    );
    expect(keptFailures(scanOf(lines), 201, 900, 1000)!.text).toContain('L3: FAIL c\nL4: FAIL d');
    expect(keptFailures(scanOf(lines), 950, 990, 1000)).toBeNull();
  });

  it('keeps fewer lines when the byte budget is smaller, none when not even one fits', () => {
    const lines = [line(2, 'FAIL b'), line(3, 'FAIL ' + 'c'.repeat(100))];
    expect(keptFailures(scanOf(lines), 0, 900, 1000)!.text).toContain('L3: FAIL ccc');
    expect(keptFailures(scanOf(lines), 0, 900, 120)!.text).toBe(
      '[… kept the first 1 line that looks like an error from the elided part; the log has more …]\nL2: FAIL b',
    );
    expect(keptFailures(scanOf(lines), 0, 900, 20)).toBeNull();
  });

  it('says how far it searched only when the search stopped before the tail', () => {
    expect(keptFailures(scanOf([line(2, 'FAIL b')], 5000), 0, 900, 1000)!.text).not.toContain('searched');
    expect(keptFailures(scanOf([line(2, 'FAIL b')], 500), 0, 900, 1000)!.text).toContain('(searched up to byte 500)');
  });
});
