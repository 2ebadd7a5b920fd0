// A running command's output as progress events (src/tools/shell/output-events.ts): the lines completed
// since the last event, cleaned as the result cleans them, the last whole ones under the cap.
import { describe, expect, it } from 'vitest';
import { lastWholeLines, OutputProgress } from '../../../src/tools/shell/output-events.js';

const bytes = (text: string) => new TextEncoder().encode(text);

function batcher(maxBytes = 2048, heldMaxBytes = 65_536): OutputProgress {
  return new OutputProgress({ maxBytes, heldMaxBytes });
}

function fed(pieces: string[], maxBytes = 2048, heldMaxBytes = 65_536): OutputProgress {
  const progress = batcher(maxBytes, heldMaxBytes);
  for (const piece of pieces) progress.write(bytes(piece));
  return progress;
}

describe('output progress', () => {
  it('is nothing while no line is complete', () => {
    const progress = fed(['half a li']);
    expect(progress.take()).toBeNull();
    progress.write(bytes('ne\n'));
    expect(progress.take()).toEqual({ type: 'output', text: 'half a line', bytes: 12 });
  });

  it('is nothing for empty output', () => {
    expect(fed([]).take()).toBeNull();
  });

  it('holds a last line without its newline for the next event', () => {
    const progress = fed(['one\ntwo']);
    expect(progress.take()).toEqual({ type: 'output', text: 'one', bytes: 7 });
    expect(progress.take()).toBeNull();
    progress.write(bytes('\n'));
    expect(progress.take()).toEqual({ type: 'output', text: 'two', bytes: 8 });
  });

  it('shows a blank line as an empty text', () => {
    expect(fed(['\n']).take()).toEqual({ type: 'output', text: '', bytes: 1 });
  });

  it('reads CRLF as a plain line end', () => {
    expect(fed(['one\r\ntwo\r\n']).take()).toEqual({ type: 'output', text: 'one\ntwo', bytes: 10 });
  });

  it('shows a progress bar redrawn with \\r at its last state', () => {
    expect(fed(['10%\r50%\r100%\n']).take()).toEqual({ type: 'output', text: '100%', bytes: 13 });
  });

  it('drops colours and cursor moves within the line', () => {
    expect(fed(['\u001b[32mok\u001b[0m done\n', 'abc\u001b[2Dx\n']).take()).toEqual({ type: 'output', text: 'ok done\naxc', bytes: 26 });
  });

  it('keeps a multibyte character whole across two pieces', () => {
    const euro = bytes('€\n');
    const progress = batcher();
    progress.write(euro.subarray(0, 1));
    progress.write(euro.subarray(1));
    expect(progress.take()).toEqual({ type: 'output', text: '€', bytes: 4 });
  });

  it('shows lines exactly at the cap whole', () => {
    // "aaaa\nbbbb" is 9 bytes.
    expect(fed(['aaaa\nbbbb\n'], 9).take()).toEqual({ type: 'output', text: 'aaaa\nbbbb', bytes: 10 });
  });

  it('one byte over the cap shows the last whole lines and counts the rest as skipped', () => {
    expect(fed(['aaaa\nbbbb\n'], 8).take()).toEqual({ type: 'output', text: 'bbbb', bytes: 10, skipped_bytes: 5 });
  });

  it('counts the cap in bytes after cleaning: a multibyte line that would pass it is left out whole', () => {
    // "a\n€€" is 8 bytes: at a cap of 8 both lines, at 7 the last alone.
    expect(fed(['a\n€€\n'], 8).take()).toEqual({ type: 'output', text: 'a\n€€', bytes: 9 });
    expect(fed(['a\n€€\n'], 7).take()).toEqual({ type: 'output', text: '€€', bytes: 9, skipped_bytes: 2 });
    expect(fed(['€€€\n'], 8).take()).toEqual({ type: 'output', text: '', bytes: 10, skipped_bytes: 10 });
  });

  it('never cuts a line longer than the cap: it is skipped, counted', () => {
    expect(fed([`${'x'.repeat(20)}\n`], 8).take()).toEqual({ type: 'output', text: '', bytes: 21, skipped_bytes: 21 });
  });

  it('in a flood holds only the tail and counts what it dropped as skipped', () => {
    const progress = batcher(10, 16);
    progress.write(bytes('0123456789\n'.repeat(100)));
    const event = progress.take()!;
    expect(event).toEqual({ type: 'output', text: '0123456789', bytes: 1100, skipped_bytes: 1089 });
  });

  it('after a flood never shows the held tail\'s cut first line', () => {
    const progress = batcher(100, 8);
    progress.write(bytes('abcdefghij\nkl\n'));
    // Held: "hij\nkl\n" after dropping 7 bytes; "hij" lost its start.
    expect(progress.take()).toEqual({ type: 'output', text: 'kl', bytes: 14, skipped_bytes: 11 });
  });

  it('a flood of one line without an end shows nothing until it ends', () => {
    const progress = batcher(100, 8);
    progress.write(bytes('y'.repeat(1000)));
    expect(progress.take()).toBeNull();
    progress.write(bytes('\nok\n'));
    expect(progress.take()).toEqual({ type: 'output', text: 'ok', bytes: 1004, skipped_bytes: 1001 });
  });

  it('each event counts only what came since the previous one', () => {
    const progress = fed(['a\nb\n'], 1);
    expect(progress.take()).toEqual({ type: 'output', text: 'b', bytes: 4, skipped_bytes: 2 });
    progress.write(bytes('c\n'));
    expect(progress.take()).toEqual({ type: 'output', text: 'c', bytes: 6 });
  });
});

describe('the last whole lines', () => {
  it('of no bytes is one empty line', () => {
    expect(lastWholeLines(new Uint8Array(0), 10)).toEqual({ text: '', rawBytes: 1 });
  });

  it('keep a leading blank line when it fits', () => {
    expect(lastWholeLines(bytes('\nx'), 10)).toEqual({ text: '\nx', rawBytes: 3 });
  });
});

describe('a flood in small pieces', () => {
  it('keeps at least the limit and at most twice it, and counts the rest', () => {
    const progress = batcher(100, 8);
    // Eleven pieces of 3 bytes: held past 16, it keeps the last 8 with the new piece.
    for (let index = 0; index < 11; index++) progress.write(bytes(`${index % 10}a\n`));
    expect(progress.take()).toEqual({ type: 'output', text: '7a\n8a\n9a\n0a', bytes: 33, skipped_bytes: 21 });
  });
});
