// The reader of ripgrep's output, on the shared sample of real output and on lines made to probe its
// grammar; and the fast count path's promise: the same counts as the header parser line by line.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { byteString } from '../../../src/tools/code_search/bytes.js';
import { ContentOutputReader, countResultRun, parseStats, type ContentEvents } from '../../../src/tools/code_search/rg-output.js';
import { readSample } from './sample.js';

/** Records every event, each line's text whole; `closeAfter` lines of a file, it reports the file closed. */
class Recorder implements ContentEvents {
  readonly events: string[] = [];
  private lineText = '';
  private linesOfFile = 0;
  constructor(private readonly closeAfter = Infinity) {}
  get fileClosed(): boolean {
    return this.linesOfFile >= this.closeAfter;
  }
  private inFile = false;
  nextFile(rgPath: string | null, countedLines: number, countedMatchedLines: number): void {
    if (countedLines > 0) this.events.push(`counted ${countedLines} (${countedMatchedLines} matched)`);
    if (this.inFile) this.events.push('end');
    this.inFile = rgPath !== null;
    this.linesOfFile = 0;
    if (rgPath !== null) this.events.push(`file ${rgPath}`);
  }
  resultLine(lineNumber: number, matchByte: number | null): boolean {
    this.linesOfFile++;
    this.events.push(matchByte === null ? `context ${lineNumber}` : `match ${lineNumber} at ${matchByte}`);
    return !this.fileClosed || this.closeAfter === Infinity;
  }
  text(bytes: Uint8Array): void {
    this.lineText += Buffer.from(bytes).toString('latin1');
  }
  textEnd(): void {
    this.events.push(`  ${Buffer.from(this.lineText, 'latin1').toString('utf8').slice(0, 40)}`);
    this.lineText = '';
  }
  otherLine(line: string): void {
    this.events.push(`other ${line}`);
  }
  binaryStop(offset: number): void {
    this.events.push(`binary at ${offset}`);
  }
}

function read(output: Uint8Array, withContext: boolean, pieceBytes = output.length, recorder = new Recorder(), fastCount = true): string[] {
  const reader = new ContentOutputReader(recorder, { withContext, shortLineMaxBytes: 65_536, fastCount });
  for (let at = 0; at < output.length; at += Math.max(1, pieceBytes)) reader.feed(output.subarray(at, at + pieceBytes));
  reader.finish();
  return recorder.events;
}

describe('the sample, read into events', () => {
  it('content mode with two lines of context: files, matches with their byte column, context, and the stats', () => {
    expect(read(readSample('content-render-context-2.out'), true)).toEqual([
      'file .config/settings.json',
      'match 1 at 3',
      '  { "render": { "width": 80 } }',
      'end',
      'file README.md',
      'context 1',
      '  # app',
      'context 2',
      '  ',
      'match 3 at 43',
      '  Run it with `node main.js`; it prints wh',
      'end',
      'file src/crlf.ts',
      'context 1',
      '  export const RENDER_MODE = "plain";\r',
      'match 2 at 13',
      '  export const renderCount = 0;\r',
      'end',
      'file src/main.ts',
      'match 1 at 9',
      "  import { render } from './render.js';",
      'context 2',
      '  ',
      'context 3',
      '  export function main(args: string[]): nu',
      'match 4 at 15',
      '    const view = render(args);',
      'context 5',
      "    if (view === '') return 1;",
      'context 6',
      '    console.log(view);',
      'context 8',
      '  }',
      'context 9',
      '  ',
      'match 10 at 3',
      '  // render is called once per run; a seco',
      'context 11',
      '  main(process.argv.slice(2));',
      'end',
      'file src/odd names/a: b.ts',
      'match 1 at 41',
      '  // A file name with a space and a colon:',
      'match 2 at 22',
      "  export const label = 'render';",
      'end',
      'file src/render.ts',
      'match 1 at 16',
      '  export function render(args: string[]): ',
      'context 2',
      "    return args.join(' ');",
      'context 3',
      '  }',
      'end',
      'file vendor/app.min.js',
      'match 1 at 869',
      '  /*! min */function f0(a){return a+0};fun',
      'other ',
      'other 12 matches',
      'other 10 matched lines',
      'other 7 files contained matches',
      'other 9 files searched',
      'other 2744 bytes printed',
      'other 2459 bytes searched',
      'other 0.000000 seconds spent searching',
      'other 0.000000 seconds total',
      // A file ends when another begins or the output does: here after the stats.
      'end',
    ]);
  });

  it('the stats block gives the totals', () => {
    const others = read(readSample('content-render.out'), false)
      .filter((event) => event.startsWith('other '))
      .map((event) => event.slice('other '.length));
    expect(parseStats(others)).toEqual({ matches: 12, files: 7 });
  });

  it('no stats (ripgrep killed before them): no totals', () => {
    expect(parseStats(['12 matches'])).toBeNull();
  });

  it('a closed file: its further lines come as one count, and the next file is read again', () => {
    const events = read(readSample('content-render-context-2.out'), true, undefined, new Recorder(1));
    const main = events.indexOf('file src/main.ts');
    expect(events.slice(main, main + 4)).toEqual(['file src/main.ts', 'match 1 at 9', 'counted 9 (2 matched)', 'end']);
  });
});

