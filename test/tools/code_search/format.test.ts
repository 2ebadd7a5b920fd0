import { describe, expect, it } from 'vitest';
import { noSuchPath } from '../../../src/contract/errors.js';
import {
  byteCapLine,
  clipSearchLine,
  contentEntries,
  echoedInput,
  fitSearchResult,
  formatContentResult,
  formatFilesResult,
  ignoredLine,
  binaryFileText,
  binaryFilesLine,
  binaryNoteText,
  changedWhileOpenedText,
  clipEchoedInputs,
  interruptedText,
  notSearchableText,
  noMatchText,
  nulInInputText,
  ripgrepFailureText,
  ripgrepReason,
  ripgrepRefusalText,
  shownPath,
  stoppedText,
  totalsLine,
  type LineView,
} from '../../../src/tools/code_search/format.js';

const whole = (text: string, matchChar: number | null): LineView => ({
  text,
  startChar: 0,
  totalChars: [...text].length,
  matchChar,
});

describe('totalsLine', () => {
  it('one match in one file is singular', () => {
    expect(totalsLine({ matches: 1, files: 1 })).toBe('1 match in 1 file');
  });
  it('more are plural', () => {
    expect(totalsLine({ matches: 3, files: 2 })).toBe('3 matches in 2 files');
    expect(totalsLine({ matches: 2, files: 1 })).toBe('2 matches in 1 file');
  });
});

describe('the fixed sentences', () => {
  it('no match', () => {
    expect(noMatchText('foo(', '.', 200)).toBe("no matches for 'foo(' in .");
  });
  it('no match with a pattern over the maximum quotes its start, and the sentence stays whole', () => {
    expect(noMatchText('q'.repeat(3000), 'src', 200)).toBe(`no matches for '${'q'.repeat(200)}…' in src`);
  });
});

describe('echoedInput', () => {
  it('empty', () => expect(echoedInput('', 5)).toBe(''));
  it('exactly at the maximum is whole', () => expect(echoedInput('abcde', 5)).toBe('abcde'));
  it('one character over is clipped with …', () => expect(echoedInput('abcdef', 5)).toBe('abcde…'));
  it('characters outside the basic plane count once and are never split', () => {
    expect(echoedInput('😀😀😀😀😀', 5)).toBe('😀😀😀😀😀');
    expect(echoedInput('ab😀😀😀😀', 3)).toBe('ab😀…');
  });
  it('stopped', () => {
    expect(stoppedText(60)).toBe('[the search was stopped after 60 s; these are the matches found until then]');
  });
  it('byte cap, singular and plural', () => {
    expect(byteCapLine(1, 1024)).toBe('[… 1 more line left out to stay under 1024 bytes]');
    expect(byteCapLine(7, 8192)).toBe('[… 7 more lines left out to stay under 8192 bytes]');
  });
});

describe('clipSearchLine', () => {
  it('a line of exactly the maximum is whole', () => {
    expect(clipSearchLine(whole('a'.repeat(10), 3), 10, 4)).toBe('aaaaaaaaaa');
  });
  it('one character over is clipped with the count cut', () => {
    expect(clipSearchLine(whole('abcdefghijk', 0), 10, 4)).toBe('abcdefghij… [+1 chars]');
  });
  it('a match that the first characters show keeps the start', () => {
    expect(clipSearchLine(whole('0123456789abcdefghij', 6), 10, 4)).toBe('0123456789… [+10 chars]');
  });
  it('a match past the cut moves the window to start lead characters before it, with …', () => {
    expect(clipSearchLine(whole('0123456789abcdefghijklmnop', 12), 10, 4)).toBe('…89abcdefgh… [+16 chars]');
  });
  it('a match near the end shows the last characters, cut only before them: … at the start only', () => {
    expect(clipSearchLine(whole('0123456789abcdefghij', 18), 10, 4)).toBe('…abcdefghij [+10 chars]');
  });
  it('a window cut only at the end has … at the end only', () => {
    expect(clipSearchLine(whole('0123456789abcdefghij', 2), 10, 4)).toBe('0123456789… [+10 chars]');
  });
  it('a window cut at both sides has … at both', () => {
    expect(clipSearchLine(whole('0123456789abcdefghijklmnop', 12), 10, 4)).toBe('…89abcdefgh… [+16 chars]');
  });
  it('a window that ends exactly at the line end is cut only at the start', () => {
    expect(clipSearchLine(whole('0123456789abcdefghij', 14), 10, 4)).toBe('…abcdefghij [+10 chars]');
  });
  it('a window that stops one character before the line end is cut at both sides', () => {
    expect(clipSearchLine(whole('0123456789abcdefghijk', 13), 10, 4)).toBe('…9abcdefghi… [+11 chars]');
  });
  it('a match past the cut on a line that ends soon after it shows everything after the match', () => {
    const line = 'a'.repeat(500) + 'NEEDLE' + 'b'.repeat(10);
    expect(clipSearchLine(whole(line, 500), 300, 60)).toBe(`…${'a'.repeat(284)}NEEDLE${'b'.repeat(10)} [+216 chars]`);
  });
  it('a context line keeps its start', () => {
    expect(clipSearchLine(whole('0123456789abcdefghij', null), 10, 4)).toBe('0123456789… [+10 chars]');
  });
  it('characters outside the basic plane count once and are never split', () => {
    expect(clipSearchLine(whole('😀😀😀😀😀😀😀😀😀😀😀x', 11), 10, 4)).toBe('…😀😀😀😀😀😀😀😀😀x [+2 chars]');
  });
  it('a window kept from the middle of a long line', () => {
    const view: LineView = { text: 'klmnopqrstuvwxyz', startChar: 1000, totalChars: 5000, matchChar: 1006 };
    expect(clipSearchLine(view, 10, 4)).toBe('…mnopqrstuv… [+4990 chars]');
  });
});

