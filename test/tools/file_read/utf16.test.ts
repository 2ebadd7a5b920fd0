import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FILE_READ_LINE_MAX_CHARS } from '../../../src/limits.js';
import { emptyText, formatFileRead } from '../../../src/tools/file_read/format.js';
import { FileScannerByMark, type Scan } from '../../../src/tools/file_read/scan.js';
import { utf16ByteOrder, Utf16ToUtf8 } from '../../../src/text/utf16.js';
import { FIXTURES } from '../../helpers/paths.js';

const sample = (name: string) => new Uint8Array(readFileSync(join(FIXTURES, 'utf16', name)));

/** The bytes of `text` in UTF-16 with its mark, as iconv writes them. */
function utf16(text: string, order: 'LE' | 'BE' = 'LE'): Uint8Array {
  const le = Buffer.from('\ufeff' + text, 'utf16le');
  if (order === 'BE') le.swap16();
  return new Uint8Array(le);
}

/** Scan `bytes` fed in pieces of `pieceBytes` (the run step's reads, cut anywhere). */
function scan(bytes: Uint8Array, pieceBytes = bytes.length, offset = 1, limit = 200): Scan {
  const scanner = new FileScannerByMark(offset, limit, FILE_READ_LINE_MAX_CHARS);
  for (let at = 0; at < bytes.length; at += pieceBytes) scanner.feed(bytes.subarray(at, at + pieceBytes));
  return scanner.finish();
}

const texts = (result: Scan) => result.lines.map((line) => line.text);

describe('the byte-order mark', () => {
  it('names UTF-16 LE and BE, and nothing else', () => {
    expect(utf16ByteOrder(Uint8Array.of(0xff, 0xfe, 0x41, 0x00))).toBe('UTF-16 LE');
    expect(utf16ByteOrder(Uint8Array.of(0xfe, 0xff, 0x00, 0x41))).toBe('UTF-16 BE');
    expect(utf16ByteOrder(Uint8Array.of(0xff, 0xfe))).toBe('UTF-16 LE');
    // UTF-32 LE's mark starts like UTF-16 LE's.
    expect(utf16ByteOrder(Uint8Array.of(0xff, 0xfe, 0x00, 0x00))).toBeNull();
    expect(utf16ByteOrder(Uint8Array.of(0xef, 0xbb, 0xbf, 0x41))).toBeNull();
    expect(utf16ByteOrder(Uint8Array.of(0xff))).toBeNull();
    expect(utf16ByteOrder(new Uint8Array(0))).toBeNull();
  });
});

describe('the mark, whatever the reads', () => {
  // Found by the streaming fuzz: the choice was made on the first read alone.
  it('a mark cut across two reads is still a mark', () => {
    const bytes = utf16('ab\ncd');
    for (const pieceBytes of [1, 2, 3]) {
      expect(scan(bytes, pieceBytes)).toMatchObject({ encoding: 'UTF-16 LE', totalLines: 2, lines: [{ text: 'ab' }, { text: 'cd' }] });
    }
  });

  it("UTF-32 LE's mark read two bytes at a time is not taken for UTF-16's", () => {
    const bytes = Uint8Array.of(0xff, 0xfe, 0x00, 0x00, 0x41, 0x00, 0x00, 0x00);
    for (const pieceBytes of [1, 2, 3, 8]) expect(scan(bytes, pieceBytes)).toMatchObject({ encoding: null, binary: true });
  });

  it('a file shorter than the sniff is judged whole: a lone mark, a mark and an odd byte (UTF-8), one byte', () => {
    expect(scan(Uint8Array.of(0xff, 0xfe), 1)).toMatchObject({ encoding: 'UTF-16 LE', totalLines: 0, totalBytes: 2 });
    expect(scan(Uint8Array.of(0xfe, 0xff, 0x41), 1)).toMatchObject({ encoding: null, totalLines: 1, lines: [{ text: '\ufffd\ufffdA' }] });
    expect(scan(Uint8Array.of(0xff), 1)).toMatchObject({ encoding: null, totalLines: 1, totalBytes: 1 });
    expect(scan(new Uint8Array(0))).toMatchObject({ encoding: null, totalLines: 0, totalBytes: 0 });
  });
});

