import { describe, expect, it } from 'vitest';
import {
  commandFirstLine,
  endedFirstLead,
  knownIdsHint,
  notSignalledLead,
  shellStatusErrors,
  signalledLead,
  formatDetail,
  formatElapsed,
  formatList,
  logTail,
  stateText,
} from '../../../src/tools/shell_status/format.js';
import { utf8Bytes } from '../../../src/text/utf8.js';

const bytes = (text: string) => new TextEncoder().encode(text);
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe('formatElapsed', () => {
  it.each([
    ['zero', 0, '0s'],
    ['less than a second rounds down', 999, '0s'],
    ['seconds alone below a minute', 45 * SECOND, '45s'],
    ['just under a minute', MINUTE - 1, '59s'],
    ['exactly a minute', MINUTE, '1m00s'],
    ['minutes with two-digit seconds', 3 * MINUTE + 4 * SECOND, '3m04s'],
    ['just under an hour', HOUR - 1, '59m59s'],
    ['exactly an hour', HOUR, '1h00m'],
    ['hours with two-digit minutes', 2 * HOUR + 5 * MINUTE + 59 * SECOND, '2h05m'],
    ['just under a day', DAY - 1, '23h59m'],
    ['exactly a day', DAY, '1d00h'],
    ['days with two-digit hours', 3 * DAY + 4 * HOUR + 59 * MINUTE, '3d04h'],
    ['a negative span (a clock set back) is zero', -5 * SECOND, '0s'],
  ])('%s', (_name, milliseconds, expected) => {
    expect(formatElapsed(milliseconds)).toBe(expected);
  });
});

describe('stateText', () => {
  it('names every state, with the exit code of an exited one', () => {
    expect(stateText({ kind: 'running' })).toBe('running');
    expect(stateText({ kind: 'exited', exitCode: 0 })).toBe('exited 0');
    expect(stateText({ kind: 'exited', exitCode: 143 })).toBe('exited 143');
    expect(stateText({ kind: 'stopping' })).toBe('stopping');
    expect(stateText({ kind: 'stopped' })).toBe('stopped');
    expect(stateText({ kind: 'ended' })).toBe('ended');
  });
});

describe('commandFirstLine', () => {
  it('keeps a one-line command as it is', () => {
    expect(commandFirstLine('npm run dev', 200)).toBe('npm run dev');
  });
  it('shows only the first line of a script', () => {
    expect(commandFirstLine('cd app\nnpm run dev', 200)).toBe('cd app');
  });
  it('a CRLF line end is a plain line end', () => {
    expect(commandFirstLine('make\r\nmake test', 200)).toBe('make');
  });
  it('skips a blank first line', () => {
    expect(commandFirstLine('\nnpm start', 200)).toBe('npm start');
  });
  it('exactly at the cap is not clipped', () => {
    expect(commandFirstLine('abcde', 5)).toBe('abcde');
  });
  it('one character over the cap is clipped with …', () => {
    expect(commandFirstLine('abcdef', 5)).toBe('abcde…');
  });
  it('counts an astral character once and never splits it', () => {
    expect(commandFirstLine('echo 😀😀', 6)).toBe('echo 😀…');
  });
});

describe('formatList', () => {
  it('says so when there are none', () => {
    expect(formatList([], 200, 8192)).toBe('no background commands');
  });

  it('shows one line per command: id, state, elapsed, first line of the command', () => {
    const text = formatList(
      [
        { id: 'b1', state: { kind: 'exited', exitCode: 0 }, elapsedMs: 45 * SECOND, command: 'npm run build' },
        { id: 'b2', state: { kind: 'running' }, elapsedMs: 3 * MINUTE + 4 * SECOND, command: 'npm run dev\n# a note' },
        { id: 'b3', problem: 'unreadable' },
        { id: 'b4', state: { kind: 'stopped' }, elapsedMs: 2 * HOUR + 5 * MINUTE, command: 'sleep 9999' },
      ],
      200,
      8192,
    );
    expect(text).toBe(
      'b1 exited 0 45s npm run build\n' +
        'b2 running 3m04s npm run dev\n' +
        'b3 (unreadable record)\n' +
        'b4 stopped 2h05m sleep 9999',
    );
  });

  it('an empty command leaves no space at the end of its line', () => {
    expect(formatList([{ id: 'b1', state: { kind: 'exited', exitCode: 0 }, elapsedMs: 0, command: '' }], 200, 8192)).toBe(
      'b1 exited 0 0s',
    );
  });

  it('drops the oldest lines first when they do not all fit, and says how many', () => {
    const entries = Array.from({ length: 100 }, (_, i) => ({
      id: `b${i + 1}`,
      state: { kind: 'ended' as const },
      elapsedMs: 0,
      command: 'x'.repeat(80),
    }));
    const text = formatList(entries, 200, 1024);
    expect(utf8Bytes(text)).toBeLessThanOrEqual(1024);
    const lines = text.split('\n');
    expect(lines[lines.length - 1]).toBe(`b100 ended 0s ${'x'.repeat(80)}`);
    expect(lines[0]).toBe(`[… ${100 - (lines.length - 1)} older commands not shown]`);
    expect(lines[1]).toMatch(/^b\d+ ended 0s x+$/);
  });
});

