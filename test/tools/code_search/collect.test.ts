import { describe, expect, it } from 'vitest';
import { byteString } from '../../../src/tools/code_search/bytes.js';
import { ContentCollector, FileCountCollector } from '../../../src/tools/code_search/collect.js';
import { contentCollector, fileCounter } from './sample.js';

const encoder = new TextEncoder();
const bytes = (text: string) => encoder.encode(text);

/** Feed the same output whole, then in tiny pieces: a line or a character split anywhere reads the same. */
function feedBothWays<T extends { feed(chunk: Uint8Array): void }>(
  make: () => T,
  output: string,
  read: (collector: T) => unknown,
  pieceBytes = 1,
) {
  const whole = make();
  whole.feed(bytes(output));
  const piecewise = make();
  const all = bytes(output);
  for (let at = 0; at < all.length; at += pieceBytes) piecewise.feed(all.slice(at, at + pieceBytes));
  expect(read(piecewise)).toEqual(read(whole));
  return read(whole);
}

describe('byteString', () => {
  it('one character per byte, natively from a Buffer and by the loop from plain bytes', () => {
    const every = Uint8Array.from({ length: 256 * 40 }, (_, i) => i % 256);
    const text = byteString(every);
    expect(text.length).toBe(every.length);
    expect(Array.from(text, (char) => char.charCodeAt(0))).toEqual(Array.from(every));
    expect(byteString(Buffer.from(every))).toBe(text);
    expect(byteString(Buffer.from(every).subarray(3, 300))).toBe(text.slice(3, 300));
    expect(byteString(new Uint8Array(0))).toBe('');
  });
});

describe('FileCountCollector', () => {
  const read = (c: FileCountCollector) => ({ shown: c.shown, matches: c.matches, files: c.files });

  it('keeps the most matches first, ties by path, and counts every file', () => {
    const output = 'b.ts\u00002\na: b.ts\u00005\nc.ts\u00002\na.ts\u00002\nz.ts\u00001\n';
    expect(feedBothWays(() => fileCounter(3), output, read)).toEqual({
      shown: [
        { rgPath: 'a: b.ts', count: 5 },
        { rgPath: 'a.ts', count: 2 },
        { rgPath: 'b.ts', count: 2 },
      ],
      matches: 12,
      files: 5,
    });
  });

  it('a path in another script is decoded whole even when split', () => {
    expect(feedBothWays(() => fileCounter(30), 'dossier/été.md\u00003\n', read)).toEqual({
      shown: [{ rgPath: 'dossier/été.md', count: 3 }],
      matches: 3,
      files: 1,
    });
  });

  it('two hundred thousand files keep only the few shown', () => {
    const collector = fileCounter(30);
    const lines: string[] = [];
    for (let i = 0; i < 200_000; i++) lines.push(`d/f${i}.txt\u0000${(i % 7) + 1}\n`);
    const all = bytes(lines.join(''));
    for (let at = 0; at < all.length; at += 65_536) collector.feed(all.subarray(at, at + 65_536));
    expect(collector.files).toBe(200_000);
    expect(collector.shown).toHaveLength(30);
    expect(collector.shown[0]).toEqual({ rgPath: 'd/f1000.txt', count: 7 });
  });
});