describe('content entries', () => {
  const line = (path: string, lineNumber: number, isMatch: boolean) => ({ path, lineNumber, isMatch, text: `t${lineNumber}` });
  it('-- separates lines that do not follow each other, and files', () => {
    expect(contentEntries([line('a', 1, false), line('a', 2, true), line('a', 7, true), line('b', 8, true)], true)).toEqual([
      'a-1- t1',
      'a:2: t2',
      '--\na:7: t7',
      '--\nb:8: t8',
    ]);
  });
  it('without context there are no groups', () => {
    expect(contentEntries([line('a', 2, true), line('a', 7, true)], false)).toEqual(['a:2: t2', 'a:7: t7']);
  });
  it('an empty line keeps the space after its mark', () => {
    expect(contentEntries([{ path: 'a', lineNumber: 3, isMatch: false, text: '' }], true)).toEqual(['a-3- ']);
  });
});

describe('fitSearchResult', () => {
  const more = (n: number) => `… ${n} more`;
  it('everything that fits is shown whole', () => {
    expect(fitSearchResult(['aa', 'bb'], 0, more, ['T'], 100)).toEqual({ text: 'aa\nbb\nT', cut: false });
  });
  it('the … N more line comes after the entries', () => {
    expect(fitSearchResult(['aa'], 3, more, ['T'], 100)).toEqual({ text: 'aa\n… 3 more\nT', cut: false });
  });
  it('exactly at the cap is whole', () => {
    // 'aa\nbb\nT' is 7 bytes.
    expect(fitSearchResult(['aa', 'bb'], 0, more, ['T'], 7)).toEqual({ text: 'aa\nbb\nT', cut: false });
  });
  it('one byte over stops at a line and counts every line left out, by the caps and by the bytes', () => {
    const entries = Array.from({ length: 5 }, (_, i) => `entry number ${i} `.padEnd(30, '.'));
    const full = fitSearchResult(entries, 2, more, ['T'], 10_000).text;
    expect(Buffer.byteLength(full)).toBe(167);
    const shaped = fitSearchResult(entries, 2, more, ['T'], 166);
    expect(shaped).toEqual({
      text: [...entries.slice(0, 3), '[… 4 more lines left out to stay under 166 bytes]', 'T'].join('\n'),
      cut: true,
    });
    expect(Buffer.byteLength(shaped.text)).toBeLessThanOrEqual(166);
  });
  it('a multibyte entry is measured in bytes, not characters', () => {
    const entries = ['é'.repeat(40), 'x'];
    // 40 characters, 80 bytes: 80 + 1 + 1 + 1 + 1 = 84 bytes in all.
    expect(fitSearchResult(entries, 0, more, ['T'], 84).cut).toBe(false);
    expect(fitSearchResult(entries, 0, more, ['T'], 83)).toEqual({
      text: ['[… 2 more lines left out to stay under 83 bytes]', 'T'].join('\n'),
      cut: true,
    });
  });
  it('a separator goes with the entry after it', () => {
    const entries = ['a:1: ' + 'x'.repeat(40), 'a:2: ' + 'y'.repeat(40), '--\na:9: ' + 'z'.repeat(100)];
    const shaped = fitSearchResult(entries, 0, more, ['T'], 201);
    expect(shaped.text).toBe([entries[0], entries[1], '[… 1 more line left out to stay under 201 bytes]', 'T'].join('\n'));
  });
});