describe('logTail', () => {
  it('a whole small log is shown whole, without its final newline', () => {
    expect(logTail(bytes('one\ntwo\n'), true, 40)).toBe('one\ntwo');
  });
  it('no trailing newline', () => {
    expect(logTail(bytes('one\ntwo'), true, 40)).toBe('one\ntwo');
  });
  it('empty', () => {
    expect(logTail(bytes(''), true, 40)).toBe('');
  });
  it('keeps only the last lines', () => {
    const log = Array.from({ length: 50 }, (_, i) => `line ${i + 1}`).join('\n') + '\n';
    expect(logTail(bytes(log), true, 40)).toBe(Array.from({ length: 40 }, (_, i) => `line ${i + 11}`).join('\n'));
  });
  it('exactly the number of lines wanted', () => {
    expect(logTail(bytes('a\nb\nc\n'), true, 3)).toBe('a\nb\nc');
  });
  it('drops the first line when the read began inside it', () => {
    expect(logTail(bytes('tial line\nwhole\nlast\n'), false, 40)).toBe('whole\nlast');
  });
  it('a multibyte character at the cut goes with the cut line', () => {
    const cut = bytes('é first\nsecond\n').subarray(1);
    expect(logTail(cut, false, 40)).toBe('second');
  });
  it('a single line longer than the read shows its end after …', () => {
    const cut = bytes('é' + 'z'.repeat(10)).subarray(1);
    expect(logTail(cut, false, 40)).toBe('…' + 'z'.repeat(10));
  });
  it('a read that ends just after the only newline keeps that line, marked as cut', () => {
    expect(logTail(bytes('end of a long line\n'), false, 40)).toBe('…end of a long line');
  });
  it('is cleaned as shell output is: ANSI escapes removed, redraws keep their last state, CRLF is a line end', () => {
    const log = '\x1b[32mok\x1b[0m\r\nprogress 10%\rprogress 99%\rdone        \n';
    expect(logTail(bytes(log), true, 40)).toBe('ok\ndone        ');
  });
  it('invalid UTF-8 shows as U+FFFD', () => {
    expect(logTail(Uint8Array.of(0x61, 0xff, 0x62), true, 40)).toBe('a\uFFFDb');
  });
});

