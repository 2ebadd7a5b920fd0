import { describe, expect, it } from 'vitest';
import { LineBytes, LineSplitter } from '../../src/text/line-splitter.js';

const bytes = (text: string) => new TextEncoder().encode(text);

function split(chunks: (string | Uint8Array)[], maxLineBytes = 100): [string, boolean][] {
  const lines: [string, boolean][] = [];
  const splitter = new LineSplitter((line, clipped) => lines.push([line, clipped]), maxLineBytes);
  for (const chunk of chunks) splitter.write(typeof chunk === 'string' ? bytes(chunk) : chunk);
  splitter.end();
  return lines;
}

describe('LineSplitter', () => {
  it('splits on newlines, in one piece or across pieces', () => {
    expect(split(['a\nbb\n'])).toEqual([['a', false], ['bb', false]]);
    expect(split(['a', '\nb', 'b', '\n'])).toEqual([['a', false], ['bb', false]]);
  });

  it('hands on a last line without a final newline', () => {
    expect(split(['a\nlast'])).toEqual([['a', false], ['last', false]]);
  });

  it('drops the carriage return of a CRLF line end', () => {
    expect(split(['a\r\nb\r\n'])).toEqual([['a', false], ['b', false]]);
  });

  it('keeps empty lines', () => {
    expect(split(['\n\na\n'])).toEqual([['', false], ['', false], ['a', false]]);
  });

  it('gives nothing for empty input', () => {
    expect(split([])).toEqual([]);
  });

  it('keeps a line exactly at the cap whole', () => {
    expect(split(['abcd\n'], 4)).toEqual([['abcd', false]]);
  });

  it('clips a line one byte over the cap and skips the rest of it', () => {
    expect(split(['abcde\nf\n'], 4)).toEqual([['abcd', true], ['f', false]]);
  });

  it('clips a long line that arrives in many pieces', () => {
    expect(split(['ab', 'cd', 'ef', 'gh\nok\n'], 3)).toEqual([['abc', true], ['ok', false]]);
  });

  it('joins a multibyte character split between two pieces', () => {
    const euro = bytes('€\n');
    expect(split([euro.subarray(0, 1), euro.subarray(1)])).toEqual([['€', false]]);
  });

  it('shows invalid UTF-8 as U+FFFD', () => {
    expect(split([new Uint8Array([0x61, 0xff, 0x0a])])).toEqual([['a\ufffd', false]]);
  });

  it('does not keep a reference to a lent piece that is reused', () => {
    const lines: string[] = [];
    const splitter = new LineSplitter((line) => lines.push(line), 100);
    const buffer = bytes('abc');
    splitter.write(buffer);
    buffer.set(bytes('xyz'));
    splitter.write(bytes('\n'));
    expect(lines).toEqual(['abc']);
  });
});

describe('LineBytes', () => {
  it('says a line passed the cap once, as it passes it, before the line itself arrives clipped', () => {
    const seen: string[] = [];
    const lines = new LineBytes(
      { line: (line, clipped) => seen.push(`${new TextDecoder().decode(line)}${clipped ? ' (clipped)' : ''}`), overflow: () => seen.push('overflow') },
      4,
    );
    lines.write(bytes('ok\nabc'));
    lines.write(bytes('de'));
    expect(seen).toEqual(['ok', 'overflow']);
    lines.write(bytes('fgh'));
    lines.write(bytes('ij\nnext'));
    lines.end();
    expect(seen).toEqual(['ok', 'overflow', 'abcd (clipped)', 'next']);
  });
});
