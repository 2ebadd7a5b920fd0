import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { StreamingCleaner } from '../../../src/tools/shell/clean.js';
import { OutputCollector, collectedOutput, headCapBytes, outputCollectorFor } from '../../../src/tools/shell/collect.js';
import {
  elisionLine,
  INTERRUPTED_LINE,
  shapeShellText,
  notRecordedLine,
  shellErrors,
  shellTrailers,
  startedText,
  timedOutLine,
} from '../../../src/tools/shell/format.js';
import { prefixWithinBytes } from '../../../src/text/utf8.js';

const LOG = '/h/.runs/r1/c1.log';
const limits = { maxBytes: 1024, headMaxBytes: 2048, lineEndReachPercent: 25 };
const encode = (text: string): Uint8Array => new TextEncoder().encode(text);
const bytesOf = (text: string): number => encode(text).length;

function collect(pieces: string[], maxBytes = limits.maxBytes) {
  const collector = outputCollectorFor({ ...limits, maxBytes });
  for (const piece of pieces) collector.write(encode(piece));
  return collector;
}

function shape(output: string, trailers: string[] = [], maxBytes = limits.maxBytes) {
  return shapeShellText(collectedOutput(collect([output], maxBytes)), trailers, LOG, { ...limits, maxBytes });
}

const numbered0 = (from: number, to: number): string[] => Array.from({ length: to - from + 1 }, (_, i) => String(from + i));
const numbered = (from: number, to: number): string[] =>
  Array.from({ length: to - from + 1 }, (_, i) => `line ${String(from + i).padStart(4, '0')}`);

describe('shell trailers', () => {
  it('a zero exit code adds nothing', () => expect(shellTrailers(0, null)).toEqual([]));
  it('a non-zero exit code is its own line', () => expect(shellTrailers(2, null)).toEqual(['exit_code: 2']));
  it('a timeout says so, then exit_code: 124', () =>
    expect(shellTrailers(124, timedOutLine(5))).toEqual(['[timed out after 5s; the command was stopped]', 'exit_code: 124']));
  it('an interrupted helper says so', () =>
    expect(shellTrailers(143, INTERRUPTED_LINE)).toEqual([
      '[the helper was interrupted; the command was stopped]',
      'exit_code: 143',
    ]));
  it('the elision line', () =>
    expect(elisionLine(1050, LOG)).toBe('[… 1050 bytes elided; full output: /h/.runs/r1/c1.log …]'));
});

describe('the time a slow command took', () => {
  const SLOW = 10_000;
  it('exactly at the threshold says nothing', () => expect(shellTrailers(0, null, 10_000, SLOW)).toEqual([]));
  it('one millisecond over it, a zero exit code gets a line of its own', () =>
    expect(shellTrailers(0, null, 10_001, SLOW)).toEqual(['(took 10s)']));
  it('a non-zero exit code carries it on its line', () => expect(shellTrailers(1, null, 42_000, SLOW)).toEqual(['exit_code: 1 · 42s']));
  it('minutes and seconds', () => expect(shellTrailers(0, null, 184_999, SLOW)).toEqual(['(took 3m04s)']));
  it('hours and minutes', () => expect(shellTrailers(2, null, 7_500_000, SLOW)).toEqual(['exit_code: 2 · 2h05m']));
  it('a timed-out command: the stop line, then the exit code with the time', () =>
    expect(shellTrailers(124, timedOutLine(120), 122_040, SLOW)).toEqual([
      '[timed out after 120s; the command was stopped]',
      'exit_code: 124 · 2m02s',
    ]));
  it('ends the text, after the output', () =>
    expect(shape('ok\n', shellTrailers(0, null, 61_000, SLOW)).text).toBe('ok\n(took 1m01s)'));
});

describe('the head cap', () => {
  it('is 2048 bytes under the default cap', () => expect(headCapBytes({ ...limits, maxBytes: 8192 })).toBe(2048));
  it('is a quarter of a small cap', () => expect(headCapBytes({ ...limits, maxBytes: 1024 })).toBe(256));
  it('stays 2048 under a large cap', () => expect(headCapBytes({ ...limits, maxBytes: 65536 })).toBe(2048));
});

