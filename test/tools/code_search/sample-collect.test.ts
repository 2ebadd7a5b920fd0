// The collectors and the formats on the shared sample of real ripgrep output: the result the model
// reads, whatever the chunking of that output, and with the fast count path on or off.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ContentCollector, FileCountCollector } from '../../../src/tools/code_search/collect.js';
import { searchResult, type SearchShape } from '../../../src/tools/code_search/result.js';
import { contentCollector, fileCounter, readSample, type SampleName } from './sample.js';

const shape = (withGroups: boolean, maxBytes = 8192): SearchShape => ({
  pattern: 'render',
  shownRoot: '.',
  displayOf: (rgPath) => rgPath,
  withGroups,
  maxBytes,
  stoppedLine: null,
  echoMaxChars: 200,
});

/** The output fed in pieces that end at `cuts` (offsets, any order, any repeats). */
function feedCut<T extends { feed(chunk: Uint8Array): void }>(collector: T, output: Uint8Array, cuts: readonly number[]): T {
  const ends = [...new Set(cuts.map((cut) => cut % (output.length + 1)))].sort((a, b) => a - b);
  let start = 0;
  for (const end of [...ends, output.length]) {
    if (end < start) continue;
    collector.feed(output.subarray(start, end));
    start = end;
  }
  return collector;
}

const CONTENT_CASES: { name: SampleName; lines: number; contextLines: number }[] = [
  { name: 'content-render.out', lines: 40, contextLines: 0 },
  { name: 'content-render.out', lines: 3, contextLines: 0 },
  { name: 'content-render-context-2.out', lines: 40, contextLines: 2 },
  { name: 'content-render-context-2.out', lines: 5, contextLines: 2 },
  { name: 'content-fixed-paren.out', lines: 40, contextLines: 1 },
];

describe('files mode on the sample', () => {
  it('most matches first, ties by path', () => {
    expect(searchResult(feedCut(fileCounter(), readSample('files-render.out'), []), shape(false))).toEqual({
      text: [
        'src/main.ts: 5',
        'src/odd names/a: b.ts: 2',
        '.config/settings.json: 1',
        'README.md: 1',
        'src/crlf.ts: 1',
        'src/render.ts: 1',
        'vendor/app.min.js: 1',
        '12 matches in 7 files',
      ].join('\n'),
      meta: { matches: 12, files: 7, truncated: false },
    });
  });

  it('a limit of 2 with ignore_case', () => {
    expect(searchResult(feedCut(fileCounter(2), readSample('files-render-ignore-case.out'), []), shape(false)).text).toBe(
      ['src/main.ts: 5', 'src/crlf.ts: 2', '… 5 more files', '13 matches in 7 files'].join('\n'),
    );
  });

  it('the same result whatever the chunking', () => {
    for (const name of ['files-render.out', 'files-render-ignore-case.out'] as const) {
      const output = readSample(name);
      const whole = searchResult(feedCut(fileCounter(3), output, []), shape(false));
      fc.assert(
        fc.property(fc.array(fc.nat(), { maxLength: 30 }), (cuts) => {
          expect(searchResult(feedCut<FileCountCollector>(fileCounter(3), output, cuts), shape(false))).toEqual(whole);
        }),
        { numRuns: 300 },
      );
    }
  });
});

