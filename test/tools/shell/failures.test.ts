// Golden tests of kept failure lines over real outputs (fixtures/outputs/, made by
// scripts/make-output-fixtures.sh): each holds about 3,000 passing checks and one failure in the middle.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { failureWatchFor } from '../../../src/tools/shell/failure-watch.js';
import { cleanTerminalOutput, StreamingCleaner } from '../../../src/tools/shell/clean.js';
import { collectedOutput, outputCollectorFor, type ShellShapeLimits } from '../../../src/tools/shell/collect.js';
import { shapeShellText } from '../../../src/tools/shell/format.js';
import { FIXTURES } from '../../helpers/paths.js';

const LOG = '/home/agent/.runs/r1/c1.log';

function limitsFor(maxBytes: number): ShellShapeLimits {
  return { maxBytes, headMaxBytes: 2048, lineEndReachPercent: 25 };
}

/** The shell op's pipeline over `bytes`: cleaner, failure watch, collector, shaping. */
export function shapeOutput(bytes: Uint8Array, maxBytes = 8192, trailers: string[] = []): { text: string; elided: boolean } {
  const limits = limitsFor(maxBytes);
  const collector = outputCollectorFor(limits);
  const watch = failureWatchFor(collector, limits);
  const cleaner = new StreamingCleaner(watch, { keepChars: maxBytes });
  for (let at = 0; at < bytes.length; at += 65_536) cleaner.write(bytes.subarray(at, at + 65_536));
  cleaner.end();
  const output = collectedOutput(collector);
  return shapeShellText(output, trailers, LOG, limits, LOG, () => watch.result(output));
}

/** The lines between the elision line and the tail, and the elided byte count. */
function keptBlock(text: string): { elided: number; block: string[] } {
  const lines = text.split('\n');
  const at = lines.findIndex((line) => line.startsWith('[… ') && line.includes(' bytes elided; '));
  const elided = Number(/\[… (\d+) bytes elided/.exec(lines[at]!)![1]);
  const header = lines[at + 1]!;
  const count = /^\[… kept (?:the first )?(\d+) lines? /.exec(header);
  return { elided, block: count ? lines.slice(at + 1, at + 2 + Number(count[1])) : [] };
}

const fixture = (name: string): Uint8Array => readFileSync(join(FIXTURES, 'outputs', `${name}.txt`));

describe('the one failure of 3,000 passing checks survives the elision', () => {
  // Each fixture's failing line, as the tool printed it, is the one kept; none of the passing lines is.
  const cases: Array<[string, string[]]> = [
    ['vitest', ['[… kept 1 line that looks like an error from the elided part …]', 'L1503:  × add.test.mjs > add > adds 1500 and 1 65ms']],
    ['jest', ['[… kept 1 line that looks like an error from the elided part …]', 'L1502:     ✕ adds 1500 and 1 (21 ms)']],
    ['pytest', ['[… kept 1 line that looks like an error from the elided part …]', 'L1508: test_add.py::test_add[1500] FAILED                                       [ 50%]']],
    ['cargo', ['[… kept 1 line that looks like an error from the elided part …]', 'L564: test tests::adds_1500 ... FAILED']],
    // Its file lists name lib.es2022.error.d.ts in every project: no failure.
    ['tsc', ['[… kept 1 line that looks like an error from the elided part …]', "L1433: packages/p17/index.ts(1,14): error TS2322: Type 'string' is not assignable to type 'number'."]],
  ];
  for (const [name, block] of cases) {
    it(`${name}: the failing line is kept with its line number, and the bytes still add up`, () => {
      const bytes = fixture(name);
      const { text, elided } = shapeOutput(bytes);
      expect(elided).toBe(true);
      expect(Buffer.byteLength(text)).toBeLessThanOrEqual(8192);
      const kept = keptBlock(text);
      expect(kept.block).toEqual(block);
      // The kept line is the log's line of that number, cleaned (tsc ends some lines with \r\n).
      const cleaned = cleanTerminalOutput(new TextDecoder().decode(bytes));
      const [, number, line] = /^L(\d+): (.*)$/.exec(block[1]!)!;
      expect(cleaned.split('\n')[Number(number) - 1]).toBe(line);
      // head + its line end + N + tail = the whole cleaned output without its final line end
      const [head, rest] = text.split(/\n\[… \d+ bytes elided; [^\n]*\n/);
      const tail = rest!.split('\n').slice(block.length).join('\n');
      expect(Buffer.byteLength(head!) + 1 + kept.elided + Buffer.byteLength(tail)).toBe(Buffer.byteLength(cleaned) - 1);
    });
  }

  it('output that fits is shown whole and never searched', () => {
    const bytes = fixture('cargo').subarray(0, 4000);
    const cut = bytes.lastIndexOf(10) + 1;
    const { text, elided } = shapeOutput(bytes.subarray(0, cut));
    expect(elided).toBe(false);
    expect(text).toBe(new TextDecoder().decode(bytes.subarray(0, cut - 1)));
  });

  const manyFailures = (): Uint8Array => {
    const lines = Array.from({ length: 3000 }, (_, i) => (i >= 1000 && i < 1020 ? `FAIL case ${i + 1}` : `ok ${i + 1}`));
    return new TextEncoder().encode(lines.join('\n') + '\n');
  };

  it('more failures than the budget: the first 12 are kept, and the header says the log has more', () => {
    const { text } = shapeOutput(manyFailures());
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(8192);
    expect(keptBlock(text).block).toEqual([
      '[… kept the first 12 lines that look like errors from the elided part; the log has more …]',
      ...Array.from({ length: 12 }, (_, i) => `L${1001 + i}: FAIL case ${1001 + i}`),
    ]);
  });

  it('at the smallest cap the kept lines take at most a quarter of it, and the tail keeps its share', () => {
    const { text } = shapeOutput(manyFailures(), 1024, ['exit_code: 1']);
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(1024);
    const { block } = keptBlock(text);
    expect(block[0]).toBe('[… kept the first 7 lines that look like errors from the elided part; the log has more …]');
    expect(Buffer.byteLength(block.join('\n'))).toBeLessThanOrEqual(256);
    const tail = text.split('\n').slice(text.split('\n').indexOf(block.at(-1)!) + 1).join('\n');
    expect(Buffer.byteLength(tail)).toBeGreaterThanOrEqual(256);
    expect(text.endsWith('ok 3000\nexit_code: 1')).toBe(true);
  });
});