describe('shapeShellText', () => {
  it('output that fits is returned whole, without its final line end', () =>
    expect(shape('a\nb\n')).toEqual({ text: 'a\nb', elided: false }));
  it('no trailing newline stays so', () => expect(shape('a\nb').text).toBe('a\nb'));
  it('blank lines before the final line end stay', () => expect(shape('a\n\n\n').text).toBe('a\n\n'));
  it('empty output reads (no output)', () => expect(shape('').text).toBe('(no output)'));
  it('a lone line end reads (no output)', () => expect(shape('\n').text).toBe('(no output)'));
  it('the exit code follows the output on its own line', () =>
    expect(shape('oops\n', ['exit_code: 1']).text).toBe('oops\nexit_code: 1'));
  it('no output with a timeout', () =>
    expect(shape('', shellTrailers(124, timedOutLine(1))).text).toBe(
      '(no output)\n[timed out after 1s; the command was stopped]\nexit_code: 124',
    ));

  it('exactly at the cap: whole', () => {
    const result = shape('a'.repeat(1024));
    expect(result).toEqual({ text: 'a'.repeat(1024), elided: false });
  });
  it('exactly at the cap with a final line end: whole (the line end is not shown)', () =>
    expect(shape('a'.repeat(1024) + '\n').elided).toBe(false));
  it('exactly at the cap with the trailers counted: whole', () =>
    expect(shape('a'.repeat(1024 - 13), ['exit_code: 1']).text).toBe('a'.repeat(1011) + '\nexit_code: 1'));
  it('one byte over the cap: elided, under the cap', () => {
    const result = shape('a'.repeat(1025));
    expect(result.elided).toBe(true);
    expect(bytesOf(result.text)).toBeLessThanOrEqual(1024);
    expect(result.text).toBe('a'.repeat(256) + '\n' + elisionLine(63, LOG) + '\n' + 'a'.repeat(706));
  });
  it('one byte over the cap counting the trailers: elided', () =>
    expect(shape('a'.repeat(1024 - 12), ['exit_code: 1']).elided).toBe(true));

  it('long output keeps its head and tail at line ends and counts the lines between', () => {
    const output = numbered(1, 200).join('\n') + '\n'; // 2000 bytes of 10-byte lines
    const result = shape(output, ['exit_code: 1']);
    expect(result.text).toBe(
      numbered(1, 25).join('\n') +
        '\n[… 1050 bytes elided; full output: /h/.runs/r1/c1.log …]\n' +
        numbered(131, 200).join('\n') +
        '\nexit_code: 1',
    );
    expect(bytesOf(result.text)).toBe(1023);
  });

  it('a head with no line end near its cap is cut at the cap', () => {
    const output = 'x'.repeat(100) + '\n' + 'y'.repeat(2000) + '\n';
    const { text } = shape(output);
    expect(text.startsWith('x'.repeat(100) + '\n' + 'y'.repeat(155) + '\n[… ')).toBe(true);
  });

  it('a multibyte character at the cut is never split', () => {
    const output = '€'.repeat(600); // 1800 bytes, no line end
    const { text } = shape(output);
    expect(text).toBe('€'.repeat(85) + '\n' + elisionLine(840, LOG) + '\n' + '€'.repeat(235));
    expect(text).not.toContain('\uFFFD');
    expect(85 * 3 + 840 + 235 * 3).toBe(1800);
  });

  it('a four-byte character at the cut is never split', () => {
    const { text } = shape('😀'.repeat(500));
    expect(text).not.toContain('\uFFFD');
    const [head, , tail] = text.split('\n');
    const elided = Number(/\[… (\d+) bytes/.exec(text)![1]);
    expect(bytesOf(head!) + elided + bytesOf(tail!)).toBe(2000);
    expect(bytesOf(text)).toBeLessThanOrEqual(1024);
  });

  it('the tail starts just after a line end near the start of its room', () => {
    const output = 'h'.repeat(300) + '\n' + 'm'.repeat(2000) + '\n' + 'end line one\nend line two\n' + 't'.repeat(600) + '\n';
    const { text } = shape(output);
    const tail = text.slice(text.indexOf('…]\n') + 3);
    expect(tail.startsWith('t'.repeat(600)) || tail.startsWith('end line')).toBe(true);
    expect(tail.endsWith('t'.repeat(600))).toBe(true);
  });

  it('head, elided bytes and tail add up to the whole output', () => {
    for (const size of [1025, 1500, 5000, 100000]) {
      const output = numbered(1, Math.ceil(size / 10)).join('\n').slice(0, size);
      const { text } = shape(output, ['exit_code: 3']);
      const elided = Number(/\[… (\d+) bytes/.exec(text)![1]);
      const [headPart, rest] = text.split(/\n\[… \d+ bytes elided; full output: \S+ …\]\n/);
      const tailPart = rest!.slice(0, rest!.length - '\nexit_code: 3'.length);
      // A line end at either cut is the line break around the elision line.
      const headEnd = output.startsWith(headPart! + '\n') ? bytesOf(headPart!) + 1 : bytesOf(headPart!);
      const tailStart = output.length - bytesOf(tailPart);
      expect(output.endsWith(tailPart)).toBe(true);
      expect(tailStart - headEnd).toBe(elided);
      expect(bytesOf(text)).toBeLessThanOrEqual(1024);
    }
  });
});

describe('OutputCollector', () => {
  it('keeps the first bytes and the last, contiguous, whatever the pieces', () => {
    const text = numbered(1, 1000).join('\n');
    const pieces = text.match(/[\s\S]{1,7}/g)!;
    const collector = collect(pieces);
    const decoded = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
    expect(decoded(collector.headBytes())).toBe(text.slice(0, 257));
    expect(decoded(collector.tailBytes())).toBe(text.slice(text.length - 1025));
    expect(collector.totalBytes).toBe(bytesOf(text));
    expect(collectedOutput(collector).whole).toBe(false);
  });

  it('holds short output whole', () => {
    const output = collectedOutput(collect(['ab', 'cd']));
    expect(output.whole).toBe(true);
    expect(new TextDecoder().decode(output.tail)).toBe('abcd');
  });

  it('a piece read into a Node Buffer that is then reused keeps its bytes (Buffer slice() is a view)', () => {
    const collector = new OutputCollector(257, 1025);
    const reused = Buffer.alloc(64);
    collector.write(reused.subarray(0, reused.write('one\ntwo\n')));
    collector.write(reused.subarray(0, reused.write('0\n')));
    expect(new TextDecoder().decode(collector.tailBytes())).toBe('one\ntwo\n0\n');
  });

  it('a reused Buffer longer than the tail keeps its bytes too', () => {
    const collector = new OutputCollector(3, 4);
    const reused = Buffer.alloc(8);
    collector.write(reused.subarray(0, reused.write('abcdef')));
    reused.write('zzzzzz');
    expect(new TextDecoder().decode(collector.tailBytes())).toBe('cdef');
  });

  it('a counted gap ends the head and restarts the tail', () => {
    const collector = collect(['abc']);
    collector.skip(5000);
    collector.write(encode('xyz'));
    expect(new TextDecoder().decode(collector.headBytes())).toBe('abc');
    expect(new TextDecoder().decode(collector.tailBytes())).toBe('xyz');
    expect(collector.totalBytes).toBe(5006);
    expect(collectedOutput(collector).whole).toBe(false);
  });
});

describe('shapeShellText with a long log path', () => {
  // seq 1 2000 with exit 3 at the smallest cap: 8893 bytes of output.
  const output = numbered0(1, 2000).join('\n') + '\n';
  const run = (log: string, shortLog?: string) =>
    shapeShellText(collectedOutput(collect([output], 1024)), ['exit_code: 3'], log, { ...limits, maxBytes: 1024 }, shortLog);
  const pathOf = (bytes: number) => '/' + 'd'.repeat(bytes - 1);

  it('a path that leaves the tail less than the head cap shrinks the head', () => {
    const log = pathOf(600);
    expect(run(log)).toEqual({
      text: [...numbered0(1, 40), `[… 8527 bytes elided; full output: ${log} …]`, ...numbered0(1950, 2000), 'exit_code: 3'].join('\n'),
      elided: true,
      elidedBytes: 8527,
    });
  });
  it('a longer path shrinks the head to nothing, and its line is left out', () => {
    const log = pathOf(711);
    expect(run(log)).toEqual({
      text: [`[… 8638 bytes elided; full output: ${log} …]`, ...numbered0(1950, 2000), 'exit_code: 3'].join('\n'),
      elided: true,
      elidedBytes: 8638,
    });
  });
  it('a path too long even without a head is named from the home', () => {
    const text = [...numbered0(1, 88), '[… 7943 bytes elided; full output: ~/.runs/r1/c1.log …]', ...numbered0(1862, 2000), 'exit_code: 3'].join('\n');
    expect(run(pathOf(760), '~/.runs/r1/c1.log')).toEqual({ text, elided: true, elidedBytes: 7943 });
  });
  it('a path with no shorter name keeps its end after …', () => {
    expect(run(pathOf(1000))).toEqual({
      text: [`[… 8638 bytes elided; full output: …${'d'.repeat(708)} …]`, ...numbered0(1950, 2000), 'exit_code: 3'].join('\n'),
      elided: true,
      elidedBytes: 8638,
    });
  });

  it('for any output, cap from 1024 and log path up to 1000 bytes: under the cap, ending with the trailers', () => {
    const pathUnit = fc.constantFrom('/', 'd', '.', '-', 'é', '€', '😀');
    const outputUnit = fc.constantFrom('a', '\n', ' ', 'é', '€', '😀', '\r');
    fc.assert(
      fc.property(
        fc.array(outputUnit, { maxLength: 6000, size: 'max' }),
        fc.integer({ min: 1024, max: 4096 }),
        fc.array(pathUnit, { maxLength: 1000, size: 'max' }),
        fc.option(fc.stringMatching(/^~\/\.runs\/[A-Za-z0-9_.-]{1,128}\/[A-Za-z0-9_.-]{1,128}\.log$/), { nil: undefined }),
        fc.integer({ min: -1, max: 255 }),
        fc.option(fc.integer({ min: 1, max: 600 }), { nil: undefined }),
        (units, maxBytes, pathUnits, shortLog, exitCode, timedOutAfter) => {
          const log = prefixWithinBytes('/' + pathUnits.join(''), 1000);
          const trailers = shellTrailers(exitCode, timedOutAfter === undefined ? null : timedOutLine(timedOutAfter));
          const collector = outputCollectorFor({ ...limits, maxBytes });
          collector.write(encode(units.join('')));
          const { text } = shapeShellText(collectedOutput(collector), trailers, log, { ...limits, maxBytes }, shortLog);
          expect(bytesOf(text)).toBeLessThanOrEqual(maxBytes);
          expect(text.endsWith(trailers.map((line) => '\n' + line).join(''))).toBe(true);
          expect(text).not.toContain('[… cut to stay under');
        },
      ),
      { numRuns: 200, endOnFailure: true },
    );
  });
});

describe('shapeShellText over many outputs', () => {
  it('always stays under the cap, cuts only between characters, and accounts for every byte', () => {
    let seed = 42;
    const random = (n: number): number => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    const alphabet = ['a', 'b', '\n', 'é', '€', '😀', ' '];
    for (let round = 0; round < 300; round++) {
      const maxBytes = 1024 + random(3000);
      const length = random(6000);
      let output = '';
      for (let i = 0; i < length; i++) output += alphabet[random(alphabet.length)];
      const trailers = random(2) ? ['exit_code: 1'] : [];
      const { text, elided } = shape(output, trailers, maxBytes);
      expect(bytesOf(text)).toBeLessThanOrEqual(maxBytes);
      expect(text).not.toContain('\uFFFD');
      const whole = bytesOf(output.endsWith('\n') ? output.slice(0, -1) : output) + bytesOf(trailers.map((t) => '\n' + t).join(''));
      expect(elided).toBe(whole > maxBytes);
      if (!elided) continue;
      const match = /^([\s\S]*)\n\[… (\d+) bytes elided; full output: \S+ …\]\n([\s\S]*)$/.exec(text)!;
      const tail = trailers.length ? match[3]!.slice(0, -'\nexit_code: 1'.length) : match[3]!;
      const head = match[1]!;
      expect(output.startsWith(head)).toBe(true);
      expect(bytesOf(head)).toBeLessThanOrEqual(Math.min(2048, Math.floor(maxBytes / 4)));
      const shownEnd = output.endsWith('\n') ? output.length - 1 : output.length;
      expect(output.slice(0, shownEnd).endsWith(tail)).toBe(true);
      const tailStart = bytesOf(output.slice(0, shownEnd)) - bytesOf(tail);
      // Everything between head and tail is elided, but for the line end the head stops at.
      const lineEndAfterHead = output[head.length] === '\n' ? 1 : 0;
      expect(tailStart - bytesOf(head) - Number(match[2])).toBe(lineEndAfterHead);
    }
  });
});

describe('output read through one reused buffer, as the log reader does', () => {
  it('keeps earlier pieces intact when the next read overwrites the buffer', () => {
    const limits = { maxBytes: 8192, headMaxBytes: 2048, lineEndReachPercent: 25 };
    const collector = outputCollectorFor(limits);
    const cleaner = new StreamingCleaner(collector, { keepChars: limits.maxBytes });
    const buffer = Buffer.alloc(64);
    for (const piece of ['a\nb\n', '1\n', 'tail without newline']) {
      const length = buffer.write(piece);
      cleaner.write(buffer.subarray(0, length));
    }
    cleaner.end();
    const shaped = shapeShellText(collectedOutput(collector), [], '/log', limits);
    expect(shaped).toEqual({ text: 'a\nb\n1\ntail without newline', elided: false });
  });
});

describe('startedText', () => {
  it('names the id, the pid, the log and how to check it', () => {
    expect(startedText('b3', 4242, '/home/a/.runs/r1/c7.log')).toBe(
      'started b3 in the background (pid 4242)\n' +
        'log: /home/a/.runs/r1/c7.log\n' +
        'check it with shell_status {"id": "b3"}; stop it with {"id": "b3", "stop": true}',
    );
  });
});

describe('the sentences of a failed shell call', () => {
  const pair = (error: { kind: string; message: string }) => [error.kind, error.message];
  it('say what is wrong, in one line, with the kind', () => {
    expect(pair(shellErrors.emptyCommand())).toEqual(['invalid_request', 'shell: command is empty']);
    expect(pair(shellErrors.nulInCommand())).toEqual(['invalid_request', 'shell: the command contains a NUL byte']);
    expect(pair(shellErrors.cannotPrepare('clear', '/h/.runs/r1/c1.log', 'permission denied (EACCES)'))).toEqual([
      'io',
      'shell: cannot run the command: cannot clear /h/.runs/r1/c1.log: permission denied (EACCES)',
    ]);
    expect(pair(shellErrors.cannotRun('/h', 'EAGAIN'))).toEqual(['unavailable', 'shell: could not run the command in /h: EAGAIN']);
    expect(pair(shellErrors.noBackgroundId())).toEqual(['busy', 'could not allocate a background id: too many starts at once']);
    expect(pair(shellErrors.cannotCreateForBackground('/run/a1/background', 'ENOSPC'))).toEqual([
      'io',
      'shell: cannot start a background command: cannot create /run/a1/background: ENOSPC',
    ]);
    expect(pair(shellErrors.cannotClaimBackgroundId('/run/a1/background', 'the file system is read-only (EROFS)'))).toEqual([
      'io',
      'shell: cannot start a background command: cannot record it in /run/a1/background: the file system is read-only (EROFS)',
    ]);
    expect(pair(shellErrors.cannotStartBackground('b3', 'bash could not be started'))).toEqual([
      'unavailable',
      'shell: could not start b3 in the background: bash could not be started',
    ]);
    expect(pair(shellErrors.cannotRecordBackground('b3', '/run/a1/background', 'no space left on the device (ENOSPC)'))).toEqual([
      'io',
      'shell: could not record b3 in /run/a1/background: no space left on the device (ENOSPC); the command was stopped',
    ]);
  });

  it('say beside the output that the directory was not recorded', () => {
    expect(notRecordedLine('cannot record the working directory in /h/.runs/r1/cwd: permission denied (EACCES)', '/h')).toBe(
      '[cannot record the working directory in /h/.runs/r1/cwd: permission denied (EACCES); the next call starts in /h]',
    );
  });
});
