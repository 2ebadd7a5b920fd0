// The line scan of file_read: a file fed in pieces cut anywhere gives the lines of one range, the
// line count and the binary verdict, the same whatever the cuts and whichever counter of line ends.
import { describe, expect, it } from 'vitest';
import { FILE_READ_LINE_MAX_CHARS } from '../../../src/limits.js';
import { WasmLineEnds } from '../../../src/tools/file_read/sha256-wasm.js';
import { FileScannerByMark, StringLineEnds, type LineEndCounter, type Scan } from '../../../src/tools/file_read/scan.js';

const bytesOf = (text: string) => new TextEncoder().encode(text);

function scanWith(lineEnds: LineEndCounter, bytes: Uint8Array, pieceBytes: number, offset: number, limit: number): Scan {
  const scanner = new FileScannerByMark(offset, limit, FILE_READ_LINE_MAX_CHARS, lineEnds);
  for (let at = 0; at < bytes.length; at += pieceBytes) scanner.feed(bytes.subarray(at, at + pieceBytes));
  return scanner.finish();
}

/** Scan `bytes` fed in pieces of `pieceBytes`: the same with the WebAssembly counter as with the plain one. */
function scan(bytes: Uint8Array, { pieceBytes = bytes.length || 1, offset = 1, limit = 200 } = {}): Scan {
  const plain = scanWith(new StringLineEnds(), bytes, pieceBytes, offset, limit);
  expect(scanWith(new WasmLineEnds(), bytes, pieceBytes, offset, limit)).toEqual(plain);
  return plain;
}

const texts = (result: Scan) => result.lines.map((line) => line.text);

/** The same scan for every cut from one byte to the whole file. */
function expectSameForEveryCut(bytes: Uint8Array, options: { offset?: number; limit?: number } = {}): Scan {
  const whole = scan(bytes, options);
  for (let pieceBytes = 1; pieceBytes <= bytes.length; pieceBytes++) {
    expect([pieceBytes, scan(bytes, { ...options, pieceBytes })]).toEqual([pieceBytes, whole]);
  }
  return whole;
}

describe('the lines of a range', () => {
  it('returns the range and counts the lines before and after it', () => {
    const result = expectSameForEveryCut(bytesOf('one\ntwo\nthree\nfour\nfive\n'), { offset: 2, limit: 3 });
    expect(texts(result)).toEqual(['two', 'three', 'four']);
    expect(result.totalLines).toBe(5);
  });

  it('a last line with no final newline is a line', () => {
    const result = expectSameForEveryCut(bytesOf('one\ntwo'));
    expect(texts(result)).toEqual(['one', 'two']);
    expect(result.totalLines).toBe(2);
  });

  it('a final newline opens no extra line; empty lines are lines', () => {
    const result = expectSameForEveryCut(bytesOf('\n\na\n\n'));
    expect(texts(result)).toEqual(['', '', 'a', '']);
    expect(result.totalLines).toBe(4);
  });

  it('an empty file has no lines', () => {
    expect(scan(new Uint8Array(0))).toEqual({ totalBytes: 0, totalLines: 0, binary: false, lines: [], encoding: null });
  });

  it('drops the CR of a CRLF, even with the CR and the LF in different pieces; a lone CR stays', () => {
    const result = expectSameForEveryCut(bytesOf('a\r\nb\rc\r\n\r\nd\r'));
    expect(texts(result)).toEqual(['a', 'b\rc', '', 'd\r']);
  });

  it('keeps a multibyte character whole when a piece ends inside it', () => {
    expect(texts(expectSameForEveryCut(bytesOf('é中😀\n😀é\n')))).toEqual(['é中😀', '😀é']);
  });

  it('shows invalid UTF-8 as U+FFFD, a sequence cut short by the line end included', () => {
    const bytes = Uint8Array.of(0x61, 0xff, 0x0a, 0xe4, 0xb8, 0x0a, 0xe4, 0xb8, 0x0d, 0x0a, 0x62);
    expect(texts(expectSameForEveryCut(bytes))).toEqual(['a\ufffd', '\ufffd', '\ufffd', 'b']);
  });

  it('drops one U+FEFF at the start of each line, as a decode of the line alone does, and keeps any other', () => {
    const result = expectSameForEveryCut(bytesOf('\ufeffone\n\ufeff\ufefftwo\nthr\ufeffee\n\ufeff'));
    expect(texts(result)).toEqual(['one', '\ufefftwo', 'thr\ufeffee', '']);
  });

  it('clips a line of 401 characters to 400 and counts what was cut, whatever the cuts', () => {
    const result = expectSameForEveryCut(bytesOf(`${'é'.repeat(FILE_READ_LINE_MAX_CHARS + 1)}\nshort\n`));
    expect(result.lines).toEqual([{ text: 'é'.repeat(FILE_READ_LINE_MAX_CHARS), cutChars: 1 }, { text: 'short', cutChars: 0 }]);
  });

  it('keeps a line of exactly 400 characters, an emoji counted as one', () => {
    const line = '😀'.repeat(FILE_READ_LINE_MAX_CHARS);
    expect(scan(bytesOf(`${line}\n`)).lines).toEqual([{ text: line, cutChars: 0 }]);
    expect(scan(bytesOf(`${line}\n`), { pieceBytes: 7 }).lines).toEqual([{ text: line, cutChars: 0 }]);
  });

  it('a range that starts on the first byte of a piece', () => {
    const bytes = bytesOf('aa\nbb\ncc\n');
    expect(texts(scan(bytes, { pieceBytes: 3, offset: 2, limit: 1 }))).toEqual(['bb']);
    expect(texts(scan(bytes, { pieceBytes: 3, offset: 3, limit: 5 }))).toEqual(['cc']);
  });

  it('a NUL among the first bytes makes the file binary, with no lines', () => {
    expect(expectSameForEveryCut(bytesOf('a\nb\0\nc\n'))).toMatchObject({ binary: true, lines: [], totalLines: 3 });
  });
});