describe('ContentCollector', () => {
  const read = (c: ContentCollector) => {
    c.finish();
    return { shown: c.shown((p) => p), results: c.resultLines, matched: c.matchedLines, files: c.files, stats: c.stats() };
  };
  const match = (path: string, line: number, column: number, text: string) => `${path}\u0000${line}:${column}:${text}\n`;
  const context = (path: string, line: number, text: string) => `${path}\u0000${line}-${text}\n`;
  const stats = '\n3 matches\n2 matched lines\n1 files contained matches\n1 files searched\n';

  it('reads matches, context, a CRLF line end and the stats', () => {
    const output = context('a.ts', 1, 'one\r') + match('a.ts', 2, 5, 'two foo\r') + context('a.ts', 3, 'three') + stats;
    expect(feedBothWays(() => contentCollector(40, 10, 1), output, read)).toEqual({
      shown: [
        { path: 'a.ts', lineNumber: 1, isMatch: false, text: 'one' },
        { path: 'a.ts', lineNumber: 2, isMatch: true, text: 'two foo' },
        { path: 'a.ts', lineNumber: 3, isMatch: false, text: 'three' },
      ],
      results: 3,
      matched: 1,
      files: 1,
      stats: { matches: 3, files: 1 },
    });
  });

  it('a path with a colon and digits cannot be mistaken for a line number', () => {
    const output = match('x:12:y.ts', 7, 1, 'foo:3: bar');
    expect((feedBothWays(() => contentCollector(40, 10, 0), output, read) as { shown: unknown }).shown).toEqual([
      { path: 'x:12:y.ts', lineNumber: 7, isMatch: true, text: 'foo:3: bar' },
    ]);
  });

  it('after 10 matching lines a file shows only the context that follows the 10th match', () => {
    let output = '';
    for (let line = 1; line <= 10; line++) output += match('a', line * 3, 1, `m${line}`);
    output += context('a', 31, 'after 10th') + context('a', 32, 'before 11th') + match('a', 33, 1, 'm11') + context('a', 34, 'after 11th');
    const result = feedBothWays(() => contentCollector(40, 10, 1), output, read) as { shown: { lineNumber: number }[]; results: number };
    expect(result.shown.map((line) => line.lineNumber)).toEqual([3, 6, 9, 12, 15, 18, 21, 24, 27, 30, 31]);
    expect(result.results).toBe(14);
  });

  it('the line cap never ends on context that only leads up to a match left out', () => {
    const output = match('a', 1, 1, 'm') + context('a', 2, 'after') + context('a', 4, 'before') + match('a', 5, 1, 'm');
    const result = feedBothWays(() => contentCollector(3, 10, 1), output, read) as { shown: { lineNumber: number }[] };
    expect(result.shown.map((line) => line.lineNumber)).toEqual([1, 2]);
  });

  it('the files shown are the first by path, whatever order ripgrep finished them in', () => {
    const files = ['c', 'a', 'd', 'b'].map((path) => match(path, 1, 1, 'x') + match(path, 2, 1, 'y'));
    const forward = contentCollector(3, 10, 0);
    forward.feed(bytes(files.join('')));
    const backward = contentCollector(3, 10, 0);
    backward.feed(bytes([...files].reverse().join('')));
    expect(read(forward)).toEqual(read(backward));
    expect((read(forward) as { shown: { path: string; lineNumber: number }[] }).shown.map((l) => `${l.path}${l.lineNumber}`)).toEqual([
      'a1',
      'a2',
      'b1',
    ]);
  });

  it('a line of a megabyte with its match in the middle shows the window around the match', () => {
    const before = 'a'.repeat(500_000);
    const after = 'b'.repeat(500_000);
    const output = match('min.js', 1, before.length + 1, `${before}foo${after}`) + stats;
    const result = feedBothWays(() => contentCollector(40, 10, 0), output, read, 4099) as { shown: { text: string }[] };
    expect(result.shown[0]!.text).toBe(`…${'a'.repeat(60)}foo${'b'.repeat(237)}… [+999703 chars]`);
  });

  it('a long line of multibyte characters is cut at characters, counted in characters', () => {
    const line = 'é'.repeat(1000) + 'foo' + 'ü'.repeat(1000);
    const output = match('w', 1, Buffer.byteLength('é'.repeat(1000)) + 1, line);
    const result = feedBothWays(() => contentCollector(40, 10, 0), output, read) as { shown: { text: string }[] };
    expect(result.shown[0]!.text).toBe(`…${'é'.repeat(60)}foo${'ü'.repeat(237)}… [+1703 chars]`);
  });

  it('a context line longer than the maximum keeps its start', () => {
    const output = context('w', 1, 'c'.repeat(400)) + match('w', 2, 1, 'foo');
    const result = feedBothWays(() => contentCollector(40, 10, 1), output, read) as { shown: { text: string }[] };
    expect(result.shown[0]!.text).toBe(`${'c'.repeat(300)}… [+100 chars]`);
  });

  it('a million matching lines keep only the lines shown', () => {
    const collector = contentCollector(40, 10, 0);
    const chunk = bytes(Array.from({ length: 10_000 }, (_, i) => match(`f${i % 100}`, i, 1, 'foo bar')).join(''));
    for (let round = 0; round < 100; round++) collector.feed(chunk);
    collector.finish();
    expect(collector.resultLines).toBe(1_000_000);
    expect(collector.shownCount).toBe(40);
    expect(collector.stats()).toBeNull();
  });

  describe('the lines of a file that will not be shown are counted, not parsed', () => {
    // Whole, as Node Buffers (the native path) and plain bytes, then in pieces that cut lines and
    // headers anywhere (each line parsed in full): the counts are the same.
    const feedEveryWay = (limit: number, contextLines: number, output: string) => {
      const make = () => contentCollector(limit, 10, contextLines);
      const asBuffer = make();
      asBuffer.feed(Buffer.from(output));
      const result = feedBothWays(make, output, read);
      for (const pieceBytes of [7, 64, 4096]) expect(feedBothWays(make, output, read, pieceBytes)).toEqual(result);
      expect(read(asBuffer)).toEqual(result);
      return result as { shown: { path: string; lineNumber: number }[]; results: number; matched: number; files: number };
    };

    it('matches only: every line of a closed file counts as a matched line, a CRLF line end included', () => {
      let output = '';
      for (const [path, count] of [['b', 4], ['a', 3], ['c', 25]] as const) {
        for (let line = 1; line <= count; line++) output += match(path, line, 2, `x foo${line % 2 ? '\r' : ''}`);
      }
      const result = feedEveryWay(2, 0, output + stats);
      expect(result.shown.map((line) => `${line.path}${line.lineNumber}`)).toEqual(['a1', 'a2']);
      expect(result).toMatchObject({ results: 32, matched: 32, files: 3 });
    });

    it('with context: context lines count as result lines, not as matched lines', () => {
      let output = '';
      for (const path of ['z', 'y']) {
        for (let line = 1; line <= 40; line++) output += line % 3 === 0 ? match(path, line, 1, 'foo') : context(path, line, 'ctx');
      }
      const result = feedEveryWay(5, 2, output);
      expect(result.shown.map((line) => `${line.path}${line.lineNumber}`)).toEqual(['y1', 'y2', 'y3', 'y4', 'y5']);
      expect(result).toMatchObject({ results: 80, matched: 26, files: 2 });
    });

    it('a line of the same file that is no result line stops the count and is read as the parse reads it', () => {
      const output =
        match('a', 1, 1, 'foo') +
        match('a', 2, 1, 'foo') +
        'a\u00003:7\n' + // a column with nothing after it: no header
        match('a', 4, 1, 'foo') +
        'a\u0000x:1:foo\n' + // no line number, then a letter: no header
        'a\u00005:1:\n' + // an empty match text
        match('a', 6, 1, 'foo') +
        'ab\u00007:1:foo\n' + // another file whose path starts with this one's
        match('ab', 8, 1, 'foo');
      const result = feedEveryWay(1, 0, output);
      expect(result).toMatchObject({ results: 7, matched: 7, files: 2 });
    });

    it('a file whose lines go on in the next chunk is counted across the cut', () => {
      const lines = Array.from({ length: 50 }, (_, i) => match('src/long-name.ts', i + 1, 3, `foo ${i}`));
      const whole = contentCollector(1, 10, 0);
      whole.feed(bytes(lines.join('')));
      const cut = contentCollector(1, 10, 0);
      const all = bytes(lines.join(''));
      const cuts = [0, 100, 101, 1000, 1013, all.length];
      for (let i = 1; i < cuts.length; i++) cut.feed(all.subarray(cuts[i - 1], cuts[i]));
      expect(read(cut)).toEqual(read(whole));
      expect(read(whole)).toMatchObject({ results: 50, matched: 50, files: 1 });
    });

    it('a chunk read into a buffer used again: the collector keeps nothing of it', () => {
      let output = context('a.ts', 1, 'é one') + match('a.ts', 2, 5, 'two foo\r') + context('a.ts', 3, 'three');
      for (let line = 1; line <= 30; line++) output += match(`f${line % 4}`, line, 1, `ü foo ${'x'.repeat(line * 7)}`);
      output += stats;
      const all = bytes(output);
      for (const pieceBytes of [5, 64, 333]) {
        const reused = new Uint8Array(pieceBytes);
        const collector = contentCollector(40, 10, 1);
        for (let at = 0; at < all.length; at += pieceBytes) {
          const piece = all.subarray(at, at + pieceBytes);
          reused.set(piece);
          collector.feed(reused.subarray(0, piece.length));
          reused.fill(0x2d);
        }
        const fresh = contentCollector(40, 10, 1);
        fresh.feed(all);
        expect(read(collector)).toEqual(read(fresh));
      }
    });
  });

  it('a line cut off by a kill is dropped', () => {
    const collector = contentCollector(40, 10, 0);
    collector.feed(bytes(match('a', 1, 1, 'foo') + 'a\u00002:1:fo'));
    collector.finish();
    expect(collector.shown((p) => p).map((line) => ('text' in line ? line.text : line))).toEqual(['foo']);
  });
});