describe('the fast count path in the reader', () => {
  it("a closed file's lines at the start of a chunk are counted there too", () => {
    const recorder = new Recorder(1);
    const reader = new ContentOutputReader(recorder, { withContext: false, shortLineMaxBytes: 65_536 });
    reader.feed(Buffer.from('a\u00001:1:x\n', 'utf8'));
    reader.feed(Buffer.from('a\u00002:1:y\na\u00003:2:zz\nb\u00001:1:w\n', 'utf8'));
    reader.finish();
    expect(recorder.events).toEqual(['file a', 'match 1 at 0', 'counted 2 (2 matched)', 'end', 'file b', 'match 1 at 0', 'end']);
  });
});

describe('the grammar of a result line', () => {
  const lines = (text: string) => read(Buffer.from(text, 'utf8'), true);

  it('a path with a colon and digits is cut at its NUL, never at a colon', () => {
    expect(lines('x:12:y.ts\u00007:1:foo:3: bar\n')).toEqual(['file x:12:y.ts', 'match 7 at 0', '  foo:3: bar', 'end']);
  });
  it('a column with nothing after it, or no line number then a letter, is no result line', () => {
    expect(lines('a\u00003:7\na\u0000x:1:foo\n')).toEqual(['other a\u00003:7', 'other a\u0000x:1:foo']);
  });
  it('an empty match text, an empty context line', () => {
    expect(lines('a\u00005:1:\na\u00006-\n')).toEqual(['file a', 'match 5 at 0', '  ', 'context 6', '  ', 'end']);
  });
  it('a line cut off by a kill is dropped', () => {
    expect(lines('a\u00001:1:foo\na\u00002:1:fo')).toEqual(['file a', 'match 1 at 0', '  foo', 'match 2 at 0', 'end']);
  });
});

// Lines of the kinds ripgrep prints, and near misses: whatever the mix, the fast count path counts
// exactly the result lines and match lines the header parser finds in what it covers.
const pathArbitrary = fc.constantFrom('a', 'ab', 'x:1:y', 'é.ts', 'd/a-b');
const lineArbitrary = fc.oneof(
  fc.tuple(pathArbitrary, fc.nat(999), fc.nat(99), fc.string({ maxLength: 12 })).map(([p, n, c, t]) => `${p}\u0000${n}:${c}:${t.replace(/\n/g, '')}`),
  fc.tuple(pathArbitrary, fc.nat(999), fc.string({ maxLength: 12 })).map(([p, n, t]) => `${p}\u0000${n}-${t.replace(/\n/g, '')}`),
  fc.tuple(pathArbitrary, fc.constantFrom('3:7', 'x:1:a', '', '12', '1:', ':2')).map(([p, rest]) => `${p}\u0000${rest}`),
  fc.constantFrom('', '3 matches', 'no header here'),
);

