import { describe, expect, it } from 'vitest';
import { cleanLine, cleanTerminalOutput, StreamingCleaner, type CleanSink } from '../../../src/tools/shell/clean.js';

const encode = (text: string): Uint8Array => new TextEncoder().encode(text);
const ESC = '\u001b';

function recordingSink(): CleanSink & { text(): string; bytes: number } {
  const pieces: Uint8Array[] = [];
  const sink = {
    bytes: 0,
    write(bytes: Uint8Array) {
      pieces.push(bytes.slice());
      sink.bytes += bytes.length;
    },
    skip(bytes: number) {
      sink.bytes += bytes;
      pieces.push(encode(`<${bytes}>`));
    },
    text: () => new TextDecoder().decode(Buffer.concat(pieces)),
  };
  return sink;
}

function cleanInPieces(input: string, pieceBytes: number, keepChars = 8192): string {
  const bytes = encode(input);
  const sink = recordingSink();
  const cleaner = new StreamingCleaner(sink, { keepChars });
  for (let at = 0; at < bytes.length; at += pieceBytes) cleaner.write(bytes.subarray(at, at + pieceBytes));
  cleaner.end();
  return sink.text();
}

/** The result the whole-text cleaner gives, checked to be the same in pieces of every small size. */
function clean(input: string): string {
  const whole = cleanTerminalOutput(input);
  for (const piece of [1, 2, 3, 5, 7, 13]) expect(cleanInPieces(input, piece), `in pieces of ${piece}`).toBe(whole);
  return whole;
}

describe('erase-line escapes act as on a terminal, then go', () => {
  const cases: Array<[string, string, string]> = [
    ['a redraw that erases what follows shows only the new text (ESC[K)', 'downloading 10%\r\u001b[Kdone\n', 'done\n'],
    ['a line erased whole, then redrawn, shows only the new text (ESC[2K)', 'progress 99%\u001b[2K\rok\n', 'ok\n'],
    ['ESC[0K erases from the cursor to the end', 'abcdef\rab\u001b[0K\n', 'ab\n'],
    ['ESC[K with nothing past the cursor changes nothing', 'abc\u001b[Kdef\n', 'abcdef\n'],
    ['ESC[1K blanks the start of the line up to the cursor, included', 'abcdef\r\u001b[2C\u001b[1K\n', '   def\n'],
    ['ESC[1K at the end of the line blanks all of it', 'abcdef\u001b[1K\rok\n', 'ok\n'],
    ['ESC[2K keeps the cursor where it was: later text comes after blanks', 'ab\u001b[2Kc\n', '  c\n'],
    ['the C1 form of CSI erases too', 'abcdef\r\u009bKxy\n', 'xy\n'],
    ['an erase with an unknown number only goes', 'abc\u001b[5Kd\n', 'abcd\n'],
    ['ESC[nG moves the cursor to column n', 'abcdef\u001b[3GX\n', 'abXdef\n'],
    ['ESC[G and ESC[0G move to the first column', 'abc\u001b[GX\u001b[0GY\n', 'Ybc\n'],
    ['ESC[nD and ESC[nC move left and right', 'abcdef\u001b[4DX\u001b[CY\n', 'abXdYf\n'],
    ['a move left stops at the first column', 'abc\u001b[9DX\n', 'Xbc\n'],
    ['a move right past the end leaves blanks before the next text', 'ab\u001b[3Cc\n', 'ab   c\n'],
    ['a move right with nothing written after it adds nothing', 'ab\u001b[3C\n', 'ab\n'],
    ['escapes around an erase are removed as before', `${ESC}[32m 50%${ESC}[0m\r${ESC}[K${ESC}[1m100%${ESC}[0m\n`, '100%\n'],
    ['an OSC title holding a carriage return goes whole', `abc${ESC}]0;a\rb\u0007\r${ESC}[Kz\n`, 'z\n'],
    ['a CRLF line end is still a plain line end', 'one\r\u001b[Ktwo\r\nthree\u001b[K\r\n', 'two\nthree\n'],
    ['a lone carriage return before CRLF does not erase', 'abc\r\u001b[1C\r\n', 'abc\n'],
    ['only the line the escape is on is touched', 'first\nsecond\u001b[2K\rnew\nthird\n', 'first\nnew\nthird\n'],
    ['multibyte characters are overwritten and erased by column', 'héllo wörld €\r\u001b[6C\u001b[Kçà😀\n', 'héllo çà😀\n'],
    ['an emoji counts as two columns', '😀ab\u001b[2D\u001b[KX\n', '😀X\n'],
    ['a last line without a line end is drawn too', 'abc\r\u001b[Kd', 'd'],
    ['an erase at the very end leaves the line erased', 'abc\r\u001b[K', ''],
  ];
  for (const [name, input, expected] of cases) {
    it(name, () => expect(clean(input)).toBe(expected));
  }

  it('an erase split between pieces at every byte acts the same', () => {
    const input = 'downloading 10%\r\u001b[Kdone\nprogress 99%\u001b[2K\rok\nx\u009b2Ky\n';
    expect(cleanInPieces(input, 1)).toBe('done\nok\n y\n');
    for (let cut = 0; cut <= encode(input).length; cut++) {
      const bytes = encode(input);
      const sink = recordingSink();
      const cleaner = new StreamingCleaner(sink, { keepChars: 8192 });
      cleaner.write(bytes.subarray(0, cut));
      cleaner.write(bytes.subarray(cut));
      cleaner.end();
      expect(sink.text(), `cut at ${cut}`).toBe('done\nok\n y\n');
    }
  });

  it('a move right by a huge number stops at a terminal width, not at a huge line', () => {
    expect(cleanLine('x\u001b[99999999Cy')).toBe('x' + ' '.repeat(1023) + 'y');
    expect(cleanLine('x\u001b[99999999Gy')).toBe('x' + ' '.repeat(1023) + 'y');
    expect(cleanLine('x'.repeat(2000) + '\u001b[99999999Cy')).toBe('x'.repeat(2000) + 'y');
  });
});