describe('FileCountCollector: names and the stats', () => {
  const read = (c: FileCountCollector) => {
    c.finish();
    return { shown: c.shown, matches: c.matches, files: c.files, stats: c.stats() };
  };
  const stats = '\n7 matches\n6 matched lines\n3 files contained matches\n9 files searched\n';

  it('a file name holding a newline, a colon or a leading dash is one file, whatever the chunking', () => {
    const output = 'nl/a\nb.txt\u00001\n-x:1:.ts\u00002\n\n\u00003\n' + stats;
    for (const pieceBytes of [1, 2, 3, 1000]) {
      expect(feedBothWays(() => fileCounter(), output, read, pieceBytes)).toEqual({
        shown: [
          { rgPath: '\n', count: 3 },
          { rgPath: '-x:1:.ts', count: 2 },
          { rgPath: 'nl/a\nb.txt', count: 1 },
        ],
        matches: 6,
        files: 3,
        stats: { matches: 7, files: 3 },
      });
    }
  });
  it('no stats (ripgrep killed before them, a record cut off): the counts printed', () => {
    expect(read(feedAll(fileCounter(), 'a\u00002\nb\u00001'))).toEqual({ shown: [{ rgPath: 'a', count: 2 }], matches: 2, files: 1, stats: null });
  });
});

function feedAll<T extends { feed(chunk: Uint8Array): void }>(collector: T, output: string): T {
  collector.feed(bytes(output));
  return collector;
}

describe('ContentCollector: a file ripgrep stopped reading at a NUL byte', () => {
  it('its lines, then a note where it is listed', () => {
    const collector = contentCollector(40, 10, 0);
    collector.feed(
      bytes(
        'big.log\u00001:1:needle first\nbig.log: WARNING: stopped searching binary file after match (found "\\0" byte around offset 240105)\nc.txt\u00001:7:plain needle\n',
      ),
    );
    collector.finish();
    expect(collector.shown((path) => path)).toEqual([
      { path: 'big.log', lineNumber: 1, isMatch: true, text: 'needle first' },
      { path: 'big.log', binaryAt: 240105 },
      { path: 'c.txt', lineNumber: 1, isMatch: true, text: 'plain needle' },
    ]);
  });
});