describe('whole results', () => {
  it('files mode', () => {
    const shaped = formatFilesResult(
      [
        { path: 'src/a.ts', count: 4 },
        { path: 'src/b.ts', count: 1 },
      ],
      0,
      { matches: 5, files: 2 },
      8192,
      null,
    );
    expect(shaped.text).toBe('src/a.ts: 4\nsrc/b.ts: 1\n5 matches in 2 files');
  });
  it('files mode with files left out, stopped by the time limit', () => {
    const shaped = formatFilesResult([{ path: 'a', count: 9 }], 1, { matches: 10, files: 2 }, 8192, stoppedText(60));
    expect(shaped.text).toBe(
      'a: 9\n… 1 more file\n[the search was stopped after 60 s; these are the matches found until then]\n10 matches in 2 files',
    );
  });
  it('content mode with groups and lines left out', () => {
    const shaped = formatContentResult(
      [
        { path: 'a.ts', lineNumber: 1, isMatch: false, text: 'x' },
        { path: 'a.ts', lineNumber: 2, isMatch: true, text: 'foo' },
        { path: 'b.ts', lineNumber: 5, isMatch: true, text: 'foo' },
      ],
      4,
      { matches: 6, files: 3 },
      true,
      8192,
      null,
    );
    expect(shaped.text).toBe('a.ts-1- x\na.ts:2: foo\n--\nb.ts:5: foo\n… 4 more lines\n6 matches in 3 files');
  });
});

describe('ripgrepReason', () => {
  it('a regex error is its first line with the reason', () => {
    expect(ripgrepReason('rg: regex parse error:\n    (?:foo()\n    ^\nerror: unclosed group\n')).toBe('regex parse error: unclosed group');
  });
  it('a one-line error stays one line', () => {
    expect(ripgrepReason("rg: error parsing glob '{a': unclosed alternate group\n")).toBe("error parsing glob '{a': unclosed alternate group");
  });
  it('nothing said', () => {
    expect(ripgrepReason('')).toBe('ripgrep failed without saying why');
  });
});


describe('the error sentences', () => {
  it('a NUL byte in the pattern or the glob', () => {
    expect(nulInInputText('pattern')).toBe('the pattern contains a NUL byte');
    expect(nulInInputText('glob')).toBe('the glob contains a NUL byte');
  });
  it('a path gone since it was resolved reads as a missing one (the shared sentence)', () => {
    expect([noSuchPath('src/x').kind, noSuchPath('src/x').message]).toEqual(['not_found', 'no such file or folder: src/x']);
  });
  it('neither a file nor a folder', () => {
    expect(notSearchableText('fifo', 'a FIFO')).toBe('fifo is a FIFO; code_search takes a file or a folder');
  });
  it('changed between the check and the open', () => {
    expect(changedWhileOpenedText('~/x')).toBe('~/x changed while it was opened; code_search takes a file or a folder');
  });
  it('a binary file named directly', () => {
    expect(binaryFileText('assets/logo.bin')).toBe('assets/logo.bin is binary; not searched');
  });
  it('told to stop', () => {
    expect(interruptedText('SIGINT')).toBe('[the search was interrupted (SIGINT); these are the matches found until then]');
  });
  it('no ripgrep: each way of not finding it', () => {
    expect(ripgrepFailureText({ code: 'RG_CONFIGURED_NOT_EXECUTABLE', configured: 'rg' })).toBe(
      'ripgrep not found: GUILDS_RG=rg is not an executable file (an absolute path)',
    );
    expect(ripgrepFailureText({ code: 'RG_NOT_FOUND', packageName: '@vscode/ripgrep-linux-x64', searchedFrom: '/usr/local/bin' })).toBe(
      'ripgrep not found: GUILDS_RG is not set, there is no rg on PATH, and no node_modules/@vscode/ripgrep-linux-x64/bin/rg in /usr/local/bin or above it',
    );
    expect(ripgrepFailureText({ code: 'RG_CANNOT_START', binary: '/x/rg', cause: 'EACCES' })).toBe('cannot run ripgrep (/x/rg): EACCES');
  });
  it('an invalid regex says how to search for the text literally', () => {
    const stderr = 'rg: regex parse error:\n    (?:render()\n    ^\nerror: unclosed group\n';
    expect(ripgrepRefusalText(stderr, 'render(', null, false, 200)).toBe(
      'ripgrep: regex parse error: unclosed group (the pattern is a regular expression; set fixed: true to search for it as plain text)',
    );
  });
  it('no hint when the pattern was already fixed, or the refusal is of the glob', () => {
    expect(ripgrepRefusalText('rg: regex parse error:\nerror: x\n', 'a', null, true, 200)).toBe('ripgrep: regex parse error: x');
    expect(ripgrepRefusalText("rg: error parsing glob '{a': unclosed alternate group\n", 'a', '{a', false, 200)).toBe(
      "ripgrep: error parsing glob '{a': unclosed alternate group",
    );
  });
  it('a long glob quoted by ripgrep is clipped, so the reason after it still shows', () => {
    const glob = `{${'g'.repeat(300)}`;
    expect(clipEchoedInputs(`error parsing glob '${glob}': unclosed alternate group`, ['x', glob], 200)).toBe(
      `error parsing glob '{${'g'.repeat(199)}…': unclosed alternate group`,
    );
  });
});