// Samples of the progress output of real tools, written byte for byte as they draw it on a terminal.
describe('progress output of real tools', () => {
  it('npm: its spinner redraws the first column and erases the rest', () => {
    const spin = ['⠙', '⠹', '⠸', '⠼'].map((frame) => `${ESC}[1G${ESC}[0K${frame}`).join('');
    const input = `${ESC}[?25l${spin}${ESC}[1G${ESC}[0K\nadded 127 packages, and audited 128 packages in 3s\n${ESC}[1G${ESC}[0K⠙${ESC}[1G${ESC}[0K\nfound 0 vulnerabilities\n${ESC}[?25h`;
    expect(clean(input)).toBe('\nadded 127 packages, and audited 128 packages in 3s\n\nfound 0 vulnerabilities\n');
  });

  it('pip: rich redraws its bar after erasing the whole line', () => {
    const bar = (done: string, speed: string, eta: string) =>
      `\r${ESC}[2K   ${ESC}[38;2;114;156;31m━━━━━━━━${ESC}[0m ${ESC}[32m${done}/3.4 MB${ESC}[0m ${ESC}[31m${speed} MB/s${ESC}[0m eta ${ESC}[36m${eta}${ESC}[0m`;
    const input =
      'Collecting numpy\n  Downloading numpy-2.1.0-cp312-cp312-manylinux_2_17_x86_64.whl (3.4 MB)\n' +
      `${ESC}[?25l${bar('0.5', '2.1', '0:00:02')}${bar('1.9', '4.7', '0:00:01')}${bar('3.4', '6.1', '0:00:00')}\n${ESC}[?25h` +
      'Installing collected packages: numpy\nSuccessfully installed numpy-2.1.0\n';
    expect(clean(input)).toBe(
      'Collecting numpy\n  Downloading numpy-2.1.0-cp312-cp312-manylinux_2_17_x86_64.whl (3.4 MB)\n' +
        '   ━━━━━━━━ 3.4/3.4 MB 6.1 MB/s eta 0:00:00\nInstalling collected packages: numpy\nSuccessfully installed numpy-2.1.0\n',
    );
  });

  it('cargo: a status line erases the progress bar it replaces', () => {
    const input =
      `    Updating crates.io index\n    Building [=======>                 ] 12/40: serde_derive, syn\r${ESC}[K` +
      `   Compiling serde v1.0.210\n    Building [===============>         ] 27/40: regex-syntax\r${ESC}[K` +
      `   Compiling app v0.1.0 (/work/app)\n    Building [=======================> ] 39/40: app(bin)\r${ESC}[K` +
      '    Finished `dev` profile [unoptimized + debuginfo] target(s) in 9.87s\n';
    expect(clean(input)).toBe(
      '    Updating crates.io index\n   Compiling serde v1.0.210\n   Compiling app v0.1.0 (/work/app)\n' +
        '    Finished `dev` profile [unoptimized + debuginfo] target(s) in 9.87s\n',
    );
  });

  it("docker: progress drawn on the line above lands on that line, which shows the layer's last state", () => {
    // docker pull draws each layer's progress by moving up to its line, erasing it, and moving back
    // down (ESC[nA, ESC[nB), as on a terminal.
    const update = (text: string) => `${ESC}[1A${ESC}[2K\r${text}\r${ESC}[1B`;
    const input =
      'Using default tag: latest\nlatest: Pulling from library/alpine\n43c4264eed91: Pulling fs layer\n' +
      update('43c4264eed91: Downloading [==>           ]  1.2MB/3.6MB') +
      update('43c4264eed91: Downloading [=============>]  3.6MB/3.6MB') +
      update('43c4264eed91: Pull complete') +
      'Digest: sha256:beefdbd8a1da6d2915566fde36db9db0b524eb737fc57cd1367effd16dc0d06d\nStatus: Downloaded newer image for alpine:latest\n';
    expect(clean(input)).toBe(
      'Using default tag: latest\nlatest: Pulling from library/alpine\n43c4264eed91: Pull complete\n' +
        'Digest: sha256:beefdbd8a1da6d2915566fde36db9db0b524eb737fc57cd1367effd16dc0d06d\n' +
        'Status: Downloaded newer image for alpine:latest\n',
    );
  });
});

