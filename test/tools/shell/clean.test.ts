import { describe, expect, it } from 'vitest';
import { cleanTerminalOutput, StreamingCleaner, type CleanSink } from '../../../src/tools/shell/clean.js';

const encode = (text: string): Uint8Array => new TextEncoder().encode(text);

/** A sink that keeps everything it is given, and the gaps as a visible mark. */
function recordingSink(): CleanSink & { text(): string; bytes: number; skipped: number[] } {
  const pieces: Uint8Array[] = [];
  const sink = {
    bytes: 0,
    skipped: [] as number[],
    write(bytes: Uint8Array) {
      pieces.push(bytes.slice());
      sink.bytes += bytes.length;
    },
    skip(bytes: number) {
      sink.skipped.push(bytes);
      sink.bytes += bytes;
      pieces.push(encode(`<${bytes}>`));
    },
    text: () => new TextDecoder().decode(Buffer.concat(pieces)),
  };
  return sink;
}

function cleanInPieces(input: Uint8Array, pieceBytes: number, keepChars = 8192): string {
  const sink = recordingSink();
  const cleaner = new StreamingCleaner(sink, { keepChars });
  for (let at = 0; at < input.length; at += pieceBytes) cleaner.write(input.subarray(at, at + pieceBytes));
  cleaner.end();
  return sink.text();
}

describe('cleanTerminalOutput', () => {
  const cases: Array<[string, string, string]> = [
    ['plain text is unchanged', 'one\ntwo\n', 'one\ntwo\n'],
    ['empty stays empty', '', ''],
    ['no trailing newline stays so', 'one\ntwo', 'one\ntwo'],
    ['colour escapes are removed', '\u001b[31mred\u001b[0m and \u001b[1;32mbold green\u001b[m\n', 'red and bold green\n'],
    ['cursor movement and erase escapes act, then go', 'a\u001b[2K\u001b[1Gb\u001b[?25l\n', 'b\n'],
    ['an OSC hyperlink keeps only its text', '\u001b]8;;https://x.example\u0007link\u001b]8;;\u0007\n', 'link\n'],
    ['a C1 CSI is removed', 'a\u009b31mb\n', 'ab\n'],
    ['a CRLF line end is a plain line end', 'a\r\nb\r\n', 'a\nb\n'],
    ['a carriage return redraw keeps the last state', 'progress 10%\rprogress 55%\rprogress 100%\n', 'progress 100%\n'],
    ['a shorter redraw keeps the end of the longer line', 'abcdef\rXY\n', 'XYcdef\n'],
    ['a redraw then CRLF ends the line', 'abc\rX\r\n', 'Xbc\n'],
    ['a carriage return at the very end changes nothing', 'abc\r', 'abc'],
    ['a redraw with colours is cleaned first', '\u001b[32m 50%\u001b[0m\r\u001b[32m100%\u001b[0m\ndone\n', '100%\ndone\n'],
    ['an emoji counts as two columns when redrawn', '😀ab\rXY\n', 'XYab\n'],
    ['a redraw over half an emoji leaves a blank for its other half', '😀ab\rX\n', 'X ab\n'],
    ['multibyte text passes untouched', 'héllo wörld €\n', 'héllo wörld €\n'],
    ['blank lines stay', '\n\na\n\n', '\n\na\n\n'],
  ];
  for (const [name, input, expected] of cases) {
    it(name, () => expect(cleanTerminalOutput(input)).toBe(expected));
  }
});