describe('the fast count path', () => {
  it('gives the counts the header parser gives, line by line', () => {
    fc.assert(
      fc.property(fc.array(lineArbitrary, { minLength: 1, maxLength: 40 }), fc.boolean(), (lineList, withContext) => {
        const text = byteString(Buffer.from(lineList.join('\n') + '\n', 'utf8'));
        const counted = countResultRun(text, 0, withContext);
        // The parser, one line at a time over what the run covers.
        const covered = counted === null ? '' : text.slice(0, counted.end);
        const parsed = read(Buffer.from(covered, 'latin1'), withContext).filter((e) => e.startsWith('match') || e.startsWith('context'));
        if (counted === null) return;
        const files = read(Buffer.from(covered, 'latin1'), withContext).filter((e) => e.startsWith('file'));
        expect(files).toHaveLength(1);
        expect(counted.lines).toBe(parsed.length);
        expect(counted.matchedLines).toBe(parsed.filter((e) => e.startsWith('match')).length);
        if (!withContext) expect(parsed.every((e) => e.startsWith('match'))).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('the reader with the fast path reports the same files and counts as without it, whatever the chunking', () => {
    fc.assert(
      fc.property(fc.array(lineArbitrary, { maxLength: 60 }), fc.boolean(), fc.integer({ min: 1, max: 64 }), (lineList, withContext, pieceBytes) => {
        const output = Buffer.from(lineList.map((line) => `${line}\n`).join(''), 'utf8');
        const summary = (events: string[]) => {
          let results = 0;
          let matched = 0;
          const rest: string[] = [];
          for (const event of events) {
            const counted = /^counted (\d+) \((\d+) matched\)$/.exec(event);
            if (counted) {
              results += Number(counted[1]);
              matched += Number(counted[2]);
            } else if (event.startsWith('match') || event.startsWith('context')) {
              results++;
              if (event.startsWith('match')) matched++;
            } else if (!event.startsWith('  ')) rest.push(event);
          }
          return { results, matched, rest };
        };
        const slow = summary(read(output, withContext, output.length, new Recorder(2), false));
        expect(summary(read(output, withContext, output.length, new Recorder(2)))).toEqual(slow);
        expect(summary(read(output, withContext, pieceBytes, new Recorder(2)))).toEqual(slow);
      }),
      { numRuns: 1000 },
    );
  });
});

describe('a path runs up to its NUL', () => {
  const lines = (text: string, pieceBytes?: number) => read(Buffer.from(text, 'utf8'), false, pieceBytes);

  it('a file name holding a newline is one path, never two files or a stats line', () => {
    const output = 'nl/a\nb.txt\u00001:1:needle\nnl/c.txt\u00002:3:a needle\n\n2 matches\n';
    const expected = ['file nl/a\nb.txt', 'match 1 at 0', '  needle', 'end', 'file nl/c.txt', 'match 2 at 2', '  a needle', 'other ', 'other 2 matches', 'end'];
    expect(lines(output)).toEqual(expected);
    for (const pieceBytes of [1, 2, 3, 5, 7]) expect(lines(output, pieceBytes)).toEqual(expected);
  });
  it('a name that is only line ends, and one that ends with one', () => {
    expect(lines('\n\n\u00001:1:x\nb\n\u00002:1:y\n')).toEqual(['file \n\n', 'match 1 at 0', '  x', 'end', 'file b\n', 'match 2 at 0', '  y', 'end']);
  });
  it('the fast count path leaves a path with a line end to the header parser, which counts it alike', () => {
    const output = 'a\nb\u00001:1:x\na\nb\u00002:1:y\na\nb\u00003:1:z\nc\u00001:1:w\n';
    expect(read(Buffer.from(output), false, undefined, new Recorder(1))).toEqual([
      'file a\nb',
      'match 1 at 0',
      'match 2 at 0',
      'match 3 at 0',
      'end',
      'file c',
      'match 1 at 0',
      'end',
    ]);
    expect(countResultRun(byteString(Buffer.from(output)), 0, false)).toBeNull();
  });
});

describe("ripgrep's binary notice", () => {
  const warning = (path: string, offset: number) =>
    `${path}: WARNING: stopped searching binary file after match (found "\\0" byte around offset ${offset})\n`;

  it('after a file\'s lines (a NUL byte part-way, walking a folder): the file is marked, nothing else is read into it', () => {
    const output = `big.log\u00001:1:needle first\n${warning('big.log', 240105)}c.txt\u00001:7:plain needle\n\n2 matches\n`;
    for (const pieceBytes of [undefined, 1, 4]) {
      expect(read(Buffer.from(output), false, pieceBytes)).toEqual([
        'file big.log',
        'match 1 at 0',
        '  needle first',
        'binary at 240105',
        'end',
        'file c.txt',
        'match 1 at 6',
        '  plain needle',
        'other ',
        'other 2 matches',
        'end',
      ]);
    }
  });
  it('the notice of a file named on its own (ripgrep\'s other wording) is read too', () => {
    const output = 'x\u00001:1:a\nx: binary file matches (found "\\0" byte around offset 9)\n';
    expect(read(Buffer.from(output), false)).toEqual(['file x', 'match 1 at 0', '  a', 'binary at 9', 'end']);
  });
  it("a notice's words after another path are no notice: they begin that file's name", () => {
    const output = `a\u00001:1:x\n${warning('b', 3)}c\u00001:1:y\n`;
    expect(read(Buffer.from(output), false)).toEqual([
      'file a',
      'match 1 at 0',
      '  x',
      'end',
      `file ${warning('b', 3)}c`,
      'match 1 at 0',
      '  y',
      'end',
    ]);
  });
});