describe('formatDetail', () => {
  const base = { state: { kind: 'running' } as const, elapsedMs: 3 * MINUTE + 4 * SECOND, logPath: '/h/.runs/r1/c1.log' };

  it('shows state, elapsed, log, then the tail', () => {
    expect(formatDetail({ ...base, tail: 'listening on 3000\nGET /' }, 8192)).toBe(
      'state: running\nelapsed: 3m04s\nlog: /h/.runs/r1/c1.log\nlistening on 3000\nGET /',
    );
  });
  it('says when the log is empty', () => {
    expect(formatDetail({ ...base, tail: '' }, 8192)).toBe(
      'state: running\nelapsed: 3m04s\nlog: /h/.runs/r1/c1.log\n(no output yet)',
    );
  });
  it('an empty log of a job that can still write says (no output yet)', () => {
    expect(formatDetail({ ...base, state: { kind: 'stopping' }, tail: '' }, 8192)).toBe(
      'state: stopping\nelapsed: 3m04s\nlog: /h/.runs/r1/c1.log\n(no output yet)',
    );
  });
  it('an empty log of a job that is over says (no output)', () => {
    expect(formatDetail({ ...base, state: { kind: 'exited', exitCode: 0 }, tail: '' }, 8192)).toBe(
      'state: exited 0\nelapsed: 3m04s\nlog: /h/.runs/r1/c1.log\n(no output)',
    );
    for (const kind of ['stopped', 'ended'] as const) {
      expect(formatDetail({ ...base, state: { kind }, tail: '' }, 8192)).toBe(
        `state: ${kind}\nelapsed: 3m04s\nlog: /h/.runs/r1/c1.log\n(no output)`,
      );
    }
  });
  it('says when the log is gone', () => {
    expect(formatDetail({ ...base, state: { kind: 'exited', exitCode: 2 }, tail: null }, 8192)).toBe(
      'state: exited 2\nelapsed: 3m04s\nlog: /h/.runs/r1/c1.log\n(the log is gone)',
    );
  });
  it('puts lead lines before the state', () => {
    expect(formatDetail({ ...base, state: { kind: 'stopped' }, tail: 'bye' }, 8192, ['sent SIGTERM'])).toBe(
      'sent SIGTERM\nstate: stopped\nelapsed: 3m04s\nlog: /h/.runs/r1/c1.log\nbye',
    );
  });
  it('exactly at the cap is whole', () => {
    const head = 'state: running\nelapsed: 3m04s\nlog: /h/.runs/r1/c1.log\n';
    const tail = 'y'.repeat(1024 - utf8Bytes(head));
    expect(formatDetail({ ...base, tail }, 1024)).toBe(head + tail);
  });
  it('one byte over the cap keeps the last lines and says how many earlier ones were left out', () => {
    const tail = Array.from({ length: 40 }, (_, i) => `${String(i + 1).padStart(2, '0')} ${'w'.repeat(40)}`).join('\n');
    const text = formatDetail({ ...base, tail }, 1024);
    expect(utf8Bytes(text)).toBeLessThanOrEqual(1024);
    const lines = text.split('\n');
    expect(lines.slice(0, 3)).toEqual(['state: running', 'elapsed: 3m04s', 'log: /h/.runs/r1/c1.log']);
    const shown = lines.length - 4;
    expect(lines[3]).toBe(`[… ${40 - shown} earlier lines left out to stay under 1024 bytes]`);
    expect(lines[lines.length - 1]).toBe(`40 ${'w'.repeat(40)}`);
  });
  it('a last line too long for the room keeps its end after …', () => {
    const tail = 'first\n' + 'é'.repeat(2000);
    const text = formatDetail({ ...base, tail }, 1024);
    expect(utf8Bytes(text)).toBeLessThanOrEqual(1024);
    const lines = text.split('\n');
    expect(lines[3]).toBe('[… 1 earlier lines left out to stay under 1024 bytes]');
    expect(lines[4]).toMatch(/^…é+$/);
  });
});

describe('the lines and errors of shell_status', () => {
  const pair = (error: { kind: string; message: string }) => [error.kind, error.message];
  it('lead a stop’s answer with what was done', () => {
    expect(notSignalledLead('b1', { kind: 'stopped' })).toBe('b1 was already stopped; no signal was sent');
    expect(notSignalledLead('b1', { kind: 'exited', exitCode: 3 })).toBe('b1 has already exited 3; no signal was sent');
    expect(notSignalledLead('b1', { kind: 'ended' })).toBe('b1 has already ended; no signal was sent');
    expect(endedFirstLead('b2')).toBe('b2 ended before it could be signalled; no signal was sent');
    expect(signalledLead('b2', 4242, true, 5)).toBe('sent SIGTERM to b2 (process group 4242); it has stopped');
    expect(signalledLead('b2', 4242, false, 5)).toBe(
      'sent SIGTERM to b2 (process group 4242); SIGKILL follows in 5s if it is still running',
    );
  });

  it('name the ids it knows when asked for another', () => {
    expect(knownIdsHint([])).toBe('there are no background commands');
    expect(knownIdsHint([2])).toBe('the only one is b2');
    expect(knownIdsHint([1, 2, 9])).toBe('known ids: b1 to b9');
  });

  it('refuse in one line, with the kind', () => {
    expect(pair(shellStatusErrors.stopWithoutId())).toEqual(['invalid_request', 'shell_status: stop needs the id of the command to stop, such as b1']);
    expect(pair(shellStatusErrors.invalidId('x'.repeat(100)))).toEqual([
      'invalid_request',
      `shell_status: invalid id '${'x'.repeat(64)}': background ids look like b1, b2, …`,
    ]);
    expect(pair(shellStatusErrors.noSuchJob('b4', [1, 2]))).toEqual(['not_found', 'shell_status: no background command b4 (known ids: b1 to b2)']);
    expect(pair(shellStatusErrors.unusableRecord('b3', 'unreadable'))).toEqual([
      'io',
      'shell_status: the record of b3 cannot be used (unreadable record); nothing was done to it',
    ]);
    expect(pair(shellStatusErrors.unusableRecord('b6', 'outside_folders'))).toEqual([
      'io',
      "shell_status: the record of b6 cannot be used (record points outside the agent's folders); nothing was done to it",
    ]);
  });
});