describe('content mode on the sample', () => {
  it('the lines as the model reads them: a minified line clipped around its match, the CRLF end dropped', () => {
    const result = searchResult(feedCut(contentCollector(40, 10, 0), readSample('content-render.out'), []), shape(false));
    expect(result.text.split('\n').slice(0, 3)).toEqual([
      '.config/settings.json:1: { "render": { "width": 80 } }',
      'README.md:3: Run it with `node main.js`; it prints what render returns.',
      'src/crlf.ts:2: export const renderCount = 0;',
    ]);
    expect(result.text.split('\n').slice(-2)).toEqual([
      'vendor/app.min.js:1: …n f28(a){return a+28};function f29(a){return a+29};function render(x){return "é"+f1(x)};function f30(a){return a+30};function f31(a){return a+31};function f32(a){return a+32};function f33(a){return a+33};function f34(a){return a+34};function f35(a){return a+35};function f36(a){return a+36};function … [+1466 chars]',
      '12 matches in 7 files',
    ]);
    expect(result.meta).toEqual({ matches: 12, files: 7, truncated: false });
  });

  it('context 2 cut at 5 lines: groups set apart, the rest counted, no context left leading nowhere', () => {
    const result = searchResult(feedCut(contentCollector(5, 10, 2), readSample('content-render-context-2.out'), []), shape(true));
    expect(result).toEqual({
      text: [
        '.config/settings.json:1: { "render": { "width": 80 } }',
        '--',
        'README.md-1- # app',
        'README.md-2- ',
        'README.md:3: Run it with `node main.js`; it prints what render returns.',
        // The fifth line would be context leading up to a match not shown: it is left out too.
        '… 18 more lines',
        '12 matches in 7 files',
      ].join('\n'),
      meta: { matches: 12, files: 7, truncated: true },
    });
  });

  it('under a small byte cap the result stops at a line and says how many it left out', () => {
    const result = searchResult(feedCut(contentCollector(40, 10, 0), readSample('content-render.out'), []), shape(false, 300));
    expect(result.text).toBe(
      [
        '.config/settings.json:1: { "render": { "width": 80 } }',
        'README.md:3: Run it with `node main.js`; it prints what render returns.',
        'src/crlf.ts:2: export const renderCount = 0;',
        "src/main.ts:1: import { render } from './render.js';",
        '[… 6 more lines left out to stay under 300 bytes]',
        '12 matches in 7 files',
      ].join('\n'),
    );
    expect(Buffer.byteLength(result.text)).toBeLessThanOrEqual(300);
  });

  for (const { name, lines, contextLines } of CONTENT_CASES) {
    const read = (collector: ContentCollector) => searchResult(collector, shape(contextLines > 0));
    it(`${name}, ${lines} lines: the same result whatever the chunking, fast count path on or off`, () => {
      const output = readSample(name);
      const whole = read(feedCut(contentCollector(lines, 10, contextLines, false), output, []));
      fc.assert(
        fc.property(fc.array(fc.nat(), { maxLength: 40 }), fc.boolean(), (cuts, fastCount) => {
          expect(read(feedCut(contentCollector(lines, 10, contextLines, fastCount), output, cuts))).toEqual(whole);
        }),
        { numRuns: 300 },
      );
    });
  }
});

// Output like ripgrep's with many lines per file, so that files close early and the fast count path
// covers most of it; a few lines carry a CRLF end or multibyte text.
const fileOutput = fc
  .tuple(fc.constantFrom('a.ts', 'b/c.ts', 'é.md', 'x:1:y'), fc.integer({ min: 1, max: 30 }), fc.boolean())
  .map(([path, count, context]) =>
    Array.from({ length: count }, (_, i) =>
      context && i % 3 === 1 ? `${path}\u0000${i + 1}-ctx ${'ü'.repeat(i % 4)}\n` : `${path}\u0000${i + 1}:${(i % 5) + 1}:hit ${i}${i % 7 === 0 ? '\r' : ''}\n`,
    ).join(''),
  );

describe('content mode on generated output', () => {
  it('the fast count path gives the result of the full parse, whatever the chunking', () => {
    fc.assert(
      fc.property(
        fc.array(fileOutput, { maxLength: 12 }),
        fc.array(fc.nat(), { maxLength: 20 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 0, max: 2 }),
        (files, cuts, lines, matchesPerFile, contextLines) => {
          const output = Buffer.from(files.join('') + '\n3 matches\n', 'utf8');
          const read = (collector: ContentCollector) => searchResult(collector, shape(contextLines > 0));
          const full = read(feedCut(contentCollector(lines, matchesPerFile, contextLines, false), output, []));
          expect(read(feedCut(contentCollector(lines, matchesPerFile, contextLines), output, []))).toEqual(full);
          expect(read(feedCut(contentCollector(lines, matchesPerFile, contextLines), output, cuts))).toEqual(full);
        },
      ),
      { numRuns: 500 },
    );
  });
});