describe('StreamingCleaner', () => {
  const tricky =
    'clean line\n\u001b[31mred\u001b[0m\r\nhé€😀\n10%\r20%\r\nlast \u001b]8;;u\u0007link\u001b]8;;\u0007 ok\r\n' +
    'a\rb\n©\u009b1mx\nend';

  it('gives the whole-text result whatever the size of the pieces (escapes, CRLF and characters split)', () => {
    const expected = cleanTerminalOutput(tricky);
    expect(expected).toBe('clean line\nred\nhé€😀\n20%\nlast link ok\nb\n©x\nend');
    const bytes = encode(tricky);
    for (const piece of [1, 2, 3, 5, 7, 64]) expect(cleanInPieces(bytes, piece)).toBe(expected);
  });

  it('shows invalid UTF-8 as U+FFFD, on a clean line and on a cleaned one', () => {
    const input = Uint8Array.of(0x61, 0xff, 0x62, 0x0a, 0x1b, 0x5b, 0x6d, 0x63, 0xfe, 0x0a);
    expect(cleanInPieces(input, 1024)).toBe('a\uFFFDb\nc\uFFFD\n');
    expect(cleanInPieces(input, 1)).toBe('a\uFFFDb\nc\uFFFD\n');
  });

  it('a character split between pieces of a clean line arrives whole', () => {
    expect(cleanInPieces(encode('€€€\n'), 2)).toBe('€€€\n');
  });

  it('holds a line far longer than can be shown as its ends and a counted gap', () => {
    const sink = recordingSink();
    const cleaner = new StreamingCleaner(sink, { keepChars: 4 });
    const line = 'a'.repeat(5000) + 'b'.repeat(5000);
    for (let at = 0; at < line.length; at += 1000) cleaner.write(encode(line.slice(at, at + 1000)));
    cleaner.write(encode('\nnext\n'));
    cleaner.end();
    const text = sink.text();
    expect(text).toMatch(/^a{4,8}<\d+>b{4,8}\nnext\n$/);
    expect(sink.bytes).toBe(10006);
  });

  it('counts a long line of multibyte characters, split inside characters, in exact bytes', () => {
    expect(cleanInPieces(encode('é'.repeat(10000) + '\n'), 999, 4)).toMatch(/^é{4,8}<\d+>é{4,8}\n$/);
    const sink = recordingSink();
    const cleaner = new StreamingCleaner(sink, { keepChars: 4 });
    const bytes = encode('é'.repeat(10000) + '\n');
    for (let at = 0; at < bytes.length; at += 999) cleaner.write(bytes.subarray(at, at + 999));
    cleaner.end();
    expect(sink.bytes).toBe(20001);
  });

  it('passes whole clean lines through untouched, however long (the collector keeps their ends)', () => {
    const sink = recordingSink();
    const cleaner = new StreamingCleaner(sink, { keepChars: 4 });
    cleaner.write(encode('é'.repeat(10000) + '\n'));
    cleaner.end();
    expect(sink.skipped).toEqual([]);
    expect(sink.text()).toBe('é'.repeat(10000) + '\n');
  });

  it('redraws the start of a long line with a carriage return', () => {
    const sink = recordingSink();
    const cleaner = new StreamingCleaner(sink, { keepChars: 4 });
    cleaner.write(encode('a'.repeat(10000)));
    cleaner.write(encode('\rXY\n'));
    cleaner.end();
    expect(sink.text()).toMatch(/^XYa{2,6}<\d+>a{4,8}\n$/);
    expect(sink.bytes).toBe(10001);
  });

  it('whole lines in one piece are cleaned together, with the same result as line by line', () => {
    const lines = 'a\u001b[1mb\u001b[0m\r\nprogress 1\rprogress 22\r\n\u001b]0;title\u0007x\u001b]8;;\nu\u0007y\nplain\n';
    const byLine = lines.split('\n').map((line) => cleanInPieces(encode(line), 1)).join('\n');
    expect(cleanInPieces(encode(lines), 1 << 20)).toBe(byLine);
    expect(byLine).toBe('ab\nprogress 22\nx]8;;\nuy\nplain\n');
  });

  it('a long redraw replaces a long line whole', () => {
    const sink = recordingSink();
    const cleaner = new StreamingCleaner(sink, { keepChars: 4 });
    cleaner.write(encode('a'.repeat(10000) + '\r' + 'b'.repeat(20000)));
    cleaner.end();
    expect(sink.text()).toMatch(/^b{4,8}<\d+>b{4,8}$/);
    expect(sink.bytes).toBe(20000);
  });

  it('removes an escape split between pieces of a long line', () => {
    const input = encode('x'.repeat(10000) + '\u001b[31m' + 'y'.repeat(10) + '\n');
    const text = cleanInPieces(input, 1, 4);
    expect(text).toMatch(/^x{4,8}<\d+>y{4,10}\n$/);
  });

  it('the fast way through plain ASCII gives what decoding gives, to the byte', () => {
    const isAscii = (bytes: Uint8Array) => bytes.every((byte) => byte < 0x80);
    const input = encode('é' + 'a'.repeat(30000) + 'b'.repeat(30000) + '\rXYZ\n' + 'c'.repeat(20000) + '\u001b[1m' + 'd'.repeat(20000) + '\n');
    const run = (options: { keepChars: number; isAscii?: (bytes: Uint8Array) => boolean }) => {
      const sink = recordingSink();
      const cleaner = new StreamingCleaner(sink, options);
      for (let at = 0; at < input.length; at += 5000) cleaner.write(input.subarray(at, at + 5000));
      cleaner.end();
      return [sink.bytes, sink.text().replace(/<\d+>/g, '<gap>')];
    };
    const fast = run({ keepChars: 8, isAscii });
    expect(fast).toEqual(run({ keepChars: 8 }));
    expect(fast[0]).toBe(60001 + 1 + 40000 + 1); // XYZ covers é and two a: 3 characters for 4 bytes
  });

  it('a short line is never cut, however it arrives', () => {
    expect(cleanInPieces(encode('x'.repeat(3000) + '\n'), 7, 4)).toBe('x'.repeat(3000) + '\n');
  });
});

describe('StreamingCleaner over many inputs', () => {
  it('gives the same text whatever the pieces, for escapes, redraws, controls and broken bytes', () => {
    let seed = 7;
    const random = (n: number): number => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    const atoms = ['a', 'bc', '\n', '\r', '\r\n', '\u001b[31m', '\u001b[0m', '\u001b', '[', 'm', '\u001b]0;t\u0007', '\u009b1m', 'é', '😀', '\u0007', ' '];
    for (let round = 0; round < 200; round++) {
      const parts: Uint8Array[] = [];
      for (let i = random(80); i > 0; i--) parts.push(random(30) === 0 ? Uint8Array.of(0xff) : encode(atoms[random(atoms.length)]!));
      const input = Buffer.concat(parts);
      const whole = cleanInPieces(input, input.length + 1);
      expect(cleanInPieces(input, 1 + random(7))).toBe(whole);
      expect(cleanInPieces(input, 1 + random(40))).toBe(whole);
    }
  });
});