describe('paths as shown', () => {
  it('a plain path, one with a colon, a space, a leading dash or non-ASCII letters: as it is', () => {
    for (const path of ['src/a.ts', 'src/odd names/a: b.ts', '-rf.txt', 'x:12:y.ts', 'é/ü.ts']) expect(shownPath(path)).toBe(path);
  });
  it('a path with a newline, a tab, a " or a \\: a JSON string, so it reads as one name', () => {
    expect(shownPath('nl/a\nb.txt')).toBe('"nl/a\\nb.txt"');
    expect(shownPath('a\tb')).toBe('"a\\tb"');
    expect(shownPath('say "hi".txt')).toBe('"say \\"hi\\".txt"');
    expect(shownPath('back\\slash')).toBe('"back\\\\slash"');
    expect(shownPath('bell\u0007')).toBe('"bell\\u0007"');
  });
});

describe('files ripgrep stopped reading at a NUL byte', () => {
  it('content mode: the note after the file\'s lines', () => {
    expect(binaryNoteText({ path: 'logs/big.log', binaryAt: 240105 })).toBe(
      'logs/big.log: [binary from about byte 240105 (a NUL byte); not searched past it]',
    );
  });
  it('files mode: one line for all of them, singular and plural', () => {
    expect(binaryFilesLine(1, 1)).toBe(
      '… 1 match in 1 binary file not listed (ripgrep stopped reading at a NUL byte part-way; mode "content" shows its lines before it)',
    );
    expect(binaryFilesLine(5, 2)).toBe(
      '… 5 matches in 2 binary files not listed (ripgrep stopped reading at a NUL byte part-way; mode "content" shows their lines before it)',
    );
  });
  it('whole results: the files line comes before the totals; the content note after its file\'s lines', () => {
    expect(formatFilesResult([{ path: 'logs/c.txt', count: 1 }], 0, { matches: 2, files: 2 }, 8192, null, { matches: 1, files: 1 }).text).toBe(
      'logs/c.txt: 1\n' +
        '… 1 match in 1 binary file not listed (ripgrep stopped reading at a NUL byte part-way; mode "content" shows its lines before it)\n' +
        '2 matches in 2 files',
    );
    const entries = [
      { path: 'logs/big.log', lineNumber: 1, isMatch: true, text: 'needle first' },
      { path: 'logs/big.log', binaryAt: 240105 },
      { path: 'logs/c.txt', lineNumber: 1, isMatch: true, text: 'plain needle' },
    ];
    expect(formatContentResult(entries, 0, { matches: 2, files: 2 }, true, 8192, null).text).toBe(
      'logs/big.log:1: needle first\n' +
        'logs/big.log: [binary from about byte 240105 (a NUL byte); not searched past it]\n' +
        '--\n' +
        'logs/c.txt:1: plain needle\n' +
        '2 matches in 2 files',
    );
  });
});

describe('what ignore files hid', () => {
  it('one line: counts, singular and plural, an example, and the path to search as a request gives it', () => {
    expect(ignoredLine({ matches: 12, files: 3, example: 'node_modules/x/y.js', searchPath: 'node_modules' })).toBe(
      '(12 more matches in 3 files ignored by .gitignore or .ignore, e.g. node_modules/x/y.js; search them with path: "node_modules")',
    );
    expect(ignoredLine({ matches: 1, files: 1, example: '"a\\nb/c.js"', searchPath: 'a\nb' })).toBe(
      '(1 more match in 1 file ignored by .gitignore or .ignore, e.g. "a\\nb/c.js"; search them with path: "a\\nb")',
    );
  });
});