describe('UTF-16 text read as lines', () => {
  it('reads a PowerShell-style UTF-16 LE file with CRLF line ends, a surrogate pair included', () => {
    const result = scan(sample('powershell-out.txt'));
    expect(texts(result)).toEqual(['Name  Value', '----  -----', 'host  büro-😀']);
    expect(result).toMatchObject({ totalLines: 3, totalBytes: 84, binary: false, encoding: 'UTF-16 LE' });
  });

  it('reads a UTF-16 BE registry export', () => {
    const result = scan(sample('settings-be.reg'));
    expect(texts(result)).toEqual(['Windows Registry Editor Version 5.00', '', '[HKEY_CURRENT_USER\\Software\\Guilds]', '"Name"="Grüße"']);
    expect(result).toMatchObject({ totalLines: 4, totalBytes: 180, encoding: 'UTF-16 BE' });
  });

  it('reads the same whatever size the pieces are: odd bytes and surrogate halves at every cut', () => {
    for (const name of ['powershell-out.txt', 'settings-be.reg']) {
      const whole = scan(sample(name));
      for (const pieceBytes of [1, 2, 3, 5, 7]) {
        expect([name, pieceBytes, scan(sample(name), pieceBytes)]).toEqual([name, pieceBytes, whole]);
      }
    }
  });

  it('splits a surrogate pair across two pieces without losing the character', () => {
    const bytes = utf16('a😀b');
    // mark (2) + a (2) + high surrogate (2) | low surrogate (2) + b (2)
    const scanner = new FileScannerByMark(1, 200, FILE_READ_LINE_MAX_CHARS);
    scanner.feed(bytes.subarray(0, 6));
    scanner.feed(bytes.subarray(6));
    expect(texts(scanner.finish())).toEqual(['a😀b']);
  });

  it('shows a lone surrogate as U+FFFD, in both byte orders', () => {
    const lone = (order: 'LE' | 'BE') => {
      const bytes = Buffer.from(utf16('x\ud800y\n\udc00', order));
      return texts(scan(new Uint8Array(bytes)));
    };
    expect(lone('LE')).toEqual(['x\ufffdy', '\ufffd']);
    expect(lone('BE')).toEqual(['x\ufffdy', '\ufffd']);
  });

  it('a file of odd length after a mark is not UTF-16: read as UTF-8, whatever the pieces', () => {
    const bytes = new Uint8Array([...utf16('ab'), 0x63]);
    for (const pieceBytes of [1, 2, 3, 7]) expect(scan(bytes, pieceBytes)).toMatchObject({ encoding: null, binary: true, totalBytes: 7 });
    const marked = Uint8Array.of(0xff, 0xfe, 0x0a, 0x70, 0x6c, 0x61, 0x69, 0x6e, 0x0a);
    for (const pieceBytes of [1, 2, 3, 9]) {
      expect(scan(marked, pieceBytes)).toMatchObject({ encoding: null, totalLines: 2, lines: [{ text: '\ufffd\ufffd' }, { text: 'plain' }] });
    }
  });

  // Found by the streaming fuzz: two U+FFFD came out where the platform's decoder, given the whole
  // file, gives one.
  it('a high surrogate at the very end is one U+FFFD, in both byte orders', () => {
    const le = Uint8Array.of(0xff, 0xfe, 0x61, 0x00, 0x00, 0xd8);
    const be = Uint8Array.of(0xfe, 0xff, 0x00, 0x61, 0xd8, 0x00);
    for (const bytes of [le, be]) {
      for (const pieceBytes of [1, 2, 3, 6]) expect(texts(scan(bytes, pieceBytes))).toEqual(['a\ufffd']);
    }
  });

  it('counts lines and returns the range from an offset, no final newline', () => {
    const result = scan(utf16('one\r\ntwo\r\nthree\r\nfour'), 4, 2, 2);
    expect(texts(result)).toEqual(['two', 'three']);
    expect(result.totalLines).toBe(4);
  });

  it('a final newline opens no extra line', () => {
    expect(scan(utf16('one\ntwo\n')).totalLines).toBe(2);
  });

  it('clips a line of 401 characters to 400, counting characters, not bytes', () => {
    const result = scan(utf16('é'.repeat(401)), 3);
    expect(result.lines).toEqual([{ text: 'é'.repeat(400), cutChars: 1 }]);
  });

  it('a file that holds only its mark has no lines', () => {
    expect(scan(utf16(''))).toMatchObject({ totalLines: 0, totalBytes: 2, binary: false, lines: [], encoding: 'UTF-16 LE' });
  });

  it('a NUL character among the first bytes is binary, as in any file', () => {
    expect(scan(utf16('ab\0cd'))).toMatchObject({ binary: true, lines: [], totalBytes: 12 });
  });

  it('a file that only looks like UTF-16 after its start is not transcoded (no mark)', () => {
    const bytes = new Uint8Array(Buffer.from('ab', 'utf16le'));
    expect(scan(bytes)).toMatchObject({ binary: true, encoding: null });
  });
});

describe('the transcoder', () => {
  it('drops the mark and writes UTF-8', () => {
    const transcoder = new Utf16ToUtf8('UTF-16 BE');
    const out = [...transcoder.transcode(utf16('hé', 'BE')), ...transcoder.finish()];
    expect(Buffer.from(out).toString('utf8')).toBe('hé');
  });
});

describe('the header of a UTF-16 file (golden)', () => {
  it('names the encoding after the line counts', () => {
    const lines = [{ text: 'Name  Value', cutChars: 0 }, { text: '----  -----', cutChars: 0 }, { text: 'host  büro-😀', cutChars: 0 }];
    expect(formatFileRead('notes.txt', 1, lines, 3, 8192, 'UTF-16 LE').text).toBe(
      'notes.txt · lines 1–3 of 3 (UTF-16 LE)\n1\tName  Value\n2\t----  -----\n3\thost  büro-😀',
    );
  });

  it('keeps the cap with the longer header: the stop line as for any file', () => {
    const lines = Array.from({ length: 200 }, (_, i) => ({ text: `line ${i + 1} ${'x'.repeat(40)}`, cutChars: 0 }));
    const shaped = formatFileRead('notes.txt', 1, lines, 200, 1024, 'UTF-16 BE');
    expect(Buffer.byteLength(shaped.text)).toBeLessThanOrEqual(1024);
    expect(shaped.text.split('\n')[0]).toBe(`notes.txt · lines 1–${shaped.lastLine} of 200 (UTF-16 BE)`);
    expect(shaped.text.endsWith(`[stopped at line ${shaped.lastLine} to stay under 1024 bytes; continue with offset ${shaped.lastLine + 1}]`)).toBe(true);
  });

  it('says an empty UTF-16 file is empty, and which encoding it has', () => {
    expect(emptyText('notes.txt', 'UTF-16 LE')).toBe('notes.txt is empty (UTF-16 LE)');
    expect(emptyText('notes.txt')).toBe('notes.txt is empty');
  });
});