describe('the memory of a redrawn line stays bounded', () => {
  it('a line redrawn a million times in 64 KiB pieces keeps a few KiB and shows its last state', () => {
    const sink = recordingSink();
    const cleaner = new StreamingCleaner(sink, { keepChars: 8192 });
    let pending = '';
    let mostHeld = 0;
    for (let i = 1; i <= 1_000_000; i++) {
      pending += `downloading ${i} of 1000000 (${Math.floor(i / 10_000)}%)\r\u001b[K`;
      if (pending.length >= 65_536 || i === 1_000_000) {
        cleaner.write(encode(pending));
        pending = '';
        mostHeld = Math.max(mostHeld, cleaner.heldChars());
      }
    }
    cleaner.write(encode('done\n'));
    cleaner.end();
    expect(sink.text()).toBe('done\n');
    // Held: at most what is cleaned at a time (4 × keepChars + 4096) and the line's two ends.
    expect(mostHeld).toBeLessThanOrEqual(4 * 8192 + 4096 + 2 * 3 * 8192);
  });

  it('a long line erased part-way keeps its ends and counts the rest', () => {
    const sink = recordingSink();
    const cleaner = new StreamingCleaner(sink, { keepChars: 4 });
    const bytes = encode('a'.repeat(50_000) + '\r' + '\u001b[20000C\u001b[K' + 'b'.repeat(3) + '\n');
    for (let at = 0; at < bytes.length; at += 1000) cleaner.write(bytes.subarray(at, at + 1000));
    cleaner.end();
    expect(sink.text()).toMatch(/^a{4,12}<\d+>bbb\n$/);
    expect(sink.bytes).toBe(20_004);
  });
});
